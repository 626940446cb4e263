import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, inventoryItems, journal, sales, settings, terminals } from '../../server/db/schema';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// The invoice's contents (REST and tRPC), the buyer's details, and reprints counted and journaled.

let shop: TestShop;
let admin: Session;
let staff: Session;

const PROFILE = {
  businessName: 'Sweet Crumbs Baking Supplies',
  address: '12 Mabini St., Quezon City',
  contact: '0917 000 0000',
  tin: '123-456-789-00000',
  birPermitNumber: '',
};
const BUYER = { name: 'Cruz Bakery Corp.', address: '5 Rizal Ave., Manila', tin: '987-654-321-000' };

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.signedIn('admin');
  staff = await shop.signedIn('staff');
  shop.db
    .insert(settings)
    .values({ key: 'shopProfile', value: JSON.stringify(PROFILE) })
    .run();
  shop.db
    .update(terminals)
    .set({ min: '180000000001', serialNumber: 'SN-0001', permitNumber: 'FP012024-001-0000001' })
    .where(eq(terminals.id, 1))
    .run();
  shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-RCP1', name: 'Bread Flour 1kg', stock: 100_000, unitPrice: 50_000 },
      { itemId: 'INV-RCP2', name: 'Ensaymada', stock: 100_000, unitPrice: 10_000, scPwdEligible: true },
    ])
    .run();
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const vatSale = (buyer: unknown = BUYER) =>
  rest(shop, 'POST', '/api/sales', admin.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    taxRate: 12,
    cashTendered: 2000,
    items: [{ itemId: 'INV-RCP1', quantity: 3 }],
    buyer,
  });

const journalRows = () => shop.db.select().from(journal).all();

