import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { CAKE_ORDERS_SCREEN as S } from '../../shared/texts/cakeOrders';
import { PRINTERS_TEXT as T } from '../../shared/texts/printers';
import type { Session } from '../helpers/app';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { takeOrder } from '../helpers/cakeOrders';
import { atCounter, sellOverRest } from '../helpers/counter';
import { type FakePrinter, fakePrinter, INITIALISE, textOf } from '../helpers/fakePrinter';

// "Print on receipt printer" beside the browser's Print: absent while the device's terminal has
// no printer; with one (a fake printer listening in this test) the X reading and the cake
// order slip come out of it; with the printer off the cashier reads why, and the button stays.

const b = browserShopForFile();
let printer: FakePrinter;
let admin: Session;
let orderNumber = '';

beforeAll(async () => {
  printer = await fakePrinter();
  admin = await atCounter(await b.shop.adminSession(), 100_000);
  orderNumber = (await takeOrder(admin, { customerName: 'Lia Reyes' })).order.orderNumber;
});
afterAll(() => printer.close());

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
const printButton = (scope: Locator) => scope.getByRole('button', { name: T.printButton, exact: true });

async function openXReading(page: Page) {
  await openScreen(page, 'Sales Management', '/sales-management');
  await page.getByRole('region', { name: 'Counter' }).getByRole('button', { name: 'X reading' }).click();
  const x = page.getByRole('dialog', { name: 'X reading' });
  await x.getByRole('button', { name: 'Print', exact: true }).waitFor();
  return x;
}

async function openSlip(page: Page) {
  await openScreen(page, 'Cake Orders', '/cake-orders');
  const table = page.getByRole('table', { name: 'Cake Orders', exact: true });
  await table.getByRole('row').filter({ hasText: orderNumber }).click();
  await page
    .getByRole('dialog', { name: `Cake Orders: ${orderNumber}` })
    .getByRole('button', { name: S.printSlip })
    .click();
  const slip = page.getByRole('dialog', { name: S.slipTitle, exact: true });
  await slip.getByRole('article', { name: S.slipTitle }).waitFor();
  return slip;
}

describe('Print on receipt printer', () => {
  it('is not offered while the terminal has no printer', async () => {
    const { page, context } = await signedInPage(b);
    const x = await openXReading(page);
    expect(await printButton(x).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('prints the X reading and the cake order slip on the terminal’s printer', async () => {
    await admin.api.printers.set({ terminalId: 1, host: '127.0.0.1', port: printer.port, paperWidth: 80 });
    const { page, context } = await signedInPage(b);
    const x = await openXReading(page);
    await printButton(x).click();
    await toast(page, T.printed);
    const reading = await printer.nextJob();
    expect(reading.subarray(0, 2).equals(INITIALISE)).toBe(true);
    expect(textOf(reading)).toContain('X READING');
    await settled(page);
    await snapshot(page, 'printer-buttons-x-desktop');
    await x.getByRole('button', { name: 'Close', exact: true }).last().click();
    await x.waitFor({ state: 'detached' });

    const slip = await openSlip(page);
    await printButton(slip).click();
    await toast(page, T.printed);
    const job = await printer.nextJob();
    expect(job.includes(INITIALISE)).toBe(true);
    expect(textOf(job)).toContain(S.slipHeading);
    expect(textOf(job)).toContain(orderNumber);
    await settled(page);
    await snapshot(page, 'printer-buttons-slip-desktop');
    await context.close();
  }, 60_000);

  it('says why when the printer is off, and prints once it is on again', async () => {
    await printer.stop();
    const { page, context } = await signedInPage(b, { viewport: TABLET });
    const slip = await openSlip(page);
    await printButton(slip).click();
    await toast(page, T.didNotAnswer(`127.0.0.1:${printer.port}`));
    await settled(page);
    await snapshot(page, 'printer-buttons-off-tablet');
    // The button stays: pressed again with the printer on, the slip prints.
    await printer.start();
    await printButton(slip).click();
    await toast(page, T.printed);
    expect(textOf(await printer.nextJob())).toContain(S.slipHeading);
    await context.close();
  }, 60_000);

  it('prints a refunded sale’s refund slip and End of Day’s Z reading', async () => {
    b.shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-PBT-01', name: 'Slip Flour', unitPrice: 5_000, stock: 9_000 })
      .run();
    const sold = (await sellOverRest(b.shop, 'INV-PBT-01', 1, admin.accessToken)).json().sale;
    await admin.api.sales.refund({ id: sold._id, terminalId: 1 });
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Sales Management', '/sales-management');
    await page.getByRole('button', { name: "Today's Sales" }).click();
    await page
      .getByRole('dialog', { name: "Today's Sales" })
      .getByRole('row')
      .filter({ hasText: sold.saleId })
      .click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await printButton(receipt).click();
    await toast(page, T.printed);
    const refund = textOf(await printer.nextJob());
    expect(refund).toContain(T.refundHeading);
    expect(refund).toContain(sold.invoiceNumber);
    await settled(page);
    await snapshot(page, 'printer-buttons-refund-desktop');
    await page.keyboard.press('Escape');
    await receipt.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    const { shift } = await admin.api.shifts.current();
    const reading = await admin.api.shifts.reading({ id: shift!.id });
    await admin.api.shifts.close({ id: shift!.id, countedCash: reading.expectedCash });
    const z = await admin.api.shifts.takeZReading({});
    await openScreen(page, 'End of Day', '/end-of-day');
    await page.getByRole('row', { name: `Open Z reading #${z.number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Z reading #${z.number}` });
    await printButton(dialog).click();
    await toast(page, T.printed);
    expect(textOf(await printer.nextJob())).toContain(`Z READING #${z.number}`);
    await settled(page);
    await snapshot(page, 'printer-buttons-z-desktop');
    await context.close();
  }, 60_000);
});
