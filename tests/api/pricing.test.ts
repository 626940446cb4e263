import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, cakeSizes, cakes, categories, inventoryItems } from '../../server/db/schema';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { MONEY_TEXT } from '../../shared/texts/fields';
import { PRICING_TEXT } from '../../shared/texts/pricing';
import { type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Profitability and Pricing: margins lowest first against a hand-computed fixture, search,
// paging, price changes with their activity row, roles, and the REST contract in pesos.

let shop: TestShop;
let manager: Awaited<ReturnType<TestShop['signedIn']>>;
let staff: Awaited<ReturnType<TestShop['signedIn']>>;
const item: Record<string, { id: number; itemId: string }> = {};
const cake: Record<string, { id: number; cakeId: string }> = {};

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  const add = async (key: string, name: string, purchasePrice: number, unitPrice: number) => {
    item[key] = (await manager.api.inventory.add({ name, purchasePrice, unitPrice } as never)).item;
  };
  await add('sprinkles', 'Free Sample Sprinkles', 500, 0);
  await add('butter', 'Loss Leader Butter', 12000, 10000);
  await add('flour', 'Cake Flour 1kg', 4550, 6000);
  await add('vanilla', 'Vanilla Extract', 10000, 25000);
  await add('cocoa', 'Cocoa Powder', 3000, 4000);
  const categoryId = shop.db
    .insert(categories)
    .values({ name: 'Birthday', type: 'cake' })
    .returning()
    .get().id;
  const sizeId = shop.db.insert(cakeSizes).values({ name: '8 inch' }).returning().get().id;
  const addCake = async (key: string, name: string, price: number, ingredients: [string, number][]) => {
    const fields = {
      name,
      categoryId,
      sizeId,
      availability: 'Always',
      price,
      stock: 2,
      // Given in units; the recipe travels in thousandths.
      ingredients: ingredients.map(([k, quantity]) => ({ itemId: item[k]!.id, quantity: quantity * 1000 })),
    };
    cake[key] = (await manager.api.cakes.add(fields as never)).cake;
  };
  await addCake('dream', 'Chocolate Dream', 85000, [
    ['flour', 0.25],
    ['butter', 1],
  ]);
  await addCake('cupcake', 'Budget Cupcake', 8000, [['cocoa', 3]]);
  await addCake('display', 'Display Cake', 0, [['vanilla', 1]]);
});
afterAll(() => shop.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const pricingLogs = () =>
  shop.db.select().from(activityLogs).where(eq(activityLogs.module, 'Pricing Management')).all();
const priceOf = (id: number) =>
  shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.unitPrice;
const patch = (url: string, body: unknown, token = manager.accessToken) =>
  shop.app.inject({
    method: 'PATCH',
    url,
    headers: { ...auth(token), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The fixture's rows, by hand: margin = price - cost; percent = margin / price to one decimal. */
const ITEMS_LOWEST_FIRST = [
  ['sprinkles', 'Free Sample Sprinkles', 500, 0, -500, null],
  ['butter', 'Loss Leader Butter', 12000, 10000, -2000, -20],
  ['flour', 'Cake Flour 1kg', 4550, 6000, 1450, 24.2],
  ['cocoa', 'Cocoa Powder', 3000, 4000, 1000, 25],
  ['vanilla', 'Vanilla Extract', 10000, 25000, 15000, 60],
] as const;
// Base costs from the ingredients: 0.25 × 45.50 (11.375, half up to 11.38) + 120.00; 3 × 30.00; 1 × 100.00.
const CAKES_LOWEST_FIRST = [
  ['display', 'Display Cake', 10000, 0, -10000, null],
  ['cupcake', 'Budget Cupcake', 9000, 8000, -1000, -12.5],
  ['dream', 'Chocolate Dream', 13138, 85000, 71862, 84.5],
] as const;

describe('margins', () => {
  it('lists items lowest margin first: unpriced, then negative, then by margin %', async () => {
    const page = await manager.api.pricing.margins({ kind: 'item' });
    expect(page).toMatchObject({ total: 5, page: 1, limit: 10, totalPages: 1 });
    expect(page.rows).toEqual(
      ITEMS_LOWEST_FIRST.map(([key, name, cost, price, margin, marginPercent]) => ({
        id: item[key]!.id,
        kind: 'item',
        code: item[key]!.itemId,
        name,
        cost,
        price,
        margin,
        marginPercent,
      })),
    );
  });

  it('lists cakes with their base cost from the ingredients, lowest margin first', async () => {
    const { rows } = await manager.api.pricing.margins({ kind: 'cake' });
    expect(rows).toEqual(
      CAKES_LOWEST_FIRST.map(([key, name, cost, price, margin, marginPercent]) => ({
        id: cake[key]!.id,
        kind: 'cake',
        code: cake[key]!.cakeId,
        name,
        cost,
        price,
        margin,
        marginPercent,
      })),
    );
  });

  it('desc puts the highest margins first and the unpriced last', async () => {
    const items = await manager.api.pricing.margins({ kind: 'item', order: 'desc' });
    expect(items.rows.map((r) => r.name)).toEqual(ITEMS_LOWEST_FIRST.map((r) => r[1]).reverse());
    const cakeRows = await manager.api.pricing.margins({ kind: 'cake', order: 'desc' });
    expect(cakeRows.rows.map((r) => r.name)).toEqual(CAKES_LOWEST_FIRST.map((r) => r[1]).reverse());
  });

  it('searches names and business ids on the server, ignoring case', async () => {
    const names = async (kind: 'item' | 'cake', search: string) =>
      (await manager.api.pricing.margins({ kind, search })).rows.map((r) => r.name);
    expect(await names('item', 'COCOA')).toEqual(['Cocoa Powder']);
    expect(await names('item', 'co')).toEqual(['Cocoa Powder']);
    expect(await names('item', item.flour!.itemId.toLowerCase())).toEqual(['Cake Flour 1kg']);
    expect(await names('item', 'er')).toEqual(['Loss Leader Butter', 'Cocoa Powder']);
    expect(await names('item', '%')).toEqual([]);
    expect(await names('cake', 'cake')).toEqual(['Display Cake', 'Budget Cupcake']);
    expect(await names('cake', cake.dream!.cakeId.toLowerCase())).toEqual(['Chocolate Dream']);
    const none = await manager.api.pricing.margins({ kind: 'cake', search: 'nothing like it' });
    expect(none).toMatchObject({ rows: [], total: 0, totalPages: 1 });
  });

  it('refuses bad list input with 400 and a readable message', async () => {
    await expectTrpcError(
      manager.api.pricing.margins({ kind: 'pie' as never }),
      'BAD_REQUEST',
      PRICING_TEXT.badKind,
    );
    await expectTrpcError(
      manager.api.pricing.margins({ order: 'sideways' as never }),
      'BAD_REQUEST',
      PRICING_TEXT.orderInvalid,
    );
    await expectTrpcError(manager.api.pricing.margins({ page: 0 }), 'BAD_REQUEST');
    await expectTrpcError(manager.api.pricing.margins({ limit: 1001 }), 'BAD_REQUEST');
    await expectTrpcError(
      manager.api.pricing.margins({ search: 'x'.repeat(101) }),
      'BAD_REQUEST',
      PRICING_TEXT.searchTooLong,
    );
  });
});

describe('paging', () => {
  it('pages 25 items (with tied margins) ten at a time, without overlap or gaps, in margin order', async () => {
    const own = await testApp();
    try {
      const admin = await own.signedIn('admin');
      // Prices 100..., costs chosen so several items share a margin % (ties break by id).
      for (let n = 0; n < 25; n++) {
        const unitPrice = n % 6 === 0 ? 0 : 1000 * ((n % 4) + 1);
        const purchasePrice = 250 * ((n * 7) % 5);
        own.db
          .insert(inventoryItems)
          .values({
            itemId: `INV-${String(n).padStart(6, '0')}`,
            name: `Item ${n}`,
            unitPrice,
            purchasePrice,
          })
          .run();
      }
      const all = own.db.select().from(inventoryItems).all();
      const ratio = (r: (typeof all)[number]) =>
        r.unitPrice === 0 ? Number.NEGATIVE_INFINITY : (r.unitPrice - r.purchasePrice) / r.unitPrice;
      const expected = [...all].sort((a, b) => ratio(a) - ratio(b) || a.id - b.id).map((r) => r.id);
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const got = await admin.api.pricing.margins({ kind: 'item', page, order });
          expect(got).toMatchObject({ total: 25, totalPages: 3, page });
          expect(got.rows).toHaveLength(page < 3 ? 10 : 5);
          seen.push(...got.rows.map((r) => r.id));
        }
        expect(new Set(seen).size).toBe(25);
        expect(seen).toEqual(order === 'asc' ? expected : [...expected].reverse());
      }
      expect((await admin.api.pricing.margins({ page: 4 })).rows).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('setPrice', () => {
  it('writes the price and one activity row naming the product and both prices', async () => {
    const before = pricingLogs().length;
    const answer = await manager.api.pricing.setPrice({ kind: 'item', id: item.vanilla!.id, price: 27550 });
    expect(answer).toEqual({
      message: PRICING_TEXT.changed,
      changed: true,
      row: {
        id: item.vanilla!.id,
        kind: 'item',
        code: item.vanilla!.itemId,
        name: 'Vanilla Extract',
        cost: 10000,
        price: 27550,
        margin: 17550,
        marginPercent: 63.7,
      },
    });
    expect(priceOf(item.vanilla!.id)).toBe(27550);
    const logs = pricingLogs();
    expect(logs).toHaveLength(before + 1);
    expect(logs.at(-1)).toMatchObject({
      userId: manager.user.id,
      action: 'Change Price',
      description: `Changed the price of ${item.vanilla!.itemId} "Vanilla Extract" from ₱250.00 to ₱275.50`,
    });
    await manager.api.pricing.setPrice({ kind: 'item', id: item.vanilla!.id, price: 25000 });
  });

  it("changes a cake's price, and its margin follows", async () => {
    const { row } = await manager.api.pricing.setPrice({ kind: 'cake', id: cake.cupcake!.id, price: 12000 });
    expect(row).toMatchObject({ cost: 9000, price: 12000, margin: 3000, marginPercent: 25 });
    expect(shop.db.select().from(cakes).where(eq(cakes.id, cake.cupcake!.id)).get()!.price).toBe(12000);
    expect(pricingLogs().at(-1)!.description).toBe(
      `Changed the price of ${cake.cupcake!.cakeId} "Budget Cupcake" from ₱80.00 to ₱120.00`,
    );
    await manager.api.pricing.setPrice({ kind: 'cake', id: cake.cupcake!.id, price: 8000 });
  });

  it('the same price writes nothing and says nothing changed', async () => {
    const before = pricingLogs().length;
    const updatedAt = shop.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, item.cocoa!.id))
      .get()!.updatedAt;
    const answer = await manager.api.pricing.setPrice({ kind: 'item', id: item.cocoa!.id, price: 4000 });
    expect(answer).toMatchObject({
      message: PRICING_TEXT.unchanged('Cocoa Powder', '₱40.00'),
      changed: false,
      row: { price: 4000, margin: 1000 },
    });
    expect(pricingLogs()).toHaveLength(before);
    const after = shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.cocoa!.id)).get()!;
    expect(after.updatedAt).toEqual(updatedAt);
  });

  it('an unknown id is 404', async () => {
    await expectTrpcError(
      manager.api.pricing.setPrice({ kind: 'item', id: 999_999, price: 100 }),
      'NOT_FOUND',
      PRICING_TEXT.itemNotFound,
    );
    // An item's id is not a cake's.
    await expectTrpcError(
      manager.api.pricing.setPrice({ kind: 'cake', id: 999_999, price: 100 }),
      'NOT_FOUND',
      PRICING_TEXT.cakeNotFound,
    );
  });

  it.each<[string, unknown, string]>([
    ['negative', -1, PRICING_TEXT.priceNegative],
    ['not a number', 'abc', PRICING_TEXT.priceNegative],
    ['NaN', Number.NaN, PRICING_TEXT.priceNegative],
    ['a fraction of a centavo', 10.5, PRICING_TEXT.priceNegative],
    ['missing', undefined, PRICING_TEXT.priceRequired],
    ['too large', 1_000_000_001, 'Amounts above ₱10,000,000 are not accepted.'],
  ])('a %s price is 400 with a readable message and writes nothing', async (_, price, message) => {
    const before = pricingLogs().length;
    await expectTrpcError(
      manager.api.pricing.setPrice({ kind: 'item', id: item.flour!.id, price } as never),
      'BAD_REQUEST',
      message,
    );
    expect(priceOf(item.flour!.id)).toBe(6000);
    expect(pricingLogs()).toHaveLength(before);
  });
});

describe('roles', () => {
  it('staff get FORBIDDEN on both procedures and 403 over REST, and nothing changes', async () => {
    await expectTrpcError(staff.api.pricing.margins({}), 'FORBIDDEN', AUTH_TEXT.forbidden);
    await expectTrpcError(
      staff.api.pricing.setPrice({ kind: 'item', id: item.flour!.id, price: 1 }),
      'FORBIDDEN',
      AUTH_TEXT.forbidden,
    );
    const get = await shop.app.inject({
      method: 'GET',
      url: '/api/pricing',
      headers: auth(staff.accessToken),
    });
    expect(get.statusCode).toBe(403);
    const set = await patch(`/api/pricing/item/${item.flour!.id}`, { price: 1 }, staff.accessToken);
    expect(set.statusCode).toBe(403);
    expect(set.json().message).toBe(AUTH_TEXT.forbidden);
    expect(priceOf(item.flour!.id)).toBe(6000);
    expect((await shop.app.inject({ method: 'GET', url: '/api/pricing' })).statusCode).toBe(401);
  });

  it('managers, owners and admins may list and set prices', async () => {
    for (const role of ['manager', 'owner', 'admin'] as const) {
      const { api, user } = await shop.signedIn(role);
      expect((await api.pricing.margins({ kind: 'item' })).total).toBe(5);
      await api.pricing.setPrice({ kind: 'item', id: item.flour!.id, price: 6100 });
      expect(priceOf(item.flour!.id)).toBe(6100);
      expect(pricingLogs().at(-1)!.userId).toBe(user.id);
      await api.pricing.setPrice({ kind: 'item', id: item.flour!.id, price: 6000 });
    }
  });
});

describe('REST', () => {
  it('GET /api/pricing answers rows in pesos with _id, lowest margin first, and the page', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/pricing?kind=cake&limit=2',
      headers: auth(manager.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        {
          _id: cake.display!.id,
          kind: 'cake',
          code: cake.display!.cakeId,
          name: 'Display Cake',
          cost: 100,
          price: 0,
          margin: -100,
          marginPercent: null,
        },
        {
          _id: cake.cupcake!.id,
          kind: 'cake',
          code: cake.cupcake!.cakeId,
          name: 'Budget Cupcake',
          cost: 90,
          price: 80,
          margin: -10,
          marginPercent: -12.5,
        },
      ],
      total: 3,
      page: 1,
      limit: 2,
      totalPages: 2,
    });
    const searched = await shop.app.inject({
      method: 'GET',
      url: '/api/pricing?search=butter&order=desc',
      headers: auth(manager.accessToken),
    });
    expect(searched.json().rows.map((r: { name: string }) => r.name)).toEqual(['Loss Leader Butter']);
  });

  it('PATCH /api/pricing/:kind/:id takes pesos and answers pesos; the database holds centavos', async () => {
    const res = await patch(`/api/pricing/item/${item.flour!.id}`, { price: 61.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: PRICING_TEXT.changed,
      changed: true,
      row: {
        _id: item.flour!.id,
        kind: 'item',
        code: item.flour!.itemId,
        name: 'Cake Flour 1kg',
        cost: 45.5,
        price: 61.5,
        margin: 16,
        marginPercent: 26,
      },
    });
    expect(priceOf(item.flour!.id)).toBe(6150);
    const text = await patch(`/api/pricing/item/${item.flour!.id}`, { price: '60.00' });
    expect(text.json().row.price).toBe(60);
    expect(priceOf(item.flour!.id)).toBe(6000);
  });

  it('refuses bad REST input with 4xx and {message}, writing nothing', async () => {
    const before = pricingLogs().length;
    const url = `/api/pricing/item/${item.flour!.id}`;
    const cases: [string, unknown, number, string][] = [
      [url, { price: -1 }, 400, PRICING_TEXT.priceNegative],
      // Text that is not pesos is refused where REST reads pesos, naming the field.
      [url, { price: 'abc' }, 400, MONEY_TEXT.pesos('Price')],
      [url, { price: 100_000_000 }, 400, 'Amounts above ₱10,000,000 are not accepted.'],
      [url, {}, 400, PRICING_TEXT.priceRequired],
      [url, '[1]', 400, 'The request body must be a JSON object.'],
      [`/api/pricing/pie/${item.flour!.id}`, { price: 1 }, 400, PRICING_TEXT.badKind],
      ['/api/pricing/item/999999', { price: 1 }, 404, PRICING_TEXT.itemNotFound],
      ['/api/pricing/item/abc', { price: 1 }, 404, PRICING_TEXT.itemNotFound],
    ];
    for (const [at, body, status, message] of cases) {
      const res = await patch(at, body);
      expect(res.statusCode, `${at} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    for (const query of ['kind=pie', 'order=up', 'page=0', 'limit=abc']) {
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/pricing?${query}`,
        headers: auth(manager.accessToken),
      });
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(priceOf(item.flour!.id)).toBe(6000);
    expect(pricingLogs()).toHaveLength(before);
    const unchanged = shop.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.module, 'Pricing Management'), eq(activityLogs.action, 'Change Price')))
      .all();
    expect(unchanged).toHaveLength(before);
  });
});
