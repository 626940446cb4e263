import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  inventoryItems,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  units,
  users,
} from '../../server/db/schema';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { SUPPLIER_TEXT } from '../../shared/texts/suppliers';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';

// Purchase orders have a backup area of their own: orders by poNumber with their lines, the
// supplier and the items by business id, quantities in the item's unit. A restore brings
// them back whole, refuses a bad row by name and writes nothing then, and never takes back
// a delivery. The supplier backup carries each supplier's lead time.

let shop: TestShop;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  const db = shop.db;
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
  const mills = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: 'Manila Mills', leadTimeDays: 14 })
    .returning()
    .get().id;
  const dairy = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-002', name: 'Dairy Farms' })
    .returning()
    .get().id;
  const item = (itemId: string, name: string) =>
    db.insert(inventoryItems).values({ itemId, name, unitId: kg }).returning().get().id;
  const flour = item('INV-000001', 'Bread Flour');
  const butter = item('INV-000002', 'Butter');
  const po = owner.api.purchaseOrders;
  // PO-000001: a Draft of 2.5 kg and 0.125 kg, with a date and notes.
  await po.create({
    supplierId: mills,
    expectedDate: '2026-12-05',
    notes: '=HYPERLINK("http://x.test","click")',
    lines: [
      { itemId: flour, quantity: 2500, unitCost: 5550 },
      { itemId: butter, quantity: 125, unitCost: 42000 },
    ],
  });
  // PO-000002: ordered, part of it received.
  const ordered = (
    await po.create({ supplierId: dairy, lines: [{ itemId: butter, quantity: 10_000, unitCost: 41000 }] })
  ).purchaseOrder;
  await po.order({ id: ordered.id });
  db.update(purchaseOrderLines)
    .set({ received: 4000 })
    .where(eq(purchaseOrderLines.purchaseOrderId, ordered.id))
    .run();
  db.update(purchaseOrders).set({ status: 'Partly received' }).where(eq(purchaseOrders.id, ordered.id)).run();
  // PO-000003: cancelled.
  const cancelled = (
    await po.create({ supplierId: mills, lines: [{ itemId: flour, quantity: 1000, unitCost: 5500 }] })
  ).purchaseOrder;
  await po.cancel({ id: cancelled.id });
});
afterAll(() => shop.close());

const backup = (area = 'purchase-orders') => backupFile(shop, area, owner.accessToken);
const restore = (file: Buffer, { dryRun = false, area = 'purchase-orders' } = {}) =>
  restoreFile(shop, area, file, owner.accessToken, dryRun);

/** Every purchase order and line by business ids, database ids left out. */
function poState() {
  const orders = shop.db
    .select({ order: purchaseOrders, supplier: suppliers.supplierId, creator: users.email })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .orderBy(asc(purchaseOrders.poNumber))
    .all()
    .map(({ order: { id: _id, supplierId: _s, createdBy: _c, ...order }, supplier, creator }) => ({
      ...order,
      supplier,
      creator,
    }));
  const lines = shop.db
    .select({
      poNumber: purchaseOrders.poNumber,
      itemId: inventoryItems.itemId,
      quantity: purchaseOrderLines.quantity,
      received: purchaseOrderLines.received,
      unitCost: purchaseOrderLines.unitCost,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, purchaseOrderLines.itemId))
    .orderBy(asc(purchaseOrders.poNumber), asc(inventoryItems.itemId))
    .all();
  return { orders, lines };
}

/** The row of a sheet whose cells hold these values (an earlier restore may have reordered lines). */
function rowWhere(sheet: ReturnType<typeof byField>, values: Record<string, unknown>): number {
  for (let row = 2; row <= sheet.sheet.rowCount; row++)
    if (Object.entries(values).every(([field, value]) => sheet.get(row)[field] === value)) return row;
  throw new Error(`no row with ${JSON.stringify(values)}`);
}

function wipe() {
  shop.db.delete(purchaseOrderLines).run();
  shop.db.delete(purchaseOrders).run();
}

