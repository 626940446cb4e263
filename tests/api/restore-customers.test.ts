import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';
import { aDayOfInput, customerState } from '../helpers/shopDay';

// Customers have a backup area of their own: a day's customers come back from their own
// file with nothing to change, and a bad row refuses the file, naming it. (Onto an empty
// shop: restore-cakes.test.ts.)

let shop: TestShop;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  await aDayOfInput(shop, owner);
});
afterAll(() => shop.close());

const restore = (file: Buffer, dryRun = false) =>
  restoreFile(shop, 'customers', file, owner.accessToken, dryRun);

describe('the customers backup', () => {
  it('the day’s own backup restores with nothing to change', async () => {
    const file = await backupFile(shop, 'customers', owner.accessToken);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = byField(book, 'customers');
    expect((sheet.sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'customerId',
      'name',
      'email',
      'phoneNumber',
      'address',
      'createdAt',
      'updatedAt',
    ]);
    expect(sheet.get(2)).toMatchObject({
      customerId: 'CUS-ÑOÑO-1',
      address: '=HYPERLINK("http://x.test","click")',
      phoneNumber: '+63 917 555 0101',
    });
    const before = customerState(shop.db);
    const preview = await restore(file, true);
    expect(preview.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: false });
    const res = await restore(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: true });
    expect(customerState(shop.db)).toEqual(before);
  });

  it('bad rows refuse the file, each named, and nothing changes', async () => {
    const file = await backupFile(shop, 'customers', owner.accessToken);
    const bad = await edited(file, (book) => {
      const sheet = byField(book, 'customers');
      sheet.set(2, 'email', 'not-an-email');
      sheet.set(3, 'name', null);
      sheet.add({ ...sheet.get(4), customerId: 'CUS-PLUS' }); // 5
      sheet.add({ ...sheet.get(4), customerId: 'CUS 9' }); // 6
      sheet.add({ ...sheet.get(4), customerId: 'CUS-10', createdAt: 'yesterday' }); // 7
    });
    const before = customerState(shop.db);
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      {
        sheet: 'customers',
        row: 2,
        reason: 'email: Email must look like name@example.com, or be left blank.',
      },
      { sheet: 'customers', row: 3, reason: 'name: Please fill in all required fields.' },
      { sheet: 'customers', row: 5, reason: 'customerId CUS-PLUS is also on row 4.' },
      { sheet: 'customers', row: 6, reason: 'customerId: Customer ID cannot contain spaces.' },
      {
        sheet: 'customers',
        row: 7,
        reason: 'createdAt: must be a date and time like 2026-11-20T01:30:00.000Z',
      },
    ]);
    expect(customerState(shop.db)).toEqual(before);
  });
});
