import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { takeEndOfDay } from '../../server/domains/shifts/endOfDay';
import { XLSX_TYPE } from '../../server/lib/xlsx';
import { checkoutInput } from '../../shared/schemas/sales';
import { SALES_SUMMARY_TEXT } from '../../shared/texts/salesSummary';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// The sales summary: one row per Manila day and terminal, from that day's Z readings. Day 1
// has two Z readings on terminal 1 (added up) and one on terminal 2; day 2 one on terminal 1.

let shop: TestShop;
let admin: Viewer;
let owner: Session;
let staff: Session;
let two = 0;

const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const D1 = '2026-10-05';
const D2 = '2026-10-06';

const sell = (when: Date, fields: Record<string, unknown>) =>
  checkout(
    shop.db,
    admin,
    checkoutInput.parse({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      taxRate: 12,
      lines: [{ kind: 'item', code: 'INV-SFLOUR', quantity: 1 }],
      ...fields,
    }),
    when,
  );

/** In centavos: flour ₱100 (VAT 12), bread ₱50 (SC/PWD eligible). */
const DAYS = [
  {
    // 09:00 flour 11200 cash; 10:00 SC bread 5000 - 1000 = 4000 GCash; Z; 13:00 flour ×2 22400
    // cash; 14:00 the first sale refunded; Z.
    date: D1,
    terminalId: 1,
    readings: 2,
    beginningInvoice: 'INV1-000000001',
    endingInvoice: 'INV1-000000003',
    beginningRefund: 'INV1-R000000001',
    endingRefund: 'INV1-R000000001',
    zCounter: 2,
    resetCounter: 0,
    previousGrandTotal: 0,
    presentGrandTotal: 37600,
    salesCount: 3,
    grossSales: 35000,
    vatableSales: 30000,
    vatAmount: 3600,
    vatExemptSales: 4000,
    zeroRatedSales: 0,
    discounts: { SC: 1000, PWD: 0, SC5: 0, other: 0 },
    refundsCount: 1,
    refundsAmount: 11200,
    netSales: 26400,
    payments: { Cash: 33600, GCash: 4000 },
  },
  {
    // 11:00 flour sold with no VAT on terminal 2, 10000 cash.
    date: D1,
    terminalId: 2,
    readings: 1,
    beginningInvoice: 'C2-000000001',
    endingInvoice: 'C2-000000001',
    beginningRefund: null,
    endingRefund: null,
    zCounter: 1,
    previousGrandTotal: 0,
    presentGrandTotal: 10000,
    grossSales: 10000,
    vatableSales: 0,
    vatAmount: 0,
    vatExemptSales: 10000,
    discounts: { SC: 0, PWD: 0, SC5: 0, other: 0 },
    refundsCount: 0,
    refundsAmount: 0,
    netSales: 10000,
    payments: { Cash: 10000 },
  },
  {
    date: D2,
    terminalId: 1,
    readings: 1,
    beginningInvoice: 'INV1-000000004',
    endingInvoice: 'INV1-000000004',
    zCounter: 3,
    previousGrandTotal: 37600,
    presentGrandTotal: 48800,
    grossSales: 10000,
    vatableSales: 10000,
    vatAmount: 1200,
    netSales: 11200,
    payments: { Cash: 11200 },
  },
];

beforeAll(async () => {
  shop = await testApp();
  admin = shop.adminViewer();
  owner = await shop.signedIn('owner');
  staff = await shop.signedIn('staff');
  shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-SFLOUR', name: 'Summary Flour', stock: 1_000_000, unitPrice: 10000 },
      { itemId: 'INV-SBREAD', name: 'Summary Bread', stock: 1_000_000, unitPrice: 5000, scPwdEligible: true },
    ])
    .run();
  two = (
    await rest(shop, 'POST', '/api/terminals', owner.accessToken, { name: 'Counter 2', invoicePrefix: 'C2-' })
  ).json().terminal._id;
  const first = await sell(at(D1, '09:00'), {});
  await sell(at(D1, '10:00'), {
    lines: [{ kind: 'item', code: 'INV-SBREAD', quantity: 1 }],
    discount: { type: 'SC', name: 'Lola', idNumber: 'SC-1' },
    paymentMethod: 'GCash',
    reference: 'G-1',
  });
  await sell(at(D1, '11:00'), { taxRate: 0, terminalId: two });
  takeEndOfDay(shop.db, admin, at(D1, '12:00'));
  await sell(at(D1, '13:00'), { lines: [{ kind: 'item', code: 'INV-SFLOUR', quantity: 2 }] });
  refund(shop.db, admin, first.sale.saleId, at(D1, '14:00'));
  takeEndOfDay(shop.db, admin, at(D1, '18:00'));
  takeEndOfDay(shop.db, admin, at(D1, '19:00'), { terminalId: two });
  await sell(at(D2, '10:00'), {});
  takeEndOfDay(shop.db, admin, at(D2, '18:00'));
});
afterAll(() => shop.close());

