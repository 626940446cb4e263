import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakeIngredients, cakeSizes, cakes, categories, inventoryItems, units } from '../../server/db/schema';
import { COUNTER_FETCH_CAP } from '../../shared/constants';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { addDays, manilaDate } from '../../shared/time';
import { type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// The counter's product table reads one lean list (sales.products) instead of
// the full item and cake rows, which cost the server 150 ms and 1.3 MB a load at 100,000 items.

let shop: TestShop;
let api: Awaited<ReturnType<TestShop['signedIn']>>['api'];

beforeAll(async () => {
  shop = await testApp();
  api = (await shop.signedIn('staff')).api;
  const db = shop.db;
  const flour = db.insert(categories).values({ name: 'Flour', type: 'inventory' }).returning().get();
  const birthday = db.insert(categories).values({ name: 'Birthday', type: 'cake' }).returning().get();
  const kg = db.insert(units).values({ name: 'sack' }).returning().get();
  const eight = db.insert(cakeSizes).values({ name: 'Tall 8in' }).returning().get();
  const add = (fields: Partial<typeof inventoryItems.$inferInsert> & { itemId: string; name: string }) =>
    db
      .insert(inventoryItems)
      .values({ stock: 50_000, unitPrice: 10000, purchasePrice: 6000, restockThreshold: 10_000, ...fields })
      .returning()
      .get();
  const zebra = add({
    itemId: 'INV-1',
    name: 'Zebra Flour',
    categoryId: flour.id,
    unitId: kg.id,
    amount: 25,
  });
  add({ itemId: 'INV-2', name: 'apple flour', stock: 5_000 });
  add({ itemId: 'INV-3', name: 'Bread Flour', stock: 0 });
  add({ itemId: 'INV-4', name: 'Cake Flour', expirationDate: addDays(manilaDate(), -1) });
  const cake = db
    .insert(cakes)
    .values({
      cakeId: 'CK-1',
      name: 'Mango Flour Cake',
      categoryId: birthday.id,
      sizeId: eight.id,
      stock: 2,
      price: 90000,
    })
    .returning()
    .get();
  // Three units, kept in thousandths.
  db.insert(cakeIngredients).values({ cakeId: cake.id, itemId: zebra.id, quantity: 3000 }).run();
});
afterAll(() => shop.close());

describe('sales.products', () => {
  it('lists items and cakes together in shelf order: sellable first, then low stock, then the rest, by name', async () => {
    const rows = await api.sales.products({ search: 'flour' });
    expect(rows.map((r) => `${r.code} ${r.status}`)).toEqual([
      'CK-1 Available',
      'INV-1 Well-stocked',
      'INV-2 Low stock',
      'INV-3 Out of stock',
      'INV-4 Expired',
    ]);
  });

  it('carries what the till shows and nothing more: code, price, cost, amount with unit or size, category', async () => {
    const rows = await api.sales.products({ search: '' });
    const zebra = rows.find((r) => r.code === 'INV-1');
    expect(zebra).toEqual({
      key: `item:${zebra?.id}`,
      kind: 'item',
      id: zebra?.id,
      code: 'INV-1',
      barcode: null,
      name: 'Zebra Flour',
      category: 'Flour',
      purchasePrice: 6000,
      price: 10000,
      amount: '25 sack',
      stock: 50,
      status: 'Well-stocked',
      scPwdEligible: false,
      basicNecessity: false,
    });
    const cake = rows.find((r) => r.code === 'CK-1');
    // A cake's cost is its ingredients' (3 × ₱60.00); cakes take the SC/PWD discount by default.
    expect(cake).toMatchObject({
      kind: 'cake',
      amount: 'Tall 8in',
      purchasePrice: 18000,
      price: 90000,
      scPwdEligible: true,
      basicNecessity: false,
    });
  });

  it('shows an item by the whole units the counter can sell: its stock rounded down, under one Out of stock', async () => {
    for (const [itemId, stock] of [
      ['PART-1', 2_500],
      ['PART-2', 999],
    ] as const)
      shop.db
        .insert(inventoryItems)
        .values({ itemId, name: `Part sack ${itemId}`, stock, unitPrice: 100 })
        .run();
    const rows = await api.sales.products({ search: 'part sack' });
    expect(rows.map((r) => [r.code, r.stock, r.status])).toEqual([
      ['PART-1', 2, 'Well-stocked'],
      ['PART-2', 0, 'Out of stock'],
    ]);
  });

  it('finds a product by its business id, as a barcode scanner types it', async () => {
    expect((await api.sales.products({ search: 'inv-3' })).map((r) => r.code)).toEqual(['INV-3']);
    expect((await api.sales.products({ search: 'ck-1' })).map((r) => r.code)).toEqual(['CK-1']);
  });

  it(`caps each kind at ${COUNTER_FETCH_CAP}`, async () => {
    const many = Array.from({ length: COUNTER_FETCH_CAP + 5 }, (_, n) => ({
      itemId: `BULK-${n}`,
      name: `Bulk ${String(n).padStart(4, '0')}`,
      stock: 1_000,
    }));
    shop.db.insert(inventoryItems).values(many).run();
    const rows = await api.sales.products({ search: 'bulk' });
    expect(rows).toHaveLength(COUNTER_FETCH_CAP);
  });

  it('is for signed-in staff only, and refuses a search that is not text', async () => {
    await expectTrpcError(shop.caller().sales.products({ search: '' }), 'UNAUTHORIZED');
    const none = await shop.signedIn(null);
    await expectTrpcError(none.api.sales.products({ search: '' }), 'FORBIDDEN', AUTH_TEXT.noRole);
    await expectTrpcError(api.sales.products({ search: 42 as never }), 'BAD_REQUEST', 'search must be text.');
  });
});

describe('sales.productsPage', () => {
  it('answers ten at a time, in the same shelf order as the whole list, with the exact total', async () => {
    // The bulk items above share one name stem: 1,000 of them (the cap), in name order.
    const whole = await api.sales.products({ search: 'bulk' });
    const first = await api.sales.productsPage({ search: 'bulk', page: 1 });
    expect(first).toMatchObject({ page: 1, limit: 10, total: whole.length, totalPages: whole.length / 10 });
    expect(first.rows).toEqual(whole.slice(0, 10));
    const third = await api.sales.productsPage({ search: 'bulk', page: 3 });
    expect(third.rows).toEqual(whole.slice(20, 30));
  });

  it('pages the unsearched shelf the counter opens on, with stock as it is at each ask', async () => {
    const whole = await api.sales.products({ search: '' });
    const first = await api.sales.productsPage({ search: '', page: 1 });
    expect(first).toMatchObject({ total: whole.length });
    expect(first.rows).toEqual(whole.slice(0, 10));
    // That shelf's statements are prepared once (products.ts): each ask still reads afresh.
    const top = first.rows[0]!;
    const table = top.kind === 'item' ? inventoryItems : cakes;
    // As stored: an item's in thousandths, where the shelf shows whole units.
    const stored = shop.db.select({ stock: table.stock }).from(table).where(eq(table.id, top.id)).get()!;
    shop.db.update(table).set({ stock: 0 }).where(eq(table.id, top.id)).run();
    try {
      const after = await api.sales.productsPage({ search: '', page: 1 });
      expect(after.rows.map((r) => r.key)).not.toContain(top.key);
      const last = await api.sales.productsPage({ search: '', page: after.totalPages });
      expect(last.rows.find((r) => r.key === top.key)).toMatchObject({ stock: 0, status: 'Out of stock' });
    } finally {
      shop.db.update(table).set({ stock: stored.stock }).where(eq(table.id, top.id)).run();
    }
  });

  it('keeps sellable first across kinds, as the counter shows them', async () => {
    const page = await api.sales.productsPage({ search: 'flour', page: 1 });
    expect(page.rows.map((r) => r.code)).toEqual(['CK-1', 'INV-1', 'INV-2', 'INV-3', 'INV-4']);
    expect(page).toMatchObject({ total: 5, totalPages: 1 });
  });

  it('orders by name, case aside, items and cakes together', async () => {
    const db = shop.db;
    const made: { table: typeof inventoryItems | typeof cakes; id: number }[] = [];
    const item = (itemId: string, name: string) =>
      made.push({
        table: inventoryItems,
        id: db
          .insert(inventoryItems)
          .values({ itemId, name, stock: 50_000, unitPrice: 100, purchasePrice: 50 })
          .returning()
          .get().id,
      });
    item('INV-ORD-1', 'shelforder b');
    item('INV-ORD-2', 'Shelforder A');
    item('INV-ORD-3', 'shelforder a2');
    made.push({
      table: cakes,
      id: db
        .insert(cakes)
        .values({ cakeId: 'CK-ORD-1', name: 'SHELFORDER C', stock: 1, price: 100 })
        .returning()
        .get().id,
    });
    try {
      const page = await api.sales.productsPage({ search: 'shelforder', page: 1 });
      expect(page.rows.map((r) => r.code)).toEqual(['INV-ORD-2', 'INV-ORD-3', 'INV-ORD-1', 'CK-ORD-1']);
    } finally {
      for (const { table, id } of made) db.delete(table).where(eq(table.id, id)).run();
    }
  });

  it("takes a page size, as the inline sale's picker asks for fifty", async () => {
    const whole = await api.sales.products({ search: 'bulk' });
    const fifty = await api.sales.productsPage({ search: 'bulk', page: 2, limit: 50 });
    expect(fifty).toMatchObject({ page: 2, limit: 50, totalPages: whole.length / 50 });
    expect(fifty.rows).toEqual(whole.slice(50, 100));
    await expectTrpcError(
      api.sales.productsPage({ search: '', page: 1, limit: 1001 }),
      'BAD_REQUEST',
      'limit must be a whole number from 1 to 1000.',
    );
  });

  it('answers the last page for a page past the end, and an empty page when nothing matches', async () => {
    expect(await api.sales.productsPage({ search: 'flour', page: 9 })).toMatchObject({ page: 1, total: 5 });
    expect(await api.sales.productsPage({ search: 'zzz-nothing', page: 1 })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
    });
  });

  it('refuses a page that is not a whole number from 1, and is for signed-in staff only', async () => {
    for (const page of [0, -1, 1.5, 'two']) {
      await expectTrpcError(
        api.sales.productsPage({ search: '', page: page as never }),
        'BAD_REQUEST',
        'page must be a whole number from 1.',
      );
    }
    await expectTrpcError(shop.caller().sales.productsPage({ search: '', page: 1 }), 'UNAUTHORIZED');
    const none = await shop.signedIn(null);
    await expectTrpcError(
      none.api.sales.productsPage({ search: '', page: 1 }),
      'FORBIDDEN',
      AUTH_TEXT.noRole,
    );
  });
});
