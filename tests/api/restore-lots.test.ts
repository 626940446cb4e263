import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, stockLots, stockMovements, suppliers } from '../../server/db/schema';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';
import { atCounter, sellOverRest } from '../helpers/counter';
import { putLot } from '../helpers/lots';
import { rest } from '../helpers/rest';

// The inventory backup carries every lot, emptied and expired ones too, and a restore sets
// each item's lots to the file's: the same lots, the same stock, expired stock kept apart. A
// file made before lots still restores (each item's stock becomes one lot); a file whose stock
// and lots disagree is refused by row; and the lots earlier sales took from are set in place,
// never deleted, so those sales' refunds still go back into them.

let shop: TestShop;
let owner: Session;
let manager: Session;
const today = manilaDate();
const day = (n: number) => addDays(today, n);
let butter: number;
let sugar: number;
/** A sale made before the backup: it took one unit from lot B-SOLD. */
let earlierSale: string;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  manager = await atCounter(await shop.signedIn('manager'));
  const db = shop.db;
  const dairy = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: 'Dairy Farms' })
    .returning()
    .get().id;
  butter = db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-000001',
      name: 'Butter',
      unitPrice: 10000,
      purchasePrice: 4000,
      supplierId: dairy,
    })
    .returning()
    .get().id;
  // An item written with stock gets one opening lot holding it.
  sugar = db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-000002',
      name: 'Sugar',
      stock: 2500,
      unitPrice: 6000,
      purchasePrice: 3000,
      expirationDate: day(60),
    })
    .returning()
    .get().id;
  putLot(shop, butter, { quantity: 1000, unitCost: 3800, expirationDate: day(3), lotCode: 'B-SOLD' });
  putLot(shop, butter, { quantity: 3000, unitCost: 4000, expirationDate: day(5), lotCode: 'B-1' });
  putLot(shop, butter, { quantity: 2500, unitCost: 4250, expirationDate: day(20), lotCode: 'B-2' });
  putLot(shop, butter, { quantity: 1500, unitCost: 3900, expirationDate: day(-2), lotCode: 'B-OLD' });
  db.update(stockLots).set({ supplierId: dairy }).where(eq(stockLots.lotCode, 'B-2')).run();
  // The earliest lot is sold out: an emptied lot, which is history.
  const sold = await sell('INV-000001', 1);
  expect(sold.statusCode).toBe(201);
  earlierSale = sold.json().sale._id;
});
afterAll(() => shop.close());

const sell = (itemId: string, quantity: number) => sellOverRest(shop, itemId, quantity, manager.accessToken);

/** Every lot of the shop by business ids, each item's in the order received, database ids left out. */
function lotsIn(on: TestShop) {
  return on.db
    .select({
      itemId: inventoryItems.itemId,
      lotCode: stockLots.lotCode,
      source: stockLots.source,
      quantity: stockLots.quantity,
      remaining: stockLots.remaining,
      unitCost: stockLots.unitCost,
      expirationDate: stockLots.expirationDate,
      supplierId: suppliers.supplierId,
      receivedAt: stockLots.receivedAt,
    })
    .from(stockLots)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockLots.itemId))
    .leftJoin(suppliers, eq(suppliers.id, stockLots.supplierId))
    .orderBy(asc(inventoryItems.itemId), asc(stockLots.id))
    .all();
}

const itemsIn = (on: TestShop) =>
  on.db
    .select({
      itemId: inventoryItems.itemId,
      stock: inventoryItems.stock,
      expirationDate: inventoryItems.expirationDate,
    })
    .from(inventoryItems)
    .orderBy(inventoryItems.itemId)
    .all();

const lotNamed = (code: string) => shop.db.select().from(stockLots).where(eq(stockLots.lotCode, code)).get()!;
const stockOf = (id: number) =>
  shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.stock;

const backup = () => backupFile(shop, 'inventory', owner.accessToken);