describe('the receipt', () => {
  it('prints every field of a VAT sale with a buyer, over REST and tRPC', async () => {
    const made = await vatSale();
    expect(made.statusCode).toBe(201);
    const { sale, receipt } = made.json();
    expect(receipt).toMatchObject({
      saleId: sale.saleId,
      invoiceNumber: 'INV1-000000001',
      reprint: 0,
      status: 'completed',
      businessName: PROFILE.businessName,
      vatRegTin: PROFILE.tin,
      address: PROFILE.address,
      terminal: 'Counter 1',
      min: '180000000001',
      serialNumber: 'SN-0001',
      permitNumber: 'FP012024-001-0000001',
      cashier: admin.user.username,
      lines: [
        { code: 'INV-RCP1', name: 'Bread Flour 1kg', quantity: 3, price: 500, amount: 1500, discount: 0 },
      ],
      subtotal: 1500,
      taxRate: 12,
      vatableSales: 1500,
      vatExemptSales: 0,
      zeroRatedSales: 0,
      vatAmount: 180,
      discounts: { SC: 0, PWD: 0, SC5: 0, other: 0 },
      discountAmount: 0,
      totalAmount: 1680,
      paymentMethod: 'Cash',
      payments: [{ method: 'Cash', amount: 1680 }],
      cashTendered: 2000,
      change: 320,
      buyer: BUYER,
      holder: null,
    });
    // The date and time as Manila prints them.
    expect(receipt.dateTime).toMatch(/\d{1,2}:\d{2}/);
    expect(new Date(receipt.soldAt).getTime()).toBe(new Date(sale.createdAt).getTime());
    const got = await rest(shop, 'GET', `/api/sales/${sale._id}/receipt`, admin.accessToken);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(receipt);
    // tRPC keeps centavos.
    const trpc = await admin.api.sales.receipt({ id: sale.saleId });
    expect(trpc).toMatchObject({ invoiceNumber: 'INV1-000000001', vatableSales: 150_000, vatAmount: 18_000 });
    expect(trpc.totalAmount).toBe(168_000);
    expect(trpc.buyer).toEqual(BUYER);
  });

  it('prints the SC holder, the exempt sales after the 20% and blank buyer lines', async () => {
    const made = await rest(shop, 'POST', '/api/sales', admin.accessToken, {
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      taxRate: 12,
      items: [
        { itemId: 'INV-RCP2', quantity: 2 },
        { itemId: 'INV-RCP1', quantity: 1 },
      ],
      discount: { type: 'SC', name: 'Lola Basyang', idNumber: 'SC-2024-0042' },
    });
    expect(made.statusCode).toBe(201);
    const { receipt } = made.json();
    expect(receipt).toMatchObject({
      invoiceNumber: 'INV1-000000002',
      subtotal: 700,
      vatableSales: 500,
      vatExemptSales: 160,
      zeroRatedSales: 0,
      vatAmount: 60,
      discounts: { SC: 40, PWD: 0, SC5: 0, other: 0 },
      discountAmount: 40,
      totalAmount: 720,
      buyer: { name: '', address: '', tin: '' },
      holder: { type: 'SC', name: 'Lola Basyang', idNumber: 'SC-2024-0042' },
    });
    // VATable + VAT-exempt + VAT is the total.
    expect(receipt.vatableSales + receipt.vatExemptSales + receipt.vatAmount).toBe(receipt.totalAmount);
    const trpc = await admin.api.sales.receipt({ id: made.json().sale._id });
    expect(trpc).toMatchObject({ vatableSales: 50_000, vatExemptSales: 16_000, vatAmount: 6_000 });
  });

  it('counts a sale without VAT as VAT-exempt after its discount', async () => {
    const made = await rest(shop, 'POST', '/api/sales', admin.accessToken, {
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      taxRate: 0,
      items: [{ itemId: 'INV-RCP2', quantity: 1 }],
      discount: { type: 'PWD', name: 'Juan Dela Cruz', idNumber: 'PWD-77' },
    });
    expect(made.json().receipt).toMatchObject({
      vatableSales: 0,
      vatExemptSales: 80,
      vatAmount: 0,
      discounts: { SC: 0, PWD: 20, SC5: 0, other: 0 },
      totalAmount: 80,
    });
  });

  it('refuses a bad buyer TIN with 400 and writes nothing', async () => {
    const before = {
      sales: await shop.db.$count(sales),
      journal: journalRows().length,
      last: shop.db.select().from(terminals).where(eq(terminals.id, 1)).get()!.lastInvoice,
    };
    const refused = await vatSale({ ...BUYER, tin: '12-34' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Buyer's TIN must be digits in groups, like 123-456-789-000.");
    expect(await shop.db.$count(sales)).toBe(before.sales);
    expect(journalRows()).toHaveLength(before.journal);
    expect(shop.db.select().from(terminals).where(eq(terminals.id, 1)).get()!.lastInvoice).toBe(before.last);
  });
});

describe('reprints', () => {
  it('counts each reprint, answers REPRINT data, and writes its journal and activity rows', async () => {
    const sale = (await vatSale()).json().sale;
    const journalBefore = journalRows().length;
    const first = await rest(shop, 'POST', `/api/sales/${sale._id}/reprint`, admin.accessToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: `Invoice ${sale.invoiceNumber} reprinted (reprint 1).`,
      reprintCount: 1,
      receipt: { invoiceNumber: sale.invoiceNumber, reprint: 1, totalAmount: 1680, buyer: BUYER },
    });
    // Staff may reprint too: recorded, not held.
    const second = await staff.api.sales.reprint({ id: sale.saleId });
    expect(second.reprintCount).toBe(2);
    expect(second.receipt.reprint).toBe(2);
    expect(second.receipt.totalAmount).toBe(168_000);
    expect(shop.db.select().from(sales).where(eq(sales.id, sale._id)).get()!.reprintCount).toBe(2);
    const rows = journalRows().slice(journalBefore);
    expect(rows.map((r) => [r.kind, r.documentNumber, r.amount, r.terminalId])).toEqual([
      ['reprint', sale.invoiceNumber, 168_000, 1],
      ['reprint', sale.invoiceNumber, 168_000, 1],
    ]);
    expect(JSON.parse(rows[1]!.document)).toEqual({
      invoiceNumber: sale.invoiceNumber,
      reprintCount: 2,
      by: staff.user.username,
    });
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Reprint Receipt'))
      .all()
      .map((a) => a.description);
    expect(logged).toContain(`Reprinted invoice ${sale.invoiceNumber} of ${sale.saleId} (reprint 1)`);
    expect(logged).toContain(`Reprinted invoice ${sale.invoiceNumber} of ${sale.saleId} (reprint 2)`);
    // The receipt read later says it was reprinted twice; the chain still verifies.
    expect((await admin.api.sales.receipt({ id: sale._id })).reprint).toBe(2);
    const verified = await rest(shop, 'GET', '/api/journal/verify', admin.accessToken);
    expect(verified.json().ok).toBe(true);
  });

  it('reprints a refunded sale', async () => {
    const sale = (await vatSale()).json().sale;
    expect(
      (await rest(shop, 'POST', `/api/sales/${sale._id}/refund`, admin.accessToken, {})).statusCode,
    ).toBe(200);
    const again = await rest(shop, 'POST', `/api/sales/${sale.saleId}/reprint`, admin.accessToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().receipt).toMatchObject({
      status: 'refunded',
      reprint: 1,
      refundNumber: 'INV1-R000000001',
    });
  });

  it('answers 404 for an unknown sale, writing nothing', async () => {
    const before = journalRows().length;
    for (const id of ['999999', 'SALE-ZZZZZZZZ', 'nonsense']) {
      const missing = await rest(shop, 'POST', `/api/sales/${id}/reprint`, admin.accessToken);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('That sale does not exist.');
      expect((await rest(shop, 'GET', `/api/sales/${id}/receipt`, admin.accessToken)).statusCode).toBe(404);
    }
    await expectTrpcError(admin.api.sales.reprint({ id: 999_999 }), 'NOT_FOUND', 'That sale does not exist.');
    expect(journalRows()).toHaveLength(before);
  });
});

describe('the invoice number wherever a sale is listed', () => {
  it('shows in the records table, its export and today’s sales, found there by invoice number', async () => {
    const sale = (await vatSale()).json().sale;
    const listed = await rest(shop, 'GET', '/api/salesReport/sales?range=today', admin.accessToken);
    expect(listed.json().sales.find((r: { saleId: string }) => r.saleId === sale.saleId)).toMatchObject({
      invoiceNumber: sale.invoiceNumber,
    });
    const records = await admin.api.reports.records({ period: { range: 'today' }, limit: 50 });
    expect(records.records.find((r) => r.id === sale._id)?.invoiceNumber).toBe(sale.invoiceNumber);
    const file = await rest(shop, 'GET', '/api/salesReport/export?range=today', admin.accessToken);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Sales')!;
    const header = sheet.getRow(1).values as unknown[];
    const column = header.indexOf('Invoice No.');
    expect(column).toBeGreaterThan(0);
    const row = (sheet.getColumn(header.indexOf('Sale ID')).values as unknown[]).indexOf(sale.saleId);
    expect(sheet.getRow(row).getCell(column).value).toBe(sale.invoiceNumber);
    // At the counter: by the invoice number, or its last digits.
    const found = await staff.api.sales.today({ search: sale.invoiceNumber });
    expect(found.map((r) => [r.saleId, r.invoiceNumber])).toEqual([[sale.saleId, sale.invoiceNumber]]);
    const byDigits = await staff.api.sales.today({ search: sale.invoiceNumber.slice(-4) });
    expect(byDigits.map((r) => r.saleId)).toContain(sale.saleId);
  });
});
