import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  categories,
  inventoryItems,
  lotAlerts,
  notifications,
  stockLots,
  stockMovements,
  suppliers,
  units,
} from '../../server/db/schema';
import { dailyStockCheck, optimizeSearchIndex } from '../../server/domains/inventory/alerts';
import { listItems } from '../../server/domains/inventory/queries';
import { formatQuantity } from '../../shared/quantity';
import { ITEM_SORT_FIELDS, listItemsInput } from '../../shared/schemas/inventory';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { addDays, formatCalendarDate, manilaDate } from '../../shared/time';
import { postJson, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { putLot } from '../helpers/lots';

// Inventory items: the form's messages, derived statuses, search, sort, paging,
// the stock ledger, stock notifications, staff requests and the REST contract.

let shop: TestShop;
let manager: Awaited<ReturnType<TestShop['signedIn']>>;
let staff: Awaited<ReturnType<TestShop['signedIn']>>;
let flourCategory: number;
let kg: number;
let supplier: number;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  flourCategory = shop.db
    .insert(categories)
    .values({ name: 'Flour', type: 'inventory' })
    .returning()
    .get().id;
  kg = shop.db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
  supplier = shop.db
    .insert(suppliers)
    .values({ supplierId: 'SUP-1', name: 'Manila Mills' })
    .returning()
    .get().id;
});
afterAll(() => shop.close());

const today = () => manilaDate(new Date());
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function addItem(fields: Record<string, unknown>) {
  return manager.api.inventory.add(fields as never);
}

describe('item validation, over tRPC and REST', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank name', { name: '   ' }, INVENTORY_TEXT.required],
    ['missing name', {}, INVENTORY_TEXT.required],
    ['negative stock', { name: 'X', stock: -1 }, INVENTORY_TEXT.stockNegative],
    ['stock as text', { name: 'X', stock: 'many' }, INVENTORY_TEXT.stockNegative],
    ['negative unit price', { name: 'X', unitPrice: -100 }, INVENTORY_TEXT.unitPriceNegative],
    ['negative purchase price', { name: 'X', purchasePrice: -1 }, INVENTORY_TEXT.purchasePriceNegative],
    ['expired date', { name: 'X', expirationDate: addDays(today(), -1) }, INVENTORY_TEXT.expiredDate],
    ['no such category', { name: 'X', categoryId: 9999 }, INVENTORY_TEXT.badCategory],
    ['no such supplier', { name: 'X', supplierId: 9999 }, INVENTORY_TEXT.badSupplier],
    ['no such unit', { name: 'X', unitId: 9999 }, INVENTORY_TEXT.badUnit],
  ];
  it.each(cases)('%s is refused with its message and writes nothing', async (_, fields, message) => {
    const before = await shop.db.$count(inventoryItems);
    await expectTrpcError(addItem(fields), 'BAD_REQUEST', message);
    expect(await shop.db.$count(inventoryItems)).toBe(before);
  });

  it('REST answers 400 {message} with the same texts, pesos in', async () => {
    const blank = await postJson(shop, '/api/inventory', { name: '' }, manager.accessToken);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: INVENTORY_TEXT.required });
    const negative = await postJson(
      shop,
      '/api/inventory',
      { name: 'Y', unitPrice: -0.5 },
      manager.accessToken,
    );
    expect(negative.json()).toEqual({ message: INVENTORY_TEXT.unitPriceNegative });
    const stock = await postJson(shop, '/api/inventory', { name: 'Y', stock: '-3' }, manager.accessToken);
    expect(stock.json()).toEqual({ message: INVENTORY_TEXT.stockNegative });
  });

  it('an expiration date of today is accepted (it expires at the end of the Manila day)', async () => {
    const { item } = await addItem({ name: 'Fresh Cream', expirationDate: today(), stock: 20_000 });
    expect(item.status).toBe('Expiring soon'); // still sellable today (shared/itemStatus.ts)
  });

  it('item ids are unique case-insensitively and trimmed; blank ids are generated INV- plus 6 digits', async () => {
    await addItem({ itemId: 'INV-777001', name: 'Bread Flour' });
    await expectTrpcError(
      addItem({ itemId: ' inv-777001 ', name: 'Other' }),
      'CONFLICT',
      INVENTORY_TEXT.duplicateId,
    );
    const rest = await postJson(
      shop,
      '/api/inventory',
      { itemId: 'Inv-777001', name: 'Other' },
      manager.accessToken,
    );
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toEqual({ message: INVENTORY_TEXT.duplicateId });
    const { item } = await addItem({ name: 'Generated' });
    expect(item.itemId).toMatch(/^INV-\d{6}$/);
  });
});