describe('the inventory backup', () => {
  it('has a lots sheet with every lot, emptied and expired ones too, in units and pesos', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await backup()) as unknown as ArrayBuffer);
    const sheet = byField(book, 'lots');
    const rows = Array.from({ length: sheet.sheet.rowCount - 1 }, (_, n) => sheet.get(n + 2));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.lotCode === 'B-SOLD')).toMatchObject({
      itemId: 'INV-000001',
      source: 'adjustment',
      quantity: 1,
      remaining: 0,
      unitCost: 38,
      expirationDate: day(3),
      supplierId: null,
    });
    expect(rows.find((r) => r.lotCode === 'B-2')).toMatchObject({
      remaining: 2.5,
      unitCost: 42.5,
      supplierId: 'SUP-001',
    });
    expect(rows.find((r) => r.lotCode === 'B-OLD')).toMatchObject({
      remaining: 1.5,
      expirationDate: day(-2),
    });
    expect(rows.find((r) => r.itemId === 'INV-000002')).toMatchObject({ source: 'opening', remaining: 2.5 });
    expect(String(rows[0]?.receivedAt)).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });
});

describe('restored onto an empty shop', () => {
  let empty: TestShop;
  let emptyOwner: Session;
  beforeAll(async () => {
    empty = await testApp();
    emptyOwner = await empty.signedIn('owner');
  });
  afterAll(() => empty.close());

  it('brings back the same lots and the same stock, expired stock kept apart', async () => {
    const supplierFile = await backupFile(shop, 'supplier', owner.accessToken);
    expect((await restoreFile(empty, 'supplier', supplierFile, emptyOwner.accessToken)).statusCode).toBe(200);
    const res = await restoreFile(empty, 'inventory', await backup(), emptyOwner.accessToken);
    expect(res.json()).toMatchObject({ added: 2, rejected: [], applied: true });
    expect(lotsIn(empty)).toEqual(lotsIn(shop));
    expect(itemsIn(empty)).toEqual(itemsIn(shop));
    // Butter: 3 + 2.5 unexpired; the 1.5 past its date is set apart to be written off.
    const restored = itemsIn(empty).find((i) => i.itemId === 'INV-000001')!;
    expect(restored).toMatchObject({ stock: 5500, expirationDate: day(5) });
    const id = empty.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.itemId, 'INV-000001'))
      .get()!.id;
    const lots = await rest(empty, 'GET', `/api/inventory/${id}/lots`, emptyOwner.accessToken);
    expect(lots.statusCode).toBe(200);
    expect(lots.json().lots.find((l: { lotCode: string }) => l.lotCode === 'B-OLD')).toMatchObject({
      remaining: 1.5,
      expirationDate: day(-2),
    });
    // One ledger row per item, reason restore, for the stock it came back with.
    const ledger = empty.db.select().from(stockMovements).orderBy(stockMovements.id).all();
    expect(ledger.map((m) => [m.record, m.reason, m.change, m.stockAfter])).toEqual([
      ['INV-000001', 'restore', 5500, 5500],
      ['INV-000002', 'restore', 2500, 2500],
    ]);
  });

  it('the same file again changes nothing', async () => {
    const before = lotsIn(empty);
    const res = await restoreFile(empty, 'inventory', await backup(), emptyOwner.accessToken);
    expect(res.json()).toMatchObject({ added: 0, updated: 0, unchanged: 2, rejected: [], applied: true });
    expect(lotsIn(empty)).toEqual(before);
  });

  it('takes a file made before some of its lots expired: their stock comes back apart, to write off', async () => {
    // As if made two days ago, when B-1 (now expired yesterday) still counted in the stock of 5.5.
    const file = await edited(await backup(), (book) => {
      const lots = byField(book, 'lots');
      for (let n = 2; n <= lots.sheet.rowCount; n++)
        if (lots.get(n).lotCode === 'B-1') lots.set(n, 'expirationDate', day(-1));
    });
    const res = await restoreFile(empty, 'inventory', file, emptyOwner.accessToken);
    expect(res.json()).toMatchObject({ updated: 1, unchanged: 1, rejected: [], applied: true });
    const butterNow = itemsIn(empty).find((i) => i.itemId === 'INV-000001');
    expect(butterNow).toMatchObject({ stock: 2500, expirationDate: day(20) });
    expect(lotsIn(empty).find((l) => l.lotCode === 'B-1')).toMatchObject({
      remaining: 3000,
      expirationDate: day(-1),
    });
    const last = empty.db.select().from(stockMovements).orderBy(stockMovements.id).all().at(-1)!;
    expect(last).toMatchObject({ record: 'INV-000001', reason: 'restore', change: -3000, stockAfter: 2500 });
  });
});

