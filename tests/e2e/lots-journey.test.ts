import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PO_SCREEN_TEXT } from '../../client/screens/purchasing/text';
import { inventoryItems, suppliers, units } from '../../server/db/schema';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { REORDER_TEXT } from '../../shared/texts/reorder';
import { WASTE_TEXT } from '../../shared/texts/waste';
import { addDays, formatCalendarDate, manilaDate } from '../../shared/time';
import { column, openScreen, rowOf, signedInPage, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { atCounter } from '../helpers/counter';
import { putLot } from '../helpers/lots';

// The shop's buying and wasting, start to end in the browser: a purchase order drafted from
// the reorder suggestions, ordered, and received in two deliveries that expire on different
// days; a sale takes the lot that expires first, as the item's lots show; an expired lot is
// written off from the item; the waste log adds it up.

const b = browserShopForFile();
const today = manilaDate();
const day = (n: number) => addDays(today, n);
let cream: number;
let cheese: number;

beforeAll(() => {
  const db = b.shop.db;
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
  const dairy = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-201', name: 'Batangas Dairy', leadTimeDays: 3 })
    .returning()
    .get().id;
  const item = (itemId: string, name: string) =>
    db
      .insert(inventoryItems)
      .values({
        itemId,
        name,
        supplierId: dairy,
        unitId: kg,
        amount: 1,
        stock: 0,
        restockThreshold: 2_000,
        unitPrice: 30000,
        purchasePrice: 20000,
      })
      .returning()
      .get().id;
  cream = item('INV-000201', 'Whipping Cream');
  cheese = item('INV-000202', 'Cream Cheese');
  // Cream cheese: 1.5 kg that expired yesterday, at ₱180.00, and 4 kg still good.
  putLot(b.shop, cheese, { quantity: 1500, unitCost: 18000, expirationDate: day(-1), lotCode: 'CC-OLD' });
  putLot(b.shop, cheese, { quantity: 4000, unitCost: 20000, expirationDate: day(30), lotCode: 'CC-NEW' });
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

async function receive(page: Page, poNumber: string, quantity: string, expires: string, lotCode: string) {
  const view = dialog(page, `${PURCHASING_TEXT.view} ${poNumber}`);
  await view.getByRole('button', { name: PURCHASING_TEXT.receive, exact: true }).click();
  const form = dialog(page, PURCHASING_TEXT.receiveTitle(poNumber));
  await form.getByLabel(`${PO_SCREEN_TEXT.receivedNow}: Whipping Cream`).fill(quantity);
  await form.getByLabel(`${PO_SCREEN_TEXT.expires}: Whipping Cream`).fill(expires);
  await form.getByLabel(`${PO_SCREEN_TEXT.lotCode}: Whipping Cream`).fill(lotCode);
  await form.getByRole('button', { name: PO_SCREEN_TEXT.receiveSubmit, exact: true }).click();
  await form.waitFor({ state: 'hidden' });
}

async function openItem(page: Page, name: string) {
  await page.goto('/inventory');
  await page
    .getByPlaceholder(/Search/)
    .first()
    .fill(name);
  const table = page.getByRole('table', { name: 'Inventory', exact: true });
  await rowOf(table, name)
    .getByRole('button', { name: `View ${name}`, exact: true })
    .click();
  const view = dialog(page, 'Item Details');
  await view.waitFor();
  return view;
}

describe('buying in lots and writing off waste', () => {
  it('orders from the suggestions, receives twice, sells the earlier lot, writes off the expired', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });

    // The suggestions: both items are at their threshold; cream needs 3 kg (above 2 kg).
    await openScreen(page, 'Purchasing', '/purchasing');
    await page.getByRole('button', { name: REORDER_TEXT.open, exact: true }).click();
    const suggestions = dialog(page, REORDER_TEXT.title);
    const dairy = suggestions.getByRole('region', { name: 'Batangas Dairy' });
    await dairy.getByRole('table').waitFor();
    expect(await column(dairy.getByRole('table'), 0)).toContain('Whipping CreamINV-000201');
    await dairy.getByRole('button', { name: REORDER_TEXT.createDraft, exact: true }).click();
    const view = dialog(page, `${PURCHASING_TEXT.view} PO-000001`);
    await view.waitFor();
    await view.getByRole('button', { name: PURCHASING_TEXT.order, exact: true }).click();
    await dialog(page, 'Please confirm')
      .getByRole('button', { name: PURCHASING_TEXT.order, exact: true })
      .click();
    await view.locator('.mantine-Badge-label').getByText('Ordered', { exact: true }).waitFor();

    // Two deliveries of the cream: 1 kg good for 20 days, then 2 kg good for only 6.
    await receive(page, 'PO-000001', '1', day(20), 'BD-LATE');
    await view.locator('.mantine-Badge-label').getByText('Partly received', { exact: true }).waitFor();
    await receive(page, 'PO-000001', '2', day(6), 'BD-SOON');
    await snapshot(page, 'lots-po-received');
    const lines = view.getByRole('table', { name: 'Lines' });
    expect((await rowOf(lines, 'Whipping Cream').getByRole('cell').allInnerTexts())[2]).toBe('3 kg');

    // A sale of 1 kg takes the lot that expires first, though it came second.
    const seller = await atCounter(await b.shop.signedIn('staff'));
    await seller.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: [{ kind: 'item', id: cream, quantity: 1 }],
    } as never);
    const item = await openItem(page, 'Whipping Cream');
    const lots = item.getByRole('table', { name: 'Lots' });
    // The lots are read when the view opens: wait for them, not the loading row.
    await expect.poll(() => column(lots, 0), { timeout: 10_000 }).toEqual(['BD-SOON', 'BD-LATE']);
    expect(await column(lots, 2)).toEqual([formatCalendarDate(day(6)), formatCalendarDate(day(20))]);
    expect(await column(lots, 3)).toEqual(['1 of 2', '1 of 1']);
    await snapshot(page, 'lots-item-after-sale');
    await item.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The cream cheese's expired lot, written off from the item at what it cost.
    const cheeseView = await openItem(page, 'Cream Cheese');
    await cheeseView.getByText('Expired stock to write off: 1.5').waitFor();
    await cheeseView.getByRole('button', { name: WASTE_TEXT.writeOffExpired, exact: true }).click();
    await dialog(page, 'Please confirm')
      .getByRole('button', { name: WASTE_TEXT.writeOffExpired, exact: true })
      .click();
    await cheeseView.getByText('Expired stock to write off: 1.5').waitFor({ state: 'detached' });
    expect(await column(cheeseView.getByRole('table', { name: 'Lots' }), 3)).toEqual(['0 of 1.5', '4 of 4']);
    await cheeseView.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The waste log: one write-off, Expired, ₱270.00 (1.5 x ₱180.00).
    await openScreen(page, 'Waste', '/waste');
    await page.getByRole('radiogroup', { name: 'Date range' }).getByText('Today', { exact: true }).click();
    const log = page.getByRole('table', { name: WASTE_TEXT.title, exact: true });
    await rowOf(log, 'Cream Cheese').waitFor();
    expect(await column(log, 3)).toEqual(['Expired']);
    expect(await page.getByLabel('Waste cost').innerText()).toBe('₱270.00');
    expect(await column(page.getByRole('table', { name: 'By reason' }), 2)).toEqual(['₱270.00']);
    await snapshot(page, 'lots-waste-log');
    await context.close();
  });
});
