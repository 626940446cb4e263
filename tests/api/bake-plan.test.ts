import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakeLots, cakeOrders } from '../../server/db/schema';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { pickupIn, takeOrder } from '../helpers/cakeOrders';
import { atCounter, closeEveryShift } from '../helpers/counter';
import { putLot } from '../helpers/lots';
import { anIngredient, aRecipeCake } from '../helpers/production';
import { rest } from '../helpers/rest';

// The bake plan for a day against a fixture worked out by hand: the day's open orders, the
// shelf targets met only by unreserved cakes still good that day, a custom cake apart, and
// the ingredients all that takes against what is on hand unexpired, shortfalls first.

let shop: TestShop;
let manager: Session;
const today = manilaDate();
/** The plan's day: the orders' pickup day (tomorrow). */
let day = '';
const numbers: Record<string, string> = {};
const customs: { orderNumber: string; description: string; quantity: number; pickupAt: Date }[] = [];

/** A cake lot written as a batch would leave it (the arithmetic stays the fixture's alone). */
function lot(cakeId: number, remaining: number, expirationDate: string, orderId: number | null = null) {
  shop.db
    .insert(cakeLots)
    .values({
      cakeId,
      source: 'batch',
      quantity: remaining,
      remaining,
      unitCost: 1000,
      expirationDate,
      orderId,
    })
    .run();
}

