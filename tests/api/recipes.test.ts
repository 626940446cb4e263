import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakeIngredients,
  cakeSizes,
  cakes,
  categories,
  inventoryItems,
} from '../../server/db/schema';
import { findCake } from '../../server/domains/cakes/queries';
import { costOf } from '../../shared/quantity';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { QUANTITY_TEXT } from '../../shared/texts/fields';
import { postJson, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// A cake's ingredients are the recipe for one cake, in each item's unit to three decimals:
// thousandths over tRPC and in the database, units over REST. Base cost rounds each line
// as costOf does. Cakes keep a shelf life and a shelf target.

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

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  shop.app.inject({
    method,
    url,
    headers: { ...auth(manager.accessToken), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const written = () => ({
  cakes: shop.db.$count(cakes),
  lines: shop.db.select().from(cakeIngredients).all(),
});

function cake(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Chiffon',
    categoryId: birthday,
    sizeId: eightInch,
    availability: 'Always',
    price: 65000,
    ingredients: [
      { itemId: flour.id, quantity: 250 },
      { itemId: eggs.id, quantity: 1000 },
    ],
    ...overrides,
  } as never;
}

/** The cake as the legacy REST form sends it: quantities in units. */
const restCake = (extra: Record<string, unknown> = {}) => ({
  name: 'Ube Chiffon',
  category: birthday,
  size: eightInch,
  availability: 'Regular',
  unitPrice: 650,
  ingredients: [
    { inventoryItem: flour.id, quantity: 0.25 },
    { inventoryItem: eggs.id, quantity: 1 },
  ],
  ...extra,
});

describe('a recipe of 0.25 kg', () => {
  // 0.25 × ₱45.50 = ₱11.375, half up to ₱11.38; one tray of eggs ₱210.25.
  const BASE_COST = 1138 + 21025;

  it('travels in thousandths over tRPC and costs each line as costOf rounds it', async () => {
    const { cake: made } = await manager.api.cakes.add(cake());
    expect(made.ingredients.map((i) => [i.name, i.quantity, i.unit, i.cost])).toEqual([
      ['Cake Flour', 250, null, costOf(250, 4550)],
      ['Eggs (tray)', 1000, null, 21025],
    ]);
    expect(costOf(250, 4550)).toBe(1138);
    expect(made.baseCost).toBe(BASE_COST);
    const listed = await manager.api.cakes.list({ search: 'Chiffon' } as never);
    expect(listed.rows[0]!.baseCost).toBe(BASE_COST);
    const stored = shop.db.select().from(cakeIngredients).where(eq(cakeIngredients.cakeId, made.id)).all();
    expect(stored.map((i) => i.quantity).sort((a, b) => a - b)).toEqual([250, 1000]);
  });

  it('travels in units over REST: POST 0.25 is 250 thousandths, answers give 0.25 back', async () => {
    const res = await postJson(shop, '/api/cake/add', restCake(), manager.accessToken);
    expect(res.statusCode).toBe(201);
    const answer = res.json().cake;
    expect(answer.baseCost).toBe(BASE_COST / 100);
    expect(answer.ingredients).toEqual([
      expect.objectContaining({ inventoryItem: flour.id, quantity: 0.25, purchasePrice: 45.5, cost: 11.38 }),
      expect.objectContaining({ inventoryItem: eggs.id, quantity: 1, purchasePrice: 210.25, cost: 210.25 }),
    ]);
    const stored = shop.db.select().from(cakeIngredients).where(eq(cakeIngredients.cakeId, answer._id)).all();
    expect(stored.map((i) => i.quantity).sort((a, b) => a - b)).toEqual([250, 1000]);
    const got = await shop.app.inject({ url: `/api/cake/${answer._id}`, headers: auth(manager.accessToken) });
    expect(got.json().ingredients.map((i: { quantity: number }) => i.quantity)).toEqual([0.25, 1]);
    // An edit in units replaces the recipe: 1.125 kg of flour.
    const edit = await send('PUT', `/api/cake/${answer._id}`, {
      ...restCake(),
      ingredients: [{ inventoryItem: flour.id, quantity: '1.125' }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().cake).toMatchObject({ baseCost: costOf(1125, 4550) / 100 });
    expect(
      shop.db.select().from(cakeIngredients).where(eq(cakeIngredients.cakeId, answer._id)).all(),
    ).toEqual([{ cakeId: answer._id, itemId: flour.id, quantity: 1125 }]);
  });

  it('a base cost from the database equals the sum of costOf over its lines, whatever the recipe', () => {
    const db = shop.db;
    const cat = db.insert(categories).values({ name: 'Property', type: 'cake' }).returning().get().id;
    let n = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Up to 1,000 units of an item costing up to ₱10,000,000.
            quantity: fc.integer({ min: 1, max: 1_000_000 }),
            price: fc.integer({ min: 0, max: 1_000_000_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (lines) => {
          n++;
          const id = db
            .insert(cakes)
            .values({ cakeId: `CK-P${n}`, name: `Property ${n}`, categoryId: cat })
            .returning()
            .get().id;
          for (const [k, line] of lines.entries()) {
            const item = db
              .insert(inventoryItems)
              .values({ itemId: `INV-P${n}-${k}`, name: `Part ${n}-${k}`, purchasePrice: line.price })
              .returning()
              .get().id;
            db.insert(cakeIngredients).values({ cakeId: id, itemId: item, quantity: line.quantity }).run();
          }
          const found = findCake(db, id)!;
          expect(found.baseCost).toBe(lines.reduce((sum, l) => sum + costOf(l.quantity, l.price), 0));
          for (const line of found.ingredients)
            expect(line.cost).toBe(costOf(line.quantity, line.purchasePrice));
        },
      ),
      {
        numRuns: 60,
        // Half a centavo rounds up, less stays down: 0.5 and 1.5 of an item at ₱0.01, and 0.499.
        examples: [
          [
            [
              { quantity: 500, price: 1 },
              { quantity: 1500, price: 1 },
              { quantity: 499, price: 1 },
            ],
          ],
        ],
      },
    );
  });
});

describe('quantities refused', () => {
  it.each([
    ['0', 0, CAKE_TEXT.quantityPositive],
    ['a negative', -250, CAKE_TEXT.quantityPositive],
    ['part of a thousandth', 0.5, QUANTITY_TEXT.decimals('Ingredient quantity')],
  ])('over tRPC %s is refused with its message and nothing is written', async (_, quantity, message) => {
    const before = written();
    await expectTrpcError(
      manager.api.cakes.add(cake({ ingredients: [{ itemId: flour.id, quantity }] })),
      'BAD_REQUEST',
      message,
    );
    expect(written()).toEqual(before);
  });

  it.each([
    ['0', 0, CAKE_TEXT.quantityPositive],
    ['a negative', -0.25, CAKE_TEXT.quantityPositive],
    ['a fourth decimal', 0.2505, QUANTITY_TEXT.decimals('Ingredient quantity')],
    ['half a thousandth', '0.0005', QUANTITY_TEXT.decimals('Ingredient quantity')],
  ])('over REST %s is a 400 naming the field and nothing is written', async (_, quantity, message) => {
    const before = written();
    const res = await postJson(
      shop,
      '/api/cake/add',
      restCake({ ingredients: [{ inventoryItem: flour.id, quantity }] }),
      manager.accessToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(written()).toEqual(before);
  });

  it('an edit with a fourth decimal changes nothing', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Kept Recipe' }));
    const before = written();
    const res = await send('PUT', `/api/cake/${made.id}`, {
      ...restCake({ name: 'Kept Recipe' }),
      ingredients: [{ inventoryItem: flour.id, quantity: 1.0001 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUANTITY_TEXT.decimals('Ingredient quantity'));
    expect(written()).toEqual(before);
  });
});

describe('shelf life and shelf target', () => {
  it('default to 3 days and 0', async () => {
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Defaults' }));
    expect(made).toMatchObject({ shelfLifeDays: 3, shelfTarget: 0 });
    const row = shop.db.select().from(cakes).where(eq(cakes.id, made.id)).get()!;
    expect(row).toMatchObject({ shelfLifeDays: 3, shelfTarget: 0 });
  });

  it.each([
    ['shelf life 0', { shelfLifeDays: 0 }, CAKE_TEXT.shelfLifeRange],
    ['shelf life 366', { shelfLifeDays: 366 }, CAKE_TEXT.shelfLifeRange],
    ['shelf life 1.5', { shelfLifeDays: 1.5 }, CAKE_TEXT.shelfLifeRange],
    ['shelf life as text', { shelfLifeDays: 'three' }, CAKE_TEXT.shelfLifeRange],
    ['shelf target -1', { shelfTarget: -1 }, CAKE_TEXT.shelfTargetRange],
    ['shelf target 10,001', { shelfTarget: 10_001 }, CAKE_TEXT.shelfTargetRange],
    ['shelf target 2.5', { shelfTarget: 2.5 }, CAKE_TEXT.shelfTargetRange],
  ])('%s is refused with its message', async (_, overrides, message) => {
    const before = written();
    await expectTrpcError(manager.api.cakes.add(cake(overrides)), 'BAD_REQUEST', message);
    expect(written()).toEqual(before);
  });

  it('the bounds themselves are kept: 1 and 365 days, 0 and 10,000 cakes', async () => {
    const low = await manager.api.cakes.add(cake({ name: 'Low', shelfLifeDays: 1, shelfTarget: 0 }));
    expect(low.cake).toMatchObject({ shelfLifeDays: 1, shelfTarget: 0 });
    const high = await manager.api.cakes.add(cake({ name: 'High', shelfLifeDays: 365, shelfTarget: 10_000 }));
    expect(high.cake).toMatchObject({ shelfLifeDays: 365, shelfTarget: 10_000 });
  });

  it('go through REST: POST and GET carry them; a PUT without them keeps them', async () => {
    const res = await postJson(
      shop,
      '/api/cake/add',
      restCake({ name: 'Shelf Cake', shelfLifeDays: '5', shelfTarget: 12 }),
      manager.accessToken,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().cake._id;
    expect(res.json().cake).toMatchObject({ shelfLifeDays: 5, shelfTarget: 12 });
    const got = await shop.app.inject({ url: `/api/cake/${id}`, headers: auth(manager.accessToken) });
    expect(got.json()).toMatchObject({ shelfLifeDays: 5, shelfTarget: 12 });
    const listed = await shop.app.inject({
      url: '/api/cake?search=Shelf%20Cake',
      headers: auth(manager.accessToken),
    });
    expect(listed.json().cakes[0]).toMatchObject({ shelfLifeDays: 5, shelfTarget: 12 });
    // An older client's edit without the fields keeps them.
    const kept = await send('PUT', `/api/cake/${id}`, restCake({ name: 'Shelf Cake', unitPrice: 700 }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().cake).toMatchObject({ price: 700, shelfLifeDays: 5, shelfTarget: 12 });
    const changed = await send(
      'PUT',
      `/api/cake/${id}`,
      restCake({ name: 'Shelf Cake', shelfLifeDays: 2, shelfTarget: 0 }),
    );
    expect(changed.json().cake).toMatchObject({ shelfLifeDays: 2, shelfTarget: 0 });
    const bad = await send('PUT', `/api/cake/${id}`, restCake({ name: 'Shelf Cake', shelfTarget: 10_001 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CAKE_TEXT.shelfTargetRange);
    expect(shop.db.select().from(cakes).where(eq(cakes.id, id)).get()).toMatchObject({
      shelfLifeDays: 2,
      shelfTarget: 0,
    });
  });

  it('a staff edit of them and of the recipe is held, its details naming each, and approval applies them', async () => {
    const staff = await shop.signedIn('staff');
    const { cake: made } = await manager.api.cakes.add(cake({ name: 'Held Shelf' }));
    const answer = await staff.api.cakes.update({
      id: made.id,
      cake: cake({
        name: 'Held Shelf',
        cakeId: made.cakeId,
        shelfLifeDays: 5,
        shelfTarget: 4,
        ingredients: [
          { itemId: flour.id, quantity: 500 },
          { itemId: eggs.id, quantity: 1000 },
        ],
      }),
    });
    expect(answer).toMatchObject({ requested: true });
    const held = shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, made.cakeId)).get()!;
    expect(JSON.parse(held.details)).toEqual({
      'Shelf Life': '3 → 5 days',
      'Shelf Target': '0 → 4',
      // The recipe by name, in units.
      Ingredients: 'Cake Flour 0.25, Eggs (tray) 1 → Cake Flour 0.5, Eggs (tray) 1',
    });
    await manager.api.actionRequests.approve({ id: held.id });
    const after = await manager.api.cakes.get({ id: made.id });
    expect(after).toMatchObject({ shelfLifeDays: 5, shelfTarget: 4 });
    expect(after.ingredients.map((i) => i.quantity)).toEqual([500, 1000]);
  });
});
