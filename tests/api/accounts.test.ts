import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionRequests,
  activityLogs,
  notifications,
  passwordResetRequests,
  registrationRequests,
  settings,
  users,
} from '../../server/db/schema';
import { type ActionModule, asStaffRequest, mustRequest } from '../../server/domains/actionRequests/held';
import { listActivity } from '../../server/domains/activity/service';
import type { UserRow, Viewer } from '../../server/domains/auth/viewer';
import { notify } from '../../server/domains/notifications/service';
import { ROLES, type Role } from '../../shared/roles';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { AUTH_TEXT, REQUEST_TEXT } from '../../shared/texts/auth';
import type { Range } from '../../shared/time';
import { ADMIN, PASSWORD, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// User Management, registration and reset review, action requests, the activity log
// and notifications: who may do what, the rank rules, and each flow end to end.

let shop: TestShop;
/** The system admin, signed in. */
let admin: { accessToken: string; api: Api; id: number };
beforeAll(async () => {
  shop = await testApp();
  const session = await shop.login(ADMIN.email, ADMIN.password);
  admin = { accessToken: session.accessToken, api: shop.caller(session.accessToken), id: session.user.id };
});
afterAll(() => shop.close());

type Api = ReturnType<TestShop['caller']>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let ipSeq = 0;
/** A client address of its own, so the per-address throttles of the public forms stay out of the way. */
function freshIp(): string {
  ipSeq++;
  return `10.200.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

/** One REST call, from its own address; a body is sent as JSON only when given. */
function rest(method: Method, url: string, token?: string, body?: unknown) {
  return shop.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

function userRow(id: number): UserRow {
  return shop.db.select().from(users).where(eq(users.id, id)).get()!;
}

function activityOf(action: string) {
  return shop.db.select().from(activityLogs).where(eq(activityLogs.action, action)).all();
}

/** The edit form as it would be sent back unchanged, with `changes` on top. */
function editOf(
  target: UserRow,
  changes: Partial<{ username: string; email: string; role: string | null }> = {},
) {
  return {
    id: target.id,
    username: target.username,
    email: target.email,
    role: target.role ?? null,
    ...changes,
  } as { id: number; username: string; email: string; role: Role | null };
}

/** A public registration request, from an address of its own; answers the request's id. */
async function register(email: string, password = 'flour-and-eggs'): Promise<number> {
  await shop.caller(undefined, freshIp()).requests.register({ email, password });
  return shop.db
    .select()
    .from(registrationRequests)
    .where(and(eq(registrationRequests.email, email), eq(registrationRequests.status, 'pending')))
    .get()!.id;
}

/** A public reset request, from an address of its own; answers the request's id. */
async function askReset(email: string): Promise<number> {
  await shop.caller(undefined, freshIp()).resetRequests.create({ email });
  return shop.db
    .select()
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.email, email), eq(passwordResetRequests.status, 'pending')))
    .get()!.id;
}

// ---------------------------------------------------------------------------------------------
// A test module for the action-request mechanism: approval writes a settings row, and a
// request whose payload says "stale" no longer fits, after the handler has already written.

const { TEST_MODULE, STALE } = vi.hoisted(() => ({
  TEST_MODULE: 'Test Module' as ActionModule,
  STALE: 'The test record changed since this request was made.',
}));

// The app's approvals, with the test module's beside the domains'.
vi.mock(import('../../server/domains/actionRequests/approvals'), async (importOriginal) => {
  const { APPROVALS } = await importOriginal();
  const { z } = await import('zod');
  const { settings } = await import('../../server/db/schema');
  const { heldKind } = await import('../../server/domains/actionRequests/held');
  const { fail } = await import('../../server/lib/errors');
  const payload = z.object({ value: z.string(), stale: z.boolean().optional() });
  const testApproval = {
    update: heldKind(payload, (tx, approver, held) => {
      tx.insert(settings)
        .values({
          key: `test:${held.targetId}`,
          value: JSON.stringify({
            value: held.payload.value,
            type: held.requestType,
            by: approver.user.username,
          }),
        })
        .run();
      if (held.payload.stale) throw fail.conflict(STALE);
    }),
    otherType: (type: string) => `Test requests cannot be of type ${type}.`,
  };
  return { APPROVALS: { ...APPROVALS, [TEST_MODULE]: testApproval } };
});

function viewerOf(user: UserRow): Viewer {
  return { user, sessionId: 'x', mustSetPassword: false };
}

/** A staff user's held change, stored as the domains store it: inside their own transaction. */
function hold(requester: UserRow, targetId: string, payload: { value: string; stale?: boolean }) {
  const answer = shop.db.transaction((tx) =>
    asStaffRequest(tx, viewerOf(requester), {
      module: TEST_MODULE,
      requestType: 'update',
      targetId,
      details: { Name: payload.value, Reason: 'typo' },
      payload,
      summary: `edit test record ${targetId}`,
    }),
  );
  const row = shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, targetId)).get()!;
  return { answer, id: row.id };
}

function applied(targetId: string) {
  const row = shop.db
    .select()
    .from(settings)
    .where(eq(settings.key, `test:${targetId}`))
    .get();
  return row ? (JSON.parse(row.value) as { value: string; type: string; by: string }) : undefined;
}

let targetSeq = 0;
const newTargetId = () => `REC-${++targetSeq}`;

// ---------------------------------------------------------------------------------------------

describe('the roles the table allows can use each procedure', () => {
  it.each(['admin', 'owner', 'manager'] as const)(
    '%s lists accounts and edits, deactivates and reactivates a staff account',
    async (role) => {
      const { api } = await shop.signedIn(role);
      const target = await shop.addUser('staff');
      expect((await api.users.list()).map((a) => a.id)).toContain(target.id);
      await expect(api.users.update(editOf(target, { username: `${target.username}-e` }))).resolves.toEqual({
        message: ACCOUNT_TEXT.updated,
      });
      expect(userRow(target.id).username).toBe(`${target.username}-e`);
      await expect(api.users.deactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.deactivated,
      });
      expect(userRow(target.id).status).toBe('deactivated');
      await expect(api.users.reactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.reactivated,
      });
      expect(userRow(target.id).status).toBe('active');
    },
  );

  it.each(['admin', 'owner'] as const)('%s lists, approves and rejects registrations', async (role) => {
    const { api } = await shop.signedIn(role);
    const one = await register(`reg-${role}-1@example.com`);
    const two = await register(`reg-${role}-2@example.com`);
    const listed = await api.requests.list();
    expect(listed.filter((r) => [one, two].includes(r.id)).map((r) => r.status)).toEqual([
      'pending',
      'pending',
    ]);
    await expect(api.requests.approve({ id: one })).resolves.toMatchObject({
      message: ACCOUNT_TEXT.registrationApproved,
    });
    await expect(api.requests.reject({ id: two })).resolves.toEqual({
      message: ACCOUNT_TEXT.registrationRejected,
    });
    const after = new Map((await api.requests.list()).map((r) => [r.id, r.status]));
    expect([after.get(one), after.get(two)]).toEqual(['approved', 'rejected']);
  });

  it.each(['admin', 'owner'] as const)(
    '%s lists, approves, rejects and deletes password reset requests',
    async (role) => {
      const { api } = await shop.signedIn(role);
      const a = await shop.addUser('staff');
      const b = await shop.addUser('staff');
      const approveId = await askReset(a.email);
      const rejectId = await askReset(b.email);
      expect((await api.resetRequests.list()).map((r) => r.id)).toEqual(
        expect.arrayContaining([approveId, rejectId]),
      );
      const approved = await api.resetRequests.approve({ id: approveId });
      expect(approved.message).toBe(ACCOUNT_TEXT.resetApproved);
      expect(approved.temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
      await expect(api.resetRequests.reject({ id: rejectId })).resolves.toEqual({
        message: ACCOUNT_TEXT.resetRejected,
      });
      await expect(api.resetRequests.delete({ id: rejectId })).resolves.toEqual({
        message: ACCOUNT_TEXT.resetDeleted,
      });
      const ids = (await api.resetRequests.list()).map((r) => r.id);
      expect(ids).toContain(approveId);
      expect(ids).not.toContain(rejectId);
    },
  );

  it('manager may manage accounts and action requests but not review registrations or resets', async () => {
    const { api } = await shop.signedIn('manager');
    await expect(api.users.list()).resolves.toEqual(expect.any(Array));
    await expect(api.actionRequests.list()).resolves.toEqual(expect.any(Array));
    await expectTrpcError(api.requests.list(), 'FORBIDDEN', AUTH_TEXT.forbidden);
    await expectTrpcError(api.resetRequests.list(), 'FORBIDDEN', AUTH_TEXT.forbidden);
  });

  it.each(['admin', 'owner', 'manager'] as const)(
    '%s lists, approves and rejects action requests',
    async (role) => {
      const { api, user } = await shop.signedIn(role);
      const staff = await shop.addUser('staff');
      const yes = newTargetId();
      const no = newTargetId();
      const approveId = hold(staff, yes, { value: 'approved value' }).id;
      const rejectId = hold(staff, no, { value: 'rejected value' }).id;
      expect((await api.actionRequests.list()).map((r) => r.id)).toEqual(
        expect.arrayContaining([approveId, rejectId]),
      );
      await expect(api.actionRequests.approve({ id: approveId })).resolves.toEqual({
        message: ACTION_REQUEST_TEXT.approved,
      });
      await expect(api.actionRequests.reject({ id: rejectId })).resolves.toEqual({
        message: ACTION_REQUEST_TEXT.rejected,
      });
      expect(applied(yes)).toEqual({ value: 'approved value', type: 'update', by: user.username });
      expect(applied(no)).toBeUndefined();
    },
  );

  it.each(['admin', 'owner', 'manager'] as const)('%s reads the activity log', async (role) => {
    const { api, user } = await shop.signedIn(role);
    const page = await api.activity.list({});
    expect(page.total).toBeGreaterThan(0);
    // Its own sign-in is the newest row or close to it.
    expect(page.rows.some((r) => r.action === 'Login' && r.username === user.username)).toBe(true);
  });

  it.each(ROLES)('%s reads notifications, the unread count, and marks them seen', async (role) => {
    // Requests notify only their reviewers; a stock-style notice reaches every role, staff too.
    notify(shop.db, 'warning', `A notice every role sees (${role}).`);
    const { api } = await shop.signedIn(role);
    const page = await api.notifications.list({});
    expect(page.limit).toBe(12);
    expect(page.total).toBeGreaterThan(0);
    expect(await api.notifications.unreadCount()).toBe(page.total);
    await expect(api.notifications.markSeen()).resolves.toEqual({ unread: 0 });
    expect(await api.notifications.unreadCount()).toBe(0);
  });

  it('anyone may send the public registration and reset forms', async () => {
    const anonymous = shop.caller(undefined, freshIp());
    await expect(
      anonymous.requests.register({ email: 'walk-in@example.com', password: 'flour-and-eggs' }),
    ).resolves.toEqual({ message: AUTH_TEXT.registerSubmitted });
    await expect(anonymous.resetRequests.create({ email: 'walk-in@example.com' })).resolves.toEqual({
      message: AUTH_TEXT.resetSent,
    });
  });
});

describe('rank rules', () => {
  it('owner may edit, deactivate and reactivate managers and staff, but not admins or other owners', async () => {
    const { api } = await shop.signedIn('owner');
    for (const role of ['manager', 'staff', null] as const) {
      const target = await shop.addUser(role);
      await expect(api.users.update(editOf(target, { username: `${target.username}-o` }))).resolves.toEqual({
        message: ACCOUNT_TEXT.updated,
      });
      await expect(api.users.deactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.deactivated,
      });
      await expect(api.users.reactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.reactivated,
      });
    }
    for (const role of ['admin', 'owner'] as const) {
      const target = await shop.addUser(role);
      const asleep = await shop.addUser(role, { status: 'deactivated' });
      await expectTrpcError(
        api.users.update(editOf(target, { username: `${target.username}-o`, role: 'staff' })),
        'FORBIDDEN',
        ACCOUNT_TEXT.outranked,
      );
      await expectTrpcError(api.users.deactivate({ id: target.id }), 'FORBIDDEN', ACCOUNT_TEXT.outranked);
      await expectTrpcError(api.users.reactivate({ id: asleep.id }), 'FORBIDDEN', ACCOUNT_TEXT.outranked);
      expect(userRow(target.id)).toEqual(target);
      expect(userRow(asleep.id)).toEqual(asleep);
    }
  });

  it('manager may change only staff and accounts without a role', async () => {
    const { api } = await shop.signedIn('manager');
    for (const role of ['staff', null] as const) {
      const target = await shop.addUser(role);
      await expect(api.users.update(editOf(target, { username: `${target.username}-m` }))).resolves.toEqual({
        message: ACCOUNT_TEXT.updated,
      });
      await expect(api.users.deactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.deactivated,
      });
      await expect(api.users.reactivate({ id: target.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.reactivated,
      });
    }
    for (const role of ['manager', 'owner', 'admin'] as const) {
      const target = await shop.addUser(role);
      const asleep = await shop.addUser(role, { status: 'deactivated' });
      await expectTrpcError(
        api.users.update(editOf(target, { username: `${target.username}-m`, role: 'staff' })),
        'FORBIDDEN',
        ACCOUNT_TEXT.outranked,
      );
      await expectTrpcError(api.users.deactivate({ id: target.id }), 'FORBIDDEN', ACCOUNT_TEXT.outranked);
      await expectTrpcError(api.users.reactivate({ id: asleep.id }), 'FORBIDDEN', ACCOUNT_TEXT.outranked);
      expect(userRow(target.id)).toEqual(target);
      expect(userRow(asleep.id).status).toBe('deactivated');
    }
  });

  it.each([
    ['owner', ['manager', 'staff', '', 'User'], ['owner', 'admin']],
    ['manager', ['staff', '', 'User'], ['manager', 'owner', 'admin']],
    ['admin', ['owner', 'manager', 'staff', ''], ['admin']],
  ] as const)('%s may assign %j, but not %j', async (role, allowed, refused) => {
    const { api } = await shop.signedIn(role);
    const target = await shop.addUser('staff');
    for (const assigned of refused) {
      await expectTrpcError(
        api.users.update(editOf(target, { role: assigned })),
        'FORBIDDEN',
        ACCOUNT_TEXT.roleTooHigh,
      );
      expect(userRow(target.id).role).toBe('staff');
    }
    for (const assigned of allowed) {
      await api.users.update(editOf(target, { role: assigned }));
      // '' and 'User' both mean "no role yet".
      expect(userRow(target.id).role).toBe(assigned === '' || assigned === 'User' ? null : assigned);
      await api.users.update(editOf(target, { role: 'staff' }));
    }
  });

  it('no one may change the system account, not even another admin', async () => {
    const system = shop.db.select().from(users).where(eq(users.email, ADMIN.email)).get()!;
    for (const role of ['admin', 'owner', 'manager'] as const) {
      const { api } = await shop.signedIn(role);
      await expectTrpcError(
        api.users.update(editOf(system, { username: 'root', role: 'staff' })),
        'FORBIDDEN',
        ACCOUNT_TEXT.systemUntouchable,
      );
      await expectTrpcError(
        api.users.deactivate({ id: system.id }),
        'FORBIDDEN',
        ACCOUNT_TEXT.systemUntouchable,
      );
    }
    // Not even by itself.
    await expectTrpcError(
      admin.api.users.update(editOf(system, { username: 'root', role: 'owner' })),
      'FORBIDDEN',
      ACCOUNT_TEXT.systemUntouchable,
    );
    expect(userRow(system.id)).toEqual(system);
  });

  it('another admin may still change owners', async () => {
    const { api } = await shop.signedIn('admin');
    const owner = await shop.addUser('owner');
    await api.users.update(editOf(owner, { role: 'manager' }));
    expect(userRow(owner.id).role).toBe('manager');
  });

  it.each(['admin', 'owner', 'manager'] as const)('%s cannot deactivate their own account', async (role) => {
    const { api, user } = await shop.signedIn(role);
    await expectTrpcError(api.users.deactivate({ id: user.id }), 'FORBIDDEN', ACCOUNT_TEXT.notYourself);
    expect(userRow(user.id).status).toBe('active');
  });

  it('the system admin cannot deactivate itself either', async () => {
    await expectTrpcError(
      admin.api.users.deactivate({ id: admin.id }),
      'FORBIDDEN',
      ACCOUNT_TEXT.notYourself,
    );
  });

  it('the list marks the system account and what the viewer may manage', async () => {
    const owner = await shop.signedIn('owner');
    const manager = await shop.signedIn('manager');
    const otherAdmin = await shop.signedIn('admin');
    const otherOwner = await shop.addUser('owner');
    const staff = await shop.addUser('staff');
    const roleless = await shop.addUser(null);
    const people = {
      system: admin.id,
      otherAdmin: otherAdmin.user.id,
      owner: owner.user.id,
      otherOwner: otherOwner.id,
      manager: manager.user.id,
      staff: staff.id,
      roleless: roleless.id,
    };
    async function view(api: Api) {
      const list = await api.users.list();
      expect(list.filter((a) => a.isSystem).map((a) => a.email)).toEqual([ADMIN.email]);
      const byId = new Map(list.map((a) => [a.id, a]));
      return Object.fromEntries(Object.entries(people).map(([name, id]) => [name, byId.get(id)?.canManage]));
    }
    expect(await view(owner.api)).toEqual({
      system: false,
      otherAdmin: false,
      owner: false,
      otherOwner: false,
      manager: true,
      staff: true,
      roleless: true,
    });
    expect(await view(manager.api)).toEqual({
      system: false,
      otherAdmin: false,
      owner: false,
      otherOwner: false,
      manager: false,
      staff: true,
      roleless: true,
    });
    expect(await view(otherAdmin.api)).toEqual({
      system: false,
      otherAdmin: false,
      owner: true,
      otherOwner: true,
      manager: true,
      staff: true,
      roleless: true,
    });
    // The system admin cannot manage itself.
    expect((await view(admin.api)).system).toBe(false);
    expect((await view(admin.api)).otherAdmin).toBe(false);
  });

  it('GET /api/user answers every account with _id, isSystem and canManage, never a hash', async () => {
    const manager = await shop.signedIn('manager');
    const res = await rest('GET', '/api/user', manager.accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body).toHaveLength(await shop.db.$count(users));
    for (const account of body) {
      expect(account._id).toBe(account.id);
      expect(Object.keys(account).sort()).toEqual(
        ['_id', 'canManage', 'createdAt', 'email', 'id', 'isSystem', 'role', 'status', 'username'].sort(),
      );
    }
    expect(body.find((a) => a.email === ADMIN.email)).toMatchObject({ isSystem: true, canManage: false });
    expect(res.body).not.toContain('argon2');
  });

  it('refuses a username or email another account has with 409, writing nothing', async () => {
    const { api } = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const other = await shop.addUser('staff');
    const edits = activityOf('Edit Account').length;
    await expectTrpcError(
      api.users.update(editOf(target, { username: other.username, email: 'fresh@bakeshop.test' })),
      'CONFLICT',
      ACCOUNT_TEXT.usernameTaken,
    );
    // A username differing only in case is the same name to the people reading it.
    await expectTrpcError(
      api.users.update(editOf(target, { username: other.username.toUpperCase() })),
      'CONFLICT',
      ACCOUNT_TEXT.usernameTaken,
    );
    await expectTrpcError(
      api.users.update(editOf(target, { email: other.email.toUpperCase() })),
      'CONFLICT',
      ACCOUNT_TEXT.emailTaken,
    );
    expect(userRow(target.id)).toEqual(target);
    expect(activityOf('Edit Account')).toHaveLength(edits);
    // Its own username and email are no clash.
    await expect(api.users.update(editOf(target, { role: null }))).resolves.toEqual({
      message: ACCOUNT_TEXT.updated,
    });
  });

  it('answers 409 over REST for a taken email', async () => {
    const owner = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const res = await rest('PUT', `/api/user/update/${target.id}`, owner.accessToken, {
      username: target.username,
      email: ADMIN.email,
      role: 'staff',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.emailTaken });
  });

  it.each([
    ['a blank username', { username: '   ' }, ACCOUNT_TEXT.usernameBlank],
    ['a username with spaces', { username: 'two words' }, ACCOUNT_TEXT.usernameShape],
    ['an invalid email', { email: 'not-an-email' }, AUTH_TEXT.registerInvalidEmail],
    ['an unknown role', { role: 'superuser' }, 'Role must be owner, manager, staff or empty.'],
  ])('refuses %s over REST with 400 and its message, writing nothing', async (_what, change, message) => {
    const owner = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const edits = activityOf('Edit Account').length;
    const { id: _id, ...form } = editOf(target, change);
    const res = await rest('PUT', `/api/user/update/${target.id}`, owner.accessToken, form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(userRow(target.id)).toEqual(target);
    expect(activityOf('Edit Account')).toHaveLength(edits);
  });

  it('refuses a non-numeric account id with 400 and an unknown one with 404, on every route', async () => {
    const owner = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const form = { username: 'renamed', email: target.email, role: 'staff' };
    for (const [method, url, body] of [
      ['PUT', '/api/user/update/abc', form],
      ['PUT', '/api/user/deactivate/abc', undefined],
      ['POST', '/api/user/reactivate/abc', undefined],
    ] as const) {
      const res = await rest(method, url, owner.accessToken, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXT.accountNotFound });
    }
    for (const [method, url, body] of [
      ['PUT', '/api/user/update/999999', form],
      ['PUT', '/api/user/deactivate/999999', undefined],
      ['POST', '/api/user/reactivate/999999', undefined],
    ] as const) {
      const res = await rest(method, url, owner.accessToken, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXT.accountNotFound });
    }
    expect(userRow(target.id)).toEqual(target);
  });
});

describe('deactivation', () => {
  it('ends the live session at once, refuses sign-in, and reactivation lets the account in again', async () => {
    const manager = await shop.signedIn('manager');
    const victim = await shop.signedIn('staff');
    // The token is live before.
    await expect(victim.api.notifications.unreadCount()).resolves.toEqual(expect.any(Number));

    const res = await rest('PUT', `/api/user/deactivate/${victim.user.id}`, manager.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.deactivated });

    await expectTrpcError(victim.api.notifications.unreadCount(), 'UNAUTHORIZED', AUTH_TEXT.sessionEnded);
    await expectTrpcError(
      shop.caller().auth.refresh({ refreshToken: victim.refreshToken }),
      'UNAUTHORIZED',
      AUTH_TEXT.refreshInvalid,
    );
    await expectTrpcError(shop.login(victim.user.email), 'FORBIDDEN', AUTH_TEXT.deactivated);
    await expectTrpcError(
      manager.api.users.deactivate({ id: victim.user.id }),
      'CONFLICT',
      ACCOUNT_TEXT.alreadyDeactivated,
    );

    const back = await rest('POST', `/api/user/reactivate/${victim.user.id}`, manager.accessToken);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ message: ACCOUNT_TEXT.reactivated });
    const again = await shop.login(victim.user.email);
    expect(again.user.status).toBe('active');
    await expect(shop.caller(again.accessToken).auth.me()).resolves.toMatchObject({ id: victim.user.id });
    // The session that was ended stays ended.
    await expectTrpcError(victim.api.auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(
      manager.api.users.reactivate({ id: victim.user.id }),
      'CONFLICT',
      ACCOUNT_TEXT.alreadyActive,
    );

    const rows = shop.db.select().from(activityLogs).where(eq(activityLogs.userId, manager.user.id)).all();
    expect(rows.filter((r) => r.action === 'Deactivate Account').map((r) => r.description)).toEqual([
      `Deactivated ${victim.user.username}`,
    ]);
    expect(rows.filter((r) => r.action === 'Reactivate Account').map((r) => r.description)).toEqual([
      `Reactivated ${victim.user.username}`,
    ]);
  });
});

describe('registration review', () => {
  it('register → pending → approve creates a roleless account that signs in with its own password', async () => {
    const ownerSession = await shop.signedIn('owner');
    const id = await register('pastry.chef@example.com', 'my-own-secret-1');
    const pending = (await ownerSession.api.requests.list()).find((r) => r.id === id);
    expect(pending).toMatchObject({ email: 'pastry.chef@example.com', status: 'pending' });

    const approved = await ownerSession.api.requests.approve({ id });
    expect(approved.message).toBe(ACCOUNT_TEXT.registrationApproved);
    const account = userRow(approved.userId);
    expect(account).toMatchObject({
      username: 'pastry.chef',
      email: 'pastry.chef@example.com',
      role: null,
      status: 'active',
      needsPasswordReset: false,
    });
    const session = await shop.login('pastry.chef@example.com', 'my-own-secret-1');
    expect(session.user).toMatchObject({ id: account.id, role: null });
    expect((await ownerSession.api.requests.list()).find((r) => r.id === id)?.status).toBe('approved');

    await expectTrpcError(ownerSession.api.requests.approve({ id }), 'CONFLICT', ACCOUNT_TEXT.requestDecided);
    await expectTrpcError(ownerSession.api.requests.reject({ id }), 'CONFLICT', ACCOUNT_TEXT.requestDecided);
    expect(await shop.db.$count(users, eq(users.email, 'pastry.chef@example.com'))).toBe(1);
    expect(activityOf('Approve Registration').some((r) => r.userId === ownerSession.user.id)).toBe(true);
  });

  it('makes the username unique with a number when the local part is taken', async () => {
    await shop.addUser('staff', { username: 'baker', email: 'baker@bakeshop.test' });
    const first = await admin.api.requests.approve({ id: await register('baker@example.com') });
    const second = await admin.api.requests.approve({ id: await register('baker@example.org') });
    expect(userRow(first.userId).username).toBe('baker2');
    expect(userRow(second.userId).username).toBe('baker3');
    // Taken in another case is taken.
    await shop.addUser('staff', { username: 'PASTRY', email: 'pastry@bakeshop.test' });
    const third = await admin.api.requests.approve({ id: await register('pastry@example.com') });
    expect(userRow(third.userId).username).toBe('pastry2');
  });

  it('reject over REST marks it rejected, creates nothing, and cannot be decided again', async () => {
    const id = await register('not.hired@example.com');
    const res = await rest('DELETE', `/api/request/reject/${id}`, admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.registrationRejected });
    const row = shop.db.select().from(registrationRequests).where(eq(registrationRequests.id, id)).get()!;
    expect(row.status).toBe('rejected');
    expect(row.passwordHash).toBe('');
    expect(await shop.db.$count(users, eq(users.email, 'not.hired@example.com'))).toBe(0);
    const twice = await rest('POST', `/api/request/approve/${id}`, admin.accessToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ACCOUNT_TEXT.requestDecided });
    const unknown = await rest('POST', '/api/request/approve/999999', admin.accessToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ACCOUNT_TEXT.requestNotFound });
  });

  it('GET /api/request answers [{_id, email, dateRequested, status}] newest first', async () => {
    const older = await register('first.in.line@example.com');
    const newer = await register('second.in.line@example.com');
    const approve = await rest('POST', `/api/request/approve/${older}`, admin.accessToken);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ message: ACCOUNT_TEXT.registrationApproved });
    const res = await rest('GET', '/api/request', admin.accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ _id: number; email: string; dateRequested: string; status: string }>;
    for (const entry of body)
      expect(Object.keys(entry).sort()).toEqual(['_id', 'dateRequested', 'email', 'status']);
    const mine = body.filter((r) => [older, newer].includes(r._id));
    expect(mine).toEqual([
      {
        _id: newer,
        email: 'second.in.line@example.com',
        dateRequested: expect.any(String),
        status: 'pending',
      },
      {
        _id: older,
        email: 'first.in.line@example.com',
        dateRequested: expect.any(String),
        status: 'approved',
      },
    ]);
    expect(Number.isNaN(Date.parse(mine[0]!.dateRequested))).toBe(false);
    expect(res.body).not.toContain('argon2');
  });
});

describe('password reset review over REST', () => {
  async function loginRest(email: string, password: string) {
    return rest('POST', '/api/auth/login', undefined, { email, password });
  }

  it('request → approve → temporary password → forced new password → new password only', async () => {
    const user = await shop.addUser('staff');
    const sent = await rest('POST', '/api/resetRequest', undefined, { email: user.email });
    expect(sent.statusCode).toBe(200);
    const listed = await rest('GET', '/api/resetRequest', admin.accessToken);
    const request = (
      listed.json() as Array<{ _id: number; email: string; status: string; hasAccount: boolean }>
    ).find((r) => r.email === user.email)!;
    expect(request).toMatchObject({ status: 'pending', hasAccount: true });

    const approved = await rest('PUT', `/api/resetRequest/${request._id}/approve`, admin.accessToken);
    expect(approved.statusCode).toBe(200);
    const { message, temporaryPassword } = approved.json() as { message: string; temporaryPassword: string };
    expect(message).toBe(ACCOUNT_TEXT.resetApproved);
    // Shown once: not in the list, and a second approval answers 409 without one.
    const relisted = await rest('GET', '/api/resetRequest', admin.accessToken);
    expect(relisted.body).not.toContain(temporaryPassword);
    const twice = await rest('PUT', `/api/resetRequest/${request._id}/approve`, admin.accessToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: REQUEST_TEXT.resetNotPending });

    expect((await loginRest(user.email, PASSWORD)).statusCode).toBe(401);
    const temp = await loginRest(user.email, temporaryPassword);
    expect(temp.statusCode).toBe(200);
    const tempBody = temp.json() as {
      accessToken: string;
      message: string;
      user: { needsPasswordReset: boolean };
    };
    expect(tempBody.user.needsPasswordReset).toBe(true);
    expect(tempBody.message).toBe(AUTH_TEXT.mustReset);
    const me = await rest('GET', '/api/auth/me', tempBody.accessToken);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ message: AUTH_TEXT.mustReset });
    const notes = await rest('GET', '/api/notifications', tempBody.accessToken);
    expect(notes.statusCode).toBe(403);

    const set = await rest('POST', '/api/resetRequest/reset-password', tempBody.accessToken, {
      userId: user.id,
      newPassword: 'fresh-start-2026',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: AUTH_TEXT.newPasswordDone });

    const fresh = await loginRest(user.email, 'fresh-start-2026');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.needsPasswordReset).toBe(false);
    expect((await loginRest(user.email, temporaryPassword)).statusCode).toBe(401);
    expect((await loginRest(user.email, PASSWORD)).statusCode).toBe(401);
  });

  it('rejects, deletes only decided requests, and marks emails without an account', async () => {
    const user = await shop.addUser('staff');
    const known = await askReset(user.email);
    const unknown = await askReset('nobody.here@example.com');

    const listed = (await rest('GET', '/api/resetRequest', admin.accessToken)).json() as Array<{
      _id: number;
      id: number;
      email: string;
      hasAccount: boolean;
    }>;
    expect(listed.find((r) => r._id === known)).toMatchObject({
      id: known,
      email: user.email,
      hasAccount: true,
    });
    expect(listed.find((r) => r._id === unknown)).toMatchObject({
      id: unknown,
      email: 'nobody.here@example.com',
      hasAccount: false,
    });

    const pendingDelete = await rest('DELETE', `/api/resetRequest/${known}`, admin.accessToken);
    expect(pendingDelete.statusCode).toBe(409);
    expect(pendingDelete.json()).toEqual({ message: ACCOUNT_TEXT.resetPendingDelete });
    expect(await shop.db.$count(passwordResetRequests, eq(passwordResetRequests.id, known))).toBe(1);

    // No account: nothing to approve.
    const noAccount = await rest('PUT', `/api/resetRequest/${unknown}/approve`, admin.accessToken);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json()).toEqual({ message: REQUEST_TEXT.resetNoAccount });

    const rejected = await rest('PUT', `/api/resetRequest/${known}/reject`, admin.accessToken);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: ACCOUNT_TEXT.resetRejected });
    const again = await rest('PUT', `/api/resetRequest/${known}/reject`, admin.accessToken);
    expect(again.statusCode).toBe(409);
    // The password is untouched by a rejection.
    expect((await shop.login(user.email)).user.needsPasswordReset).toBe(false);

    const deleted = await rest('DELETE', `/api/resetRequest/${known}`, admin.accessToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ACCOUNT_TEXT.resetDeleted });
    expect(await shop.db.$count(passwordResetRequests, eq(passwordResetRequests.id, known))).toBe(0);
    const gone = await rest('DELETE', `/api/resetRequest/${known}`, admin.accessToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: ACCOUNT_TEXT.requestNotFound });
  });

  it('an approved request may be deleted too', async () => {
    const user = await shop.addUser('staff');
    const id = await askReset(user.email);
    await admin.api.resetRequests.approve({ id });
    await expect(admin.api.resetRequests.delete({ id })).resolves.toEqual({
      message: ACCOUNT_TEXT.resetDeleted,
    });
    expect(activityOf('Delete Password Reset').some((r) => r.description.includes(user.email))).toBe(true);
  });
});

describe('action requests', () => {
  let staff: UserRow;
  let manager: Awaited<ReturnType<TestShop['signedIn']>>;
  beforeAll(async () => {
    staff = await shop.addUser('staff');
    manager = await shop.signedIn('manager');
  });

  it('only staff changes must be requested', () => {
    expect(mustRequest(viewerOf(staff))).toBe(true);
    for (const role of ['manager', 'owner', 'admin'] as const) {
      expect(mustRequest(viewerOf({ ...staff, role }))).toBe(false);
    }
  });

  it('holds a staff change as a pending request, with a notification and an activity row', async () => {
    const target = newTargetId();
    const { answer, id } = hold(staff, target, { value: 'Choco cake' });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect(applied(target)).toBeUndefined();

    const listed = (await manager.api.actionRequests.list()).find((r) => r.id === id);
    expect(listed).toEqual({
      id,
      module: TEST_MODULE,
      requestType: 'update',
      targetId: target,
      details: { Name: 'Choco cake', Reason: 'typo' },
      requestedBy: staff.username,
      status: 'pending',
      createdAt: expect.any(Date),
    });
    const note = shop.db
      .select()
      .from(notifications)
      .where(eq(notifications.message, `${staff.username} asks to edit test record ${target}.`))
      .all();
    expect(note.map((n) => n.type)).toEqual(['info']);
    const logged = activityOf('Request Approval').filter(
      (r) => r.description === `Asked to edit test record ${target}`,
    );
    expect(logged).toEqual([expect.objectContaining({ userId: staff.id, module: TEST_MODULE })]);
  });

  it('approval applies the change, leaves the pending list, and keeps the request as approved', async () => {
    const target = newTargetId();
    const { id } = hold(staff, target, { value: 'Ube roll' });
    await manager.api.actionRequests.approve({ id });
    expect(applied(target)).toEqual({ value: 'Ube roll', type: 'update', by: manager.user.username });
    expect((await manager.api.actionRequests.list()).map((r) => r.id)).not.toContain(id);
    const kept = (await manager.api.actionRequests.list({ status: 'approved' })).find((r) => r.id === id);
    expect(kept).toMatchObject({ status: 'approved', targetId: target });
    const row = shop.db.select().from(actionRequests).where(eq(actionRequests.id, id)).get()!;
    expect(row.decidedBy).toBe(manager.user.id);
    expect(row.decidedAt).toEqual(expect.any(Date));
    expect(activityOf('Approve Request').filter((r) => r.description.includes(`#${id} `))).toEqual([
      expect.objectContaining({ userId: manager.user.id, module: TEST_MODULE }),
    ]);
  });

  it('rejection discards the change and keeps the request as rejected', async () => {
    const target = newTargetId();
    const { id } = hold(staff, target, { value: 'Pandesal' });
    await expect(manager.api.actionRequests.reject({ id })).resolves.toEqual({
      message: ACTION_REQUEST_TEXT.rejected,
    });
    expect(applied(target)).toBeUndefined();
    expect((await manager.api.actionRequests.list()).map((r) => r.id)).not.toContain(id);
    expect(
      (await manager.api.actionRequests.list({ status: 'rejected' })).find((r) => r.id === id)?.status,
    ).toBe('rejected');
    expect(activityOf('Reject Request').some((r) => r.description.includes(`#${id} `))).toBe(true);
  });

  it('a change that no longer fits is refused with the handler message and changes nothing', async () => {
    const target = newTargetId();
    const { id } = hold(staff, target, { value: 'Ensaymada', stale: true });
    await expectTrpcError(manager.api.actionRequests.approve({ id }), 'CONFLICT', STALE);
    // The handler had written its row before refusing: the whole approval was rolled back.
    expect(applied(target)).toBeUndefined();
    expect((await manager.api.actionRequests.list()).find((r) => r.id === id)?.status).toBe('pending');
    expect(activityOf('Approve Request').filter((r) => r.description.includes(`#${id} `))).toEqual([]);
    // It can still be rejected.
    await manager.api.actionRequests.reject({ id });
  });

  it('a module without a handler cannot be approved', async () => {
    shop.db.transaction((tx) =>
      asStaffRequest(tx, viewerOf(staff), {
        module: 'Gone Module' as ActionModule,
        requestType: 'delete',
        targetId: 'GONE-1',
        details: {},
        payload: null,
        summary: 'delete GONE-1',
      }),
    );
    const id = shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, 'GONE-1')).get()!.id;
    await expectTrpcError(manager.api.actionRequests.approve({ id }), 'CONFLICT');
    expect(shop.db.select().from(actionRequests).where(eq(actionRequests.id, id)).get()!.status).toBe(
      'pending',
    );
  });

  it('answers 409 when a request is decided a second time, either way', async () => {
    const approvedId = hold(staff, newTargetId(), { value: 'one' }).id;
    const rejectedId = hold(staff, newTargetId(), { value: 'two' }).id;
    await manager.api.actionRequests.approve({ id: approvedId });
    await manager.api.actionRequests.reject({ id: rejectedId });
    for (const id of [approvedId, rejectedId]) {
      await expectTrpcError(
        manager.api.actionRequests.approve({ id }),
        'CONFLICT',
        ACCOUNT_TEXT.requestDecided,
      );
      await expectTrpcError(
        manager.api.actionRequests.reject({ id }),
        'CONFLICT',
        ACCOUNT_TEXT.requestDecided,
      );
    }
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: 999999 }),
      'NOT_FOUND',
      ACCOUNT_TEXT.requestNotFound,
    );
  });

  it('answers the REST shape with _id and requestedBy.username, and decides over REST', async () => {
    const approveTarget = newTargetId();
    const rejectTarget = newTargetId();
    const approveId = hold(staff, approveTarget, { value: 'rest yes' }).id;
    const rejectId = hold(staff, rejectTarget, { value: 'rest no' }).id;
    const res = await rest('GET', '/api/actionRequest', manager.accessToken);
    expect(res.statusCode).toBe(200);
    const mine = (res.json() as Array<Record<string, unknown>>).find((r) => r._id === approveId);
    expect(mine).toEqual({
      _id: approveId,
      id: approveId,
      module: TEST_MODULE,
      requestType: 'update',
      targetId: approveTarget,
      details: { Name: 'rest yes', Reason: 'typo' },
      requestedBy: { username: staff.username },
      status: 'pending',
      createdAt: expect.any(String),
    });
    const approve = await rest('POST', `/api/actionRequest/approve/${approveId}`, manager.accessToken);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: ACTION_REQUEST_TEXT.approved });
    const reject = await rest('DELETE', `/api/actionRequest/reject/${rejectId}`, manager.accessToken);
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toEqual({ message: ACTION_REQUEST_TEXT.rejected });
    expect(applied(approveTarget)?.value).toBe('rest yes');
    expect(applied(rejectTarget)).toBeUndefined();
    const again = await rest('POST', `/api/actionRequest/approve/${approveId}`, manager.accessToken);
    expect(again.statusCode).toBe(409);
  });

  it('refuses staff on every action-request call', async () => {
    const { api } = await shop.signedIn('staff');
    const { id } = hold(staff, newTargetId(), { value: 'self-approved?' });
    await expectTrpcError(api.actionRequests.list(), 'FORBIDDEN', AUTH_TEXT.forbidden);
    await expectTrpcError(api.actionRequests.approve({ id }), 'FORBIDDEN', AUTH_TEXT.forbidden);
    await expectTrpcError(api.actionRequests.reject({ id }), 'FORBIDDEN', AUTH_TEXT.forbidden);
    expect(shop.db.select().from(actionRequests).where(eq(actionRequests.id, id)).get()!.status).toBe(
      'pending',
    );
  });
});

