import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { checkoutInput } from '../../shared/schemas/sales';
import { REPORT_TEXT } from '../../shared/texts/reports';
import { manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// The sales report's breakdowns: sales by cashier and by item, and the export's discount,
// VAT-exempt and payment columns, Payments sheet and Summary sheet. Every figure by hand:
//
// Flour ₱100.00 (cost ₱60.00, no SC/PWD); Ensaymada ₱50.00 (cost ₱20.00, SC/PWD eligible).
// S1 admin: 2 × Flour, 12% VAT, Cash.            subtotal 200.00, VAT 24.00, total 224.00, cost 120.00
// S2 admin: Flour + 2 × Ensaymada, 12% VAT, SC:  subtotal 200.00, discount 20.00 (20% of 100.00),
//           VAT-exempt 100.00, VAT 12.00 (12% of the flour's 100.00), total 192.00, cost 100.00;
//           paid Cash 60.00 + GCash 132.00
// S3 staff: 3 × Ensaymada, no VAT, GCash.         subtotal 150.00, total 150.00, cost 60.00
// S4 staff: Flour, no VAT, Cash, then refunded:   total 100.00, out of every figure but Refunds

let shop: TestShop;
let admin: Session;
let owner: Session;
let staff: Session;
let manager: Session;
const today = manilaDate();
const period = { range: 'custom' as const, from: today, to: today };
const query = `range=custom&from=${today}&to=${today}`;
let split = '';
let refunded = '';

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  owner = await shop.signedIn('owner');
  staff = await shop.signedIn('staff');
  manager = await shop.signedIn('manager');
  const product = (
    itemId: string,
    name: string,
    unitPrice: number,
    purchasePrice: number,
    scPwdEligible: boolean,
  ) =>
    shop.db
      .insert(inventoryItems)
      .values({ itemId, name, unitPrice, purchasePrice, scPwdEligible, stock: 100_000 })
      .returning()
      .get().id;
  const flour = product('INV-810001', 'Bread Flour', 10000, 6000, false);
  const bread = product('INV-810002', 'Ensaymada', 5000, 2000, true);
  const sell = (who: Session, fields: Record<string, unknown>) =>
    who.api.sales.checkout(checkoutInput.parse({ orderType: 'Walk-in', ...fields }));

  await sell(admin, {
    lines: [{ kind: 'item', id: flour, quantity: 2 }],
    taxRate: 12,
    paymentMethod: 'Cash',
    cashTendered: 50000,
  });
  split = (
    await sell(admin, {
      customerName: 'Lola Remedios',
      lines: [
        { kind: 'item', id: flour, quantity: 1 },
        { kind: 'item', id: bread, quantity: 2 },
      ],
      taxRate: 12,
      discount: { type: 'SC', name: 'Lola Remedios', idNumber: 'SC-0421-118' },
      payments: [
        { method: 'Cash', amount: 6000 },
        { method: 'GCash', amount: 13200, reference: 'GC-1' },
      ],
      cashTendered: 6000,
    })
  ).sale.saleId;
  await staff.api.shifts.open({ openingCash: 0 });
  await sell(staff, {
    lines: [{ kind: 'item', id: bread, quantity: 3 }],
    paymentMethod: 'GCash',
    reference: 'GC-2',
  });
  const s4 = await sell(staff, {
    lines: [{ kind: 'item', id: flour, quantity: 1 }],
    paymentMethod: 'Cash',
    cashTendered: 10000,
  });
  refunded = s4.sale.saleId;
  await admin.api.sales.refund({ id: s4.sale.id });
});
afterAll(() => shop.close());

describe('sales by cashier', () => {
  it('sums each cashier’s completed sales, and counts the sales of theirs refunded', async () => {
    const rows = await owner.api.reports.byCashier(period);
    expect(rows).toEqual([
      {
        cashierId: admin.user.id,
        cashier: admin.user.username,
        transactions: 2,
        totalSales: 41600,
        revenue: 38000, // 200.00 + (200.00 - 20.00), before VAT
        discounts: 2000,
        refunds: 0,
        refundedAmount: 0,
      },
      {
        cashierId: staff.user.id,
        cashier: staff.user.username,
        transactions: 1,
        totalSales: 15000,
        revenue: 15000,
        discounts: 0,
        refunds: 1,
        refundedAmount: 10000,
      },
    ]);
  });

  it('answers REST in pesos, and 400 for a bad period', async () => {
    const res = await rest(shop, 'GET', `/api/salesReport/by-cashier?${query}`, owner.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      cashier: admin.user.username,
      totalSales: 416,
      revenue: 380,
      discounts: 20,
    });
    const bad = await rest(
      shop,
      'GET',
      '/api/salesReport/by-cashier?range=custom&from=2026-11-01',
      owner.accessToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REPORT_TEXT.customNeedsDates);
  });
});

