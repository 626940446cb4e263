import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  cakeSizes,
  cakes,
  categories,
  stockMovements,
} from '../../server/db/schema';
import { CAKE_SORT_FIELDS } from '../../shared/schemas/cakes';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { QUANTITY_TEXT } from '../../shared/texts/fields';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Cakes: the form's messages, base cost from the ingredients (always current),
// seasonal availability, statuses, sorting, staff requests and the REST contract.

let shop: TestShop;
let manager: Awaited<ReturnType<TestShop['signedIn']>>;
let birthday: number;
let eightInch: number;
let flour: { id: number; itemId: string };
let eggs: { id: number; itemId: string };

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  birthday = shop.db.insert(categories).values({ name: 'Birthday', type: 'cake' }).returning().get().id;
  eightInch = shop.db.insert(cakeSizes).values({ name: '8 inch' }).returning().get().id;
  flour = (
    await manager.api.inventory.add({ name: 'Cake Flour', stock: 50_000, purchasePrice: 4550 } as never)
  ).item;
  eggs = (
    await manager.api.inventory.add({ name: 'Eggs (tray)', stock: 20_000, purchasePrice: 21025 } as never)
  ).item;
});
afterAll(() => shop.close());

const today = () => manilaDate(new Date());
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function cake(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Chocolate Dream',
    categoryId: birthday,
    sizeId: eightInch,
    availability: 'Always',
    price: 85000,
    stock: 4,
    // Thousandths of each item's unit: 2 kg of flour, a tray of eggs.
    ingredients: [
      { itemId: flour.id, quantity: 2000 },
      { itemId: eggs.id, quantity: 1000 },
    ],
    ...overrides,
  } as never;
}

describe('cake validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank name', { name: ' ' }, CAKE_TEXT.nameRequired],
    ['no category', { categoryId: undefined }, CAKE_TEXT.categoryRequired],
    ['no size', { sizeId: undefined }, CAKE_TEXT.sizeRequired],
    ['no availability', { availability: undefined }, CAKE_TEXT.availabilityRequired],
    ['unknown availability', { availability: 'Sometimes' }, CAKE_TEXT.availabilityRequired],
    ['no price', { price: undefined }, CAKE_TEXT.priceRequired],
    ['negative price', { price: -1 }, CAKE_TEXT.priceNegative],
    ['no ingredients', { ingredients: [] }, CAKE_TEXT.ingredientsRequired],
    ['ingredients missing', { ingredients: undefined }, CAKE_TEXT.ingredientsRequired],
    ['quantity 0', { ingredients: [{ itemId: 1, quantity: 0 }] }, CAKE_TEXT.quantityPositive],
    ['negative quantity', { ingredients: [{ itemId: 1, quantity: -250 }] }, CAKE_TEXT.quantityPositive],
    [
      'part of a thousandth',
      { ingredients: [{ itemId: 1, quantity: 1.5 }] },
      QUANTITY_TEXT.decimals('Ingredient quantity'),
    ],
    ['unknown ingredient', { ingredients: [{ itemId: 9999, quantity: 1 }] }, CAKE_TEXT.badIngredient],
    [
      'repeated ingredient',
      {
        ingredients: [
          { itemId: 1, quantity: 1 },
          { itemId: 1, quantity: 2 },
        ],
      },
      CAKE_TEXT.repeatedIngredient,
    ],
    ['seasonal without a period', { availability: 'Seasonal' }, CAKE_TEXT.seasonRequired],
    [
      'season ending before it starts',
      { availability: 'Seasonal', seasonalPeriod: { startDate: '2026-12-20', endDate: '2026-12-01' } },
      CAKE_TEXT.seasonBackwards,
    ],
    ['an inventory category', { categoryId: 'inventory' }, CAKE_TEXT.badCategory],
  ];
  it.each(cases)('%s is refused with its message and writes nothing', async (_, overrides, message) => {
    const fixed = { ...overrides };
    if (fixed.categoryId === 'inventory')
      fixed.categoryId = shop.db
        .insert(categories)
        .values({ name: `Supplies ${Math.random()}`, type: 'inventory' })
        .returning()
        .get().id;
    const before = await shop.db.$count(cakes);
    await expectTrpcError(manager.api.cakes.add(cake(fixed)), 'BAD_REQUEST', message);
    expect(await shop.db.$count(cakes)).toBe(before);
  });

  it('cake ids are unique case-insensitively; blank ids become CK- plus 6 digits', async () => {
    await manager.api.cakes.add(cake({ cakeId: 'CK-100001' }));
    await expectTrpcError(
      manager.api.cakes.add(cake({ cakeId: 'ck-100001' })),
      'CONFLICT',
      CAKE_TEXT.duplicateId,
    );
    const { cake: made } = await manager.api.cakes.add(cake());
    expect(made.cakeId).toMatch(/^CK-\d{6}$/);
  });
});

