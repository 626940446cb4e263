import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cakeIngredients,
  cakeLots,
  cakes,
  inventoryItems,
  productionBatches,
  stockMovements,
} from '../../server/db/schema';
import { PRODUCTION_TEXT } from '../../shared/texts/production';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { lotsOf, putLot } from '../helpers/lots';
import { rest } from '../helpers/rest';

// Baking from recipes: a batch takes its ingredients first expiry first at their lots' cost and
// becomes a cake lot; a short ingredient changes nothing.

let shop: TestShop;
let baker: Session;
let seq = 0;
const today = manilaDate();

beforeAll(async () => {
  shop = await testApp();
  baker = await shop.signedIn('staff');
});
afterAll(() => shop.close());

/** An item with no stock of its own; lots are put in by the test. */
function item(name: string) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-P${seq}`, name, stock: 0, unitPrice: 100 })
    .returning()
    .get();
}

/** A cake whose recipe is `recipe` (item id, thousandths), 3 days' shelf life. */
function cake(recipe: [number, number][]) {
  seq++;
  const row = shop.db
    .insert(cakes)
    .values({ cakeId: `CK-P${seq}`, name: `Bake Cake ${seq}`, price: 50000, stock: 0, shelfLifeDays: 3 })
    .returning()
    .get();
  for (const [itemId, quantity] of recipe)
    shop.db.insert(cakeIngredients).values({ cakeId: row.id, itemId, quantity }).run();
  return row;
}

describe('a production batch', () => {
  it('takes each ingredient first expiry first, costs what the lots cost, and makes a cake lot', async () => {
    const flour = item('Bake Flour');
    const later = putLot(shop, flour.id, {
      quantity: 5000,
      unitCost: 6000,
      expirationDate: addDays(today, 30),
    });
    const sooner = putLot(shop, flour.id, {
      quantity: 1000,
      unitCost: 5000,
      expirationDate: addDays(today, 5),
    });
    const eggs = item('Bake Eggs');
    putLot(shop, eggs.id, { quantity: 24000, unitCost: 900, expirationDate: addDays(today, 10) });
    const ube = cake([
      [flour.id, 750],
      [eggs.id, 3000],
    ]);
    const res = await rest(shop, 'POST', '/api/production', baker.accessToken, {
      cakeId: ube.cakeId,
      quantity: 2,
    });
    expect(res.statusCode).toBe(201);
    // Flour 1.5 kg: 1 from the lot expiring first at ₱50, 0.5 at ₱60 = ₱80; eggs 6 × ₱9 = ₱54.
    expect(res.json()).toEqual({
      message: PRODUCTION_TEXT.baked(2, ube.name, 'BATCH-000001'),
      batch: expect.objectContaining({
        batchNumber: 'BATCH-000001',
        cakeId: ube.cakeId,
        quantity: 2,
        cost: 134,
        unitCost: 67,
        expirationDate: addDays(today, 3),
        ingredients: [
          { itemId: eggs.itemId, name: 'Bake Eggs', quantity: 6, cost: 54 },
          { itemId: flour.itemId, name: 'Bake Flour', quantity: 1.5, cost: 80 },
        ],
      }),
    });
    expect(shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, flour.id)).get()?.stock).toBe(
      4500,
    );
    // The lot expiring first is empty; the later one gave 0.5 kg.
    expect(lotsOf(shop, flour.id).map((l) => [l.id, l.remaining])).toEqual([
      [sooner.id, 0],
      [later.id, 4500],
    ]);
    expect(shop.db.select().from(cakes).where(eq(cakes.id, ube.id)).get()?.stock).toBe(2);
    expect(shop.db.select().from(cakeLots).where(eq(cakeLots.cakeId, ube.id)).all()).toMatchObject([
      {
        source: 'batch',
        quantity: 2,
        remaining: 2,
        unitCost: 6700,
        expirationDate: addDays(today, 3),
        madeAt: expect.any(Date),
      },
    ]);
    const moves = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, 'BATCH-000001'))
      .all();
    expect(moves.map((m) => [m.record, m.reason, m.change])).toEqual([
      [eggs.itemId, 'production', -6000],
      [flour.itemId, 'production', -1500],
      [ube.cakeId, 'production', 2000],
    ]);
  });

  it('refuses the whole batch when an ingredient is short, changing nothing', async () => {
    const sugar = item('Bake Sugar');
    putLot(shop, sugar.id, { quantity: 1000, unitCost: 8000, expirationDate: null });
    const butter = item('Bake Butter');
    putLot(shop, butter.id, { quantity: 200, unitCost: 40000, expirationDate: addDays(today, 20) });
    const leche = cake([
      [sugar.id, 250],
      [butter.id, 100],
    ]);
    const batches = shop.db.$count(productionBatches);
    await expectTrpcError(
      baker.api.production.bake({ cakeId: leche.id, quantity: 3, orderId: null, bakedOn: null }),
      'CONFLICT',
      PRODUCTION_TEXT.notEnough('Bake Butter', '0.3', '0.2'),
    );
    expect(await shop.db.$count(productionBatches)).toBe(await batches);
    expect(shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, sugar.id)).get()?.stock).toBe(
      1000,
    );
    expect(shop.db.select().from(cakes).where(eq(cakes.id, leche.id)).get()?.stock).toBe(0);
  });
});
