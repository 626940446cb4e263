import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, saleLines, sales, suppliers, units } from '../../server/db/schema';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { REORDER_TEXT } from '../../shared/texts/reorder';
import { column, openScreen, rowOf, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Reorder suggestions in the browser: a manager opens them from Purchasing, reads what each
// supplier's items need, drafts a purchase order of one supplier's suggestions, orders it,
// and that supplier's items are no longer suggested. Stock is in thousandths.

const b = browserShopForFile();

beforeAll(() => {
  const db = b.shop.db;
  const unit = (name: string) => db.select().from(units).where(eq(units.name, name)).get()!.id;
  const supplier = (supplierId: string, name: string, leadTimeDays: number) =>
    db.insert(suppliers).values({ supplierId, name, leadTimeDays }).returning().get().id;
  const mill = supplier('SUP-101', 'Manila Flour Co.', 7);
  const dairy = supplier('SUP-102', 'Batangas Dairy Farms', 3);
  const item = (itemId: string, name: string, supplierId: number, stock: number, restockThreshold: number) =>
    db
      .insert(inventoryItems)
      .values({
        itemId,
        name,
        supplierId,
        stock,
        restockThreshold,
        unitId: unit('kg'),
        amount: 1,
        purchasePrice: 5500,
      })
      .returning()
      .get().id;
  const flour = item('INV-000101', 'All-Purpose Flour', mill, 20_000, 5_000);
  item('INV-000102', 'Cake Flour', mill, 5_000, 10_000);
  item('INV-000103', 'Bread Flour', mill, 90_000, 10_000);
  item('INV-000104', 'Unsalted Butter', dairy, 0, 2_000);
  // 56 kg of flour sold over the last two weeks: 2 kg a day.
  for (let n = 0; n < 14; n++) {
    const sale = db
      .insert(sales)
      .values({
        saleId: `SALE-E2E${n}`,
        customerName: 'Unregistered',
        orderType: 'Walk-in',
        subtotal: 22000,
        taxRate: 0,
        taxAmount: 0,
        totalAmount: 22000,
        paymentMethod: 'Cash',
        linesKey: `item:${flour}x4#${n}`,
        soldAt: new Date(Date.now() - n * 86_400_000 - 60_000),
      })
      .returning()
      .get();
    db.insert(saleLines)
      .values({
        saleId: sale.id,
        kind: 'item',
        itemId: flour,
        code: 'INV-000101',
        name: 'All-Purpose Flour',
        price: 5500,
        purchasePrice: 5500,
        quantity: 4,
        lineTotal: 22000,
        cost: 22000,
      })
      .run();
  }
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

async function openSuggestions(page: Page) {
  await page.getByRole('button', { name: REORDER_TEXT.open, exact: true }).click();
  const suggestions = dialog(page, REORDER_TEXT.title);
  await suggestions.waitFor();
  await suggestions.getByRole('table').first().waitFor();
  return suggestions;
}

describe('reorder suggestions', () => {
  it('drafts a purchase order of a supplier’s suggested items, which ordering then covers', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });
    await openScreen(page, 'Purchasing', '/purchasing');
    const suggestions = await openSuggestions(page);

    const mill = suggestions.getByRole('region', { name: 'Manila Flour Co.' });
    const dairy = suggestions.getByRole('region', { name: 'Batangas Dairy Farms' });
    await dairy.getByText(REORDER_TEXT.leadTime(3)).waitFor();
    const millTable = mill.getByRole('table');
    expect(await millTable.getByRole('columnheader').allInnerTexts()).toEqual([
      'Item',
      'Stock',
      'Sold (28 days)',
      'Days Left',
      'Suggested',
    ]);
    // Flour lasts 10 days at 2 kg a day, short of 7 + 7: 2 x 21 - 20 = 22 kg. Cake flour is
    // under its threshold of 10 and unsold: 6 kg takes it above. Bread flour is well stocked.
    expect(await column(millTable, 0)).toEqual(['All-Purpose FlourINV-000101', 'Cake FlourINV-000102']);
    const cells = await rowOf(millTable, 'All-Purpose Flour').getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual(['20 kg', '56 kg', '10', '22 kg']);
    expect(await column(millTable, 3)).toEqual(['10', REORDER_TEXT.notSold]);
    expect(await column(millTable, 4)).toEqual(['22 kg', '6 kg']);
    expect(await column(dairy.getByRole('table'), 4)).toEqual(['3 kg']);
    await snapshot(page, 'reorder-suggestions');

    await mill.getByRole('button', { name: REORDER_TEXT.createDraft, exact: true }).click();
    // The new Draft opens in place of the suggestions.
    const view = dialog(page, `${PURCHASING_TEXT.view} PO-000001`);
    await view.waitFor();
    await page.getByText(PURCHASING_TEXT.created('PO-000001')).waitFor();
    await suggestions.waitFor({ state: 'hidden' });
    const lines = view.getByRole('table', { name: 'Lines' });
    expect(await column(lines, 0)).toEqual(['All-Purpose FlourINV-000101', 'Cake FlourINV-000102']);
    expect(await column(lines, 1)).toEqual(['22 kg', '6 kg']);
    expect(await column(lines, 2)).toEqual(['₱55.00', '₱55.00']);
    await view.locator('.mantine-Badge-label').getByText('Draft', { exact: true }).waitFor();
    await view.getByText(REORDER_TEXT.draftNotes).waitFor();

    await view.getByRole('button', { name: PURCHASING_TEXT.order, exact: true }).click();
    const confirm = dialog(page, 'Please confirm');
    await confirm.getByRole('button', { name: PURCHASING_TEXT.order, exact: true }).click();
    await view.locator('.mantine-Badge-label').getByText('Ordered', { exact: true }).waitFor();
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Purchasing', exact: true })
      .getByText('PO-000001', { exact: true })
      .waitFor();

    // What is on order now covers the mill's items; the dairy's butter is still wanted.
    const again = await openSuggestions(page);
    await again.getByRole('region', { name: 'Manila Flour Co.' }).waitFor({ state: 'detached' });
    await again.getByRole('region', { name: 'Batangas Dairy Farms' }).waitFor();
    await context.close();
  });

  it('fits the shop’s tablet', async () => {
    const { page, context } = await signedInPage(b, { viewport: TABLET });
    await page.goto('/purchasing');
    const suggestions = await openSuggestions(page);
    const table = suggestions.getByRole('region', { name: 'Batangas Dairy Farms' }).getByRole('table');
    // Nothing scrolls sideways: every column shows.
    expect(await table.locator('xpath=../..').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await snapshot(page, 'reorder-suggestions-tablet');
    await context.close();
  });
});