describe('a workbook made before lots', () => {
  let empty: TestShop;
  let emptyOwner: Session;
  beforeAll(async () => {
    empty = await testApp();
    emptyOwner = await empty.signedIn('owner');
  });
  afterAll(() => empty.close());

  it('still restores: each item’s stock becomes one opening lot', async () => {
    const old = await edited(await backup(), (book) => {
      book.removeWorksheet(book.getWorksheet('lots')!.id);
      // Before lots, a supplier was not needed to hold stock.
      byField(book, 'inventory').set(2, 'supplierId', null);
    });
    const res = await restoreFile(empty, 'inventory', old, emptyOwner.accessToken);
    expect(res.json()).toMatchObject({ added: 2, rejected: [], applied: true });
    expect(itemsIn(empty).map((i) => [i.itemId, i.stock])).toEqual([
      ['INV-000001', 5500],
      ['INV-000002', 2500],
    ]);
    expect(lotsIn(empty).map((l) => [l.itemId, l.source, l.quantity, l.remaining])).toEqual([
      ['INV-000001', 'opening', 5500, 5500],
      ['INV-000002', 'opening', 2500, 2500],
    ]);
  });

  it('then a file with lots sets them: the opening lot is emptied, an item without lots keeps its own', async () => {
    const supplierFile = await backupFile(shop, 'supplier', owner.accessToken);
    expect((await restoreFile(empty, 'supplier', supplierFile, emptyOwner.accessToken)).statusCode).toBe(200);
    const file = await edited(await backup(), (book) => {
      const lots = byField(book, 'lots');
      for (let n = lots.sheet.rowCount; n >= 2; n--)
        if (lots.get(n).itemId === 'INV-000002') lots.sheet.spliceRows(n, 1);
    });
    const res = await restoreFile(empty, 'inventory', file, emptyOwner.accessToken);
    expect(res.json()).toMatchObject({ updated: 1, unchanged: 1, rejected: [], applied: true });
    const butterLots = lotsIn(empty).filter((l) => l.itemId === 'INV-000001');
    expect(butterLots.map((l) => [l.lotCode, l.source, l.remaining])).toEqual([
      [expect.stringMatching(/^LOT-/), 'opening', 0],
      ['B-SOLD', 'adjustment', 0],
      ['B-1', 'adjustment', 3000],
      ['B-2', 'adjustment', 2500],
      ['B-OLD', 'adjustment', 1500],
    ]);
    expect(itemsIn(empty).map((i) => [i.itemId, i.stock])).toEqual([
      ['INV-000001', 5500],
      ['INV-000002', 2500],
    ]);
    expect(lotsIn(empty).filter((l) => l.itemId === 'INV-000002')).toHaveLength(1);
  });
});

