import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs, notifications, settings, users } from '../../server/db/schema';
import { type ActionModule, asStaffRequest } from '../../server/domains/actionRequests/held';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { ADMIN, PASSWORD, postJson } from '../helpers/app';
import { menuLabels, sideNav, signInThroughScreen, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { STAFF_MENU } from '../helpers/menus';

const b = browserShopForFile();

// A domain's approval, as inventory or customers have theirs, beside the app's.
vi.mock(import('../../server/domains/actionRequests/approvals'), async (importOriginal) => {
  const { APPROVALS } = await importOriginal();
  const { z } = await import('zod');
  const { settings } = await import('../../server/db/schema');
  const { heldKind } = await import('../../server/domains/actionRequests/held');
  const shelfApproval = {
    update: heldKind(z.object({ stock: z.number() }), (tx, _approver, held) => {
      tx.insert(settings)
        .values({ key: `shelf:${held.targetId}`, value: JSON.stringify(held.payload) })
        .run();
    }),
    otherType: (type: string) => `Shelf requests cannot be of type ${type}.`,
  };
  return { APPROVALS: { ...APPROVALS, 'Test Shelf': shelfApproval } };
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

async function confirmYes(page: Page) {
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
}

describe('registrations', () => {
  it('an admin accepts a registration and assigns a role; the new user signs in with that menu', async () => {
    const email = 'new.cashier@example.com';
    const res = await postJson(b.shop, '/api/request/register', { email, password: 'fresh-dough-1' });
    expect(res.statusCode).toBe(200);

    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await sideNav(page).getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL('**/user-management');
    const request = row(page, 'Registration Requests', email);
    await request.getByRole('button', { name: 'Accept' }).click();
    await page.getByText(ACCOUNT_TEXT.confirmAccept).waitFor();
    await confirmYes(page);
    await page.getByText(ACCOUNT_TEXT.registrationApproved).first().waitFor();
    await request.getByText('approved').waitFor();

    // The new account has no role yet: "User".
    const account = row(page, 'List of Accounts', email);
    await account.getByRole('cell', { name: 'User', exact: true }).waitFor();
    await snapshot(page, 'user-management-admin');
    await account.getByRole('button', { name: 'Edit new.cashier' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    await edit.getByLabel('Role').click();
    await page.getByRole('option', { name: 'staff' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(ACCOUNT_TEXT.confirmEdit).waitFor();
    await confirmYes(page);
    await page.getByText(ACCOUNT_TEXT.updated).first().waitFor();
    await account.getByRole('cell', { name: 'Staff', exact: true }).waitFor();
    // The system account has no actions, only its label.
    await row(page, 'List of Accounts', ADMIN.email).getByText(ACCOUNT_TEXT.systemAccount).waitFor();
    expect(await row(page, 'List of Accounts', ADMIN.email).getByRole('button').count()).toBe(0);
    await context.close();

    const fresh = await b.newPage();
    await signInThroughScreen(fresh.page, email, 'fresh-dough-1');
    expect(await menuLabels(fresh.page)).toEqual(STAFF_MENU);
    await fresh.page.getByText('Logged in as: new.cashier (staff)').waitFor();
    await fresh.context.close();
  });

  it('rejects a registration after the confirmation', async () => {
    const email = 'not.hired@example.com';
    await b.shop.app.inject({
      method: 'POST',
      url: '/api/request/register',
      remoteAddress: '10.70.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'fresh-dough-1' }),
    });
    // On the shop's tablet, with the side navigation open.
    const { page, context } = await b.newPage(TABLET);
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.goto('/user-management');
    const request = row(page, 'Registration Requests', email);
    await request.getByRole('button', { name: 'Reject' }).waitFor();
    await snapshot(page, 'user-management-tablet');
    await request.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(ACCOUNT_TEXT.confirmReject).waitFor();
    await confirmYes(page);
    await page.getByText(ACCOUNT_TEXT.registrationRejected).first().waitFor();
    await request.getByText('rejected').waitFor();
    await context.close();
  });
});

describe('password resets', () => {
  it('an admin approves a reset, hands over the temporary password, and the user sets a new one', async () => {
    const user = await b.shop.addUser('staff');
    // The user asks through the login screen.
    const asker = await b.newPage();
    await asker.page.goto('/login');
    await asker.page.getByRole('button', { name: 'Forgot Password' }).click();
    const resetModal = asker.page.getByRole('dialog', { name: 'Reset Password' });
    await resetModal.getByLabel('Email').fill(user.email);
    await resetModal.getByRole('button', { name: 'Send Request' }).click();
    await asker.page.getByText(AUTH_TEXT.resetSent).waitFor();
    await asker.context.close();

    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.goto('/user-management');
    await row(page, 'Password Reset Requests', user.email).getByRole('button', { name: 'Approve' }).click();
    const handOver = page.getByRole('dialog', { name: 'Temporary password' });
    const temporary = (await handOver.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    await page.getByText(ACCOUNT_TEXT.resetApproved).first().waitFor();
    await snapshot(page, 'temporary-password');
    await handOver.getByRole('button', { name: 'Done' }).click();
    await row(page, 'Password Reset Requests', user.email).getByText('approved').waitFor();
    // A decided request can be deleted.
    await row(page, 'Password Reset Requests', user.email).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(ACCOUNT_TEXT.resetDeleted).first().waitFor();
    await row(page, 'Password Reset Requests', user.email).waitFor({ state: 'detached' });
    await context.close();

    // The user signs in with it, must choose a new password, then signs in with that.
    const back = await b.newPage();
    const form = back.page.getByRole('form', { name: 'Login' });
    await back.page.goto('/login');
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(temporary);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = back.page.getByRole('dialog', { name: AUTH_TEXT.newPasswordTitle });
    await dialog.getByLabel('New Password', { exact: true }).fill('my-own-bread-9');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('my-own-bread-9');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await back.page.getByText(AUTH_TEXT.newPasswordDone).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await signInThroughScreen(back.page, user.email, 'my-own-bread-9');
    await back.context.close();
    const old = await postJson(b.shop, '/api/auth/login', { email: user.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
  });
});

describe('action requests', () => {
  it('a manager approves a staff change, which is applied, and the list empties', async () => {
    const staff = await b.shop.addUser('staff');
    b.shop.db.transaction((tx) =>
      asStaffRequest(
        tx,
        { user: staff, sessionId: 'e2e', mustSetPassword: false },
        {
          module: 'Test Shelf' as ActionModule,
          requestType: 'update',
          targetId: 'SHELF-1',
          details: { Name: 'Cake flour', Stock: '12' },
          payload: { stock: 12 },
          summary: 'edit shelf SHELF-1',
        },
      ),
    );
    const manager = await b.shop.addUser('manager');
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, manager.email, PASSWORD);
    await page.goto('/user-management');
    // Managers see accounts and action requests, not the admin's request lists.
    expect(await section(page, 'Registration Requests').count()).toBe(0);
    const request = row(page, 'Action Requests', 'Test Shelf');
    await request.getByText('Name: Cake flour').waitFor();
    // It names the record it changes, not only the changes.
    await request.getByText('SHELF-1', { exact: true }).waitFor();
    await request.getByText(staff.username).waitFor();
    await snapshot(page, 'action-requests');
    await request.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(ACTION_REQUEST_TEXT.approved).first().waitFor();
    await section(page, 'Action Requests').getByText(ACTION_REQUEST_TEXT.none).waitFor();
    const applied = b.shop.db.select().from(settings).where(eq(settings.key, 'shelf:SHELF-1')).get();
    expect(JSON.parse(applied?.value ?? 'null')).toEqual({ stock: 12 });
    await context.close();
  });
});

describe('activity log', () => {
  it('filters by Manila range and pages a long log', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const at = (ms: number) => new Date(ms);
    b.shop.db
      .insert(activityLogs)
      .values([
        {
          userId: null,
          action: 'Old Thing',
          module: 'Test',
          description: 'two years ago',
          createdAt: at(now - 800 * day),
        },
        ...Array.from({ length: 25 }, (_, i) => ({
          userId: null,
          action: 'Fresh Thing',
          module: 'Test',
          description: `just now ${i}`,
          createdAt: at(now - i * 1000),
        })),
      ])
      .run();
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.goto('/activity-log');
    const table = page.getByRole('table', { name: 'Activity Log' });
    await table.getByText('just now 0', { exact: true }).waitFor();
    await page.getByText(/^Showing 1-20 of \d+ logs$/).waitFor();
    await page.getByText('Today', { exact: true }).click();
    await table.getByText('just now 0', { exact: true }).waitFor();
    expect(await table.getByText('two years ago').count()).toBe(0);
    await page.getByRole('button', { name: '2' }).click();
    await page.getByText(/^Showing 21-\d+ of \d+ logs$/).waitFor();
    await page.getByText('All', { exact: true }).click();
    await page.getByText(/^Showing 1-20 of \d+ logs$/).waitFor();
    await snapshot(page, 'activity-log');
    await context.close();
  });

  it('sends staff away to the dashboard', async () => {
    const staff = await b.shop.addUser('staff');
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, staff.email, PASSWORD);
    await page.goto('/activity-log');
    await page.waitForURL('**/dashboard');
    expect(await b.shop.db.$count(activityLogs, eq(activityLogs.userId, staff.id))).toBeGreaterThan(0);
    await context.close();
  });
});

describe('notifications', () => {
  it('scrolls in pages of 12, stops at the end, and clears the unread count', async () => {
    b.shop.db.delete(notifications).run();
    b.shop.db
      .insert(notifications)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          type: (['info', 'warning', 'success', 'error'] as const)[i % 4] ?? 'info',
          message: `Notice number ${i + 1}`,
          createdAt: new Date(Date.now() - (30 - i) * 60_000),
        })),
      )
      .run();
    const staff = await b.shop.addUser('staff');
    b.shop.db.update(users).set({ notificationsSeenAt: null }).where(eq(users.id, staff.id)).run();
    const { page, context } = await b.newPage();
    const pages: number[] = [];
    page.on('request', (req) => {
      const url = decodeURIComponent(req.url());
      const match = url.includes('notifications.list') ? url.match(/"page":(\d+)/) : null;
      if (match) pages.push(Number(match[1]));
    });
    await signInThroughScreen(page, staff.email, PASSWORD);
    await sideNav(page).getByLabel('30 unread').waitFor();
    await sideNav(page)
      .getByRole('link', { name: /Notifications/ })
      .click();
    await page.waitForURL('**/notifications');
    const cards = page.locator('article');
    await page.getByText('Notice number 30', { exact: true }).waitFor();
    expect(await cards.count()).toBe(12);
    await snapshot(page, 'notifications');
    const list = page.getByLabel('Notifications list');
    for (let i = 0; i < 10 && (await page.getByText(ACCOUNT_TEXT.noMoreNotifications).count()) === 0; i++) {
      await list.hover();
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    await page.getByText(ACCOUNT_TEXT.noMoreNotifications).waitFor();
    expect(await cards.count()).toBe(30);
    await page.getByText('Notice number 1', { exact: true }).waitFor();
    expect(pages).toEqual([1, 2, 3]);
    await sideNav(page).getByLabel('30 unread').waitFor({ state: 'detached' });
    await context.close();
  });

  it('says when there are none, on a tablet', async () => {
    b.shop.db.delete(notifications).run();
    const staff = await b.shop.addUser('staff');
    const { page, context } = await b.newPage(TABLET);
    await signInThroughScreen(page, staff.email, PASSWORD);
    await page.goto('/notifications');
    await page.getByText(ACCOUNT_TEXT.noNotifications).waitFor();
    await snapshot(page, 'notifications-empty-tablet');
    await context.close();
  });
});
