import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  categories,
  inventoryItems,
  notifications,
  suppliers,
  units,
  users,
} from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { ADMIN, type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// Backups (the download half): each area as {area}_backup.xlsx with a header row
// of field names, business ids for references, pesos, ISO instants, never a secret, and
// text that stays text.

let shop: TestShop;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;
const HOSTILE = '=HYPERLINK("http://x.test","click")';

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  owner = await shop.signedIn('owner');
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  const db = shop.db;
  const flour = db.insert(categories).values({ name: 'Flour', type: 'inventory' }).returning().get().id;
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()?.id;
  const supplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: HOSTILE, contact: '0917 000 0000', company: 'Mills Inc.' })
    .returning()
    .get().id;
  const adminUser = db.select().from(users).where(eq(users.email, ADMIN.email)).get()!;
  const item = db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-000001',
      name: 'Bread Flour',
      stock: 40_000,
      categoryId: flour,
      unitId: kg,
      supplierId: supplier,
      purchasePrice: 4550,
      unitPrice: 6125,
      amount: 1,
      restockThreshold: 5_000,
      expirationDate: '2027-01-31',
      createdBy: adminUser.id,
    })
    .returning()
    .get().id;
  const viewer = shop.adminViewer();
  const input = checkoutInput.parse({
    saleId: 'SALE-BACKUP01',
    customerName: HOSTILE,
    orderType: 'Walk-in',
    lines: [{ kind: 'item', id: item, quantity: 3 }],
    taxRate: 12,
    paymentMethod: 'GCash',
    reference: 'G-123',
  });
  await checkout(db, viewer, input, new Date('2026-11-20T09:30:00.250+08:00'));
});
afterAll(() => shop.close());

async function download(area: string, token = owner.accessToken) {
  const res = await rest(shop, 'GET', `/api/backup/${area}`, token);
  const book = new ExcelJS.Workbook();
  if (res.statusCode === 200) await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, book };
}

/** A sheet as objects keyed by its header row. */
function rowsOf(book: ExcelJS.Workbook, name: string) {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { headers, rows, sheet };
}

describe('area backups', () => {
  it('inventory: field names, references by business id, pesos, dates as written', async () => {
    const { res, book } = await download('inventory');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory_backup.xlsx"');
    const { headers, rows } = rowsOf(book, 'inventory');
    expect(headers).toEqual([
      'itemId',
      'name',
      'category',
      'unit',
      'supplierId',
      'stock',
      'purchasePrice',
      'unitPrice',
      'amount',
      'restockThreshold',
      'scPwdEligible',
      'basicNecessity',
      'barcode',
      'expirationDate',
      'createdBy',
      'createdAt',
      'updatedAt',
    ]);
    expect(rows[0]).toMatchObject({
      itemId: 'INV-000001',
      name: 'Bread Flour',
      category: 'Flour',
      unit: 'kg',
      supplierId: 'SUP-001',
      stock: 37,
      purchasePrice: 45.5,
      unitPrice: 61.25,
      restockThreshold: 5,
      scPwdEligible: 'no',
      basicNecessity: 'no',
      expirationDate: '2027-01-31',
      createdBy: ADMIN.email,
    });
    expect(String(rows[0]?.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('supplier: text that looks like a formula stays text', async () => {
    const { book } = await download('supplier');
    const { rows, sheet } = rowsOf(book, 'supplier');
    expect(rows[0]).toMatchObject({ supplierId: 'SUP-001', name: HOSTILE, company: 'Mills Inc.' });
    expect(sheet.getRow(2).getCell(2).formula).toBeUndefined();
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('sales: a sheet of sales and one of lines, to the centavo and the millisecond', async () => {
    const { book } = await download('sales', admin.accessToken);
    const sale = rowsOf(book, 'sales').rows[0];
    expect(sale).toMatchObject({
      saleId: 'SALE-BACKUP01',
      soldAt: '2026-11-20T01:30:00.250Z',
      customerName: HOSTILE,
      orderType: 'Walk-in',
      subtotal: 183.75,
      taxRate: 12,
      taxAmount: 22.05,
      totalAmount: 205.8,
      paymentMethod: 'GCash',
      paymentReference: 'G-123',
      status: 'completed',
      soldBy: ADMIN.email,
    });
    expect(rowsOf(book, 'lines').rows).toEqual([
      {
        saleId: 'SALE-BACKUP01',
        kind: 'item',
        code: 'INV-000001',
        name: 'Bread Flour',
        category: 'Flour',
        price: 61.25,
        purchasePrice: 45.5,
        quantity: 3,
        lineTotal: 183.75,
        discount: 0,
        // Three from the opening lot at ₱45.50.
        cost: 136.5,
        // Sold online at the catalogue's price: no other price beside it.
        catalogPrice: null,
      },
    ]);
  });

  it('users: no password hash, no token, nothing secret', async () => {
    const { res, book } = await download('users');
    const { headers, rows } = rowsOf(book, 'users');
    expect(headers).toEqual(['email', 'username', 'role', 'status', 'createdAt']);
    expect(rows.map((r) => r.email)).toContain(ADMIN.email);
    const hashes = shop.db.select({ hash: users.passwordHash }).from(users).all();
    const file = (res.rawPayload as Buffer).toString('latin1');
    for (const { hash } of hashes) expect(file.includes(hash)).toBe(false);
    expect(JSON.stringify(rows)).not.toMatch(/argon2|password|token/i);
  });

  it('is for admin and owner only; an unknown area is a 400 with a message', async () => {
    for (const s of [manager, staff])
      expect((await rest(shop, 'GET', '/api/backup/inventory', s.accessToken)).statusCode).toBe(403);
    expect((await rest(shop, 'GET', '/api/backup/inventory')).statusCode).toBe(401);
    const bad = await rest(shop, 'GET', '/api/backup/recipes', owner.accessToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BACKUP_TEXT.unknownArea);
  });

  it('logs each download and says it is done', async () => {
    const before = await shop.db.$count(activityLogs, eq(activityLogs.module, 'Backup and Restore'));
    await download('supplier');
    await expect
      .poll(() => shop.db.$count(activityLogs, eq(activityLogs.module, 'Backup and Restore')))
      .toBe(before + 1);
    const last = shop.db.select().from(notifications).all().at(-1);
    expect(last).toMatchObject({ type: 'success', message: 'The supplier backup was downloaded.' });
  });
});