describe('derived status at its boundaries', () => {
  async function statusOf(fields: Record<string, unknown>) {
    const row = shop.db
      .insert(inventoryItems)
      .values({ itemId: `B-${Math.random().toString(36).slice(2, 9)}`, name: 'Boundary', ...fields })
      .returning()
      .get();
    return (await manager.api.inventory.get({ id: row.id })).status;
  }

  it('stock equal to the threshold is Low stock; one above is Well-stocked; zero is Out of stock', async () => {
    expect(await statusOf({ stock: 5_000, restockThreshold: 5_000 })).toBe('Low stock');
    expect(await statusOf({ stock: 6_000, restockThreshold: 5_000 })).toBe('Well-stocked');
    expect(await statusOf({ stock: 5_001, restockThreshold: 5_000 })).toBe('Well-stocked');
    expect(await statusOf({ stock: 0, restockThreshold: 5_000 })).toBe('Out of stock');
    expect(await statusOf({ stock: 0, restockThreshold: 0 })).toBe('Out of stock');
  });

  it('expiring today is not Expired; yesterday is, even with stock; Expired wins over Out of stock', async () => {
    expect(await statusOf({ stock: 50_000, expirationDate: today() })).toBe('Expiring soon');
    expect(await statusOf({ stock: 50_000, expirationDate: addDays(today(), -1) })).toBe('Expired');
    expect(await statusOf({ stock: 0, expirationDate: addDays(today(), -1) })).toBe('Expired');
  });

  it('"today" is the Manila day: at 00:30 Manila (16:30 UTC the day before) an item dated the UTC day is Expired', () => {
    shop.db
      .insert(inventoryItems)
      .values({ itemId: 'TZ-1', name: 'Timezone Milk', stock: 9_000, expirationDate: '2026-03-01' })
      .run();
    const status = (now: string) =>
      listItems(shop.db, listItemsInput.parse({ search: 'TZ-1' }), new Date(now)).rows[0]?.status;
    expect(status('2026-03-01T15:59:00Z')).toBe('Expiring soon'); // 23:59 on 1 March in Manila
    expect(status('2026-03-01T16:01:00Z')).toBe('Expired'); // 00:01 on 2 March in Manila
  });
});