describe('activity rows are written with the change, or not at all', () => {
  it('a successful edit writes exactly one Edit Account row naming the changes', async () => {
    const owner = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const before = activityOf('Edit Account').length;
    await owner.api.users.update(editOf(target, { username: `${target.username}-new`, role: 'manager' }));
    expect(activityOf('Edit Account')).toHaveLength(before + 1);
    expect(activityOf('Edit Account').filter((r) => r.userId === owner.user.id)).toEqual([
      expect.objectContaining({
        module: 'User Management',
        description: `Edited ${target.username}: username ${target.username} → ${target.username}-new, role staff → manager`,
      }),
    ]);
  });

  it('a refused edit writes none', async () => {
    const owner = await shop.signedIn('owner');
    const target = await shop.addUser('staff');
    const before = activityOf('Edit Account').length;
    await expectTrpcError(owner.api.users.update(editOf(target, { email: ADMIN.email })), 'CONFLICT');
    await expectTrpcError(owner.api.users.update(editOf(target, { role: 'owner' })), 'FORBIDDEN');
    expect(activityOf('Edit Account')).toHaveLength(before);
  });

  it('a failed sign-in writes a Failed Login row, with the account when there is one', async () => {
    const user = await shop.addUser('staff');
    await expectTrpcError(shop.login(user.email, 'not-my-password'), 'UNAUTHORIZED');
    await expectTrpcError(shop.login('ghost@bakeshop.test', 'not-my-password'), 'UNAUTHORIZED');
    const rows = activityOf('Failed Login');
    expect(rows.find((r) => r.description === `Failed sign-in for ${user.email}`)?.userId).toBe(user.id);
    expect(rows.find((r) => r.description === 'Failed sign-in for ghost@bakeshop.test')?.userId).toBeNull();
  });
});

