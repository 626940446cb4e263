import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  categories,
  customers,
  inventoryItems,
  notifications,
  saleLines,
  sales,
  salesByDay,
  stockMovements,
  suppliers,
  units,
  users,
} from '../../server/db/schema';
import { NO_PASSWORD } from '../../server/domains/backup/restore/users';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { manilaDate } from '../../shared/time';
import { ADMIN, PASSWORD, type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// Restore: each area's backup comes back field for field after a wipe or a
// change; a dry run changes nothing; a bad row, a file of another area or random bytes
// change nothing and say why.

let shop: TestShop;
let owner: Session;
let manager: Session;
let staff: Session;
const HOSTILE = '=HYPERLINK("http://x.test","click")';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  const db = shop.db;
  const flour = db.insert(categories).values({ name: 'Flour', type: 'inventory' }).returning().get().id;
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()?.id;
  const mills = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: HOSTILE, contact: '0917 000 0000', company: 'Mills Inc.' })
    .returning()
    .get().id;
  db.insert(suppliers)
    .values({ supplierId: 'SUP-002', name: 'Sugar House', updatedAt: new Date('2026-10-01T02:03:04.005Z') })
    .run();
  const creator = db.select().from(users).where(eq(users.email, ADMIN.email)).get()?.id;
  const [flourItem, sugarItem] = db
    .insert(inventoryItems)
    .values([
      {
        itemId: 'INV-000001',
        name: 'Bread Flour',
        stock: 40_000,
        categoryId: flour,
        unitId: kg,
        supplierId: mills,
        purchasePrice: 4550,
        unitPrice: 6125,
        amount: 1.5,
        restockThreshold: 5_000,
        expirationDate: '2027-01-31',
        createdBy: creator,
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
        updatedAt: new Date('2026-02-03T04:05:06.789Z'),
      },
      {
        itemId: 'INV-000002',
        name: 'Brown Sugar',
        stock: 9_000,
        unitPrice: 5001,
        purchasePrice: 3333,
        expirationDate: '2027-12-31',
      },
    ])
    .returning()
    .all();
  const customer = db
    .insert(customers)
    .values({ customerId: 'CUS-000001', name: 'Maria Santos' })
    .returning()
    .get();
  const viewer = shop.adminViewer();
  const sell = (saleId: string, extra: object, lines: object[], at: string) =>
    checkout(
      db,
      viewer,
      checkoutInput.parse({ saleId, orderType: 'Walk-in', lines, ...extra }),
      new Date(at),
    );
  await sell(
    'SALE-RESTORE1',
    { customerId: customer.id, taxRate: 12, paymentMethod: 'GCash', reference: 'G-123' },
    [
      { kind: 'item', id: flourItem?.id, quantity: 3 },
      { kind: 'item', id: sugarItem?.id, quantity: 1 },
    ],
    '2026-11-20T09:30:00.250+08:00',
  );
  await sell(
    'SALE-RESTORE2',
    { customerName: HOSTILE, paymentMethod: 'Cash', cashTendered: 20000 },
    [{ kind: 'item', id: sugarItem?.id, quantity: 2 }],
    '2026-11-21T23:59:00.000+08:00',
  );
  await sell(
    'SALE-RESTORE3',
    { paymentMethod: 'Others' },
    [{ kind: 'item', id: flourItem?.id, quantity: 1 }],
    '2026-11-21T10:00:00+08:00',
  );
  refund(db, viewer, 'SALE-RESTORE3', new Date('2026-11-21T11:00:00+08:00'));
});
afterAll(() => shop.close());