describe('search, sort and paging on the server', () => {
  let sortShop: TestShop;
  let api: ReturnType<TestShop['caller']>;
  beforeAll(async () => {
    sortShop = await testApp();
    const session = await sortShop.signedIn('owner');
    api = session.api;
    const cat = (name: string) =>
      sortShop.db.insert(categories).values({ name, type: 'inventory' }).returning().get().id;
    const sup = (name: string, code: string) =>
      sortShop.db.insert(suppliers).values({ supplierId: code, name }).returning().get().id;
    const [c1, c2] = [cat('Baking'), cat('Dairy')];
    const [s1, s2] = [sup('Alpha Foods', 'A'), sup('Zeta Trading', 'Z')];
    const unitIds = sortShop.db.select().from(units).all();
    for (let n = 1; n <= 23; n++) {
      await api.inventory.add({
        itemId: `INV-${String(n).padStart(6, '0')}`,
        name: `${n % 2 ? 'flour' : 'Sugar'} ${String.fromCharCode(64 + n)}`,
        stock: ((n * 7) % 31) * 1000,
        restockThreshold: 5_000,
        categoryId: n % 3 ? c1 : c2,
        supplierId: n % 4 ? s1 : s2,
        unitId: unitIds[n % unitIds.length]!.id,
        purchasePrice: ((n * 13) % 17) * 100,
        unitPrice: ((n * 11) % 19) * 125,
        expirationDate: n % 5 ? addDays(today(), n) : null,
      } as never);
    }
  });
  afterAll(() => sortShop.close());

  it('pages: ten per page, exact totals, no overlap', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => api.inventory.list({ page, limit: 10 } as never)),
    );
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 3]);
    expect(pages.every((p) => p.total === 23 && p.totalPages === 3)).toBe(true);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(23);
  });

  const value = (row: Record<string, unknown>, field: (typeof ITEM_SORT_FIELDS)[number]) => {
    const v = row[field];
    return typeof v === 'string' ? v.toLowerCase() : v;
  };
  const STATUS_ORDER = (s: string) => s.toLowerCase();

  it.each(ITEM_SORT_FIELDS)('sorts by %s ascending and descending across pages', async (field) => {
    for (const order of ['asc', 'desc'] as const) {
      const rows = [
        ...(await api.inventory.list({ page: 1, limit: 10, field, order } as never)).rows,
        ...(await api.inventory.list({ page: 2, limit: 10, field, order } as never)).rows,
        ...(await api.inventory.list({ page: 3, limit: 10, field, order } as never)).rows,
      ];
      expect(rows).toHaveLength(23);
      const keys = rows.map((r) => (field === 'status' ? STATUS_ORDER(r.status) : value(r, field)));
      // SQL sorts nulls first ascending; compare the same way.
      const sorted = [...keys].sort((a, b) => {
        if (a === b) return 0;
        if (a === null) return -1;
        if (b === null) return 1;
        return (a as never) < (b as never) ? -1 : 1;
      });
      const expected = order === 'asc' ? sorted : sorted.reverse();
      // By expiry the undated items come last either way (nearest, or farthest, date first).
      if (field === 'expirationDate')
        expected.push(
          ...expected.splice(0, expected.indexOf(null) === 0 ? expected.lastIndexOf(null) + 1 : 0),
        );
      expect(keys).toEqual(expected);
    }
  });

  it('refuses an unknown sort field (tRPC 400, REST 400) and ignores none', async () => {
    await expectTrpcError(api.inventory.list({ field: 'password' } as never), 'BAD_REQUEST');
    const session = await sortShop.signedIn('manager');
    const res = await sortShop.app.inject({
      url: '/api/inventory?page=1&limit=10&field=createdBy;drop&order=asc',
      headers: auth(session.accessToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Cannot sort by that field/);
  });

  it('searches name and id case-insensitively, with the FTS index (3+ characters) and LIKE (shorter)', async () => {
    const flour = await api.inventory.list({ search: 'FLOUR', limit: 100 } as never);
    expect(flour.total).toBe(12);
    expect(flour.rows.every((r) => r.name.startsWith('flour'))).toBe(true);
    expect((await api.inventory.list({ search: 'INV-00001' } as never)).total).toBe(10);
    expect((await api.inventory.list({ search: 'r W' } as never)).total).toBe(1);
    expect((await api.inventory.list({ search: 'our' } as never)).total).toBe(12);
  });

  it('SQL and FTS metacharacters in search are text, not syntax', async () => {
    for (const search of [
      '%',
      '_',
      "'",
      '"',
      "'; drop table inventory_items; --",
      'flour OR sugar',
      'NEAR(a b)',
      '*',
      '\\',
    ]) {
      const page = await api.inventory.list({ search } as never);
      expect(page.total, search).toBe(0);
    }
    expect(await sortShop.db.$count(inventoryItems)).toBe(23);
  });

  it('REST GET /api/inventory: items, totalItems, totalPages; ?all=true an array; limit=1000 for the POS', async () => {
    const session = await sortShop.signedIn('staff');
    const get = (url: string) => sortShop.app.inject({ url, headers: auth(session.accessToken) });
    const page = (await get('/api/inventory?page=3&limit=10&search=')).json();
    expect(page).toMatchObject({ totalItems: 23, totalPages: 3 });
    expect(page.items).toHaveLength(3);
    expect(page.items[0]).toHaveProperty('_id');
    const all = (await get('/api/inventory?all=true&search=sugar')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(11);
    const pos = (await get('/api/inventory?page=1&limit=1000')).json();
    expect(pos.items).toHaveLength(23);
    expect((await get('/api/inventory?limit=1001')).statusCode).toBe(400);
    expect((await get('/api/inventory?page=0')).statusCode).toBe(400);
  });
});

describe('money, refs and the REST shapes', () => {
  it('45.50 stays 45.50 through REST, and centavos stay whole', async () => {
    const res = await postJson(
      shop,
      '/api/inventory',
      {
        name: 'Butter 225g',
        unitPrice: 45.5,
        purchasePrice: 0.1 + 0.2,
        stock: '7',
        category: flourCategory,
        supplier,
        unit: kg,
        amount: 0.225,
      },
      manager.accessToken,
    );
    expect(res.statusCode).toBe(201);
    const item = res.json().item;
    expect(item).toMatchObject({
      unitPrice: 45.5,
      purchasePrice: 0.3,
      stock: 7,
      category: flourCategory,
      supplier,
      amount: 0.225,
    });
    expect(item.unit).toEqual({ _id: kg, name: 'kg' });
    expect(item.createdBy.username).toBe(manager.user.username);
    const stored = shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item._id)).get()!;
    expect(stored.unitPrice).toBe(4550);
    expect(stored.stock).toBe(7000);
    const read = await shop.app.inject({
      url: `/api/inventory/${item._id}`,
      headers: auth(manager.accessToken),
    });
    expect(read.json().unitPrice).toBe(45.5);
    expect(JSON.stringify(read.json())).toContain('"unitPrice":45.5');
  });

  it('stock and restock threshold take up to three decimals over REST; a fourth is a 400 naming the field', async () => {
    const res = await postJson(
      shop,
      '/api/inventory',
      { name: 'Cake Flour by the kilo', stock: 1.5, restockThreshold: '0.125' },
      manager.accessToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item;
    expect(item).toMatchObject({ stock: 1.5, restockThreshold: 0.125 });
    const stored = () => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item._id)).get()!;
    expect([stored().stock, stored().restockThreshold]).toEqual([1500, 125]);
    const put = (payload: Record<string, unknown>) =>
      shop.app.inject({
        method: 'PUT',
        url: `/api/inventory/${item._id}`,
        headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
        payload,
      });
    expect((await put({ stock: 2.25 })).json().item.stock).toBe(2.25);
    expect(stored().stock).toBe(2250);

    const before = [await shop.db.$count(inventoryItems), await shop.db.$count(stockMovements)];
    for (const [body, field] of [
      [{ stock: 1.2345 }, 'Stock'],
      [{ restockThreshold: '0.0001' }, 'Restock threshold'],
    ] as const) {
      const added = await postJson(
        shop,
        '/api/inventory',
        { name: 'Too fine', ...body },
        manager.accessToken,
      );
      expect(added.statusCode).toBe(400);
      expect(added.json()).toEqual({
        message: `${field} can have at most three decimals, like 2.5 or 0.125.`,
      });
      const edited = await put(body);
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toEqual({
        message: `${field} can have at most three decimals, like 2.5 or 0.125.`,
      });
    }
    expect([await shop.db.$count(inventoryItems), await shop.db.$count(stockMovements)]).toEqual(before);
    expect(stored().stock).toBe(2250);
  });

  it('PUT with only stock (what the POS sends) changes only stock and writes the ledger', async () => {
    const { item } = await addItem({
      name: 'Cocoa',
      stock: 10_000,
      unitPrice: 12000,
      categoryId: flourCategory,
    });
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/inventory/${item.id}`,
      headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
      payload: { stock: 8 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: INVENTORY_TEXT.updated,
      item: { stock: 8, unitPrice: 120, category: flourCategory },
    });
    const moves = await manager.api.inventory.movements({ id: item.id });
    expect(moves.map((m) => [m.reason, m.change, m.stockBefore, m.stockAfter])).toEqual([
      ['edit', -2_000, 10_000, 8_000],
      ['created', 10_000, 0, 10_000],
    ]);
    expect(moves[0]!.username).toBe(manager.user.username);
  });

  it('a category of the cake type is refused for an item', async () => {
    const cakeCategory = shop.db
      .insert(categories)
      .values({ name: 'Birthday', type: 'cake' })
      .returning()
      .get().id;
    await expectTrpcError(
      addItem({ name: 'X', categoryId: cakeCategory }),
      'BAD_REQUEST',
      INVENTORY_TEXT.badCategory,
    );
  });

  it('unknown ids are 404; malformed ids are 400', async () => {
    await expectTrpcError(
      manager.api.inventory.update({ id: 99999, changes: { stock: 1_000 } }),
      'NOT_FOUND',
      INVENTORY_TEXT.notFound,
    );
    const res = await shop.app.inject({
      method: 'DELETE',
      url: '/api/inventory/99999',
      headers: auth(manager.accessToken),
    });
    expect(res.statusCode).toBe(404);
    const bad = await shop.app.inject({
      method: 'DELETE',
      url: '/api/inventory/abc',
      headers: auth(manager.accessToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('delete answers its message, keeps the ledger readable, and writes the activity log', async () => {
    const { item } = await addItem({ name: 'Old Yeast', stock: 4_000 });
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${item.id}`,
      headers: auth(manager.accessToken),
    });
    expect(res.json()).toEqual({ message: INVENTORY_TEXT.deleted });
    const moves = shop.db.select().from(stockMovements).where(eq(stockMovements.record, item.itemId)).all();
    expect(moves.map((m) => [m.reason, m.change, m.itemId])).toEqual([
      ['created', 4_000, null],
      ['deleted', -4_000, null],
    ]);
  });
});

