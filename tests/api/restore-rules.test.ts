import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales, users } from '../../server/db/schema';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { SALES_TEXT } from '../../shared/texts/sales';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';

// A restore holds its rows to the rules the rest of the app keeps: a restored sale's figures
// to checkout's own, a restored username unique whatever its case.

let shop: TestShop;
let owner: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  staff = await shop.signedIn('staff');
  const [flour, bread] = shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-700001', name: 'Bread Flour', stock: 100_000, unitPrice: 6125, purchasePrice: 4550 },
      // Food: takes the SC/PWD discount.
      { itemId: 'INV-700002', name: 'Pandesal', stock: 100_000, unitPrice: 333, scPwdEligible: true },
    ])
    .returning()
    .all();
  const sell = (sale: Record<string, unknown>) =>
    owner.api.sales.checkout({ orderType: 'Walk-in', ...sale } as never);
  await sell({
    taxRate: 12,
    discount: { type: 'SC', name: 'Lola Ñora', idNumber: 'SC-123' },
    lines: [
      { kind: 'item', id: flour!.id, quantity: 3 },
      { kind: 'item', id: bread!.id, quantity: 7 },
    ],
    payments: [
      { method: 'Cash', amount: 10000 },
      { method: 'GCash', amount: 12445, reference: 'G-1' },
    ],
    cashTendered: 20000,
  });
  await sell({
    taxRate: 12,
    paymentMethod: 'Cash',
    cashTendered: 50000,
    lines: [{ kind: 'item', id: bread!.id, quantity: 1 }],
  });
  await sell({
    paymentMethod: 'GCash',
    reference: 'G-2',
    lines: [{ kind: 'item', id: flour!.id, quantity: 1 }],
  });
});
afterAll(() => shop.close());

const restore = (area: string, file: Buffer) => restoreFile(shop, area, file, owner.accessToken);

/** A sale of one line added to the file, its figures as given (pesos). */
function addSale(
  book: ExcelJS.Workbook,
  saleId: string,
  line: { price: number; quantity?: number; discount?: number },
  sale: Record<string, ExcelJS.CellValue>,
) {
  const quantity = line.quantity ?? 1;
  const discount = line.discount ?? 0;
  byField(book, 'lines').add({
    saleId,
    kind: 'item',
    code: 'INV-700001',
    name: 'Bread Flour',
    price: line.price,
    purchasePrice: 0,
    quantity,
    lineTotal: line.price * quantity - discount,
    discount,
  });
  return byField(book, 'sales').add({
    saleId,
    soldAt: '2026-11-20T01:30:00.000Z',
    customerName: 'Walk-in',
    orderType: 'Walk-in',
    taxRate: 0,
    taxAmount: 0,
    paymentMethod: 'Cash',
    status: 'completed',
    ...sale,
  });
}

describe('a restored sale meets checkout’s rules', () => {
  it('the counter’s own sales (a discount, a split with cash, one method) restore with nothing to change', async () => {
    const file = await backupFile(shop, 'sales', owner.accessToken);
    const res = await restore('sales', file);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: true });
  });

  it('a negative sale, one of ₱10,000,000,000,000.00, tax off the rate, short cash, a wrong discount: refused by row', async () => {
    const file = await backupFile(shop, 'sales', owner.accessToken);
    const rows: Record<string, number> = {};
    const bad = await edited(file, (book) => {
      rows.negative = addSale(book, 'SALE-NEG00001', { price: -100 }, { subtotal: -100, totalAmount: -100 });
      rows.huge = addSale(
        book,
        'SALE-HUGE0001',
        { price: 10_000_000_000_000 },
        { subtotal: 10_000_000_000_000, totalAmount: 10_000_000_000_000 },
      );
      rows.tax = addSale(
        book,
        'SALE-TAX00001',
        { price: 100 },
        { subtotal: 100, taxRate: 12, totalAmount: 100 },
      );
      rows.cash = addSale(
        book,
        'SALE-CASH0001',
        { price: 100 },
        { subtotal: 100, totalAmount: 100, cashTendered: 50, change: -50 },
      );
      rows.discount = addSale(
        book,
        'SALE-DISC0001',
        { price: 100, discount: 10 },
        {
          subtotal: 100,
          discountType: 'SC',
          discountName: 'Lola',
          discountIdNumber: 'SC-1',
          discountAmount: 10,
          vatExemptAmount: 100,
          totalAmount: 90,
        },
      );
    });
    const before = await shop.db.$count(sales);
    const res = await restore('sales', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      { sheet: 'sales', row: rows.negative, reason: 'SALE-NEG00001: subtotal cannot be negative.' },
      { sheet: 'sales', row: rows.huge, reason: `SALE-HUGE0001: ${SALES_TEXT.tooLarge}` },
      {
        sheet: 'sales',
        row: rows.tax,
        reason: 'SALE-TAX00001: taxAmount ₱0.00 is not 12% of the taxable ₱100.00 (₱12.00).',
      },
      { sheet: 'sales', row: rows.cash, reason: `SALE-CASH0001: ${SALES_TEXT.cashTooLow}` },
      {
        sheet: 'sales',
        row: rows.discount,
        reason: 'SALE-DISC0001: a line’s discount ₱10.00 is not 20% of its ₱100.00 (₱20.00).',
      },
    ]);
    expect(await shop.db.$count(sales)).toBe(before);
  });
});

describe('a restored username is unique whatever its case', () => {
  it('refuses a username another account has in other case, and twins within the file', async () => {
    const file = await backupFile(shop, 'users', owner.accessToken);
    const rows: number[] = [];
    const bad = await edited(file, (book) => {
      const sheet = byField(book, 'users');
      const account = (email: string, username: string) =>
        sheet.add({
          email,
          username,
          role: 'staff',
          status: 'active',
          createdAt: '2026-01-01T00:00:00.000Z',
        });
      rows.push(account('echo@bakeshop.test', staff.user.username.toUpperCase()));
      rows.push(account('twin.a@bakeshop.test', 'Kambal'));
      rows.push(account('twin.b@bakeshop.test', 'KAMBAL'));
    });
    const before = shop.db.select().from(users).all();
    const res = await restore('users', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      { sheet: 'users', row: rows[0], reason: `echo@bakeshop.test: ${ACCOUNT_TEXT.usernameTaken}` },
      { sheet: 'users', row: rows[2], reason: `twin.b@bakeshop.test: ${ACCOUNT_TEXT.usernameTaken}` },
    ]);
    expect(shop.db.select().from(users).all()).toEqual(before);
  });
});
