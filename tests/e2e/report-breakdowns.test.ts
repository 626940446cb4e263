import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, inventoryItems } from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { REPORT_TEXT } from '../../shared/texts/reports';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The Sales Report as the owner reads it, on the counter's screen and on the tablet: sales
// by cashier and by item, the category charts' legends, and the .xlsx export whose split
// sale reconciles and whose Summary sheet adds up from its rows (read here with exceljs).

const b = browserShopForFile();
let split = '';

beforeAll(async () => {
  const db = b.shop.db;
  const category = (name: string) =>
    db.insert(categories).values({ name, type: 'inventory' }).returning().get().id;
  const [flourCat, sugarCat, dairyCat] = [category('Flour'), category('Sugar'), category('Dairy')];
  const product = (
    itemId: string,
    name: string,
    unitPrice: number,
    categoryId: number,
    scPwdEligible = false,
  ) =>
    db
      .insert(inventoryItems)
      .values({
        itemId,
        name,
        unitPrice,
        purchasePrice: Math.round(unitPrice * 0.6),
        stock: 500_000,
        categoryId,
        scPwdEligible,
      })
      .returning()
      .get().id;
  const flour = product('INV-820001', 'Bread Flour', 10000, flourCat);
  const sugar = product('INV-820002', 'Brown Sugar', 5000, sugarCat);
  const cheese = product('INV-820003', 'Cream Cheese', 25000, dairyCat, true);
  const viewer = b.shop.adminViewer();
  const sell = async (fields: Record<string, unknown>) =>
    (await checkout(db, viewer, checkoutInput.parse({ orderType: 'Walk-in', ...fields }))).sale;
  await sell({
    lines: [{ kind: 'item', id: flour, quantity: 3 }],
    paymentMethod: 'Cash',
    cashTendered: 100_000,
  });
  await sell({
    lines: [{ kind: 'item', id: sugar, quantity: 4 }],
    taxRate: 12,
    paymentMethod: 'GCash',
    reference: 'G-1',
  });
  split = (
    await sell({
      customerName: 'Lola Remedios',
      lines: [
        { kind: 'item', id: cheese, quantity: 2 },
        { kind: 'item', id: flour, quantity: 1 },
      ],
      taxRate: 12,
      discount: { type: 'SC', name: 'Lola Remedios', idNumber: 'SC-0421-118' },
      // 500.00 - 100.00 SC + 12.00 VAT on the flour = 512.00
      payments: [
        { method: 'Cash', amount: 20000 },
        { method: 'GCash', amount: 31200, reference: 'G-2' },
      ],
      cashTendered: 20000,
    })
  ).saleId;
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openReport(viewport: typeof CASHIER_SCREEN) {
  const opened = await signedInPage(b, { viewport });
  await openScreen(opened.page, 'Sales Report', '/sales-report');
  await section(opened.page, 'Total Sales')
    .getByText(formatPeso(3 * 10000 + 4 * 5000 + 2400 + 51200))
    .waitFor();
  return opened;
}

describe('the sales report’s breakdowns and charts', () => {
  for (const [size, viewport] of [
    ['1366x768', CASHIER_SCREEN],
    ['820x1180', TABLET],
  ] as const) {
    it(`shows sales by cashier and by item, and category legends in view (${size})`, async () => {
      const { page, context } = await openReport(viewport);
      const cashiers = section(page, REPORT_TEXT.byCashier);
      const cashierRow = cashiers.getByRole('row').filter({ hasText: 'admin' });
      await cashierRow.waitFor();
      // 300.00 + 224.00 + 512.00, three sales, 100.00 SC discount.
      expect(await cashierRow.locator('td').allTextContents()).toEqual([
        'admin',
        '3',
        formatPeso(103600),
        formatPeso(10000),
        '0',
      ]);
      const items = section(page, REPORT_TEXT.byItem);
      await items.getByRole('row').filter({ hasText: 'Cream Cheese' }).waitFor();
      const names = await items.locator('tbody tr td:first-child').allTextContents();
      // Most revenue first: flour 400.00, cheese 400.00 (500.00 less 100.00), sugar 200.00.
      expect(names).toEqual(['Bread Flour', 'Cream Cheese', 'Brown Sugar']);
      expect(
        await items.getByRole('row').filter({ hasText: 'Cream Cheese' }).locator('td').allTextContents(),
      ).toEqual(['Cream Cheese', '2', formatPeso(40000), formatPeso(30000), formatPeso(10000)]);
      await items.getByText('Showing 1-3 of 3 items', { exact: true }).waitFor();

      for (const chart of ['Sales by Category', 'Sales Distribution by Category']) {
        const legend = page.getByRole('list', { name: `${chart} legend` });
        await legend.scrollIntoViewIfNeeded();
        const entries = await legend.getByRole('listitem').allTextContents();
        expect(entries).toHaveLength(3);
        expect(entries.join(' ')).toMatch(/Flour.*%/);
        expect(entries.join(' ')).toMatch(/Dairy.*%/);
        // Each entry whole on screen, and large enough to read.
        for (const entry of await legend.getByRole('listitem').all()) {
          const box = (await entry.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          const fontSize = await entry
            .locator('p')
            .first()
            .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
          expect(fontSize).toBeGreaterThanOrEqual(13);
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await section(page, REPORT_TEXT.byCashier).scrollIntoViewIfNeeded();
      await snapshot(page, `sales-report-breakdowns-${size}`);
      await page
        .getByRole('list', { name: 'Sales Distribution by Category legend' })
        .scrollIntoViewIfNeeded();
      await snapshot(page, `sales-report-charts-${size}`);
      await context.close();
    });
  }

  it('exports a workbook whose split sale reconciles and whose Summary adds up from the rows', async () => {
    const { page, context } = await openReport(CASHIER_SCREEN);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Sales', 'Payments']);
    const rows = (name: string) => {
      const sheet = book.getWorksheet(name)!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const out: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1)
          out.push(Object.fromEntries(headers.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? null])));
      });
      return out;
    };
    const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
    const sum = (list: Record<string, unknown>[], key: string) => list.reduce((s, r) => s + cents(r[key]), 0);
    const sales = rows('Sales');
    const payments = rows('Payments');
    expect(sales).toHaveLength(3);
    // The split sale: one row, its payments listed, and the Payments sheet adding up to its total.
    const s = sales.find((r) => r['Sale ID'] === split)!;
    expect(s).toMatchObject({
      'Discount Type': 'SC',
      Discount: 100,
      'VAT-Exempt Sales': 500,
      VAT: 12,
      'Total Amount': 512,
    });
    expect(s.Payments).toBe('Cash ₱200.00 + GCash ₱312.00');
    const mine = payments.filter((p) => p['Sale ID'] === split);
    expect(mine.map((p) => p.Method)).toEqual(['Cash', 'GCash']);
    expect(sum(mine, 'Amount')).toBe(cents(s['Total Amount']));
    // The Summary sheet: every figure the sum of the rows.
    const summary = Object.fromEntries(rows('Summary').map((r) => [r.Figure, r.Value]));
    const E = REPORT_TEXT.exportSummary;
    expect(summary[E.sales]).toBe(sales.length);
    for (const [figure, column] of [
      [E.gross, 'Subtotal'],
      [E.discounts, 'Discount'],
      [E.vatExempt, 'VAT-Exempt Sales'],
      [E.vat, 'VAT'],
      [E.total, 'Total Amount'],
      [E.cost, 'Cost'],
    ] as const)
      expect(cents(summary[figure]), figure).toBe(sum(sales, column));
    expect(cents(summary[E.profit])).toBe(
      sum(sales, 'Subtotal') - sum(sales, 'Discount') - sum(sales, 'Cost'),
    );
    for (const method of ['Cash', 'GCash'])
      expect(cents(summary[E.paidBy(method)]), method).toBe(
        sum(
          payments.filter((p) => p.Method === method),
          'Amount',
        ),
      );
    expect(cents(summary[E.paidBy('Cash')]) + cents(summary[E.paidBy('GCash')])).toBe(
      cents(summary[E.total]),
    );
    await context.close();
  });
});