describe('SC/PWD eligibility of items', () => {
  const put = (id: number, payload: unknown, token = manager.accessToken) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/inventory/${id}`,
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const editLogOf = (itemId: string) =>
    shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Edit Item'))
      .all()
      .filter((log) => log.description.includes(itemId))
      .map((log) => log.description);

  it('a new item is not eligible unless it says so (baking supplies are not food); tRPC sets and changes it', async () => {
    const { item: plain } = await addItem({ name: 'Piping Bags' });
    expect(plain.scPwdEligible).toBe(false);
    expect((await manager.api.inventory.get({ id: plain.id })).scPwdEligible).toBe(false);
    const { item: food } = await addItem({ name: 'Ready-made Ensaymada', scPwdEligible: true });
    expect(food.scPwdEligible).toBe(true);
    expect(
      shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, food.id)).get()!.scPwdEligible,
    ).toBe(true);

    // The flag alone is an edit, and nothing else moves.
    const on = await manager.api.inventory.update({ id: plain.id, changes: { scPwdEligible: true } });
    expect(on).toMatchObject({
      message: INVENTORY_TEXT.updated,
      item: { scPwdEligible: true, name: 'Piping Bags' },
    });
    const off = await manager.api.inventory.update({ id: plain.id, changes: { scPwdEligible: false } });
    expect(off).toMatchObject({ item: { scPwdEligible: false } });
    // An edit of another field keeps it.
    await manager.api.inventory.update({ id: food.id, changes: { stock: 9_000 } });
    expect((await manager.api.inventory.get({ id: food.id })).scPwdEligible).toBe(true);
    const listed = await manager.api.inventory.lookup({ search: 'Ensaymada' });
    expect(listed.map((i) => i.scPwdEligible)).toEqual([true]);
  });

  it('REST answers scPwdEligible, takes it on POST and PUT, and reads the form strings "true" and "false"', async () => {
    const plain = await postJson(shop, '/api/inventory', { name: 'Cake Boards' }, manager.accessToken);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().item.scPwdEligible).toBe(false);
    const food = await postJson(
      shop,
      '/api/inventory',
      { name: 'Polvoron Pack', scPwdEligible: true },
      manager.accessToken,
    );
    expect(food.json().item.scPwdEligible).toBe(true);
    const fromForm = await postJson(
      shop,
      '/api/inventory',
      { name: 'Pastillas Pack', scPwdEligible: 'true' },
      manager.accessToken,
    );
    expect(fromForm.json().item.scPwdEligible).toBe(true);

    const id = plain.json().item._id as number;
    const on = await put(id, { scPwdEligible: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: INVENTORY_TEXT.updated, item: { scPwdEligible: true } });
    const read = await shop.app.inject({ url: `/api/inventory/${id}`, headers: auth(manager.accessToken) });
    expect(read.json().scPwdEligible).toBe(true);
    const off = await put(id, { scPwdEligible: 'false' });
    expect(off.json().item.scPwdEligible).toBe(false);
    // A PUT without it (the POS sends only stock) leaves it as it is.
    await put(food.json().item._id, { stock: 3 });
    const list = await shop.app.inject({
      url: '/api/inventory?search=Polvoron',
      headers: auth(manager.accessToken),
    });
    expect(list.json().items.map((i: { scPwdEligible: boolean }) => i.scPwdEligible)).toEqual([true]);
  });

  it('anything but true or false is a 400 with its message, over tRPC and REST, and writes nothing', async () => {
    const { item } = await addItem({ name: 'Cupcake Liners' });
    const before = await shop.db.$count(inventoryItems);
    for (const wrong of ['yes', 1, null, {}]) {
      await expectTrpcError(
        addItem({ name: 'Y', scPwdEligible: wrong }),
        'BAD_REQUEST',
        INVENTORY_TEXT.scPwdNotBoolean,
      );
      await expectTrpcError(
        manager.api.inventory.update({ id: item.id, changes: { scPwdEligible: wrong as never } }),
        'BAD_REQUEST',
        INVENTORY_TEXT.scPwdNotBoolean,
      );
    }
    for (const wrong of ['yes', 'TRUE', 1, 0, ['true'], { value: true }]) {
      const posted = await postJson(
        shop,
        '/api/inventory',
        { name: 'Y', scPwdEligible: wrong },
        manager.accessToken,
      );
      expect(posted.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(posted.json()).toEqual({ message: INVENTORY_TEXT.scPwdNotBoolean });
      const edited = await put(item.id, { scPwdEligible: wrong });
      expect(edited.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(edited.json()).toEqual({ message: INVENTORY_TEXT.scPwdNotBoolean });
    }
    expect(await shop.db.$count(inventoryItems)).toBe(before);
    expect((await manager.api.inventory.get({ id: item.id })).scPwdEligible).toBe(false);
  });

  it('the activity log and a held staff request name the change, Yes and No', async () => {
    const { item } = await addItem({ name: 'Ube Halaya Jar' });
    await manager.api.inventory.update({ id: item.id, changes: { scPwdEligible: true } });
    await put(item.id, { scPwdEligible: false, stock: 2 });
    expect(editLogOf(item.itemId)).toEqual([
      `Edited ${item.itemId} "Ube Halaya Jar": SC/PWD Eligible No → Yes`,
      `Edited ${item.itemId} "Ube Halaya Jar": Stock 0 → 2, SC/PWD Eligible Yes → No`,
    ]);
    const answer = await staff.api.inventory.update({ id: item.id, changes: { scPwdEligible: true } });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, item.itemId))
      .get()!;
    expect(JSON.parse(request.details)).toEqual({ 'SC/PWD Eligible': 'No → Yes' });
    await manager.api.actionRequests.approve({ id: request.id });
    expect((await manager.api.inventory.get({ id: item.id })).scPwdEligible).toBe(true);
  });
});

describe('staff edits and deletes become action requests', () => {
  it('an edit is held, shows as a request, and applies only on approval', async () => {
    const { item } = await addItem({ name: 'Vanilla', stock: 10_000, unitPrice: 5000 });
    const answer = await staff.api.inventory.update({
      id: item.id,
      changes: { unitPrice: 5500, stock: 12_000 },
    });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect((await manager.api.inventory.get({ id: item.id })).unitPrice).toBe(5000);
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, item.itemId))
      .get()!;
    expect(JSON.parse(request.details)).toEqual({ 'Unit Price': '₱50.00 → ₱55.00', Stock: '10 → 12' });
    await manager.api.actionRequests.approve({ id: request.id });
    const after = await manager.api.inventory.get({ id: item.id });
    expect([after.unitPrice, after.stock]).toEqual([5500, 12_000]);
    const moves = await manager.api.inventory.movements({ id: item.id });
    expect(moves[0]).toMatchObject({ reason: 'edit', change: 2_000, username: manager.user.username });
  });

  it('a delete is held over REST too, and rejecting it leaves the item', async () => {
    const { item } = await addItem({ name: 'Sprinkles', stock: 3_000 });
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${item.id}`,
      headers: auth(staff.accessToken),
    });
    expect(res.json()).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, item.itemId))
      .get()!;
    await manager.api.actionRequests.reject({ id: request.id });
    expect((await manager.api.inventory.get({ id: item.id })).name).toBe('Sprinkles');
  });

  it('staff may add directly', async () => {
    const { item } = await staff.api.inventory.add({ name: 'Staff Added', stock: 30_000 } as never);
    expect(item.createdBy).toBe(staff.user.username);
  });

  it('an approval re-validates: an id taken meanwhile is refused and the request stays pending', async () => {
    const { item } = await addItem({ itemId: 'INV-500001', name: 'Rename Me' });
    await staff.api.inventory.update({ id: item.id, changes: { itemId: 'INV-500002' } });
    await addItem({ itemId: 'INV-500002', name: 'Taken Meanwhile' });
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, 'INV-500001'))
      .get()!;
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      INVENTORY_TEXT.duplicateId,
    );
    expect(shop.db.select().from(actionRequests).where(eq(actionRequests.id, request.id)).get()!.status).toBe(
      'pending',
    );
  });
});

