import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/open';
import {
  inventoryItems,
  saleLineLots,
  saleLines,
  sales,
  stockLots,
  stockMovements,
} from '../../server/db/schema';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter, sellOverRest } from '../helpers/counter';
import { lotsOf, putLot } from '../helpers/lots';
import { rest } from '../helpers/rest';

// Stock in lots: a sale takes the lot expiring first, then the one received first; expired
// lots are never sold; a line costs what its lots cost; a refund puts stock back where it came
// from; an edit adjusts through lots; racing checkouts sell exactly what the lots hold; and a
// shop that sold before lots gets one opening lot per item.

let shop: TestShop;
let manager: Session;
let cashier: Session;
const today = manilaDate();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  shop = await testApp();
  manager = await atCounter(await shop.signedIn('manager'));
  cashier = await atCounter(await shop.signedIn('staff'));
});
afterAll(() => shop.close());

let n = 0;
function itemWith(
  lots: { quantity: number; unitCost: number; expirationDate: string | null }[],
  price = 10000,
) {
  const itemId = `INV-L${++n}`;
  const id = shop.db
    .insert(inventoryItems)
    .values({ itemId, name: `Butter ${n}`, unitPrice: price, purchasePrice: 5000 })
    .returning()
    .get().id;
  const made = lots.map((lot) => putLot(shop, id, lot));
  return { id, itemId, lots: made };
}
const item = (id: number) => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!;
const sell = (itemId: string, quantity: number, token = manager.accessToken) =>
  sellOverRest(shop, itemId, quantity, token);

describe('a sale takes its lots first-expiry-first-out', () => {
  it('takes the lot expiring first, then by receipt for the same date, undated last', async () => {
    const butter = itemWith([
      { quantity: 2000, unitCost: 4000, expirationDate: null },
      { quantity: 2000, unitCost: 3000, expirationDate: day(20) },
      { quantity: 1000, unitCost: 2000, expirationDate: day(5) },
      { quantity: 1000, unitCost: 2500, expirationDate: day(20) },
    ]);
    const sold = await sell(butter.itemId, 4);
    expect(sold.statusCode).toBe(201);
    // 1 from day 5, 2 from the first day-20 lot, 1 from the second day-20 lot; the undated untouched.
    const byId = new Map(lotsOf(shop, butter.id).map((l) => [l.id, l.remaining]));
    expect(butter.lots.map((l) => byId.get(l.id))).toEqual([2000, 0, 0, 0]);
    // Cost: 1 x ₱20.00 + 2 x ₱30.00 + 1 x ₱25.00 = ₱105.00, on the line and in REST.
    const line = shop.db
      .select()
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(eq(sales.saleId, sold.json().sale.saleId))
      .get()!.sale_lines;
    expect(line.cost).toBe(10500);
    const taken = shop.db.select().from(saleLineLots).where(eq(saleLineLots.saleLineId, line.id)).all();
    expect(taken.map((t) => [t.quantity, t.unitCost])).toEqual(
      expect.arrayContaining([
        [1000, 2000],
        [2000, 3000],
        [1000, 2500],
      ]),
    );
    const saleRest = await rest(shop, 'GET', `/api/sales/${sold.json().sale._id}`, manager.accessToken);
    expect(saleRest.json().items[0].cost).toBe(105);
    expect(item(butter.id)).toMatchObject({ stock: 2000, expirationDate: null });
  });

  it('never sells an expired lot: the item holds only what is still good', async () => {
    const milk = itemWith([
      { quantity: 5000, unitCost: 1000, expirationDate: day(-1) },
      { quantity: 2000, unitCost: 1500, expirationDate: day(1) },
    ]);
    expect(item(milk.id).stock).toBe(2000);
    const tooMany = await sell(milk.itemId, 3);
    expect(tooMany.statusCode).toBe(409);
    expect((await sell(milk.itemId, 2)).statusCode).toBe(201);
    expect(lotsOf(shop, milk.id).map((l) => l.remaining)).toEqual([5000, 0]);
    // With only expired stock left, the item reads Expired at its last lot's date.
    expect(item(milk.id)).toMatchObject({ stock: 0, expirationDate: day(-1) });
  });

  it('puts a refund back into the lots it came from', async () => {
    const jam = itemWith([
      { quantity: 1000, unitCost: 1000, expirationDate: day(3) },
      { quantity: 3000, unitCost: 2000, expirationDate: day(9) },
    ]);
    const sold = await sell(jam.itemId, 2);
    expect(lotsOf(shop, jam.id).map((l) => l.remaining)).toEqual([0, 2000]);
    const refund = await postJson(shop, `/api/sales/${sold.json().sale._id}/refund`, {}, manager.accessToken);
    expect(refund.statusCode).toBe(200);
    expect(lotsOf(shop, jam.id).map((l) => l.remaining)).toEqual([1000, 3000]);
    expect(item(jam.id)).toMatchObject({ stock: 4000, expirationDate: day(3) });
    // (The helper's lots arrive as ledger rows of their own first.)
    const ledger = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.itemId, jam.id))
      .all()
      .slice(-2);
    expect(ledger.map((m) => [m.reason, m.change])).toEqual([
      ['sale', -2000],
      ['refund', 2000],
    ]);
  });

  it('sells exactly what two lots hold when 20 checkouts race for it', async () => {
    const eggs = itemWith([
      { quantity: 3000, unitCost: 1000, expirationDate: day(2) },
      { quantity: 4000, unitCost: 1200, expirationDate: day(6) },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sell(eggs.itemId, 1, i % 2 ? cashier.accessToken : manager.accessToken),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(7);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(13);
    expect(lotsOf(shop, eggs.id).map((l) => l.remaining)).toEqual([0, 0]);
    expect(item(eggs.id).stock).toBe(0);
    const costs = shop.db
      .select({ cost: saleLines.cost })
      .from(saleLines)
      .where(eq(saleLines.itemId, eggs.id))
      .all()
      .map((l) => l.cost)
      .sort();
    expect(costs).toEqual([1000, 1000, 1000, 1200, 1200, 1200, 1200]);
  });
});

