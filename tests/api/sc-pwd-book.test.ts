import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes } from '../../server/db/schema';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { XLSX_TYPE } from '../../server/lib/xlsx';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { addDays, manilaDate } from '../../shared/time';
import { type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// The SC/PWD sales book as .xlsx (GET /api/sc-pwd-book/export?from&to): the
// discounted sales of the days asked, oldest first, as sold; names stay text; the
// endOfDay rule (admin, owner, manager) and the date checks apply as on the JSON route.

let shop: TestShop;
let manager: string;
let owner: string;
let staff: string;
const HOSTILE = '=HYPERLINK("x")';
/** Sale ids by what they are. */
const sold: Record<string, string> = {};
let seq = 0;

/** A ₱600.00 cake: SC/PWD-eligible by default. */
function cake() {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-B${seq}`, name: `Book Cake ${seq}`, stock: 20, price: 60000 })
    .returning()
    .get();
}

async function sell(at: string, discount: Record<string, string> | null) {
  const input = checkoutInput.parse({
    orderType: 'Walk-in',
    lines: [{ kind: 'cake', id: cake().id, quantity: 1 }],
    paymentMethod: 'Cash',
    cashTendered: 100000,
    discount,
  });
  const { sale } = await checkout(shop.db, shop.adminViewer(), input, new Date(`${at}+08:00`));
  return sale;
}

beforeAll(async () => {
  shop = await testApp();
  manager = (await shop.signedIn('manager')).accessToken;
  owner = (await shop.signedIn('owner')).accessToken;
  staff = (await shop.signedIn('staff')).accessToken;
  sold.before = (
    await sell('2025-03-09T23:59:00', { type: 'SC', name: 'Too Early', idNumber: 'SC-0' })
  ).saleId;
  sold.sc = (
    await sell('2025-03-10T10:00:00', { type: 'SC', name: HOSTILE, idNumber: 'SC-0421-118' })
  ).saleId;
  sold.plain = (await sell('2025-03-10T11:00:00', null)).saleId;
  const pwd = await sell('2025-03-11T15:30:00', { type: 'PWD', name: 'Jose Rizal', idNumber: 'PWD-1896' });
  sold.pwd = pwd.saleId;
  await refund(shop.db, shop.adminViewer(), pwd.id, new Date('2025-03-11T16:00:00+08:00'));
  sold.after = (
    await sell('2025-03-12T00:00:00', { type: 'PWD', name: 'Too Late', idNumber: 'PWD-9' })
  ).saleId;
  sold.today = (
    await sell(`${manilaDate()}T00:00:01`, { type: 'SC', name: 'Lola Cruz', idNumber: 'SC-7' })
  ).saleId;
});
afterAll(() => shop.close());

async function workbookOf(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('SC-PWD Sales Book');
  if (!sheet) throw new Error('no SC-PWD Sales Book sheet');
  return sheet;
}

describe('GET /api/sc-pwd-book/export', () => {
  it('sends the days’ SC/PWD sales as sold, oldest first, named by the dates', async () => {
    const res = await rest(shop, 'GET', '/api/sc-pwd-book/export?from=2025-03-10&to=2025-03-11', manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sc_pwd_book_2025-03-10_to_2025-03-11.xlsx"',
    );
    const sheet = await workbookOf(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Sale ID',
      'Type',
      'Name',
      'ID Number',
      'Gross',
      'Discount',
      'SC 5%',
      'Net',
      'Status',
    ]);
    // The plain sale has no discount; the 9th and the 12th are outside the days.
    expect(sheet.rowCount).toBe(3);
    const sc = sheet.getRow(2);
    // Excel has no time zone: the Manila wall-clock time.
    expect(sc.getCell(1).value).toEqual(new Date('2025-03-10T10:00:00Z'));
    // ₱600.00 eligible, 20% off: ₱120.00, leaving ₱480.00.
    expect(sc.values).toEqual([
      undefined,
      expect.any(Date),
      sold.sc,
      'SC',
      HOSTILE,
      'SC-0421-118',
      600,
      120,
      0,
      480,
      'Completed',
    ]);
    expect(sc.getCell(6).numFmt).toBe('#,##0.00');
    const pwd = sheet.getRow(3);
    expect(pwd.getCell(2).value).toBe(sold.pwd);
    expect(pwd.getCell(3).value).toBe('PWD');
    expect(pwd.getCell(4).value).toBe('Jose Rizal');
    expect(pwd.getCell(10).value).toBe('Refunded');
  });

  it('keeps a name that looks like a formula as text', async () => {
    const res = await rest(shop, 'GET', '/api/sc-pwd-book/export?from=2025-03-10&to=2025-03-10', owner);
    const cell = (await workbookOf(res.rawPayload)).getRow(2).getCell(4);
    expect(cell.value).toBe(HOSTILE);
    expect(cell.formula).toBeUndefined();
    expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('covers the last 30 days to today when no dates are given', async () => {
    const res = await rest(shop, 'GET', '/api/sc-pwd-book/export', manager);
    expect(res.statusCode).toBe(200);
    const today = manilaDate();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sc_pwd_book_${addDays(today, -29)}_to_${today}.xlsx"`,
    );
    const sheet = await workbookOf(res.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe(sold.today);
  });

  it('answers 403 to staff and 401 without a token', async () => {
    const refused = await rest(shop, 'GET', '/api/sc-pwd-book/export', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect((await rest(shop, 'GET', '/api/sc-pwd-book/export')).statusCode).toBe(401);
  });

  it.each([
    ['a date that is not one', 'from=2025-02-30&to=2025-03-10'],
    ['a date in another form', 'from=10/03/2025'],
    ['from after to', 'from=2025-03-11&to=2025-03-10'],
  ])('answers 400 for %s', async (_what, query) => {
    const res = await rest(shop, 'GET', `/api/sc-pwd-book/export?${query}`, manager);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SHIFT_TEXT.badRange);
  });
});