describe('activity log ranges are Manila calendar periods', () => {
  let clock: TestShop;
  beforeAll(async () => {
    clock = await testApp();
  });
  afterAll(() => clock.close());
  beforeEach(() => {
    clock.db.delete(activityLogs).run();
  });

  const manila = (local: string) => new Date(`${local}+08:00`);

  /** Stores rows at these Manila times and answers which `range` shows as of `now`, newest first. */
  function shown(range: Range, now: string, times: string[]) {
    for (const at of times) {
      clock.db
        .insert(activityLogs)
        .values({ userId: null, action: at, module: 'Test', description: at, createdAt: manila(at) })
        .run();
    }
    const page = listActivity(clock.db, { page: 1, limit: 50, range }, manila(now));
    expect(page.total).toBe(page.rows.length);
    return page.rows.map((r) => r.action);
  }

  it('today starts at Manila midnight, not UTC midnight', () => {
    expect(
      shown('today', '2026-11-22T10:00', ['2026-11-21T23:59', '2026-11-22T00:00', '2026-11-22T00:01']),
    ).toEqual(['2026-11-22T00:01', '2026-11-22T00:00']);
    // 2026-11-21T23:59 Manila is 15:59Z and 00:01 is 16:01Z.
    expect(manila('2026-11-21T23:59').toISOString()).toBe('2026-11-21T15:59:00.000Z');
    expect(manila('2026-11-22T00:01').toISOString()).toBe('2026-11-21T16:01:00.000Z');
  });

  it('a week starts on Sunday: on a Sunday it holds that day alone', () => {
    // 2026-11-22 is a Sunday.
    expect(
      shown('week', '2026-11-22T10:00', ['2026-11-15T12:00', '2026-11-21T23:59', '2026-11-22T00:01']),
    ).toEqual(['2026-11-22T00:01']);
  });

  it('a week starts on Sunday: on a Saturday it holds the week since the Sunday before', () => {
    expect(
      shown('week', '2026-11-28T23:00', ['2026-11-21T23:59', '2026-11-22T00:01', '2026-11-28T22:00']),
    ).toEqual(['2026-11-28T22:00', '2026-11-22T00:01']);
  });

  it('early on a Manila Sunday (still Saturday in UTC) the week has just begun', () => {
    expect(shown('week', '2026-11-29T01:00', ['2026-11-28T23:59', '2026-11-29T00:01'])).toEqual([
      '2026-11-29T00:01',
    ]);
  });

  it('a month starts at Manila midnight of the 1st (still the previous month in UTC)', () => {
    expect(shown('month', '2026-12-01T07:00', ['2026-11-30T23:59', '2026-12-01T00:01'])).toEqual([
      '2026-12-01T00:01',
    ]);
    clock.db.delete(activityLogs).run();
    expect(shown('month', '2026-12-31T23:00', ['2026-11-30T23:59', '2026-12-01T00:01'])).toEqual([
      '2026-12-01T00:01',
    ]);
  });

  it('a year starts at Manila midnight of 1 January (still December in UTC)', () => {
    expect(shown('year', '2027-01-01T05:00', ['2026-12-31T23:59', '2027-01-01T00:01'])).toEqual([
      '2027-01-01T00:01',
    ]);
    clock.db.delete(activityLogs).run();
    expect(shown('year', '2026-12-31T23:59', ['2025-12-31T23:59', '2026-01-01T00:01'])).toEqual([
      '2026-01-01T00:01',
    ]);
  });

  it('all shows everything', () => {
    expect(shown('all', '2026-11-22T10:00', ['2020-01-01T00:00', '2026-11-22T00:01'])).toEqual([
      '2026-11-22T00:01',
      '2020-01-01T00:00',
    ]);
  });

  it('GET /api/activitylog refuses an unknown range with 400 and carries userId.username, Unknown when none', async () => {
    const { accessToken } = await clock.login(ADMIN.email, ADMIN.password);
    const bogus = await clock.app.inject({
      url: '/api/activitylog?range=bogus',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ message: ACCOUNT_TEXT.badRange });

    const adminId = clock.db.select().from(users).where(eq(users.email, ADMIN.email)).get()!.id;
    clock.db.delete(activityLogs).run();
    clock.db
      .insert(activityLogs)
      .values([
        { userId: null, action: 'Request Registration', module: 'User Management', description: 'anon' },
        { userId: adminId, action: 'Edit Account', module: 'User Management', description: 'mine' },
      ])
      .run();
    const res = await clock.app.inject({
      url: '/api/activitylog?range=all',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      logs: Array<{ _id: number; id: number; description: string; userId: { username: string } }>;
      total: number;
      page: number;
      totalPages: number;
    };
    expect(body).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    expect(body.logs.map((l) => [l.description, l.userId.username])).toEqual([
      ['mine', 'admin'],
      ['anon', 'Unknown'],
    ]);
    for (const log of body.logs) expect(log._id).toBe(log.id);
  });
});

describe('notifications', () => {
  let bell: TestShop;
  const BASE = Date.parse('2026-11-20T00:00:00Z');
  beforeAll(async () => {
    bell = await testApp();
    bell.db.delete(notifications).run();
    bell.db
      .insert(notifications)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          type: 'info' as const,
          message: `note ${i}`,
          createdAt: new Date(BASE + i * 60_000),
        })),
      )
      .run();
  });
  afterAll(() => bell.close());

  const notes = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => `note ${from - i}`);

  it('pages newest first, 12 a page by default, with the exact total', async () => {
    const { api } = await bell.signedIn('staff');
    const first = await api.notifications.list({});
    expect(first).toMatchObject({ total: 30, page: 1, limit: 12, totalPages: 3 });
    expect(first.rows.map((n) => n.message)).toEqual(notes(29, 18));
    const last = await api.notifications.list({ page: 3 });
    expect(last.rows.map((n) => n.message)).toEqual(notes(5, 0));
  });

  it('GET /api/notifications?page=2&limit=12 answers {notifications, total, page, totalPages}', async () => {
    const { accessToken } = await bell.signedIn('manager');
    const res = await bell.app.inject({
      url: '/api/notifications?page=2&limit=12',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      notifications: Array<{ _id: number; id: number; message: string; type: string }>;
      total: number;
      page: number;
      totalPages: number;
    };
    expect(body).toMatchObject({ total: 30, page: 2, totalPages: 3 });
    expect(body.notifications.map((n) => n.message)).toEqual(notes(17, 6));
    for (const n of body.notifications) {
      expect(n._id).toBe(n.id);
      expect(n.type).toBe('info');
    }
  });

  it('counts what is newer than the last markSeen, for that user only', async () => {
    const cashier = await bell.signedIn('staff');
    const boss = await bell.signedIn('owner');
    expect(await cashier.api.notifications.unreadCount()).toBe(30);
    await expect(cashier.api.notifications.markSeen()).resolves.toEqual({ unread: 0 });
    expect(await cashier.api.notifications.unreadCount()).toBe(0);
    expect(await boss.api.notifications.unreadCount()).toBe(30);

    const seenAt = bell.db.select().from(users).where(eq(users.id, cashier.user.id)).get()!
      .notificationsSeenAt!;
    expect(seenAt).toEqual(expect.any(Date));
    bell.db
      .insert(notifications)
      .values([
        { type: 'warning', message: 'after', createdAt: new Date(seenAt.getTime() + 1) },
        { type: 'info', message: 'at the same instant', createdAt: seenAt },
      ])
      .run();
    expect(await cashier.api.notifications.unreadCount()).toBe(1);
    expect(await boss.api.notifications.unreadCount()).toBe(32);
    await boss.api.notifications.markSeen();
    expect(await boss.api.notifications.unreadCount()).toBe(0);
    expect(await cashier.api.notifications.unreadCount()).toBe(1);
  });
});