describe('the purchase-orders backup', () => {
  it('holds the orders by poNumber and their lines, by business id, in units and pesos', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await backup()) as unknown as ArrayBuffer);
    const orders = byField(book, 'purchase-orders');
    expect((orders.sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'poNumber',
      'status',
      'supplierId',
      'expectedDate',
      'notes',
      'createdBy',
      'createdAt',
      'orderedAt',
      'cancelledAt',
    ]);
    expect(orders.get(2)).toMatchObject({
      poNumber: 'PO-000001',
      status: 'Draft',
      supplierId: 'SUP-001',
      expectedDate: '2026-12-05',
      notes: '=HYPERLINK("http://x.test","click")',
      orderedAt: null,
    });
    expect(orders.sheet.getRow(2).getCell(5).formula).toBeUndefined();
    expect(orders.get(3)).toMatchObject({ poNumber: 'PO-000002', status: 'Partly received' });
    expect(orders.get(4)).toMatchObject({ poNumber: 'PO-000003', status: 'Cancelled' });
    const lines = byField(book, 'lines');
    expect((lines.sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'poNumber',
      'itemId',
      'quantity',
      'received',
      'unitCost',
    ]);
    expect([2, 3, 4, 5].map((row) => lines.get(row))).toEqual([
      { poNumber: 'PO-000001', itemId: 'INV-000001', quantity: 2.5, received: 0, unitCost: 55.5 },
      { poNumber: 'PO-000001', itemId: 'INV-000002', quantity: 0.125, received: 0, unitCost: 420 },
      { poNumber: 'PO-000002', itemId: 'INV-000002', quantity: 10, received: 4, unitCost: 410 },
      { poNumber: 'PO-000003', itemId: 'INV-000001', quantity: 1, received: 0, unitCost: 55 },
    ]);
  });

  it('its own file restores with nothing to change', async () => {
    const before = poState();
    const res = await restore(await backup());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: true });
    expect(poState()).toEqual(before);
  });

  it('wiped, the orders come back whole after a dry run that changes nothing', async () => {
    const original = poState();
    const file = await backup();
    wipe();
    const preview = await restore(file, { dryRun: true });
    expect(preview.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: false });
    expect(poState()).toEqual({ orders: [], lines: [] });
    const res = await restore(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: true });
    expect(poState()).toEqual(original);
    // The next order is numbered after the restored ones.
    const supplier = shop.db.select().from(suppliers).where(eq(suppliers.supplierId, 'SUP-002')).get()!;
    const item = shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-000001')).get()!;
    const next = await owner.api.purchaseOrders.create({
      supplierId: supplier.id,
      lines: [{ itemId: item.id, quantity: 1000, unitCost: 100 }],
    });
    expect(next.purchaseOrder.poNumber).toBe('PO-000004');
    shop.db.delete(purchaseOrders).where(eq(purchaseOrders.id, next.purchaseOrder.id)).run();
  });

  it('an order changed since is set back to the file, its lines too', async () => {
    const original = poState();
    const file = await backup();
    const draft = shop.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.poNumber, 'PO-000001'))
      .get()!;
    shop.db.update(purchaseOrders).set({ notes: 'Changed' }).where(eq(purchaseOrders.id, draft.id)).run();
    const butter = shop.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.itemId, 'INV-000002'))
      .get()!;
    shop.db.delete(purchaseOrderLines).where(eq(purchaseOrderLines.itemId, butter.id)).run();
    const res = await restore(file);
    expect(res.json()).toEqual({ added: 0, updated: 2, unchanged: 1, rejected: [], applied: true });
    expect(poState()).toEqual(original);
  });

  it('refuses bad rows, each named, and writes nothing', async () => {
    const file = await backup();
    const at = { flour: 0, butter: 0 };
    const bad = await edited(file, (book) => {
      const orders = byField(book, 'purchase-orders');
      orders.set(2, 'supplierId', 'SUP-404');
      orders.set(3, 'status', 'Shipped');
      orders.add({ ...orders.get(4), poNumber: 'po-000003' }); // 5
      orders.add({ ...orders.get(4), poNumber: 'PO-000009', expectedDate: '2026-02-30' }); // 6
      orders.add({ ...orders.get(4), poNumber: 'PO-000010', status: 'Draft' }); // 7
      orders.add({ ...orders.get(4), poNumber: 'PO-000011', status: 'Cancelled' }); // 8
      const lines = byField(book, 'lines');
      const first = (itemId: string) => rowWhere(lines, { poNumber: 'PO-000001', itemId });
      at.flour = first('INV-000001');
      at.butter = first('INV-000002');
      lines.set(at.flour, 'itemId', 'INV-404');
      lines.set(at.butter, 'received', 0.5);
      const cancelled = lines.get(rowWhere(lines, { poNumber: 'PO-000003' }));
      lines.add({ ...cancelled, poNumber: 'PO-000010' }); // 6
      lines.add({ ...cancelled, poNumber: 'PO-000010' }); // 7
      lines.add({ ...cancelled, poNumber: 'PO-000011', received: 0.25 }); // 8
      lines.add({ ...cancelled, poNumber: 'PO-000404' }); // 9
      lines.add({ ...cancelled, poNumber: 'PO-000010', itemId: 'INV-000002', quantity: 1.0005 }); // 10
    });
    const before = poState();
    const activity = await shop.db.$count(activityLogs);
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BACKUP_TEXT.rowsRefused(10));
    expect(res.json().rejected).toEqual([
      {
        sheet: 'purchase-orders',
        row: 2,
        reason: 'supplierId: SUP-404 is not on file; restore the supplier backup first.',
      },
      {
        sheet: 'purchase-orders',
        row: 3,
        reason: 'status: must be one of Draft, Ordered, Partly received, Received, Cancelled',
      },
      { sheet: 'purchase-orders', row: 5, reason: 'poNumber PO-000003 is also on row 4.' },
      {
        sheet: 'purchase-orders',
        row: 6,
        reason: 'expectedDate: Expected date must be a date (YYYY-MM-DD).',
      },
      {
        sheet: 'purchase-orders',
        row: 8,
        reason: 'PO-000011: a Cancelled purchase order has received nothing, but its lines say otherwise.',
      },
      ...[
        {
          sheet: 'lines',
          row: at.flour,
          reason: 'itemId: INV-404 is not on file; restore the inventory backup first.',
        },
        {
          sheet: 'lines',
          row: at.butter,
          reason: 'received: 0.5 is more than the quantity ordered (0.125).',
        },
      ].sort((x, y) => x.row - y.row),
      { sheet: 'lines', row: 7, reason: 'itemId INV-000001 is also on row 6 for PO-000010.' },
      { sheet: 'lines', row: 9, reason: 'poNumber PO-000404 is not in the purchase-orders sheet.' },
      { sheet: 'lines', row: 10, reason: `quantity: ${PURCHASING_TEXT.quantity}` },
    ]);
    expect(poState()).toEqual(before);
    // Only the refusal is logged.
    expect(await shop.db.$count(activityLogs)).toBe(activity + 1);
  });

  it('never takes back a delivery: a line receiving less than on file refuses its order', async () => {
    const file = await backup();
    const bad = await edited(file, (book) => {
      const lines = byField(book, 'lines');
      lines.set(rowWhere(lines, { poNumber: 'PO-000002' }), 'received', 1);
    });
    const before = poState();
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      {
        sheet: 'purchase-orders',
        row: 3,
        reason:
          'PO-000002: INV-000002 has 4 received on file, more than the file says; a restore never takes back a delivery.',
      },
    ]);
    expect(poState()).toEqual(before);
  });

  it('is not another area’s file', async () => {
    const res = await restore(await backup('supplier'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      BACKUP_TEXT.wrongArea('purchase-orders', 'it has no purchase-orders or lines sheet'),
    );
  });
});