describe('a lots sheet that does not agree', () => {
  it('refuses each bad row by name and changes nothing', async () => {
    const before = lotsIn(shop);
    const items = itemsIn(shop);
    const file = await edited(await backup(), (book) => {
      const inventory = byField(book, 'inventory');
      const lots = byField(book, 'lots');
      const row = (code: string) => {
        for (let n = 2; n <= lots.sheet.rowCount; n++) if (lots.get(n).lotCode === code) return n;
        throw new Error(code);
      };
      // Sugar's stock says 3 where its lot holds 2.5.
      const sugarRow = inventory.get(2).itemId === 'INV-000002' ? 2 : 3;
      inventory.set(sugarRow, 'stock', 3);
      lots.set(row('B-1'), 'remaining', 4);
      lots.set(row('B-2'), 'expirationDate', '2026-02-30');
      lots.set(row('B-OLD'), 'source', 'gift');
      lots.set(row('B-SOLD'), 'quantity', -1);
      lots.add({ ...lots.get(row('B-1')), itemId: 'INV-404', lotCode: 'X-1', remaining: 1 });
      lots.add({ ...lots.get(row('B-1')), lotCode: 'X-2', remaining: 1, supplierId: 'SUP-404' });
    });
    const res = await restoreFile(shop, 'inventory', file, owner.accessToken);
    expect(res.statusCode).toBe(400);
    const { rejected, applied } = res.json();
    expect(applied).toBe(false);
    const reasons = rejected.map((r: { sheet: string; reason: string }) => `${r.sheet}: ${r.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'inventory: stock: 3 is not what its lots on the lots sheet hold (2.5 unexpired).',
        "lots: remaining: 4 is more than the lot's quantity (3).",
        'lots: expirationDate: Expiration date must be a date (YYYY-MM-DD).',
        'lots: source: must be one of opening, purchase, adjustment, return',
        'lots: quantity: must be 0 or more, with at most three decimals',
        'lots: itemId: INV-404 is not on the inventory sheet.',
        'lots: supplierId: SUP-404 is not on file; restore the supplier backup first.',
      ]),
    );
    // Butter's own row is not blamed for its refused lots.
    expect(reasons).toHaveLength(7);
    expect(lotsIn(shop)).toEqual(before);
    expect(itemsIn(shop)).toEqual(items);
  });

  it('refuses an item whose lots hold other stock than its row says', async () => {
    const file = await edited(await backup(), (book) => {
      const lots = byField(book, 'lots');
      for (let n = 2; n <= lots.sheet.rowCount; n++)
        if (lots.get(n).lotCode === 'B-2') lots.set(n, 'remaining', 2);
    });
    const res = await restoreFile(shop, 'inventory', file, owner.accessToken);
    const butterRow = res.json().rejected.find((r: { sheet: string }) => r.sheet === 'inventory');
    expect(butterRow.reason).toBe(
      'stock: 5.5 is not what its lots on the lots sheet hold (5 unexpired, 1.5 expired).',
    );
    expect(res.json().applied).toBe(false);
  });
});

describe('the lots earlier sales took from', () => {
  it('are set in place, never deleted, so those sales are refunded into them', async () => {
    const file = await backup();
    // After the backup: two more sold from B-1, and a delivery that a sale took from.
    expect((await sell('INV-000001', 2)).statusCode).toBe(201);
    putLot(shop, butter, { quantity: 2000, unitCost: 4100, expirationDate: day(1), lotCode: 'B-LATE' });
    const later = await sell('INV-000001', 1);
    expect(later.statusCode).toBe(201);
    expect(lotNamed('B-LATE').remaining).toBe(1000);
    const ids = shop.db.select({ id: stockLots.id }).from(stockLots).orderBy(stockLots.id).all();
    const lotsBefore = lotsIn(shop);

    // A dry run counts the item as updated and writes nothing.
    const preview = await restoreFile(shop, 'inventory', file, owner.accessToken, true);
    expect(preview.json()).toMatchObject({ updated: 1, unchanged: 1, rejected: [], applied: false });
    expect(lotsIn(shop)).toEqual(lotsBefore);
    const res = await restoreFile(shop, 'inventory', file, owner.accessToken);
    expect(res.json()).toMatchObject({ updated: 1, unchanged: 1, rejected: [], applied: true });
    // No lot added or deleted: B-1 is back to the file's 3 in place; B-LATE, not on file, is emptied.
    expect(shop.db.select({ id: stockLots.id }).from(stockLots).orderBy(stockLots.id).all()).toEqual(ids);
    expect(lotNamed('B-1').remaining).toBe(3000);
    expect(lotNamed('B-LATE')).toMatchObject({ quantity: 2000, remaining: 0 });
    expect(stockOf(butter)).toBe(5500);
    const last = shop.db.select().from(stockMovements).orderBy(stockMovements.id).all().at(-1)!;
    expect(last).toMatchObject({ record: 'INV-000001', reason: 'restore', change: 1000, stockAfter: 5500 });

    // The sale before the backup goes back into B-SOLD; the one after into B-LATE.
    for (const sale of [earlierSale, later.json().sale._id]) {
      const refund = await postJson(shop, `/api/sales/${sale}/refund`, {}, manager.accessToken);
      expect(refund.statusCode).toBe(200);
    }
    expect(lotNamed('B-SOLD').remaining).toBe(1000);
    expect(lotNamed('B-LATE').remaining).toBe(1000);
    expect(stockOf(butter)).toBe(7500);
    expect(stockOf(sugar)).toBe(2500);
  });
});

describe('after a restore', () => {
  let fresh: TestShop;
  let freshOwner: Session;
  beforeAll(async () => {
    fresh = await testApp();
    freshOwner = await fresh.signedIn('owner');
  });
  afterAll(() => fresh.close());

  it('a new expiration date in a file without lots moves the item’s lots, and the same file again changes nothing', async () => {
    const made = await freshOwner.api.inventory.add({
      name: 'Cocoa',
      stock: 10_000,
      expirationDate: day(25),
    } as never);
    const file = await backupFile(fresh, 'inventory', freshOwner.accessToken);
    const redated = await edited(file, (book) => {
      book.removeWorksheet(book.getWorksheet('lots')!.id);
      byField(book, 'inventory').set(2, 'expirationDate', day(60));
    });
    const first = await restoreFile(fresh, 'inventory', redated, freshOwner.accessToken);
    expect(first.json()).toMatchObject({ updated: 1, rejected: [], applied: true });
    const lots = fresh.db.select().from(stockLots).where(eq(stockLots.itemId, made.item.id)).all();
    expect(lots.map((l) => [l.remaining, l.expirationDate])).toEqual([[10_000, day(60)]]);
    expect(itemsIn(fresh)).toEqual([{ itemId: made.item.itemId, stock: 10_000, expirationDate: day(60) }]);
    const again = await restoreFile(fresh, 'inventory', redated, freshOwner.accessToken);
    expect(again.json()).toMatchObject({ updated: 0, unchanged: 1, applied: true });
  });

  it('a sale refunded after its lot was set full again comes back as a return lot at that lot’s cost and date', async () => {
    const made = await freshOwner.api.inventory.add({ name: 'Vanilla', stock: 0, unitPrice: 5000 } as never);
    const lot = putLot(fresh, made.item.id, {
      quantity: 3000,
      unitCost: 2500,
      expirationDate: day(40),
      lotCode: 'V-1',
    });
    const cashier = await atCounter(await fresh.signedIn('manager'));
    const { sale } = await cashier.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: [{ kind: 'item', id: made.item.id, quantity: 2 }],
    } as never);
    // As a restore of a backup made before the sale leaves it: full again.
    fresh.db.update(stockLots).set({ remaining: 3000 }).where(eq(stockLots.id, lot.id)).run();
    await cashier.api.sales.refund({ id: sale.id } as never);
    const lots = fresh.db.select().from(stockLots).where(eq(stockLots.itemId, made.item.id)).all();
    expect(lots.map((l) => [l.source, l.remaining, l.unitCost, l.expirationDate])).toEqual([
      ['adjustment', 3000, 2500, day(40)],
      ['return', 2000, 2500, day(40)],
    ]);
  });
});