async function backup(area: string): Promise<Buffer> {
  const res = await rest(shop, 'GET', `/api/backup/${area}`, owner.accessToken);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

function restore(area: string, file: Buffer, { dryRun = false, token = owner.accessToken } = {}) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/backup/${area}/restore${dryRun ? '?dryRun=true' : ''}`,
    headers: { 'content-type': XLSX, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: file,
  });
}

/** The file with `edit` applied to its workbook, as a person editing it in Excel would. */
async function edited(file: Buffer, edit: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  edit(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Everything the shop knows about its items, by business id and names, ids left out. */
function inventoryState() {
  return shop.db
    .select()
    .from(inventoryItems)
    .orderBy(asc(inventoryItems.itemId))
    .all()
    .map(({ id: _id, ...item }) => item);
}

/** Each item's stock beside what its unexpired lots hold: the two must agree after any restore. */
function stockAndLots() {
  return shop.db.all<{ itemId: string; stock: number; lots: number }>(
    sql`select i.item_id as itemId, i.stock as stock, coalesce(sum(l.remaining), 0) as lots
      from inventory_items i left join stock_lots l on l.item_id = i.id
        and (l.expiration_date is null or l.expiration_date >= ${manilaDate(new Date())})
      group by i.id order by i.item_id`,
  );
}

function everything() {
  return {
    items: inventoryState(),
    suppliers: shop.db.select().from(suppliers).orderBy(asc(suppliers.supplierId)).all(),
    sales: shop.db.select().from(sales).orderBy(asc(sales.saleId)).all(),
    lines: shop.db.select().from(saleLines).orderBy(asc(saleLines.id)).all(),
    users: shop.db.select().from(users).orderBy(asc(users.email)).all(),
    ledger: shop.db.$count(stockMovements),
  };
}

describe('restoring an area', () => {
  it('inventory: a dry run changes nothing; the restore brings back every field, stock through the ledger', async () => {
    const original = inventoryState();
    const file = await backup('inventory');
    const db = shop.db;
    // Stock moves only through lots: an edit on the item, as the form makes it.
    const flourId = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-000001')).get()!.id;
    await owner.api.inventory.update({ id: flourId, changes: { stock: 7_000 } });
    db.update(inventoryItems)
      .set({
        name: 'Renamed',
        purchasePrice: 1,
        unitPrice: 2,
        expirationDate: null,
        supplierId: null,
      })
      .where(eq(inventoryItems.itemId, 'INV-000001'))
      .run();
    db.delete(inventoryItems).where(eq(inventoryItems.itemId, 'INV-000002')).run();
    const changed = everything();

    const preview = await restore('inventory', file, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ added: 1, updated: 1, unchanged: 0, rejected: [], applied: false });
    expect(everything()).toEqual(changed);

    const res = await restore('inventory', file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, updated: 1, unchanged: 0, rejected: [], applied: true });
    expect(inventoryState()).toEqual(original);
    for (const row of stockAndLots()) expect(row.lots, row.itemId).toBe(row.stock);
    const moves = db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'restore'))
      .orderBy(asc(stockMovements.id))
      .all();
    expect(moves.map((m) => [m.record, m.change, m.stockBefore, m.stockAfter])).toEqual([
      ['INV-000001', original[0]!.stock - 7_000, 7_000, original[0]!.stock],
      ['INV-000002', original[1]!.stock, 0, original[1]!.stock],
    ]);
    // Once more: nothing left to do.
    expect((await restore('inventory', file)).json()).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });

  it('supplier: every field back, and a formula-like name comes back as the same text', async () => {
    const original = shop.db.select().from(suppliers).orderBy(asc(suppliers.supplierId)).all();
    const file = await backup('supplier');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const cell = book.getWorksheet('supplier')?.getRow(2).getCell(2);
    expect(cell?.value).toBe(HOSTILE);
    expect(cell?.formula).toBeUndefined();
    shop.db
      .update(suppliers)
      .set({ name: 'Someone else', contact: '', company: 'X' })
      .where(eq(suppliers.supplierId, 'SUP-001'))
      .run();
    shop.db.delete(suppliers).where(eq(suppliers.supplierId, 'SUP-002')).run();
    const res = await restore('supplier', file);
    expect(res.json()).toMatchObject({ added: 1, updated: 1, rejected: [] });
    const back = shop.db.select().from(suppliers).orderBy(asc(suppliers.supplierId)).all();
    // SUP-002 is a new row (a new database id); every other field is the original's.
    expect(back.map(({ id: _id, ...s }) => s)).toEqual(original.map(({ id: _id, ...s }) => s));
    expect(back[0]?.name).toBe(HOSTILE);
  });

  it('sales: wiped sales and lines come back to the centavo and the millisecond, with the report figures', async () => {
    const db = shop.db;
    const saleFields = () =>
      db
        .select()
        .from(sales)
        .orderBy(asc(sales.saleId))
        .all()
        // A restored sale or refund waits for no Z reading (docs/decisions.md): those marks are this shop's own.
        .map(({ id: _id, createdAt: _c, linesKey: _k, zPending: _z, refundZPending: _rz, ...s }) => s);
    const lineFields = () =>
      db
        .select({ line: saleLines, saleId: sales.saleId })
        .from(saleLines)
        .innerJoin(sales, eq(sales.id, saleLines.saleId))
        .orderBy(asc(sales.saleId), asc(saleLines.code))
        .all()
        // A line links to its product by code: the one on file now (the first test re-made INV-000002).
        .map(({ line: { id: _id, saleId: _s, itemId, ...line }, saleId }) => {
          const product = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, line.code)).get();
          return { ...line, saleId, linked: itemId === null || itemId === product?.id };
        });
    const rollups = () =>
      db.select().from(salesByDay).orderBy(asc(salesByDay.day), asc(salesByDay.paymentMethod)).all();
    const original = { sales: saleFields(), lines: lineFields(), rollups: rollups() };
    expect(original.sales.map((s) => s.status)).toEqual(['completed', 'completed', 'refunded']);
    const stock = inventoryState().map((i) => i.stock);
    const file = await backup('sales');
    db.delete(sales).run();
    expect(rollups().every((r) => r.sales === 0)).toBe(true);

    const res = await restore('sales', file);
    expect(res.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: true });
    expect({ sales: saleFields(), lines: lineFields(), rollups: rollups() }).toEqual(original);
    // Stock is the inventory backup's to restore: the sales restore moved none.
    expect(inventoryState().map((i) => i.stock)).toEqual(stock);
  });

  it('sales: a refund the file records is taken; undoing one, or changing a sale, is refused', async () => {
    const file = await backup('sales');
    const db = shop.db;
    db.update(sales)
      .set({ status: 'completed', refundedAt: null, refundedBy: null })
      .where(eq(sales.saleId, 'SALE-RESTORE3'))
      .run();
    expect((await restore('sales', file)).json()).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 2,
      applied: true,
    });
    expect(db.select().from(sales).where(eq(sales.saleId, 'SALE-RESTORE3')).get()?.status).toBe('refunded');

    const unrefunded = await edited(file, (book) => {
      const sheet = book.getWorksheet('sales')!;
      const status = sheet.getRow(1).values as string[];
      sheet.getRow(4).getCell(status.indexOf('status')).value = 'completed';
      sheet.getRow(2).getCell(status.indexOf('customerName')).value = 'Someone Else';
    });
    const before = everything();
    const res = await restore('sales', unrefunded);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      {
        sheet: 'sales',
        row: 2,
        reason: expect.stringContaining('differs from the sale on file (customerName)'),
      },
      {
        sheet: 'sales',
        row: 4,
        reason: 'SALE-RESTORE3 was refunded after this backup; a refund is never undone.',
      },
    ]);
    expect(everything()).toEqual(before);
  });

  it('sales: figures that do not add up and lines without their sale are refused by row', async () => {
    const file = await backup('sales');
    shop.db.delete(sales).where(eq(sales.saleId, 'SALE-RESTORE2')).run();
    const bad = await edited(file, (book) => {
      const sales = book.getWorksheet('sales')!;
      const header = sales.getRow(1).values as string[];
      sales.getRow(3).getCell(header.indexOf('subtotal')).value = 999.99;
      const lines = book.getWorksheet('lines')!;
      lines.addRow(['SALE-NOWHERE', 'item', 'INV-000001', 'Bread Flour', 'Flour', 1, 1, 1, 1]);
    });
    const before = everything();
    const res = await restore('sales', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      { sheet: 'sales', row: 3, reason: expect.stringContaining('is not the sum of its lines') },
      { sheet: 'lines', row: 6, reason: 'saleId SALE-NOWHERE is not in the sales sheet.' },
    ]);
    expect(everything()).toEqual(before);
    expect((await restore('sales', file)).json()).toMatchObject({ added: 1, applied: true });
  });

  it('users: a deleted account comes back without a password and must be reset; a changed one is set back', async () => {
    const db = shop.db;
    const fields = () =>
      db
        .select({
          email: users.email,
          username: users.username,
          role: users.role,
          status: users.status,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(asc(users.email))
        .all();
    const original = fields();
    const hashes = db.select({ email: users.email, hash: users.passwordHash }).from(users).all();
    const file = await backup('users');
    db.delete(users).where(eq(users.email, staff.user.email)).run();
    db.update(users)
      .set({ role: 'staff', status: 'deactivated', username: 'renamed' })
      .where(eq(users.email, manager.user.email))
      .run();

    const res = await restore('users', file);
    expect(res.json()).toEqual({ added: 1, updated: 1, unchanged: 2, rejected: [], applied: true });
    expect(fields()).toEqual(original);
    const back = db.select().from(users).where(eq(users.email, staff.user.email)).get();
    expect(back).toMatchObject({ passwordHash: NO_PASSWORD, needsPasswordReset: true });
    await expect(shop.login(staff.user.email, PASSWORD)).rejects.toThrow();
    // The way back in: the account asks for a reset, an admin approves it, the account sets a password.
    await shop.caller().resetRequests.create({ email: staff.user.email });
    const admin = await shop.adminSession();
    const request = (await admin.api.resetRequests.list()).find((r) => r.email === staff.user.email);
    const { temporaryPassword } = await admin.api.resetRequests.approve({ id: request?.id ?? 0 });
    const session = await shop.login(staff.user.email, temporaryPassword);
    await shop
      .caller(session.accessToken)
      .auth.setNewPassword({ userId: back?.id ?? 0, newPassword: 'a-new-pass-77' });
    expect((await shop.login(staff.user.email, 'a-new-pass-77')).accessToken).toBeTruthy();
    // Nobody else's password changed.
    const after = db.select({ email: users.email, hash: users.passwordHash }).from(users).all();
    expect(after.filter((u) => u.email !== staff.user.email)).toEqual(
      hashes.filter((u) => u.email !== staff.user.email),
    );
  });

  it('users: an owner cannot restore an admin, nor change their own account or the system one', async () => {
    const file = await backup('users');
    const bad = await edited(file, (book) => {
      const sheet = book.getWorksheet('users')!;
      sheet.addRow(['boss@bakeshop.test', 'boss', 'admin', 'active', '2026-01-01T00:00:00.000Z']);
      sheet.eachRow((row, n) => {
        if (n > 1 && [owner.user.email, ADMIN.email].includes(String(row.getCell(1).value)))
          row.getCell(4).value = 'deactivated';
      });
    });
    const before = everything();
    const res = await restore('users', bad);
    expect(res.statusCode).toBe(400);
    const reasons = res.json().rejected.map((r: { reason: string }) => r.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('The system account cannot be changed.'),
        expect.stringContaining('Your own account is not changed by a restore.'),
        expect.stringContaining('You can only assign roles below your own.'),
      ]),
    );
    expect(everything()).toEqual(before);
  });
});

describe('refusing a file', () => {
  it('one bad row among good ones: nothing changes and the row is named', async () => {
    const file = await backup('inventory');
    const bad = await edited(file, (book) => {
      const sheet = book.getWorksheet('inventory')!;
      const header = sheet.getRow(1).values as string[];
      sheet.getRow(2).getCell(header.indexOf('name')).value = 'Changed but never saved';
      sheet.getRow(3).getCell(header.indexOf('purchasePrice')).value = -5;
    });
    const before = everything();
    const activity = await shop.db.$count(activityLogs);
    const res = await restore('inventory', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: BACKUP_TEXT.rowsRefused(1),
      added: 0,
      updated: 0,
      unchanged: 0,
      applied: false,
      rejected: [
        {
          sheet: 'inventory',
          row: 3,
          reason: 'purchasePrice: Purchase price must be a non-negative number.',
        },
      ],
    });
    expect(everything()).toEqual(before);
    // The refusal is on record, the rows are not.
    expect(await shop.db.$count(activityLogs)).toBe(activity + 1);
    // A dry run of the same file shows the same refusal, as a preview.
    const preview = await restore('inventory', bad, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rejected).toHaveLength(1);
  });

  it('a formula, a duplicate id or a reference not on file is a refused row', async () => {
    const file = await backup('inventory');
    const bad = await edited(file, (book) => {
      const sheet = book.getWorksheet('inventory')!;
      const header = sheet.getRow(1).values as string[];
      sheet.getRow(2).getCell(header.indexOf('unitPrice')).value = {
        formula: '1+1',
        result: 2,
      } as ExcelJS.CellFormulaValue;
      sheet.getRow(3).getCell(header.indexOf('supplierId')).value = 'SUP-404';
      // By field name, so a column added later cannot shift it.
      const row = sheet.addRow([]);
      const put = (field: string, value: ExcelJS.CellValue) => {
        row.getCell(header.indexOf(field)).value = value;
      };
      for (const [field, value] of Object.entries({
        itemId: 'inv-000002',
        name: 'Again',
        stock: 1,
        purchasePrice: 1,
        unitPrice: 1,
        amount: 1,
        restockThreshold: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
      }))
        put(field, value);
    });
    const res = await restore('inventory', bad, { dryRun: true });
    expect(res.json().rejected).toEqual([
      { sheet: 'inventory', row: 2, reason: 'unitPrice: holds a formula; only values restore' },
      {
        sheet: 'inventory',
        row: 3,
        reason: 'supplierId: SUP-404 is not on file; restore the supplier backup first.',
      },
      { sheet: 'inventory', row: 4, reason: 'itemId inv-000002 is also on row 3.' },
    ]);
  });

  it('random bytes, another area’s workbook, a non-file body: 400 and nothing changes', async () => {
    const before = everything();
    const noise = await restore('inventory', randomBytes(5000));
    expect(noise.statusCode).toBe(400);
    expect(noise.json().message).toBe(BACKUP_TEXT.notWorkbook);
    const other = await restore('inventory', await backup('supplier'));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(BACKUP_TEXT.wrongArea('inventory', 'it has no inventory sheet'));
    const json = await rest(shop, 'POST', '/api/backup/inventory/restore', owner.accessToken, { rows: [] });
    expect(json.statusCode).toBe(400);
    const unknown = await restore('recipes', await backup('supplier'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(BACKUP_TEXT.unknownArea);
    expect(everything()).toEqual(before);
  });

  it('a file over 20 MB is refused before it is read', async () => {
    const res = await restore('inventory', Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BACKUP_TEXT.tooLarge);
  });

  it('is for admin and owner only', async () => {
    const file = await backup('supplier');
    for (const role of ['manager', 'staff'] as const) {
      const { accessToken } = await shop.signedIn(role);
      expect((await restore('supplier', file, { token: accessToken })).statusCode).toBe(403);
    }
    expect((await restore('supplier', file, { token: '' })).statusCode).toBe(401);
  });

  it('logs each restore and says it is done', async () => {
    const file = await backup('supplier');
    await restore('supplier', file);
    const log = shop.db
      .select()
      .from(activityLogs)
      .where(inArray(activityLogs.action, ['Restore']))
      .orderBy(asc(activityLogs.id))
      .all()
      .at(-1);
    expect(log?.description).toMatch(/^Restored the supplier backup: 0 added, 0 updated, 2 unchanged$/);
    const note = shop.db.select().from(notifications).orderBy(asc(notifications.id)).all().at(-1);
    expect(note).toMatchObject({ type: 'success', message: BACKUP_TEXT.restored('supplier', 0, 0) });
  });
});
