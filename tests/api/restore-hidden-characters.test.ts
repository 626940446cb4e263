import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { changedTables, digestOf } from '../helpers/fuzzInputs';

// A backup edited in a spreadsheet can carry what input refuses: a line break typed with
// Alt+Enter, a tab, a bidi override or zero-width space pasted in. The restore refuses such
// a cell as its row's problem, naming the field, and restores nothing (the same rule as
// input: shared/schemas/text.ts). Only characters a workbook can hold are tried here.

const AUDIT = new Set(['activity_logs', 'activity_by_day', 'notifications', 'sqlite_sequence']);

let shop: TestShop;
let admin: Session;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  const api = admin.api;
  const supplier = await api.suppliers.add({
    supplierId: 'SUP-1',
    name: 'Mills',
    contact: 'Ana',
    company: 'Mills Inc.',
  });
  const { item } = await api.inventory.add({
    itemId: 'INV-1',
    name: 'Bread Flour',
    stock: 100_000,
    unitPrice: 8000,
    scPwdEligible: true,
    supplierId: supplier.record.id,
  });
  await api.shifts.open({ openingCash: 0 });
  const line = { kind: 'item' as const, id: item.id, quantity: 1 };
  await api.sales.checkout({
    customerName: 'Lola',
    orderType: 'Walk-in',
    lines: [line],
    paymentMethod: 'GCash',
    reference: 'G-1',
    discount: { type: 'SC', name: 'Lola Remedios', idNumber: 'SC-1' },
  });
  await api.sales.checkout({
    orderType: 'Walk-in',
    lines: [line],
    payments: [{ method: 'PayMaya', amount: 8000, reference: 'P-1' }],
  });
  await shop.signedIn('staff');
});
afterAll(() => shop.close());

/** The cells tried: where a sheet keeps the area's stored texts. */
const CELLS: [area: string, sheet: string, field: string][] = [
  ['inventory', 'inventory', 'itemId'],
  ['inventory', 'inventory', 'name'],
  ['supplier', 'supplier', 'supplierId'],
  ['supplier', 'supplier', 'name'],
  ['supplier', 'supplier', 'contact'],
  ['supplier', 'supplier', 'company'],
  ['sales', 'sales', 'customerName'],
  ['sales', 'sales', 'paymentReference'],
  ['sales', 'sales', 'discountName'],
  ['sales', 'sales', 'discountIdNumber'],
  ['sales', 'payments', 'reference'],
  ['users', 'users', 'username'],
  ['users', 'users', 'email'],
];

/** Characters a workbook holds but no stored text may. */
const CHARACTERS: [string, string][] = [
  ['a line break (Alt+Enter)', '\n'],
  ['a tab', '\t'],
  ['a right-to-left override', '\u202e'],
  ['a zero-width space', '\u200b'],
  ['a C1 control', '\u009b'],
];

async function withCell(file: Buffer, sheetName: string, field: string, value: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const column = (sheet.getRow(1).values as unknown[]).indexOf(field);
  if (column < 1) throw new Error(`no column ${field} in ${sheetName}`);
  const cell = sheet.getRow(2).getCell(column);
  const text = cell.value === null || cell.value === '' ? 'text' : String(cell.value);
  cell.value = `${text.slice(0, 1)}${value}${text.slice(1)}`;
  return Buffer.from(await book.xlsx.writeBuffer());
}

const inject = (method: 'GET' | 'POST', url: string, payload?: Buffer) =>
  shop.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${admin.accessToken}`,
      ...(payload ? { 'content-type': 'application/octet-stream' } : {}),
    },
    payload,
  });

describe.each(CELLS)('%s backup, %s sheet: a %s cell', (area, sheet, field) => {
  it('holding a hidden or control character or a line break refuses its row, naming the field', async () => {
    const file = (await inject('GET', `/api/backup/${area}`)).rawPayload;
    const problems: string[] = [];
    for (const [name, character] of CHARACTERS) {
      const bad = await withCell(file, sheet, field, character);
      const before = digestOf(shop.db.$client, AUDIT);
      const res = await inject('POST', `/api/backup/${area}/restore`, bad);
      const rejected = res.json().rejected as { sheet: string; row: number; reason: string }[] | undefined;
      const named = new RegExp(`^${field}: .*(hidden or control characters|one line)`);
      if (
        res.statusCode !== 400 ||
        !rejected?.some((r) => r.sheet === sheet && r.row === 2 && named.test(r.reason))
      )
        problems.push(`${name}: ${res.statusCode} ${JSON.stringify(rejected ?? res.json())}`);
      const changed = changedTables(before, digestOf(shop.db.$client, AUDIT));
      if (changed.length > 0) problems.push(`${name}: changed ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
