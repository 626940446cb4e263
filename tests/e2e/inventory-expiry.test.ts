import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, inventoryItems, suppliers } from '../../server/db/schema';
import { dailyStockCheck } from '../../server/domains/inventory/alerts';
import { addDays, formatCalendarDate, manilaDate } from '../../shared/time';
import { CASHIER_SCREEN, column, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Expiry on the Inventory screen, as staff use it on the counter's screen and the tablet:
// dates in en-PH, sorted nearest first with undated items last, the Expiring soon status
// and its filter, and the Status column in view on the tablet without scrolling sideways.

const b = browserShopForFile();
const today = manilaDate();

beforeAll(() => {
  const db = b.shop.db;
  const baking = db.insert(categories).values({ name: 'Baking', type: 'inventory' }).returning().get().id;
  const supplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-9', name: 'Manila Flour Co.' })
    .returning()
    .get().id;
  // Stock and threshold in thousandths, as the database keeps them.
  const put = (n: number, name: string, expirationDate: string | null, stock = 40_000) =>
    db
      .insert(inventoryItems)
      .values({
        itemId: `INV-9000${String(n).padStart(2, '0')}`,
        name,
        stock,
        restockThreshold: 5_000,
        expirationDate,
        categoryId: baking,
        supplierId: supplier,
        purchasePrice: 125_000,
        unitPrice: 150_050,
      })
      .run();
  put(1, 'Cream Cheese', addDays(today, 3));
  put(2, 'Whipping Cream', addDays(today, 1));
  put(3, 'Bread Flour', addDays(today, 90));
  put(4, 'Cake Boxes', null);
  put(5, 'Butter', addDays(today, 20));
  put(6, 'Old Yeast', addDays(today, -2));
  put(7, 'Piping Bags', null);
  put(8, 'Fresh Milk', addDays(today, 6), 3_000);
});

const itemTable = (page: Page) => page.getByRole('table', { name: 'Inventory', exact: true });
const headers = async (page: Page) =>
  (await itemTable(page).getByRole('columnheader').allTextContents()).map((h) => h.replace(/\s*[↕▲▼]$/, ''));

async function openInventory(viewport: typeof CASHIER_SCREEN) {
  const opened = await signedInPage(b, { viewport });
  await openScreen(opened.page, 'Inventory', '/inventory');
  await opened.page.getByText('Showing 1-8 of 8 items', { exact: true }).waitFor();
  return opened;
}

describe('expiry on the Inventory screen', () => {
  for (const [size, viewport] of [
    ['1366x768', CASHIER_SCREEN],
    ['820x1180', TABLET],
  ] as const) {
    it(`sorts by expiry nearest first, undated last, in en-PH dates, and filters Expiring soon (${size})`, async () => {
      const { page, context } = await openInventory(viewport);
      const table = itemTable(page);
      // On the tablet, Status and the expiry come up beside the name.
      if (viewport === TABLET)
        expect((await headers(page)).slice(0, 4)).toEqual(['ID', 'Item Name', 'Status', 'Expiration Date']);
      const dateColumn = (await headers(page)).indexOf('Expiration Date');
      const statusColumn = (await headers(page)).indexOf('Status');
      const nameColumn = (await headers(page)).indexOf('Item Name');
      await page.getByRole('button', { name: 'Sort by Expiration Date' }).click();
      await expect
        .poll(() => column(table, nameColumn))
        .toEqual([
          'Old Yeast',
          'Whipping Cream',
          'Cream Cheese',
          'Fresh Milk',
          'Butter',
          'Bread Flour',
          expect.any(String),
          expect.any(String),
        ]);
      const dates = await column(table, dateColumn);
      expect(dates.slice(0, 6)).toEqual(
        [-2, 1, 3, 6, 20, 90].map((n) => formatCalendarDate(addDays(today, n))),
      );
      expect(dates.slice(6)).toEqual(['—', '—']);
      // en-PH, like every other date: "Nov 27, 2026", never 2026-11-27.
      expect(dates[1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(await column(table, statusColumn)).toEqual([
        'Expired',
        'Expiring soon',
        'Expiring soon',
        'Expiring soon',
        'Well-stocked',
        'Well-stocked',
        'Well-stocked',
        'Well-stocked',
      ]);
      await snapshot(page, `inventory-by-expiry-${size}`);

      // The filter: only what expires within the week, still sellable.
      await page.locator('input[aria-label="Status"]').click();
      await page.getByRole('option', { name: 'Expiring soon', exact: true }).click();
      await page.getByText('Showing 1-3 of 3 items', { exact: true }).waitFor();
      expect(await column(table, nameColumn)).toEqual(['Whipping Cream', 'Cream Cheese', 'Fresh Milk']);

      // The Status column is in view without scrolling sideways.
      // (Clicking a header may have scrolled the table to that button: start from the left.)
      const region = page.getByRole('region', { name: 'Inventory (scrolls sideways)' });
      await region.evaluate((el) => el.scrollTo({ left: 0 }));
      await snapshot(page, `inventory-expiring-soon-${size}`);
      const regionBox = (await region.boundingBox())!;
      for (const badge of await table.getByText('Expiring soon', { exact: true }).all()) {
        const box = (await badge.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(regionBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(
          Math.min(regionBox.x + regionBox.width, viewport.width),
        );
      }
      const statusHeader = (await table.getByRole('columnheader', { name: 'Sort by Status' }).boundingBox())!;
      expect(statusHeader.x + statusHeader.width).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }

  it('shows the stock of an expired lot apart on the item, to be written off', async () => {
    // As after the check the server runs at startup and each midnight: the expired lot leaves the stock.
    dailyStockCheck(b.shop.db);
    const { page, context } = await openInventory(CASHIER_SCREEN);
    await page.getByRole('button', { name: 'View Old Yeast', exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Item Details' });
    await view.getByText('Expired stock to write off: 40', { exact: true }).waitFor();
    const field = (label: string) =>
      view
        .getByRole('table', { name: 'Item Details' })
        .locator('tr')
        .filter({ has: page.locator('th').getByText(label, { exact: true }) })
        .locator('td')
        .textContent();
    expect(await field('Stock')).toBe('0');
    expect(await field('Status')).toBe('Expired');
    const lots = view.getByRole('table', { name: 'Lots' });
    await lots.getByRole('cell', { name: '40 of 40', exact: true }).waitFor();
    expect(await column(lots, 2)).toEqual([`${formatCalendarDate(addDays(today, -2))}Expired`]);
    await page.waitForTimeout(400);
    await snapshot(page, 'inventory-expired-lot-1366x768');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // A lot still in date is for sale: nothing waits to be written off.
    await page.getByRole('button', { name: 'View Fresh Milk', exact: true }).click();
    await view
      .getByRole('table', { name: 'Lots' })
      .getByRole('cell', { name: '3 of 3', exact: true })
      .waitFor();
    expect(await view.getByText('Expired stock to write off', { exact: false }).count()).toBe(0);
    expect(await view.getByText('Expired', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
