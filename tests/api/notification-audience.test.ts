import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import {
  listNotifications,
  type NotificationType,
  notify,
  unreadCount,
} from '../../server/domains/notifications/service';
import { ROLES, type Role } from '../../shared/roles';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// Each notification has an audience, an ACCESS rule of shared/roles.ts (null: every role):
// a user's list, its paging total and the unread badge hold only what their role may act on.

let shop: TestShop;
let as: Record<Role, Session>;
beforeAll(async () => {
  shop = await testApp();
  as = {
    admin: await shop.signedIn('admin'),
    owner: await shop.signedIn('owner'),
    manager: await shop.signedIn('manager'),
    staff: await shop.signedIn('staff'),
  };
});
afterAll(() => shop.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every role marks its list seen, so the next unread count is what the event made. */
async function allSeen() {
  for (const role of ROLES) await as[role].api.notifications.markSeen();
  await sleep(5);
}

async function messagesOf(role: Role) {
  return (await as[role].api.notifications.list({ limit: 1000 })).rows.map((n) => n.message);
}

/** After `event`, the roles in `audience` see `message` (one unread), the others neither. */
async function expectSeenOnlyBy(event: () => Promise<unknown>, message: string, audience: readonly Role[]) {
  await allSeen();
  await event();
  for (const role of ROLES) {
    const sees = audience.includes(role);
    const list = await messagesOf(role);
    expect({ role, sees: list.includes(message) }).toEqual({ role, sees });
    expect({ role, unread: await as[role].api.notifications.unreadCount() }).toEqual({
      role,
      unread: sees ? 1 : 0,
    });
  }
}

describe('who sees what the app announces', () => {
  it('a registration request: admin and owner, who review registrations', async () => {
    await expectSeenOnlyBy(
      () =>
        shop
          .caller(undefined, '10.9.0.1')
          .requests.register({ email: 'walk.in@bakeshop.ph', password: 'flour-and-eggs' }),
      'New registration request from walk.in@bakeshop.ph.',
      ['admin', 'owner'],
    );
  });

  it('a password reset request: admin and owner, who review resets', async () => {
    await expectSeenOnlyBy(
      () => shop.caller(undefined, '10.9.0.2').resetRequests.create({ email: 'ghost@nowhere.ph' }),
      'New password reset request from ghost@nowhere.ph.',
      ['admin', 'owner'],
    );
  });

  it('a staff edit held as an action request: admin, owner and manager, who decide requests', async () => {
    const { item } = await as.staff.api.inventory.add({
      name: 'Ube Halaya',
      stock: 50_000,
      restockThreshold: 5_000,
    });
    await expectSeenOnlyBy(
      () => as.staff.api.inventory.update({ id: item.id, changes: { name: 'Ube Jam' } }),
      `${as.staff.user.username} asks to edit item ${item.itemId} "Ube Halaya".`,
      ['admin', 'owner', 'manager'],
    );
  });

  it('an area backup download: admin and owner, who use backups', async () => {
    await expectSeenOnlyBy(
      async () => {
        const res = await rest(shop, 'GET', '/api/backup/supplier', as.owner.accessToken);
        expect(res.statusCode).toBe(200);
      },
      'The supplier backup was downloaded.',
      ['admin', 'owner'],
    );
  });

  it('a whole-database snapshot download: admin and owner', async () => {
    await expectSeenOnlyBy(
      async () => {
        const res = await rest(shop, 'GET', '/api/backup/database', as.admin.accessToken);
        expect(res.statusCode).toBe(200);
      },
      'Download Full Backup completed.',
      ['admin', 'owner'],
    );
  });

  it('a shift closed with a variance: admin, owner and manager, who oversee shifts', async () => {
    const { shift } = await as.staff.api.shifts.open({ openingCash: 0 });
    await expectSeenOnlyBy(
      () => as.staff.api.shifts.close({ id: shift.id, countedCash: 20000 }),
      `Shift #${shift.id} closed with a variance of ₱200.00: counted ₱200.00, expected ₱0.00.`,
      ['admin', 'owner', 'manager'],
    );
  });

  it('the end of day: admin, owner and manager, who take it', async () => {
    await expectSeenOnlyBy(
      () => as.owner.api.shifts.takeZReading(),
      `${SHIFT_TEXT.dayClosed(1)} Net ₱0.00.`,
      ['admin', 'owner', 'manager'],
    );
  });

  it('a stock alert: every role, staff at the counter too', async () => {
    await allSeen();
    const { item } = await as.staff.api.inventory.add({ name: 'Pandesal Flour', stock: 0 });
    const message = `"Pandesal Flour" (${item.itemId}) is out of stock.`;
    for (const role of ROLES) {
      expect(await messagesOf(role)).toContain(message);
      expect(await as[role].api.notifications.unreadCount()).toBe(1);
    }
  });
});

describe('paging and counting by audience', () => {
  let bell: TestShop;
  let staff: Session;
  let manager: Session;
  let owner: Session;
  const BASE = Date.parse('2026-11-20T00:00:00Z');
  // 40 notes, newest last: every 4th for everyone, then registrations, action requests, backups.
  const AUDIENCES = [null, 'reviewRegistrations', 'reviewActionRequests', 'backupRestore'] as const;
  const audienceOf = (i: number) => AUDIENCES[i % 4];
  const notesFor = (seen: (i: number) => boolean) =>
    Array.from({ length: 40 }, (_, i) => 39 - i)
      .filter(seen)
      .map((i) => `note ${i}`);

  beforeAll(async () => {
    bell = await testApp();
    staff = await bell.signedIn('staff');
    manager = await bell.signedIn('manager');
    owner = await bell.signedIn('owner');
    bell.db.delete(notifications).run();
    bell.db
      .insert(notifications)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          type: 'info' as const,
          message: `note ${i}`,
          audience: audienceOf(i),
          createdAt: new Date(BASE + i * 60_000),
        })),
      )
      .run();
  });
  afterAll(() => bell.close());

  it('staff pages through only the notes for everyone, with their own total', async () => {
    const mine = notesFor((i) => audienceOf(i) === null);
    const first = await staff.api.notifications.list({ limit: 4 });
    expect(first).toMatchObject({ total: 10, page: 1, limit: 4, totalPages: 3 });
    expect(first.rows.map((n) => n.message)).toEqual(mine.slice(0, 4));
    const last = await staff.api.notifications.list({ page: 3, limit: 4 });
    expect(last.rows.map((n) => n.message)).toEqual(mine.slice(8));
    expect(await staff.api.notifications.unreadCount()).toBe(10);
  });

  it('a manager adds the action requests; an owner sees every note', async () => {
    const managers = notesFor((i) => audienceOf(i) === null || audienceOf(i) === 'reviewActionRequests');
    const page = await manager.api.notifications.list({ limit: 12 });
    expect(page).toMatchObject({ total: 20, totalPages: 2 });
    expect(page.rows.map((n) => n.message)).toEqual(managers.slice(0, 12));
    expect(await manager.api.notifications.unreadCount()).toBe(20);

    const all = await owner.api.notifications.list({ limit: 12 });
    expect(all).toMatchObject({ total: 40, totalPages: 4 });
    expect(all.rows.map((n) => n.message)).toEqual(notesFor(() => true).slice(0, 12));
    expect(await owner.api.notifications.unreadCount()).toBe(40);
  });

  it('GET /api/notifications answers the same filtered page and total', async () => {
    const res = await rest(bell, 'GET', '/api/notifications?page=2&limit=4', staff.accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      notifications: Array<{ message: string }>;
      total: number;
      totalPages: number;
    };
    expect(body).toMatchObject({ total: 10, page: 2, totalPages: 3 });
    expect(body.notifications.map((n) => n.message)).toEqual(
      notesFor((i) => audienceOf(i) === null).slice(4, 8),
    );
  });

  it('the unread count after markSeen counts only new notes of the viewer’s audience', async () => {
    await staff.api.notifications.markSeen();
    await manager.api.notifications.markSeen();
    await sleep(5);
    const add = (type: NotificationType, message: string, rule?: 'reviewPasswordResets' | 'endOfDay') =>
      notify(bell.db, type, message, rule);
    add('info', 'New password reset request from someone@bakeshop.ph.', 'reviewPasswordResets');
    add('info', 'End of day taken.', 'endOfDay');
    add('warning', 'Something for everyone.');
    expect(await staff.api.notifications.unreadCount()).toBe(1);
    expect(await manager.api.notifications.unreadCount()).toBe(2);
    expect(await owner.api.notifications.unreadCount()).toBe(43);
  });

  it('an account with no role yet sees only what is for everyone', async () => {
    const roleless = await bell.addUser(null);
    const viewer: Viewer = { user: roleless, sessionId: 'test', mustSetPassword: false };
    const page = listNotifications(bell.db, viewer, { page: 1, limit: 1000 });
    expect(page.total).toBe(11);
    expect(page.rows.every((n) => n.audience === null)).toBe(true);
    expect(unreadCount(bell.db, viewer)).toBe(11);
  });
});