describe('a stock edit is an adjustment of the lots', () => {
  it('adds an adjustment lot at the item’s date and price; a decrease is taken first-expiry-first-out', async () => {
    const flour = itemWith([
      { quantity: 2000, unitCost: 1000, expirationDate: day(4) },
      { quantity: 2000, unitCost: 1000, expirationDate: day(8) },
    ]);
    await manager.api.inventory.update({ id: flour.id, changes: { stock: 5500 } });
    const added = shop.db.select().from(stockLots).where(eq(stockLots.itemId, flour.id)).all().at(-1)!;
    expect(added).toMatchObject({
      source: 'adjustment',
      quantity: 1500,
      unitCost: 5000,
      expirationDate: day(4),
    });
    await manager.api.inventory.update({ id: flour.id, changes: { stock: 1000 } });
    expect(lotsOf(shop, flour.id).map((l) => l.remaining)).toEqual([0, 0, 1000]);
    expect(item(flour.id)).toMatchObject({ stock: 1000, expirationDate: day(8) });
  });

  it('refuses stock added at a date already past (400, nothing written); a new date lets it in', async () => {
    const old = itemWith([{ quantity: 1000, unitCost: 1000, expirationDate: day(-2) }]);
    expect(item(old.id)).toMatchObject({ stock: 0, expirationDate: day(-2) });
    const before = JSON.stringify([lotsOf(shop, old.id), item(old.id)]);
    const refused = await rest(shop, 'PUT', `/api/inventory/${old.id}`, manager.accessToken, { stock: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVENTORY_TEXT.addedExpired);
    expect(JSON.stringify([lotsOf(shop, old.id), item(old.id)])).toBe(before);
    const fixed = await rest(shop, 'PUT', `/api/inventory/${old.id}`, manager.accessToken, {
      stock: 5,
      expirationDate: day(10),
    });
    expect(fixed.statusCode).toBe(200);
    // The wrong date moved the old lot too (1 back in stock); 4 more make the 5 asked for.
    expect(item(old.id)).toMatchObject({ stock: 5000, expirationDate: day(10) });
    expect(lotsOf(shop, old.id).map((l) => [l.remaining, l.expirationDate])).toEqual([
      [1000, day(10)],
      [4000, day(10)],
    ]);
  });

  it('moves the lots that carried the item’s date when the date is edited', async () => {
    const sugar = itemWith([
      { quantity: 1000, unitCost: 1000, expirationDate: day(2) },
      { quantity: 1000, unitCost: 1000, expirationDate: day(12) },
    ]);
    await manager.api.inventory.update({ id: sugar.id, changes: { expirationDate: day(15) } });
    expect(lotsOf(shop, sugar.id).map((l) => l.expirationDate)).toEqual([day(12), day(15)]);
    expect(item(sugar.id).expirationDate).toBe(day(12));
  });
});

describe('the migration to lots, on a shop that sold before', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-lots-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The migrations as they stood before lots (up to 0017). */
  function migrationsBeforeLots(): string {
    const folder = path.join(dir, 'drizzle-before');
    cpSync(path.resolve(import.meta.dirname, '../../drizzle'), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === '0017_supplier_lead_time');
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it('gives every item with stock one opening lot; old lines cost purchase price x quantity', () => {
    const file = path.join(dir, 'shop.db');
    const before = openDb(file, migrationsBeforeLots(), null);
    before.run(sql`insert into suppliers (id, supplier_id, name) values (1, 'SUP-1', 'Flour Co')`);
    before.run(sql`insert into inventory_items (id, item_id, name, stock, restock_threshold, unit_price, purchase_price, supplier_id, expiration_date)
      values (1, 'INV-1', 'Bread Flour', 8, 3, 10000, 6000, 1, ${day(30)}),
             (2, 'INV-2', 'Liners', 0, 5, 1000, 300, null, null),
             (3, 'INV-3', 'Old Cream', 4, 1, 5000, 2000, null, ${day(-2)})`);
    before.run(sql`insert into sales (id, sale_id, customer_name, order_type, subtotal, tax_rate, tax_amount, total_amount,
      payment_method, status, lines_key, sold_at) values (1, 'SALE-1', 'Unregistered', 'Walk-in', 20000, 0, 0, 20000, 'Cash',
      'completed', 'k1', ${Date.now() - 86_400_000})`);
    before.run(sql`insert into sale_lines (sale_id, kind, item_id, code, name, price, purchase_price, quantity, line_total)
      values (1, 'item', 1, 'INV-1', 'Bread Flour', 10000, 6000, 2, 20000)`);
    before.run(sql`insert into stock_movements (item_id, record, reason, change, stock_before, stock_after)
      values (1, 'INV-1', 'sale', -2, 10, 8)`);
    before.$client.close();

    const after = openDb(file);
    const items = after.select().from(inventoryItems).orderBy(inventoryItems.id).all();
    expect(items.map((i) => [i.stock, i.restockThreshold])).toEqual([
      [8000, 3000],
      [0, 5000],
      [4000, 1000],
    ]);
    const lots = after.select().from(stockLots).orderBy(stockLots.itemId).all();
    expect(
      lots.map((l) => [
        l.itemId,
        l.source,
        l.quantity,
        l.remaining,
        l.unitCost,
        l.expirationDate,
        l.supplierId,
      ]),
    ).toEqual([
      [1, 'opening', 8000, 8000, 6000, day(30), 1],
      [3, 'opening', 4000, 4000, 2000, day(-2), null],
    ]);
    expect(lots.every((l) => /^LOT-\d{6}$/.test(l.lotCode))).toBe(true);
    expect(after.select().from(saleLines).get()).toMatchObject({ cost: 12000 });
    expect(after.select().from(stockMovements).get()).toMatchObject({
      change: -2000,
      stockBefore: 10000,
      stockAfter: 8000,
    });
    after.$client.close();
  });
});
