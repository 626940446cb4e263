import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actionRequests, categories, inventoryItems, users } from '../../server/db/schema';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { SETTINGS_TEXT } from '../../shared/texts/settings';
import { postJson } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The small things that cost staff time, each at the cashier's screen and the tablet.
const b = browserShopForFile();
const SCREENS = [
  ['1366', CASHIER_SCREEN],
  ['820', TABLET],
] as const;

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const accountRow = (page: Page, text: string) =>
  page.getByRole('table', { name: 'List of Accounts' }).getByRole('row').filter({ hasText: text });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

/** Words of the element's text that the browser broke across two lines. */
function brokenWords(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const node = element.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      const tops: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
      for (let i = 1; i < text.length; i++) {
        if (tops[i] !== tops[i - 1] && text[i] !== ' ' && text[i - 1] !== ' ') broken.push(text);
      }
    }
    return broken;
  });
}

describe('Settings', () => {
  it.each(SCREENS)(
    'category names wrap between words, never inside one, at %s px',
    async (label, viewport) => {
      if ((await b.shop.db.$count(categories)) === 0) {
        await b.shop.db
          .insert(categories)
          .values([
            { name: 'Decorations and Sprinkles', type: 'inventory' },
            { name: 'Buttercream Frostings', type: 'inventory' },
            { name: 'Chocolate', type: 'cake' },
            { name: 'Fondant', type: 'inventory' },
          ])
          .run();
      }
      const { page, context } = await signedInPage(b, { viewport });
      await openScreen(page, 'Settings', '/settings');
      const table = page.getByRole('table', { name: 'Categories', exact: true });
      await table.getByText('Buttercream Frostings').waitFor();
      await snapshot(page, `staff-time-settings-${label}`);
      expect(await brokenWords(page, '[aria-label="Categories"] tbody td:first-child p')).toEqual([]);
      await context.close();
    },
  );

  it('checks the TIN before asking to save, and saves nothing', async () => {
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Settings', '/settings');
    await section(page, 'Shop Profile').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Shop Profile' });
    await edit.getByLabel('TIN').fill('12-34');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(SETTINGS_TEXT.tinFormat).waitFor({ timeout: 3_000 });
    expect(await confirmDialog(page).count()).toBe(0);
    await page.waitForTimeout(400);
    await snapshot(page, 'staff-time-tin-1366');
    // A right one goes on to the question.
    await edit.getByLabel('TIN').fill('123-456-789-000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await page.getByText(SETTINGS_TEXT.profileSaved).first().waitFor();
    await context.close();
  });
});

describe('User Management', () => {
  it.each(SCREENS)('asks before deactivating an account, at %s px', async (label, viewport) => {
    const user = await b.shop.addUser('staff');
    const { page, context } = await signedInPage(b, { viewport });
    await openScreen(page, 'User Management', '/user-management');
    const row = accountRow(page, user.email);
    await row.getByRole('button', { name: `Deactivate ${user.username}` }).click();
    const dialog = confirmDialog(page);
    await dialog.getByText(ACCOUNT_TEXT.confirmDeactivate).waitFor({ timeout: 3_000 });
    await page.waitForTimeout(400);
    await snapshot(page, `staff-time-deactivate-${label}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(b.shop.db.select().from(users).where(eq(users.id, user.id)).get()?.status).toBe('active');

    await row.getByRole('button', { name: `Deactivate ${user.username}` }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(ACCOUNT_TEXT.deactivated).first().waitFor();
    expect(b.shop.db.select().from(users).where(eq(users.id, user.id)).get()?.status).toBe('deactivated');
    await context.close();
  });

  it.each(SCREENS)('names roles alike in the table and the edit form, at %s px', async (label, viewport) => {
    const user = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { viewport });
    await openScreen(page, 'User Management', '/user-management');
    const row = accountRow(page, user.email);
    expect((await row.locator('td').nth(2).textContent())?.trim()).toBe('Manager');
    await row.getByRole('button', { name: `Edit ${user.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    expect(await edit.getByLabel('Role').inputValue()).toBe('Manager');
    await edit.getByLabel('Role').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(
      ['User (no role)', 'Owner', 'Manager', 'Staff'].filter((o) => options.includes(o)),
    );
    expect(options).toContain('Staff');
    await page.waitForTimeout(300);
    await snapshot(page, `staff-time-role-${label}`);
    await context.close();
  });
});

describe('the forced new password', () => {
  it.each(SCREENS)(
    'opens at once usable, and the login form forgets the temporary password, at %s px',
    async (label, viewport) => {
      const user = await b.shop.addUser('staff', { needsPasswordReset: true });
      const { page, context } = await b.newPage(viewport);
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email', { exact: true }).fill(user.email);
      await form.getByLabel('Password', { exact: true }).fill('correct-horse-9');
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: AUTH_TEXT.newPasswordTitle });
      await dialog.getByText(AUTH_TEXT.mustReset).waitFor();
      // Nothing covers the fields: they take a click straight away, well before 3 s.
      await dialog.getByLabel('New Password', { exact: true }).click({ timeout: 1_000 });
      await page.waitForTimeout(300);
      await snapshot(page, `staff-time-new-password-${label}`);
      expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await context.close();
    },
  );
});

describe('a pending registration', () => {
  it('signing in with its password says it awaits approval', async () => {
    const pending = { email: 'waiting.baker@example.com', password: 'proofing-dough-4' };
    expect((await postJson(b.shop, '/api/request/register', pending)).statusCode).toBe(200);
    const { page, context } = await b.newPage();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email', { exact: true }).fill(pending.email);
    await form.getByLabel('Password', { exact: true }).fill(pending.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('popup').getByText(AUTH_TEXT.loginPending).waitFor();
    await snapshot(page, 'staff-time-pending-sign-in-1366');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('stock movements', () => {
  it.each(SCREENS)(
    'an approved stock change names who asked and who approved, at %s px',
    async (label, viewport) => {
      const itemId = `INV-L${label}`;
      const item = b.shop.db
        .insert(inventoryItems)
        .values({ itemId, name: `Ledger flour ${label}`, stock: 10_000, unitPrice: 9500 })
        .returning()
        .get();
      const staff = await b.shop.signedIn('staff');
      const manager = await b.shop.signedIn('manager');
      await staff.api.inventory.update({ id: item.id, changes: { stock: 14_000 } });
      const request = b.shop.db.select().from(actionRequests).all().at(-1);
      if (!request) throw new Error('no held request');
      await manager.api.actionRequests.approve({ id: request.id });

      const { page, context } = await signedInPage(b, { viewport });
      await openScreen(page, 'Inventory', '/inventory');
      const row = page.getByRole('row').filter({ hasText: itemId });
      await row.getByRole('button', { name: `View Ledger flour ${label}` }).click();
      const ledger = page
        .getByRole('dialog', { name: 'Item Details' })
        .getByRole('table', { name: 'Stock movements' });
      await ledger
        .getByText(`asked by ${staff.user.username}, approved by ${manager.user.username}`)
        .waitFor();
      await ledger.getByRole('cell', { name: manager.user.username, exact: true }).waitFor();
      // In units, as the shop counts them, though the ledger keeps thousandths.
      await ledger.getByRole('cell', { name: '10 → 14', exact: true }).waitFor();
      await page.waitForTimeout(400);
      await snapshot(page, `staff-time-stock-movements-${label}`);
      await context.close();
    },
  );
});