describe('base cost', () => {
  it('is the ingredients purchase price times quantity, computed by the server', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ baseCost: 1 }));
    expect(made.baseCost).toBe(2 * 4550 + 21025);
  });

  it('follows an ingredient purchase price change at once', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Follows Prices' }));
    await manager.api.inventory.update({ id: flour.id, changes: { purchasePrice: 5000 } });
    expect((await manager.api.cakes.get({ id: made.id })).baseCost).toBe(2 * 5000 + 21025);
    const listed = await manager.api.cakes.list({ search: 'Follows Prices' } as never);
    expect(listed.rows[0]!.baseCost).toBe(2 * 5000 + 21025);
    await manager.api.inventory.update({ id: flour.id, changes: { purchasePrice: 4550 } });
  });

  it('an item used as an ingredient cannot be deleted (409 with the count)', async () => {
    const used = await shop.db.$count(cakes);
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${eggs.id}`,
      headers: auth(manager.accessToken),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVENTORY_TEXT.usedByCakes('Eggs (tray)', used));
  });
});

describe('availability and status', () => {
  it('Regular is sent as Always and keeps no seasonal period; Seasonal keeps it', async () => {
    const regular = await postJson(
      shop,
      '/api/cake/add',
      {
        name: 'Ube Roll',
        category: birthday,
        size: eightInch,
        availability: 'Always',
        unitPrice: 450.5,
        seasonalPeriod: { startDate: '2026-12-01', endDate: '2026-12-31' },
        ingredients: [{ inventoryItem: flour.id, quantity: 1 }],
      },
      manager.accessToken,
    );
    expect(regular.statusCode).toBe(201);
    expect(regular.json().cake).not.toHaveProperty('seasonalPeriod');
    expect(regular.json().cake).toMatchObject({ price: 450.5, unitPrice: 450.5, availability: 'Always' });
    const seasonal = await manager.api.cakes.add(
      cake({
        name: 'Noche Buena Cake',
        availability: 'Seasonal',
        seasonalPeriod: { startDate: addDays(today(), 3), endDate: addDays(today(), 30) },
      }),
    );
    expect(seasonal.cake.status).toBe('Out of season');
    expect(seasonal.cake.seasonStart).toBe(addDays(today(), 3));
  });

  it('statuses: in season is Available; no stock is Out of stock; past expiry is Expired', async () => {
    const inSeason = await manager.api.cakes.add(
      cake({ availability: 'Seasonal', seasonalPeriod: { startDate: today(), endDate: today() } }),
    );
    expect(inSeason.cake.status).toBe('Available');
    expect((await manager.api.cakes.add(cake({ stock: 0 }))).cake.status).toBe('Out of stock');
    const old = await manager.api.cakes.add(cake());
    shop.db
      .update(cakes)
      .set({ expirationDate: addDays(today(), -1) })
      .where(eq(cakes.id, old.cake.id))
      .run();
    expect((await manager.api.cakes.get({ id: old.cake.id })).status).toBe('Expired');
  });
});

describe('list, edit, delete', () => {
  it.each(CAKE_SORT_FIELDS)('sorts by %s both ways with pages that never overlap', async (field) => {
    const ids = async (order: 'asc' | 'desc') => {
      const first = await manager.api.cakes.list({ field, order, limit: 5 } as never);
      const rest = await manager.api.cakes.list({ field, order, limit: 5, page: 2 } as never);
      return { rows: [...first.rows, ...rest.rows], total: first.total };
    };
    const asc = await ids('asc');
    const desc = await ids('desc');
    const expected = Math.min(10, asc.total);
    expect(new Set(asc.rows.map((r) => r.id)).size).toBe(expected);
    expect(new Set(desc.rows.map((r) => r.id)).size).toBe(expected);
    const key = (r: (typeof asc.rows)[number]) => {
      const v = field === 'ingredients' ? r.ingredientCount : (r as Record<string, unknown>)[field];
      return typeof v === 'string' ? v.toLowerCase() : (v as number);
    };
    const keys = asc.rows.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => (a === b ? 0 : a! < b! ? -1 : 1)));
  });

  it('refuses unknown sort fields', async () => {
    await expectTrpcError(manager.api.cakes.list({ field: 'stock; drop' } as never), 'BAD_REQUEST');
  });

  it('REST lists cakes with totalPages and ingredients as {inventoryItem, quantity}', async () => {
    const res = await shop.app.inject({
      url: '/api/cake?page=1&limit=10&search=chocolate',
      headers: auth(manager.accessToken),
    });
    const body = res.json();
    expect(body.totalPages).toBeGreaterThanOrEqual(1);
    expect(body.cakes[0].ingredients[0]).toMatchObject({
      inventoryItem: expect.any(Number),
      quantity: expect.any(Number),
    });
  });

  it('an edit replaces the ingredients and records a stock change in the ledger', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Mango Float' }));
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/cake/${made.id}`,
      headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
      payload: {
        name: 'Mango Float',
        category: birthday,
        size: eightInch,
        availability: 'Always',
        unitPrice: 999.99,
        stock: 9,
        ingredients: [{ inventoryItem: eggs.id, quantity: 3 }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: CAKE_TEXT.saved,
      cake: { price: 999.99, stock: 9, baseCost: 630.75 },
    });
    const moves = shop.db.select().from(stockMovements).where(eq(stockMovements.cakeId, made.id)).all();
    expect(moves.map((m) => [m.reason, m.change])).toEqual([
      ['created', 4000],
      ['edit', 5000],
    ]);
  });

  it('staff edits and deletes are held as requests; approval applies them', async () => {
    const staff = await shop.signedIn('staff');
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Held Cake' }));
    const answer = await staff.api.cakes.update({ id: made.id, cake: cake({ name: 'Renamed Cake' }) });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect((await manager.api.cakes.get({ id: made.id })).name).toBe('Held Cake');
    const removal = await staff.api.cakes.delete({ id: made.id });
    expect(removal).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const held = shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, made.cakeId)).all();
    expect(held.map((r) => r.requestType)).toEqual(['update', 'delete']);
    await manager.api.actionRequests.approve({ id: held[0]!.id });
    expect((await manager.api.cakes.get({ id: made.id })).name).toBe('Renamed Cake');
    await manager.api.actionRequests.approve({ id: held[1]!.id });
    await expectTrpcError(manager.api.cakes.get({ id: made.id }), 'NOT_FOUND');
  });

  it('delete answers the deleted message', async () => {
    const { cake: made } = await manager.api.cakes.add(cake());
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/api/cake/${made.id}`,
      headers: auth(manager.accessToken),
    });
    expect(res.json()).toEqual({ message: CAKE_TEXT.deleted });
  });
});

describe('SC/PWD eligibility of cakes', () => {
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  /** The cake as the legacy form sends it. */
  const legacy = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    category: birthday,
    size: eightInch,
    availability: 'Regular',
    unitPrice: 850,
    stock: 2,
    ingredients: [{ inventoryItem: flour.id, quantity: 1 }],
    ...extra,
  });
  const editLogOf = (cakeId: string) =>
    shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Edit Cake'))
      .all()
      .filter((log) => log.description.includes(cakeId))
      .map((log) => log.description);

  it('a new cake is eligible unless it says otherwise (cakes are food); tRPC sets and changes it', async () => {
    const { cake: food } = await manager.api.cakes.add(cake({ name: 'Leche Flan Cake' }));
    expect(food.scPwdEligible).toBe(true);
    expect(shop.db.select().from(cakes).where(eq(cakes.id, food.id)).get()!.scPwdEligible).toBe(true);
    const { cake: display } = await manager.api.cakes.add(
      cake({ name: 'Display Dummy', scPwdEligible: false }),
    );
    expect(display.scPwdEligible).toBe(false);
    expect((await manager.api.cakes.get({ id: display.id })).scPwdEligible).toBe(false);

    const off = await manager.api.cakes.update({
      id: food.id,
      cake: cake({ name: 'Leche Flan Cake', scPwdEligible: false }),
    });
    expect(off).toMatchObject({ message: CAKE_TEXT.saved, cake: { scPwdEligible: false } });
    const on = await manager.api.cakes.update({
      id: food.id,
      cake: cake({ name: 'Leche Flan Cake', scPwdEligible: true }),
    });
    expect(on).toMatchObject({ cake: { scPwdEligible: true } });
    // A whole-cake edit that does not mention the flag keeps it rather than falling back to the default.
    await manager.api.cakes.update({ id: display.id, cake: cake({ name: 'Display Dummy', price: 1000 }) });
    expect((await manager.api.cakes.get({ id: display.id })).scPwdEligible).toBe(false);
    const listed = await manager.api.cakes.list({ search: 'Display Dummy' } as never);
    expect(listed.rows.map((r) => r.scPwdEligible)).toEqual([false]);
  });

  it('REST answers scPwdEligible, takes it on POST and PUT, and reads the form strings "true" and "false"', async () => {
    const food = await send('POST', '/api/cake/add', legacy('Buko Pandan Cake'));
    expect(food.statusCode).toBe(201);
    expect(food.json().cake.scPwdEligible).toBe(true);
    const display = await send('POST', '/api/cake/add', legacy('Wedding Dummy', { scPwdEligible: false }));
    expect(display.json().cake.scPwdEligible).toBe(false);
    const fromForm = await send('POST', '/api/cake/add', legacy('Foam Tier', { scPwdEligible: 'false' }));
    expect(fromForm.json().cake.scPwdEligible).toBe(false);

    const id = food.json().cake._id as number;
    const off = await send('PUT', `/api/cake/${id}`, legacy('Buko Pandan Cake', { scPwdEligible: false }));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: CAKE_TEXT.saved, cake: { scPwdEligible: false } });
    const read = await shop.app.inject({ url: `/api/cake/${id}`, headers: auth(manager.accessToken) });
    expect(read.json().scPwdEligible).toBe(false);
    // An older form's PUT without the flag keeps it.
    await send('PUT', `/api/cake/${id}`, legacy('Buko Pandan Cake', { stock: 5 }));
    expect((await manager.api.cakes.get({ id })).scPwdEligible).toBe(false);
    const on = await send('PUT', `/api/cake/${id}`, legacy('Buko Pandan Cake', { scPwdEligible: 'true' }));
    expect(on.json().cake.scPwdEligible).toBe(true);
    const list = await shop.app.inject({
      url: '/api/cake?search=Wedding%20Dummy',
      headers: auth(manager.accessToken),
    });
    expect(list.json().cakes.map((c: { scPwdEligible: boolean }) => c.scPwdEligible)).toEqual([false]);
  });

  it('anything but true or false is a 400 with its message, over tRPC and REST, and writes nothing', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Sans Rival' }));
    const before = await shop.db.$count(cakes);
    for (const wrong of ['yes', 1, null, {}]) {
      await expectTrpcError(
        manager.api.cakes.add(cake({ scPwdEligible: wrong })),
        'BAD_REQUEST',
        CAKE_TEXT.scPwdNotBoolean,
      );
      await expectTrpcError(
        manager.api.cakes.update({ id: made.id, cake: cake({ name: 'Sans Rival', scPwdEligible: wrong }) }),
        'BAD_REQUEST',
        CAKE_TEXT.scPwdNotBoolean,
      );
    }
    for (const wrong of ['no', 'FALSE', 0, ['false'], { value: false }]) {
      const posted = await send('POST', '/api/cake/add', legacy('Y', { scPwdEligible: wrong }));
      expect(posted.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(posted.json()).toEqual({ message: CAKE_TEXT.scPwdNotBoolean });
      const edited = await send(
        'PUT',
        `/api/cake/${made.id}`,
        legacy('Sans Rival', { scPwdEligible: wrong }),
      );
      expect(edited.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(edited.json()).toEqual({ message: CAKE_TEXT.scPwdNotBoolean });
    }
    expect(await shop.db.$count(cakes)).toBe(before);
    expect((await manager.api.cakes.get({ id: made.id })).scPwdEligible).toBe(true);
  });

  it('the activity log and a held staff request name the change, Yes and No', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Yema Cake' }));
    await manager.api.cakes.update({ id: made.id, cake: cake({ name: 'Yema Cake', scPwdEligible: false }) });
    await send('PUT', `/api/cake/${made.id}`, legacy('Yema Cake', { scPwdEligible: true, unitPrice: 850 }));
    const [first, second] = editLogOf(made.cakeId);
    expect(first).toBe(`Edited ${made.cakeId} "Yema Cake": SC/PWD Eligible Yes → No`);
    expect(second).toContain('SC/PWD Eligible No → Yes');
    const staff = await shop.signedIn('staff');
    const answer = await staff.api.cakes.update({
      id: made.id,
      cake: cake({ name: 'Yema Cake', price: 85000, stock: 2, scPwdEligible: false }),
    });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, made.cakeId))
      .get()!;
    expect(JSON.parse(request.details)).toMatchObject({ 'SC/PWD Eligible': 'Yes → No' });
    await manager.api.actionRequests.approve({ id: request.id });
    expect((await manager.api.cakes.get({ id: made.id })).scPwdEligible).toBe(false);
  });
});