describe('roles', () => {
  it('every role may read and add; no role and no token are refused', async () => {
    for (const role of ['admin', 'owner', 'manager', 'staff'] as const) {
      const { api } = await shop.signedIn(role);
      await expect(api.inventory.list({} as never)).resolves.toHaveProperty('rows');
    }
    const { api: nobody } = await shop.signedIn(null);
    await expectTrpcError(nobody.inventory.list({} as never), 'FORBIDDEN');
    await expectTrpcError(nobody.inventory.add({ name: 'X' } as never), 'FORBIDDEN');
    const anonymous = await shop.app.inject({ url: '/api/inventory' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('stock notifications', () => {
  const messages = () =>
    shop.db
      .select()
      .from(notifications)
      .all()
      .map((n) => n.message);

  it('an edit down to the threshold warns, to zero errors, once per item and day', async () => {
    const { item } = await addItem({ name: 'Baking Soda', stock: 20_000, restockThreshold: 5_000 });
    await manager.api.inventory.update({ id: item.id, changes: { stock: 5_000 } });
    await manager.api.inventory.update({ id: item.id, changes: { stock: 4_000 } });
    await manager.api.inventory.update({ id: item.id, changes: { stock: 0 } });
    const mine = messages().filter((m) => m.includes(item.itemId));
    expect(mine).toEqual([
      `"Baking Soda" (${item.itemId}) is low on stock: 5 left (restock at 5).`,
      `"Baking Soda" (${item.itemId}) is out of stock.`,
    ]);
  });

  it('the daily check announces items expiring within 7 days, once per lot', async () => {
    const soon = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'EXP-7', name: 'Cream Cheese', stock: 40_000, expirationDate: addDays(today(), 7) })
      .returning()
      .get();
    shop.db
      .insert(inventoryItems)
      .values({ itemId: 'EXP-8', name: 'Later Cheese', stock: 40_000, expirationDate: addDays(today(), 8) })
      .run();
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    // Its opening lot holds its stock and date: the notice names the lot.
    const opening = shop.db.select().from(stockLots).where(eq(stockLots.itemId, soon.id)).get()!;
    expect(messages().filter((m) => m.includes('EXP-7'))).toEqual([
      `Lot ${opening.lotCode} of "Cream Cheese" (EXP-7) expires on ${formatCalendarDate(addDays(today(), 7))}: ${formatQuantity(soon.stock)} left.`,
    ]);
    expect(messages().some((m) => m.includes('EXP-8'))).toBe(false);
    // A new date (a lot expiring sooner) is a new alert.
    const sooner = putLot(shop, soon.id, {
      quantity: 1000,
      unitCost: 0,
      expirationDate: addDays(today(), 2),
    });
    dailyStockCheck(shop.db);
    expect(messages().filter((m) => m.includes('EXP-7'))).toHaveLength(2);
    const alerted = shop.db.select().from(lotAlerts).all();
    expect(alerted.filter((a) => a.lotId === opening.id || a.lotId === sooner.id)).toHaveLength(2);
  });

  it('the daily check finds low and out-of-stock items; the next Manila day may alert again', async () => {
    const low = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'LOW-1', name: 'Icing', stock: 2_000, restockThreshold: 3_000 })
      .returning()
      .get();
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    expect(messages().filter((m) => m.includes('LOW-1'))).toHaveLength(1);
    dailyStockCheck(shop.db, new Date(Date.now() + 24 * 3600 * 1000));
    expect(messages().filter((m) => m.includes('LOW-1'))).toHaveLength(2);
    expect(low.id).toBeGreaterThan(0);
  });
});

describe('sorting by status (read in two indexed parts, in status order)', () => {
  it('matches the status order on every page size, across the Expired boundary, both ways', async () => {
    const own = await testApp();
    const { api } = await own.signedIn('manager');
    const t = today();
    const mix = [
      { stock: 0, expirationDate: addDays(t, -3) },
      { stock: 9_000, expirationDate: addDays(t, -1) },
      { stock: 9_000, expirationDate: t },
      { stock: 0, expirationDate: null },
      { stock: 2_000, expirationDate: null },
      { stock: 5_000, expirationDate: addDays(t, 40) },
      { stock: 50_000, expirationDate: null },
      { stock: 0, expirationDate: addDays(t, 2) },
      { stock: 30_000, expirationDate: addDays(t, -30) },
      { stock: 1_000, expirationDate: addDays(t, 1) },
      { stock: 6_000, expirationDate: null },
    ];
    for (const [n, m] of mix.entries()) {
      own.db
        .insert(inventoryItems)
        .values({ itemId: `ST-${n}`, name: `Item ${n}`, restockThreshold: 5_000, ...m })
        .run();
    }
    const all = (await api.inventory.list({ limit: 100 } as never)).rows;
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...all]
        .sort((a, b) => (a.status === b.status ? a.id - b.id : a.status < b.status ? -1 : 1))
        .map((r) => r.id);
      if (order === 'desc') expected.reverse();
      for (const limit of [1, 2, 3, 4, 5, 11]) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(mix.length / limit); page++) {
          const result = await api.inventory.list({ field: 'status', order, limit, page } as never);
          expect(result.total).toBe(mix.length);
          seen.push(...result.rows.map((r) => r.id));
        }
        expect(seen, `${order} by ${limit}`).toEqual(expected);
      }
    }
    expect(all.filter((r) => r.status === 'Expired')).toHaveLength(3);
    await own.close();
  });
});