const pesoOf = (centavos: number) => centavos / 100;

describe('the sales summary', () => {
  it('has one row per day and terminal, several Z readings of a day added up', async () => {
    const summary = await owner.api.bir.salesSummary({ from: D1, to: D2 });
    expect(summary.days).toHaveLength(3);
    DAYS.forEach((day, n) => {
      expect(summary.days[n]).toMatchObject({ ...day, terminalId: day.terminalId === 2 ? two : 1 });
    });
    expect((await owner.api.bir.salesSummary({ from: D2, to: D2 })).days).toHaveLength(1);
  });

  it('answers REST in pesos', async () => {
    const res = await rest(shop, 'GET', `/api/bir/sales-summary?from=${D1}&to=${D2}`, owner.accessToken);
    expect(res.statusCode).toBe(200);
    const [day1] = res.json().days;
    expect(day1).toMatchObject({
      date: D1,
      terminalId: 1,
      beginningInvoice: 'INV1-000000001',
      grossSales: 350,
      vatAmount: 36,
      discounts: { SC: 10, PWD: 0, SC5: 0, other: 0 },
      refundsAmount: 112,
      netSales: 264,
      payments: { Cash: 336, GCash: 40 },
      presentGrandTotal: 376,
      zCounter: 2,
    });
  });

  it('sends the same numbers as .xlsx', async () => {
    const res = await rest(
      shop,
      'GET',
      `/api/bir/sales-summary?from=${D1}&to=${D2}&format=xlsx`,
      owner.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales_summary_${D1}_to_${D2}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet(SALES_SUMMARY_TEXT.sheet)!;
    const header = sheet.getRow(1).values as unknown[];
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name)).value;
    expect(sheet.rowCount).toBe(4);
    const [d1, t2, d2] = DAYS;
    expect([cell(2, 'Date'), cell(2, 'Terminal'), cell(3, 'Terminal'), cell(4, 'Date')]).toEqual([
      D1,
      'Counter 1',
      'Counter 2',
      D2,
    ]);
    expect(
      [
        'Beginning invoice',
        'Ending invoice',
        'Beginning refund',
        'Gross sales',
        'VATable sales',
        'VAT amount',
        'VAT-exempt sales',
        'SC discount',
        'Refunds',
        'Refunds amount',
        'Net sales',
        'Z counter',
        'Previous grand total',
        'Present grand total',
      ].map((name) => cell(2, name)),
    ).toEqual([
      d1!.beginningInvoice,
      d1!.endingInvoice,
      d1!.beginningRefund,
      pesoOf(d1!.grossSales),
      pesoOf(d1!.vatableSales),
      pesoOf(d1!.vatAmount),
      pesoOf(d1!.vatExemptSales!),
      pesoOf(d1!.discounts!.SC),
      1,
      pesoOf(d1!.refundsAmount!),
      pesoOf(d1!.netSales),
      2,
      0,
      pesoOf(d1!.presentGrandTotal),
    ]);
    expect([cell(3, 'VAT-exempt sales'), cell(3, 'Net sales'), cell(4, 'Previous grand total')]).toEqual([
      pesoOf(t2!.vatExemptSales!),
      pesoOf(t2!.netSales),
      pesoOf(d2!.previousGrandTotal),
    ]);
  });

  it('refuses bad dates and formats with 400, and staff with 403', async () => {
    for (const query of ['from=2026-13-01', `from=${D2}&to=${D1}`, 'to=yesterday']) {
      const res = await rest(shop, 'GET', `/api/bir/sales-summary?${query}`, owner.accessToken);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message: SHIFT_TEXT.badRange });
    }
    const pdf = await rest(shop, 'GET', '/api/bir/sales-summary?format=pdf', owner.accessToken);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ message: SALES_SUMMARY_TEXT.badFormat });
    const badXlsx = await rest(shop, 'GET', '/api/bir/sales-summary?from=x&format=xlsx', owner.accessToken);
    expect(badXlsx.statusCode).toBe(400);
    expect((await rest(shop, 'GET', '/api/bir/sales-summary', staff.accessToken)).statusCode).toBe(403);
  });
});