beforeAll(async () => {
  shop = await testApp();
  manager = await atCounter(await shop.signedIn('manager'));
  const pickupAt = pickupIn(1);

  // Ingredients: on hand today, unexpired. An expired lot counts for nothing.
  const flour = anIngredient(shop, 'Plan Flour');
  putLot(shop, flour.id, { quantity: 3000, unitCost: 5000, expirationDate: addDays(today, 30) });
  putLot(shop, flour.id, { quantity: 5000, unitCost: 5000, expirationDate: addDays(today, -1) });
  const eggs = anIngredient(shop, 'Plan Eggs');
  putLot(shop, eggs.id, { quantity: 50_000, unitCost: 900, expirationDate: addDays(today, 10) });
  const sugar = anIngredient(shop, 'Plan Sugar');
  putLot(shop, sugar.id, { quantity: 500, unitCost: 8000, expirationDate: null });
  putLot(shop, sugar.id, { quantity: 400, unitCost: 8000, expirationDate: addDays(today, -2) });

  // Ube: 0.5 flour, 2 eggs, 4 on the shelf each morning. Mango: 1 flour, 0.25 sugar, 2.
  // Choco: 1 egg, no target. Idle: a target met, no orders: not in the plan.
  const ube = aRecipeCake(
    shop,
    [
      [flour.id, 500],
      [eggs.id, 2000],
    ],
    { name: 'Plan Ube', shelfTarget: 4, price: 80000 },
  );
  const mango = aRecipeCake(
    shop,
    [
      [flour.id, 1000],
      [sugar.id, 250],
    ],
    { name: 'Plan Mango', shelfTarget: 2, price: 90000 },
  );
  const choco = aRecipeCake(shop, [[eggs.id, 1000]], { name: 'Plan Choco', price: 70000 });
  const idle = aRecipeCake(shop, [[eggs.id, 1000]], { name: 'Plan Idle', shelfTarget: 0 });
  lot(idle.id, 5, addDays(today, 5));

  const order = async (
    name: string,
    lines: { cakeId?: string; description?: string; quantity: number; price?: number }[],
    deposit = 0,
    at = pickupAt,
  ) => {
    const { order } = await takeOrder(manager, {
      pickupAt: at,
      lines: lines as never,
      payments: deposit ? [{ method: 'GCash', amount: deposit, reference: `G-${name}` }] : [],
    });
    numbers[name] = order.orderNumber;
    return order;
  };
  // O1 Pending: 3 ube (1 already baked for it) and 1 choco.
  const o1 = await order('O1', [
    { cakeId: ube.cakeId, quantity: 3 },
    { cakeId: choco.cakeId, quantity: 1 },
  ]);
  day = o1.pickupDate;
  expect(day).toBe(addDays(today, 1));
  lot(ube.id, 1, addDays(day, 2), o1.id);
  // O2 Confirmed (half its ₱2,600 paid): 1 ube, 2 mango.
  const o2 = await order(
    'O2',
    [
      { cakeId: ube.cakeId, quantity: 1 },
      { cakeId: mango.cakeId, quantity: 2 },
    ],
    130000,
  );
  expect(o2.status).toBe('Confirmed');
  // O3 In production: 1 mango and a custom number topper.
  const o3 = await order('O3', [
    { cakeId: mango.cakeId, quantity: 1 },
    { description: 'Number topper "7"', quantity: 1, price: 20000 },
  ]);
  await manager.api.cakeOrders.setStatus({ id: o3.id, status: 'In production' });
  customs.push({
    orderNumber: o3.orderNumber,
    description: 'Number topper "7"',
    quantity: 1,
    pickupAt: o3.pickupAt,
  });
  // O4 Ready: 2 choco, both baked for it already.
  const o4 = await order('O4', [{ cakeId: choco.cakeId, quantity: 2 }]);
  lot(choco.id, 2, addDays(day, 1), o4.id);
  await manager.api.cakeOrders.setStatus({ id: o4.id, status: 'Ready' });
  // O5 Picked up and O6 Cancelled: 5 and 6 ube that count for nothing.
  const o5 = await order('O5', [{ cakeId: ube.cakeId, quantity: 5 }]);
  shop.db.update(cakeOrders).set({ status: 'Picked up' }).where(eq(cakeOrders.id, o5.id)).run();
  const o6 = await order('O6', [{ cakeId: ube.cakeId, quantity: 6 }]);
  await manager.api.cakeOrders.cancel({ id: o6.id, reason: 'Party moved', refundDeposit: false });
  // O7 the day after: not this plan's.
  await order('O7', [{ cakeId: ube.cakeId, quantity: 10 }], 0, pickupIn(2));
  // O8 a custom cake only.
  const o8 = await order('O8', [
    { description: '8" chocolate, "Happy 7th, Lia"', quantity: 1, price: 200000 },
  ]);
  customs.push({
    orderNumber: o8.orderNumber,
    description: '8" chocolate, "Happy 7th, Lia"',
    quantity: 1,
    pickupAt: o8.pickupAt,
  });

  // The shelf on the plan's day: ube has 1 expiring today (gone by then) and 2 good that day;
  // mango 3 good; the cakes reserved above are not on the shelf.
  lot(ube.id, 1, today);
  lot(ube.id, 2, day);
  lot(mango.id, 3, addDays(day, 2));
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

// Choco: for orders O1 1 + O4 (2 − 2 baked) 0 = 1; no target. To bake 1.
// Mango: for orders O2 2 + O3 1 = 3; target 2, shelf 3: 0. To bake 3.
// Ube: for orders O1 (3 − 1 baked) 2 + O2 1 = 3 (O5, O6, O7 not); target 4, shelf 2: 2. To bake 5.
const cakesPlanned = () => [
  { name: 'Plan Choco', forOrders: 1, forShelf: 0, toBake: 1, orders: [numbers.O1] },
  { name: 'Plan Mango', forOrders: 3, forShelf: 0, toBake: 3, orders: [numbers.O2, numbers.O3] },
  { name: 'Plan Ube', forOrders: 3, forShelf: 2, toBake: 5, orders: [numbers.O1, numbers.O2] },
];
// Flour: ube 0.5 × 5 + mango 1 × 3 = 5.5, on hand 3 (the expired 5 not): 2.5 short.
// Sugar: mango 0.25 × 3 = 0.75, on hand 0.5 (the expired 0.4 not): 0.25 short.
// Eggs: ube 2 × 5 + choco 1 × 1 = 11, on hand 50: none short.
const INGREDIENTS = [
  { name: 'Plan Flour', needed: 5.5, onHand: 3, short: 2.5 },
  { name: 'Plan Sugar', needed: 0.75, onHand: 0.5, short: 0.25 },
  { name: 'Plan Eggs', needed: 11, onHand: 50, short: 0 },
];

describe('the bake plan', () => {
  it('over REST, in units', async () => {
    const res = await rest(shop, 'GET', `/api/bake-plan?date=${day}`, manager.accessToken);
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.date).toBe(day);
    expect(plan.cakes).toEqual(cakesPlanned().map((c) => ({ ...c, cakeId: expect.stringMatching(/^CK-/) })));
    expect(plan.customOrders).toEqual(customs.map((c) => ({ ...c, pickupAt: c.pickupAt.toISOString() })));
    expect(plan.ingredients).toEqual(
      INGREDIENTS.map((i) => ({ ...i, itemId: expect.stringMatching(/^INV-/), unit: null })),
    );
  });

  it('over tRPC, in thousandths', async () => {
    const plan = await manager.api.production.plan({ date: day });
    expect(plan.cakes.map(({ cakeId: _, ...c }) => c)).toEqual(cakesPlanned());
    expect(plan.ingredients.map((i) => [i.name, i.needed, i.onHand, i.short])).toEqual(
      INGREDIENTS.map((i) => [i.name, i.needed * 1000, i.onHand * 1000, i.short * 1000]),
    );
    expect(plan.customOrders.map((c) => c.orderNumber)).toEqual([numbers.O3, numbers.O8]);
  });

  it('refuses a date that is no date', async () => {
    for (const query of ['?date=2026-02-30', '?date=tomorrow', ''])
      expect((await rest(shop, 'GET', `/api/bake-plan${query}`, manager.accessToken)).statusCode).toBe(400);
  });
});