describe('sales by item', () => {
  it('sums each product’s completed lines: quantity, revenue after discounts, cost and profit, most revenue first', async () => {
    const page = await owner.api.reports.byItem({ period });
    expect(page).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    expect(page.rows).toEqual([
      {
        kind: 'item',
        code: 'INV-810001',
        name: 'Bread Flour',
        quantity: 3,
        revenue: 30000,
        cost: 18000,
        profit: 12000,
      },
      // 2 × 50.00 less 20.00 SC, then 3 × 50.00
      {
        kind: 'item',
        code: 'INV-810002',
        name: 'Ensaymada',
        quantity: 5,
        revenue: 23000,
        cost: 10000,
        profit: 13000,
      },
    ]);
    const second = await owner.api.reports.byItem({ period, page: 2, limit: 1 });
    expect(second.rows.map((r) => r.code)).toEqual(['INV-810002']);
    expect(second.totalPages).toBe(2);
  });

  it('answers REST in pesos, and 400 for a bad page', async () => {
    const res = await rest(
      shop,
      'GET',
      `/api/salesReport/by-item?${query}&page=1&limit=10`,
      owner.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1 });
    expect(res.json().items[1]).toMatchObject({ name: 'Ensaymada', revenue: 230, cost: 100, profit: 130 });
    const bad = await rest(shop, 'GET', `/api/salesReport/by-item?${query}&page=0`, owner.accessToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('page must be a whole number from 1.');
  });

  it('keeps both from managers and staff (403)', async () => {
    for (const s of [manager, staff]) {
      await expectTrpcError(s.api.reports.byCashier(period), 'FORBIDDEN');
      await expectTrpcError(s.api.reports.byItem({ period }), 'FORBIDDEN');
      for (const url of ['/api/salesReport/by-cashier', '/api/salesReport/by-item'])
        expect((await rest(shop, 'GET', url, s.accessToken)).statusCode).toBe(403);
    }
  });
});

/** The workbook's sheet as objects keyed by the header row. */
function rowsOf(book: ExcelJS.Workbook, name: string): Record<string, unknown>[] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no ${name} sheet`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return rows;
}

const sum = (rows: Record<string, unknown>[], key: string) =>
  Math.round(rows.reduce((s, r) => s + Number(r[key] ?? 0), 0) * 100) / 100;

describe('the export', () => {
  let book: ExcelJS.Workbook;
  beforeAll(async () => {
    const res = await rest(shop, 'GET', `/api/salesReport/export?${query}`, owner.accessToken);
    expect(res.statusCode).toBe(200);
    book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  });

  it('has a row per sale with its cashier, discount, VAT-exempt sales, cost and payments', () => {
    const sales = rowsOf(book, 'Sales');
    expect(sales).toHaveLength(4);
    const s2 = sales.find((r) => r['Sale ID'] === split)!;
    expect(s2).toMatchObject({
      Cashier: admin.user.username,
      Subtotal: 200,
      'Discount Type': 'SC',
      Discount: 20,
      'VAT-Exempt Sales': 100,
      VAT: 12,
      'Total Amount': 192,
      Cost: 100,
      Payments: 'Cash ₱60.00 + GCash ₱132.00',
      Status: 'Completed',
    });
    expect(sales.find((r) => r['Sale ID'] === refunded)).toMatchObject({
      Status: 'Refunded',
      'Total Amount': 100,
    });
  });

  it('has a Payments sheet whose rows add up to each sale’s total: the split sale reconciles', () => {
    const payments = rowsOf(book, 'Payments');
    const sales = rowsOf(book, 'Sales');
    const mine = payments.filter((p) => p['Sale ID'] === split);
    expect(mine.map((p) => [p.Method, p.Amount])).toEqual([
      ['Cash', 60],
      ['GCash', 132],
    ]);
    for (const sale of sales)
      expect(
        sum(
          payments.filter((p) => p['Sale ID'] === sale['Sale ID']),
          'Amount',
        ),
        String(sale['Sale ID']),
      ).toBe(sale['Total Amount']);
  });

  it('has a Summary sheet whose totals are the sums of the completed rows, and the hand-computed figures', () => {
    const summary = Object.fromEntries(rowsOf(book, 'Summary').map((r) => [r.Figure, r.Value]));
    const completed = rowsOf(book, 'Sales').filter((r) => r.Status === 'Completed');
    const refundedRows = rowsOf(book, 'Sales').filter((r) => r.Status === 'Refunded');
    const paid = rowsOf(book, 'Payments').filter((p) => p.Status === 'Completed');
    const E = REPORT_TEXT.exportSummary;
    expect(summary[E.sales]).toBe(completed.length);
    expect(summary[E.gross]).toBe(sum(completed, 'Subtotal'));
    expect(summary[E.discounts]).toBe(sum(completed, 'Discount'));
    expect(summary[E.vatExempt]).toBe(sum(completed, 'VAT-Exempt Sales'));
    expect(summary[E.vat]).toBe(sum(completed, 'VAT'));
    expect(summary[E.total]).toBe(sum(completed, 'Total Amount'));
    expect(summary[E.refunds]).toBe(refundedRows.length);
    expect(summary[E.refundedAmount]).toBe(sum(refundedRows, 'Total Amount'));
    expect(summary[E.cost]).toBe(sum(completed, 'Cost'));
    expect(summary[E.profit]).toBe(
      Math.round((sum(completed, 'Subtotal') - sum(completed, 'Discount') - sum(completed, 'Cost')) * 100) /
        100,
    );
    for (const method of ['Cash', 'GCash'])
      expect(summary[E.paidBy(method)]).toBe(
        sum(
          paid.filter((p) => p.Method === method),
          'Amount',
        ),
      );
    // By hand.
    expect(summary).toMatchObject({
      [E.sales]: 3,
      [E.gross]: 550,
      [E.discounts]: 20,
      [E.vatExempt]: 100,
      [E.vat]: 36,
      [E.total]: 566,
      [E.refunds]: 1,
      [E.refundedAmount]: 100,
      [E.cost]: 280,
      [E.profit]: 250,
      [E.paidBy('Cash')]: 284,
      [E.paidBy('GCash')]: 282,
    });
  });
});
