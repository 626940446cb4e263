import { desc } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales, shifts } from '../../server/db/schema';
import { TERMINAL_TEXT } from '../../shared/texts/bir';
import { CAKE_ORDERS_SCREEN as S } from '../../shared/texts/cakeOrders';
import { PASSWORD } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, rowOf, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { takeOrder } from '../helpers/cakeOrders';
import { rest } from '../helpers/rest';

// Terminals on screen: an admin adds a second till in Settings, the counter then asks which
// terminal this browser is, its sales are numbered on that terminal's series, and only a
// manager and up may change the choice afterwards.

const b = browserShopForFile();
const FLOUR = { itemId: 'INV-720001', name: 'Bread Flour', unitPrice: 7000, stock: 50_000 };

beforeAll(async () => {
  b.shop.db.insert(inventoryItems).values(FLOUR).run();
  // Counter 1 has issued an invoice already: its prefix is locked.
  const admin = await b.shop.adminSession();
  const sold = await rest(b.shop, 'POST', '/api/sales', admin.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    items: [{ itemId: FLOUR.itemId, quantity: 1 }],
  });
  expect(sold.json().sale.invoiceNumber).toBe('INV1-000000001');
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const counterOf = (page: Page) => section(page, 'Counter');
const chooser = (page: Page) => page.getByRole('dialog', { name: TERMINAL_TEXT.choose });
const shows = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor();
const settled = (page: Page) => page.waitForTimeout(400);
const lastSale = () => b.shop.db.select().from(sales).orderBy(desc(sales.id)).limit(1).get();

async function toCounter(page: Page) {
  await openScreen(page, 'Sales Management', '/sales-management');
  await page.getByRole('table', { name: 'Products', exact: true }).getByText(FLOUR.name).waitFor();
}

async function signedInAs(role: 'staff' | 'manager', viewport: typeof TABLET) {
  const user = await b.shop.addUser(role);
  return signedInPage(b, { as: { email: user.email, password: PASSWORD }, viewport });
}

describe('terminals', () => {
  it('an admin adds Counter 2, the counter asks once, and its sale carries C2- numbers', async () => {
    const { page, context } = await signedInPage(b, { viewport: CASHIER_SCREEN });
    // One terminal: the counter uses it without asking.
    await toCounter(page);
    await shows(counterOf(page), 'Counter 1');
    expect(await chooser(page).count()).toBe(0);
    expect(await counterOf(page).getByRole('button', { name: 'Change terminal' }).count()).toBe(0);

    await openScreen(page, 'Settings', '/settings');
    const card = section(page, 'Terminals');
    const table = card.getByRole('table', { name: 'Terminals' });
    const row1 = table.getByRole('row').filter({ hasText: 'Counter 1' });
    await row1.getByRole('cell', { name: 'INV1-', exact: true }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'MIN',
      'Serial number',
      'Permit number',
      'Invoice prefix',
      'Last invoice',
      'Grand total',
      'Actions',
    ]);
    expect((await row1.getByRole('cell').allTextContents()).slice(5, 7)).toEqual(['1', '₱70.00']);

    // Counter 1 numbered an invoice: its prefix is shown, disabled, with why.
    await row1.getByRole('button', { name: 'Edit Counter 1' }).click();
    const edit1 = page.getByRole('dialog', { name: 'Edit Counter 1' });
    await expect.poll(() => edit1.getByLabel('Invoice prefix').isDisabled()).toBe(true);
    await shows(edit1, 'This terminal has issued invoices: its prefix stays as printed on them.');
    await edit1.getByRole('button', { name: 'Cancel' }).click();
    await edit1.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: '+ Add terminal' }).click();
    const add = page.getByRole('dialog', { name: 'Add Terminal' });
    await add.getByLabel(/^Name/).fill('Counter 2');
    await add.getByLabel(/^Machine identification number/).fill('240801234567890');
    await add.getByLabel(/^Serial number/).fill('SN-C2-0042');
    await add.getByLabel(/^Permit to use/).fill('FP082024-0123');
    // A prefix already used comes back from the server, the form kept open to correct it.
    await add.getByLabel(/^Invoice prefix/).fill('inv1-');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, TERMINAL_TEXT.prefixTaken('INV1-'));
    await add.getByLabel(/^Invoice prefix/).fill('c2 ');
    await add.getByLabel(/^Invoice prefix/).fill('c 2');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(add, TERMINAL_TEXT.prefixFormat);
    await add.getByLabel(/^Invoice prefix/).fill('c2-');
    await settled(page);
    await snapshot(page, 'terminals-add-desktop');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, TERMINAL_TEXT.created('Counter 2'));
    await add.waitFor({ state: 'hidden' });
    const row2 = table.getByRole('row').filter({ hasText: 'Counter 2' });
    expect(await row2.getByRole('cell').allTextContents()).toEqual([
      'Counter 2',
      '240801234567890',
      'SN-C2-0042',
      'FP082024-0123',
      'C2-',
      '0',
      '₱0.00',
      'Edit',
    ]);
    await settled(page);
    await snapshot(page, 'terminals-settings-desktop');

    // Two terminals and none chosen on this browser: the counter asks, and cannot be waved off.
    await toCounter(page);
    const ask = chooser(page);
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await settled(page);
    await snapshot(page, 'terminals-choose-desktop');
    await ask.getByRole('button', { name: 'Counter 2', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    await shows(page, TERMINAL_TEXT.chosen('Counter 2'));
    await shows(counterOf(page), 'Counter 2');

    // A cash sale: numbered on Counter 2's series.
    await page.getByRole('table', { name: 'Products', exact: true }).getByText(FLOUR.name).click();
    const cart = section(page, 'Cart');
    await cart.getByLabel(/^Payment Method\s*\*?$/).click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    await cart.getByLabel('Cash Tendered').fill('100');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    expect(lastSale()).toMatchObject({ terminalId: 2, invoiceNumber: 'C2-000000001' });
    const admin = await b.shop.adminSession();
    const answer = await rest(b.shop, 'GET', `/api/sales/${lastSale()!.saleId}`, admin.accessToken);
    expect(answer.json()).toMatchObject({ invoiceNumber: 'C2-000000001', terminalId: 2 });
    // Its refund, made here, takes Counter 2's refund series.
    await receipt.getByRole('button', { name: 'Refund', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await expect.poll(() => lastSale()?.refundNumber).toBe('C2-R000000001');
    await receipt.getByRole('button', { name: 'Close', exact: true }).last().click();
    await receipt.waitFor({ state: 'detached' });

    // A cake order picked up on this browser: its sale is Counter 2's next invoice.
    const { order } = await takeOrder(admin, { customerName: 'Terminal Tess' });
    await openScreen(page, 'Cake Orders', '/cake-orders');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Terminal Tess');
    await rowOf(page.getByRole('table', { name: 'Cake Orders', exact: true }), order.orderNumber).click();
    const view = page.getByRole('dialog', { name: `Cake Orders: ${order.orderNumber}`, exact: true });
    await view.getByRole('button', { name: S.pickUp, exact: true }).click();
    const pickup = page.getByRole('dialog', { name: S.pickUpTitle(order.orderNumber), exact: true });
    await pickup.getByLabel(S.cashTendered).fill('2000');
    await pickup.getByRole('button', { name: S.confirmPickup }).click();
    await page.getByRole('dialog', { name: S.receiptTitle, exact: true }).waitFor();
    expect(lastSale()).toMatchObject({ terminalId: 2, invoiceNumber: 'C2-000000002' });
    await page
      .getByRole('dialog', { name: S.receiptTitle, exact: true })
      .getByRole('button', { name: 'Close', exact: true })
      .last()
      .click();
    // The order's view is still open behind: straight back to the counter.
    await page.goto('/sales-management');

    // Asked once: the choice stays on this browser, through a reload.
    await page.reload();
    await shows(counterOf(page), 'Counter 2');
    await settled(page);
    expect(await chooser(page).count()).toBe(0);
    await counterOf(page).getByRole('button', { name: 'Change terminal' }).waitFor();
    await snapshot(page, 'terminals-counter-desktop');

    // A sale recorded from the form, away from the cart: Counter 2's next invoice too.
    await page.getByRole('button', { name: 'Record a Sale' }).click();
    const form = page.getByRole('dialog', { name: 'Record a Sale' });
    await form.getByLabel(/^Item\s*\*?$/).fill('Bread');
    await page.getByRole('option', { name: /^Bread Flour \(INV-720001\)/ }).click();
    await form.getByRole('button', { name: 'Add Item' }).click();
    await form
      .getByRole('table', { name: 'Sale items' })
      .getByRole('cell', { name: FLOUR.name, exact: true })
      .waitFor();
    for (const [label, option] of [
      ['Tax Rate', '0% (no VAT)'],
      ['Payment Method', 'Cash'],
    ]) {
      await form.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await form.getByRole('button', { name: 'Save Sale' }).click();
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor();
    expect(lastSale()).toMatchObject({ terminalId: 2, invoiceNumber: 'C2-000000003' });
    await context.close();
  }, 90_000);

  it('staff choose once and never see Change terminal; a manager switches; a gone terminal is asked again', async () => {
    const staff = await signedInAs('staff', TABLET);
    await toCounter(staff.page);
    const ask = chooser(staff.page);
    await ask.waitFor();
    await settled(staff.page);
    await snapshot(staff.page, 'terminals-choose-tablet');
    await ask.getByRole('button', { name: 'Counter 2', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    const counter = counterOf(staff.page);
    await shows(counter, 'Counter 2');
    // The shift opened on this device is Counter 2's.
    await counter.getByRole('button', { name: 'Open shift' }).click();
    const open = staff.page.getByRole('dialog', { name: 'Open shift' });
    await open.getByLabel(/^Opening cash/).fill('500');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await counter.getByText(/^Shift #\d+ open$/).waitFor();
    const shift = b.shop.db.select().from(shifts).orderBy(desc(shifts.id)).limit(1).get();
    expect(shift).toMatchObject({ terminalId: 2, closedAt: null });
    expect(await counter.getByRole('button', { name: 'Change terminal' }).count()).toBe(0);
    await settled(staff.page);
    await snapshot(staff.page, 'terminals-staff-tablet');
    await staff.context.close();

    const manager = await signedInAs('manager', TABLET);
    await toCounter(manager.page);
    await chooser(manager.page).getByRole('button', { name: 'Counter 1', exact: true }).click();
    const mine = counterOf(manager.page);
    await shows(mine, 'Counter 1');
    await mine.getByRole('button', { name: 'Change terminal' }).click();
    const change = chooser(manager.page);
    await change.getByRole('button', { name: 'Counter 2', exact: true }).click();
    await change.waitFor({ state: 'hidden' });
    await shows(mine, 'Counter 2');
    expect(await manager.page.evaluate(() => localStorage.getItem('terminalId'))).toBe('2');
    await settled(manager.page);
    await snapshot(manager.page, 'terminals-manager-tablet');

    // A kept terminal that no longer exists (another database restored) is asked again.
    await manager.page.evaluate(() => localStorage.setItem('terminalId', '99'));
    await manager.page.reload();
    await chooser(manager.page).waitFor();
    // Forgotten, so nothing made here meanwhile names a terminal the server does not know.
    await expect.poll(() => manager.page.evaluate(() => localStorage.getItem('terminalId'))).toBe(null);
    await manager.context.close();

    // An owner sees the card on the tablet too, its table scrolling sideways within it.
    const ownerUser = await b.shop.addUser('owner');
    const owner = await signedInPage(b, { as: { email: ownerUser.email }, viewport: TABLET });
    await openScreen(owner.page, 'Settings', '/settings');
    const card = section(owner.page, 'Terminals');
    await card.getByRole('cell', { name: 'C2-', exact: true }).waitFor();
    await card.getByRole('button', { name: 'Edit Counter 2' }).click();
    const edit = owner.page.getByRole('dialog', { name: 'Edit Counter 2' });
    await expect.poll(() => edit.getByLabel('Invoice prefix').isDisabled()).toBe(true);
    await settled(owner.page);
    await snapshot(owner.page, 'terminals-edit-tablet');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await card.scrollIntoViewIfNeeded();
    await settled(owner.page);
    await snapshot(owner.page, 'terminals-settings-tablet');
    expect(
      await owner.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await owner.context.close();
  }, 90_000);
});