describe('hostile and wrong-typed bodies', () => {
  const BODIES = [
    '[]',
    'null',
    '"text"',
    '{"name": {"$gt": ""}}',
    '{"name": "X", "stock": 1e309}',
    // A fourth decimal: an item's stock goes to thousandths, a cake's is whole.
    '{"name": "X", "stock": 1.2345}',
    '{"name": "X", "unitPrice": "NaN"}',
    '{"name": "X", "unitPrice": 1e12}',
    '{"name": "X", "category": {"_id": "1 or 1=1"}}',
    '{"name": "X", "expirationDate": "2026-02-30"}',
    '{"name": "X", "expirationDate": "99999-01-01"}',
    '{"__proto__": {"admin": true}, "name": ["a"]}',
    '{"name": "X", "stock": -1, "ingredients": [{"inventoryItem": "abc", "quantity": -1}]}',
    '{"name": "X", "stock": -1, "ingredients": "all"}',
    '{}',
  ];
  it.each(BODIES)('%s is a 4xx with a message and writes nothing', async (payload) => {
    const before = [await shop.db.$count(inventoryItems), await shop.db.$count(stockMovements)];
    for (const [method, url] of [
      ['POST', '/api/inventory'],
      ['PUT', '/api/inventory/1'],
      ['POST', '/api/cake/add'],
      ['PUT', '/api/cake/1'],
    ] as const) {
      const res = await shop.app.inject({
        method,
        url,
        headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect([await shop.db.$count(inventoryItems), await shop.db.$count(stockMovements)]).toEqual(before);
  });
});

describe('search index upkeep', () => {
  it('optimizing the index keeps every match findable', async () => {
    const before = await manager.api.inventory.list({ search: 'flour', limit: 100 } as never);
    optimizeSearchIndex(shop.db);
    const after = await manager.api.inventory.list({ search: 'flour', limit: 100 } as never);
    expect(after.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(before.total).toBeGreaterThan(0);
  });
});