describe('the supplier backup and lead times', () => {
  it('carries each supplier’s lead time and brings it back', async () => {
    const file = await backup('supplier');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    expect(byField(book, 'supplier').get(2)).toMatchObject({ supplierId: 'SUP-001', leadTimeDays: 14 });
    shop.db.update(suppliers).set({ leadTimeDays: 3 }).where(eq(suppliers.supplierId, 'SUP-001')).run();
    const res = await restore(file, { area: 'supplier' });
    expect(res.json()).toMatchObject({ added: 0, updated: 1, unchanged: 1, applied: true });
    expect(
      shop.db.select().from(suppliers).where(eq(suppliers.supplierId, 'SUP-001')).get()?.leadTimeDays,
    ).toBe(14);
  });

  it('a workbook made before lead times restores its suppliers with 7 days', async () => {
    const old = await edited(await backup('supplier'), (book) => {
      const sheet = byField(book, 'supplier');
      sheet.add({ ...sheet.get(2), supplierId: 'SUP-OLD', name: 'Old Mill' });
      sheet.sheet.spliceColumns((sheet.sheet.getRow(1).values as unknown[]).indexOf('leadTimeDays'), 1);
    });
    const res = await restore(old, { area: 'supplier' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, rejected: [], applied: true });
    const days = (supplierId: string) =>
      shop.db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId)).get()?.leadTimeDays;
    expect(days('SUP-OLD')).toBe(7);
    expect(days('SUP-001')).toBe(7);
    shop.db.update(suppliers).set({ leadTimeDays: 14 }).where(eq(suppliers.supplierId, 'SUP-001')).run();
  });

  it('refuses a lead time that is not whole days from 0 to 365', async () => {
    const bad = await edited(await backup('supplier'), (book) => {
      byField(book, 'supplier').set(2, 'leadTimeDays', 400);
      byField(book, 'supplier').set(3, 'leadTimeDays', 1.5);
    });
    const res = await restore(bad, { area: 'supplier' });
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      { sheet: 'supplier', row: 2, reason: `leadTimeDays: ${SUPPLIER_TEXT.leadTime}` },
      { sheet: 'supplier', row: 3, reason: `leadTimeDays: ${SUPPLIER_TEXT.leadTime}` },
    ]);
  });
});
