import { desc } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales } from '../../server/db/schema';
import { PRINTERS_TEXT as T } from '../../shared/texts/printers';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { DRAWER_PULSE, type FakePrinter, fakePrinter, textOf } from '../helpers/fakePrinter';

// The receipt printer on screen: an admin sets up Counter 1's printer in Settings (a fake
// printer listening in this test) and sees Test print come out; at the counter a sale whose
// printer is off still sells, the receipt says so with a Print button that prints once the
// printer is on; a manager's Open drawer asks why.

const b = browserShopForFile();
const FLOUR = { itemId: 'INV-PRN-01', name: 'Printer Bread Flour', unitPrice: 12_550, stock: 100_000 };
let printer: FakePrinter;

beforeAll(async () => {
  b.shop.db.insert(inventoryItems).values(FLOUR).run();
  printer = await fakePrinter();
});
afterAll(() => printer.close());

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
const shows = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor();
/** Waits for dialogs and toasts to stop moving, so a screenshot shows them settled. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
const address = () => `127.0.0.1:${printer.port}`;

async function sellOneSack(page: Page) {
  await openScreen(page, 'Sales Management', '/sales-management');
  await page.getByRole('table', { name: 'Products', exact: true }).getByText(FLOUR.name).click();
  await page
    .getByRole('group', { name: 'Quick tender' })
    .getByRole('button', { name: 'Exact', exact: true })
    .click();
  const till =
    page.viewportSize()!.width < 1200
      ? page.getByRole('region', { name: 'Till', exact: true })
      : page.getByRole('region', { name: 'Cart', exact: true });
  await till.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await dialog.getByRole('article', { name: 'Receipt' }).waitFor();
  return dialog;
}

describe('the receipt printer', () => {
  it('is set up in Settings and Test print comes out of it', async () => {
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Settings', '/settings');
    const card = section(page, T.title);
    const row = card.getByRole('row').filter({ hasText: 'Counter 1' });
    await shows(row, T.noPrinter);
    await row.getByRole('button', { name: 'Set up the printer of Counter 1' }).click();
    const form = page.getByRole('dialog', { name: 'Printer of Counter 1' });
    await form.getByLabel(new RegExp(`^${T.host}`)).fill('http://printer');
    await form.getByRole('button', { name: 'Save' }).click();
    await shows(form, T.hostFormat);
    await form.getByLabel(new RegExp(`^${T.host}`)).fill('127.0.0.1');
    await form.getByLabel(T.port, { exact: true }).fill(String(printer.port));
    // 58 mm paper takes its 32 characters; back to 80 mm, 48.
    await form.getByText('58 mm', { exact: true }).click();
    expect(await form.getByLabel(T.charsPerLine, { exact: true }).inputValue()).toBe('32');
    await form.getByText('80 mm', { exact: true }).click();
    expect(await form.getByLabel(T.charsPerLine, { exact: true }).inputValue()).toBe('48');
    await settled(page);
    await snapshot(page, 'printers-form-desktop');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, T.saved('Counter 1'));
    await form.waitFor({ state: 'hidden' });
    await shows(row, address());
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Counter 1',
      address(),
      '80 mm, 48 characters',
      'Yes',
      'Yes',
      'EditTest print',
    ]);

    await row.getByRole('button', { name: 'Test print on the printer of Counter 1' }).click();
    await toast(page, T.testPrinted('Counter 1'));
    expect(textOf(await printer.nextJob())).toContain(T.testHeading);
    await settled(page);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'printers-settings-desktop');
    // Edited, the form holds what was saved, and offers to remove the printer.
    await row.getByRole('button', { name: 'Edit the printer of Counter 1' }).click();
    expect(await form.getByLabel(T.port, { exact: true }).inputValue()).toBe(String(printer.port));
    await form.getByRole('button', { name: 'Remove printer' }).waitFor();
    await settled(page);
    await snapshot(page, 'printers-edit-desktop');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    const tablet = await signedInPage(b, { viewport: TABLET });
    await openScreen(tablet.page, 'Settings', '/settings');
    await section(tablet.page, T.title).scrollIntoViewIfNeeded();
    await shows(section(tablet.page, T.title), address());
    await snapshot(tablet.page, 'printers-settings-tablet');
    await tablet.context.close();
    await context.close();
  }, 60_000);

  it('a sale with the printer off stands, says so, and Print prints it once the printer is on', async () => {
    await printer.stop();
    const { page, context } = await signedInPage(b, { viewport: CASHIER_SCREEN });
    const dialog = await sellOneSack(page);
    const sale = b.shop.db.select().from(sales).orderBy(desc(sales.id)).limit(1).get()!;
    expect(sale.totalAmount).toBe(FLOUR.unitPrice);
    const alert = dialog.getByRole('region', { name: 'Receipt printer' });
    await shows(alert, T.didNotAnswer(address()));
    // The browser's print stays, as the original.
    await dialog.getByRole('button', { name: 'Print', exact: true }).last().waitFor();
    await settled(page);
    await snapshot(page, 'printers-receipt-off-desktop');

    await printer.start();
    await alert.getByRole('button', { name: T.retry, exact: true }).click();
    await shows(dialog, T.autoPrinted);
    await alert.waitFor({ state: 'detached' });
    const job = textOf(await printer.nextJob());
    expect(job).toContain(sale.invoiceNumber!);
    expect(job).not.toContain('REPRINT');
    // The original came out of the printer: the browser's print is now a reprint.
    await dialog.getByRole('button', { name: 'Reprint', exact: true }).waitFor();
    await settled(page);
    await snapshot(page, 'printers-receipt-printed-desktop');
    await context.close();

    // On the tablet, the same message fits beside its button.
    await printer.stop();
    const tablet = await signedInPage(b, { viewport: TABLET });
    const onTablet = await sellOneSack(tablet.page);
    await shows(onTablet.getByRole('region', { name: 'Receipt printer' }), T.didNotAnswer(address()));
    await settled(tablet.page);
    await snapshot(tablet.page, 'printers-receipt-off-tablet');
    await tablet.context.close();
    await printer.start();
  }, 60_000);

  it('a manager opens the drawer with a reason', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: { email: manager.email }, viewport: TABLET });
    await openScreen(page, 'Sales Management', '/sales-management');
    await section(page, 'Counter').getByRole('button', { name: T.drawerButton }).click();
    const form = page.getByRole('dialog', { name: T.drawerButton });
    await form.getByRole('button', { name: T.drawerButton }).click();
    await shows(form, T.drawerReasonRequired);
    await form.getByLabel(new RegExp(`^${T.drawerReason}`)).fill('Change for a ₱1,000 bill');
    await settled(page);
    await snapshot(page, 'printers-open-drawer-tablet');
    await form.getByRole('button', { name: T.drawerButton }).click();
    await toast(page, T.drawerOpened('Counter 1'));
    await form.waitFor({ state: 'hidden' });
    expect((await printer.nextJob()).includes(DRAWER_PULSE)).toBe(true);
    await context.close();
  }, 60_000);
});
