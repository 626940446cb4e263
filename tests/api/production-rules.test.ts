import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/open';
import { cakeLots, cakeOrders, productionBatches, saleLines, stockLots } from '../../server/db/schema';
import { ROLES } from '../../shared/roles';
import { PRODUCTION_TEXT as T } from '../../shared/texts/production';
import { SALES_TEXT } from '../../shared/texts/sales';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { pickupIn, takeOrder } from '../helpers/cakeOrders';
import { atCounter, closeEveryShift } from '../helpers/counter';
import { putLot } from '../helpers/lots';
import {
  anIngredient,
  aRecipeCake,
  bakeOverRest,
  cakeStock,
  itemStock,
  lotsOfCake,
  writtenState,
} from '../helpers/production';
import { rest } from '../helpers/rest';

// The rules of baking from recipes, over REST as the kitchen calls them: concurrent batches,
// what a batch costs, which batch the counter sells from, cakes baked for an order, and every
// refusal leaving the books as they were.

let shop: TestShop;
let manager: Session;
const today = manilaDate();

beforeAll(async () => {
  shop = await testApp();
  manager = await atCounter(await shop.signedIn('manager'));
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

/** Sells `quantity` of a cake at the counter; answers the sale's cake line as stored. */
async function sellCake(id: number, quantity: number) {
  const { sale } = await manager.api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: [{ kind: 'cake', id, quantity }],
  } as never);
  const line = shop.db.select().from(saleLines).where(eq(saleLines.saleId, sale.id)).get()!;
  return { sale, line };
}

const remaining = (id: number) => lotsOfCake(shop, id).map((l) => [l.batchId, l.remaining]);

describe('concurrent batches', () => {
  it('make exactly as many as the ingredient covers; the rest are refused and stock never goes below zero', async () => {
    const flour = anIngredient(shop, 'Race Flour');
    putLot(shop, flour.id, { quantity: 4000, unitCost: 5000, expirationDate: addDays(today, 10) });
    const cake = aRecipeCake(shop, [[flour.id, 1000]]);
    const batchesBefore = await shop.db.$count(productionBatches);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 1 }),
      ),
    );
    const made = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(made).toHaveLength(4);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 6 }, () => [409, T.notEnough('Race Flour', '1', '0')]),
    );
    expect(await shop.db.$count(productionBatches)).toBe(batchesBefore + 4);
    expect(itemStock(shop, flour.id)).toBe(0);
    expect(
      shop.db
        .select()
        .from(stockLots)
        .where(eq(stockLots.itemId, flour.id))
        .all()
        .map((l) => l.remaining),
    ).toEqual([0]);
    expect(cakeStock(shop, cake.id)).toBe(4);
  });
});

describe('a batch costs what its lots cost', () => {
  it('two lots at different costs, hand-computed', async () => {
    const butter = anIngredient(shop, 'Cost Butter');
    putLot(shop, butter.id, { quantity: 2000, unitCost: 4000, expirationDate: addDays(today, 5) });
    putLot(shop, butter.id, { quantity: 10_000, unitCost: 5550, expirationDate: addDays(today, 20) });
    const cake = aRecipeCake(shop, [[butter.id, 750]]);
    const res = await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 4 });
    expect(res.statusCode).toBe(201);
    // 4 × 0.75 = 3 units: 2 from the lot expiring first at ₱40.00 = ₱80.00, 1 at ₱55.50;
    // ₱135.50 in all, ₱33.875 a cake, rounded to ₱33.88.
    expect(res.json().batch).toMatchObject({
      quantity: 4,
      cost: 135.5,
      unitCost: 33.88,
      ingredients: [{ itemId: butter.itemId, name: 'Cost Butter', quantity: 3, cost: 135.5 }],
    });
    expect(lotsOfCake(shop, cake.id)).toMatchObject([{ source: 'batch', remaining: 4, unitCost: 3388 }]);
  });
});

describe('the counter sells cakes from their lots', () => {
  /** An ingredient whose first 2 units cost ₱10.00 each and the rest ₱30.00: the first batch of 2 is the cheaper. */
  function twoPriceCake() {
    const sugar = anIngredient(shop, 'Lot Sugar');
    putLot(shop, sugar.id, { quantity: 2000, unitCost: 1000, expirationDate: addDays(today, 10) });
    putLot(shop, sugar.id, { quantity: 20_000, unitCost: 3000, expirationDate: addDays(today, 20) });
    return aRecipeCake(shop, [[sugar.id, 1000]]);
  }

  it('on the same expiry, from the older batch first, at its cost; a refund puts the cake back in its lot', async () => {
    const cake = twoPriceCake();
    const first = (
      await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 2 })
    ).json();
    const second = (
      await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 2 })
    ).json();
    expect([first.batch.unitCost, second.batch.unitCost]).toEqual([10, 30]);
    expect(first.batch.expirationDate).toBe(second.batch.expirationDate);
    const one = await sellCake(cake.id, 1);
    expect(one.line.cost).toBe(1000);
    // Two more: the older batch's last at ₱10 and one of the newer at ₱30.
    const two = await sellCake(cake.id, 2);
    expect(two.line.cost).toBe(4000);
    expect(remaining(cake.id)).toEqual([
      [first.batch._id, 0],
      [second.batch._id, 1],
    ]);
    expect(cakeStock(shop, cake.id)).toBe(1);
    await manager.api.sales.refund({ id: two.sale.id });
    expect(remaining(cake.id)).toEqual([
      [first.batch._id, 1],
      [second.batch._id, 2],
    ]);
    expect(cakeStock(shop, cake.id)).toBe(3);
  });

  it('from the batch expiring first, though baked into the books later', async () => {
    const cake = twoPriceCake();
    // Today's batch first (the cheaper), then one baked two days ago: it expires first.
    const fresh = (
      await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 2 })
    ).json();
    const older = (
      await bakeOverRest(shop, manager.accessToken, {
        cakeId: cake.cakeId,
        quantity: 2,
        bakedOn: addDays(today, -2),
      })
    ).json();
    expect(older.batch.expirationDate).toBe(addDays(today, 1));
    const { line } = await sellCake(cake.id, 1);
    expect(line.cost).toBe(3000);
    expect(remaining(cake.id)).toEqual([
      [fresh.batch._id, 2],
      [older.batch._id, 1],
    ]);
  });

  it('never sells an expired cake lot', async () => {
    const cake = twoPriceCake();
    const good = (await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 1 })).json();
    // Two cakes that expired yesterday, still counted in the stock as before the daily check.
    const stale = shop.db
      .insert(cakeLots)
      .values({
        cakeId: cake.id,
        source: 'adjustment',
        quantity: 2,
        remaining: 2,
        unitCost: 100,
        expirationDate: addDays(today, -1),
      })
      .returning()
      .get();
    shop.db.run(sql`update cakes set stock = 3 where id = ${cake.id}`);
    await expect(sellCake(cake.id, 2)).rejects.toThrow();
    const { line } = await sellCake(cake.id, 1);
    expect(line.cost).toBe(1000);
    // The batch's cake went; the expired two stay for the write-off.
    expect(lotsOfCake(shop, cake.id).map((l) => [l.batchId, l.remaining])).toEqual([
      [good.batch._id, 0],
      [null, 2],
    ]);
    expect(lotsOfCake(shop, cake.id)[1]!.id).toBe(stale.id);
    expect(cakeStock(shop, cake.id)).toBe(0);
  });
});

describe('a batch for a cake order', () => {
  it('reserves its cakes, makes the order Ready once all are baked, and the pickup takes them', async () => {
    const flour = anIngredient(shop, 'Order Flour');
    putLot(shop, flour.id, { quantity: 20_000, unitCost: 2000, expirationDate: addDays(today, 30) });
    const ube = aRecipeCake(shop, [[flour.id, 1000]], { price: 80000 });
    const mango = aRecipeCake(shop, [[flour.id, 2000]], { price: 90000 });
    const { order } = await takeOrder(manager, {
      pickupAt: pickupIn(1),
      lines: [
        { cakeId: ube.cakeId, quantity: 2 },
        { cakeId: mango.cakeId, quantity: 1 },
      ],
    });
    const forUbe = await bakeOverRest(shop, manager.accessToken, {
      cakeId: ube.cakeId,
      quantity: 2,
      orderNumber: order.orderNumber,
    });
    expect(forUbe.statusCode).toBe(201);
    expect(forUbe.json().batch.orderNumber).toBe(order.orderNumber);
    // Reserved: off the shelf, the counter cannot sell them; one cake of two baked: not Ready.
    expect(cakeStock(shop, ube.id)).toBe(0);
    await expect(sellCake(ube.id, 1)).rejects.toThrow(SALES_TEXT.outOfStock(ube.name));
    expect(shop.db.select().from(cakeOrders).where(eq(cakeOrders.id, order.id)).get()?.status).toBe(
      'Pending',
    );
    const forMango = await bakeOverRest(shop, manager.accessToken, {
      cakeId: mango.cakeId,
      quantity: 1,
      orderNumber: order.orderNumber,
    });
    expect(forMango.statusCode).toBe(201);
    expect(shop.db.select().from(cakeOrders).where(eq(cakeOrders.id, order.id)).get()?.status).toBe('Ready');
    // ₱800 × 2 + ₱900, nothing paid yet.
    const picked = await manager.api.cakeOrders.pickup({
      id: order.id,
      payments: [{ method: 'Cash', amount: 250000, reference: '' }],
      cashTendered: 250000,
    });
    expect(picked.order.status).toBe('Picked up');
    expect(lotsOfCake(shop, ube.id).map((l) => [l.orderId, l.remaining])).toEqual([[order.id, 0]]);
    expect(lotsOfCake(shop, mango.id).map((l) => [l.orderId, l.remaining])).toEqual([[order.id, 0]]);
    // The sale's cost is the batches': ube 1 unit × ₱20 a cake, mango 2 units × ₱20.
    const lines = shop.db.select().from(saleLines).where(eq(saleLines.saleId, picked.sale.id)).all();
    expect(lines.map((l) => [l.cakeId, l.quantity, l.cost])).toEqual([
      [ube.id, 2, 4000],
      [mango.id, 1, 4000],
    ]);
    expect([cakeStock(shop, ube.id), cakeStock(shop, mango.id)]).toEqual([0, 0]);
  });
});

describe('cakes baked for an order that can no longer go to it', () => {
  it('a pickup never takes an expired cake baked for the order: the shelf gives fresh ones', async () => {
    const flour = anIngredient(shop, 'Stale Flour');
    putLot(shop, flour.id, { quantity: 20_000, unitCost: 1000, expirationDate: addDays(today, 30) });
    const cake = aRecipeCake(shop, [[flour.id, 1000]], { shelfLifeDays: 1, price: 50000 });
    const { order } = await takeOrder(manager, { lines: [{ cakeId: cake.cakeId, quantity: 1 }] });
    // Baked for it two days back with a day's shelf life: expired yesterday.
    const stale = await bakeOverRest(shop, manager.accessToken, {
      cakeId: cake.cakeId,
      quantity: 1,
      orderNumber: order.orderNumber,
      bakedOn: addDays(today, -2),
    });
    expect(stale.json().batch.expirationDate).toBe(addDays(today, -1));
    const good = (await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 1 })).json();
    await manager.api.cakeOrders.pickup({
      id: order.id,
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
      cashTendered: 50000,
    });
    expect(remaining(cake.id)).toEqual([
      [stale.json().batch._id, 1],
      [good.batch._id, 0],
    ]);
  });
});

describe('an order baked for too early', () => {
  it('is not Ready while its cakes expire before its pickup day', async () => {
    const flour = anIngredient(shop, 'Early Flour');
    putLot(shop, flour.id, { quantity: 20_000, unitCost: 1000, expirationDate: addDays(today, 30) });
    const cake = aRecipeCake(shop, [[flour.id, 1000]], { shelfLifeDays: 1, price: 50000 });
    const { order } = await takeOrder(manager, {
      pickupAt: pickupIn(4),
      lines: [{ cakeId: cake.cakeId, quantity: 1 }],
    });
    const res = await bakeOverRest(shop, manager.accessToken, {
      cakeId: cake.cakeId,
      quantity: 1,
      orderNumber: order.orderNumber,
    });
    // Good until tomorrow; picked up in four days.
    expect(res.json().batch.expirationDate < order.pickupDate).toBe(true);
    expect(shop.db.select().from(cakeOrders).where(eq(cakeOrders.id, order.id)).get()?.status).toBe(
      'Pending',
    );
  });
});

describe('cakes left over from an order', () => {
  async function bakedFor(lines: number, baked: number) {
    const flour = anIngredient(shop, 'Leftover Flour');
    putLot(shop, flour.id, { quantity: 20_000, unitCost: 1000, expirationDate: addDays(today, 30) });
    const cake = aRecipeCake(shop, [[flour.id, 1000]], { price: 50000 });
    const { order } = await takeOrder(manager, { lines: [{ cakeId: cake.cakeId, quantity: lines }] });
    const res = await bakeOverRest(shop, manager.accessToken, {
      cakeId: cake.cakeId,
      quantity: baked,
      orderNumber: order.orderNumber,
    });
    expect(res.statusCode).toBe(201);
    expect(cakeStock(shop, cake.id)).toBe(0);
    return { cake, order };
  }

  it('go on the shelf when the order is cancelled', async () => {
    const { cake, order } = await bakedFor(1, 1);
    await manager.api.cakeOrders.cancel({ id: order.id, reason: 'Party moved', refundDeposit: false });
    expect(lotsOfCake(shop, cake.id).map((l) => [l.orderId, l.remaining])).toEqual([[null, 1]]);
    expect(cakeStock(shop, cake.id)).toBe(1);
    expect((await sellCake(cake.id, 1)).line.cost).toBe(1000);
  });

  it('go on the shelf when the order is picked up with fewer than were baked for it', async () => {
    const { cake, order } = await bakedFor(1, 3);
    await manager.api.cakeOrders.pickup({
      id: order.id,
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
      cashTendered: 50000,
    });
    expect(lotsOfCake(shop, cake.id).map((l) => [l.orderId, l.remaining])).toEqual([[null, 2]]);
    expect(cakeStock(shop, cake.id)).toBe(2);
  });
});

describe('refused batches write nothing', () => {
  let flour: ReturnType<typeof anIngredient>;
  let cake: ReturnType<typeof aRecipeCake>;
  beforeAll(() => {
    flour = anIngredient(shop, 'Refusal Flour');
    putLot(shop, flour.id, { quantity: 100_000, unitCost: 1000, expirationDate: addDays(today, 30) });
    cake = aRecipeCake(shop, [[flour.id, 500]]);
  });

  /** Sends a batch that must be refused with `status` and `message`, and checks nothing moved. */
  async function refused(body: Record<string, unknown>, status: number, message?: string) {
    const before = writtenState(shop);
    const res = await bakeOverRest(shop, manager.accessToken, body);
    expect([res.statusCode, res.json().message]).toEqual([status, message ?? expect.any(String)]);
    expect(writtenState(shop)).toEqual(before);
  }

  it('takes a bake date of today or up to two days back, not three nor tomorrow', async () => {
    for (const bakedOn of [today, addDays(today, -2)]) {
      const res = await bakeOverRest(shop, manager.accessToken, {
        cakeId: cake.cakeId,
        quantity: 1,
        bakedOn,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().batch).toMatchObject({ bakedOn, expirationDate: addDays(bakedOn, 3) });
    }
    await refused({ cakeId: cake.cakeId, quantity: 1, bakedOn: addDays(today, -3) }, 400, T.bakedOn);
    await refused({ cakeId: cake.cakeId, quantity: 1, bakedOn: addDays(today, 1) }, 400, T.bakedOn);
  });

  it('refuses a quantity of 0, 501 or 1.5', async () => {
    for (const quantity of [0, 501, 1.5]) await refused({ cakeId: cake.cakeId, quantity }, 400, T.quantity);
  });

  it('refuses an unknown cake and a cake without a recipe', async () => {
    await refused({ cakeId: 'CK-NOPE', quantity: 1 }, 400, T.cakeNotFound);
    await refused({ cakeId: 999_999, quantity: 1 }, 400, T.cakeNotFound);
    const bare = aRecipeCake(shop, []);
    await refused({ cakeId: bare.cakeId, quantity: 1 }, 400, T.noRecipe(bare.name));
  });

  it('refuses an order picked up or cancelled (409), and a cake not on the order (400)', async () => {
    const line = [{ cakeId: cake.cakeId, quantity: 1 }];
    const done = (await takeOrder(manager, { lines: line })).order;
    await manager.api.cakeOrders.pickup({
      id: done.id,
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
      cashTendered: 50000,
    });
    await refused(
      { cakeId: cake.cakeId, quantity: 1, orderNumber: done.orderNumber },
      409,
      T.orderClosed(done.orderNumber, 'Picked up'),
    );
    const gone = (await takeOrder(manager, { lines: line })).order;
    await manager.api.cakeOrders.cancel({ id: gone.id, reason: 'Party moved', refundDeposit: false });
    await refused(
      { cakeId: cake.cakeId, quantity: 1, orderNumber: gone.orderNumber },
      409,
      T.orderClosed(gone.orderNumber, 'Cancelled'),
    );
    const other = aRecipeCake(shop, [[flour.id, 500]]);
    const open = (await takeOrder(manager, { lines: line })).order;
    await refused(
      { cakeId: other.cakeId, quantity: 1, orderNumber: open.orderNumber },
      400,
      T.notOnOrder(other.name, open.orderNumber),
    );
    await refused({ cakeId: cake.cakeId, quantity: 1, orderNumber: 'ORD-999999' }, 400, T.orderNotFound);
  });
});

describe('roles', () => {
  it('lets all four roles bake, read the plan, the batches and a cake’s lots', async () => {
    const flour = anIngredient(shop, 'Role Flour');
    putLot(shop, flour.id, { quantity: 10_000, unitCost: 1000, expirationDate: addDays(today, 30) });
    const cake = aRecipeCake(shop, [[flour.id, 1000]]);
    for (const role of ROLES) {
      const session = role === 'admin' ? await shop.adminSession() : await shop.signedIn(role);
      const token = session.accessToken;
      const baked = await bakeOverRest(shop, token, { cakeId: cake.cakeId, quantity: 1 });
      expect([role, baked.statusCode]).toEqual([role, 201]);
      for (const url of [`/api/bake-plan?date=${today}`, '/api/production', `/api/cake/${cake.cakeId}/lots`])
        expect([role, url, (await rest(shop, 'GET', url, token)).statusCode]).toEqual([role, url, 200]);
    }
    expect(cakeStock(shop, cake.id)).toBe(4);
  });
});

describe('the cake lots migration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-cake-lots-'));
  let old: TestShop | undefined;
  afterAll(async () => {
    await old?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The migrations as they stood before cake lots (up to 0023_recipes_in_thousandths). */
  function migrationsBeforeCakeLots(): string {
    const folder = path.join(dir, 'drizzle-before');
    cpSync(path.resolve(import.meta.dirname, '../../drizzle'), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === '0023_recipes_in_thousandths');
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it('gives each cake with stock one opening lot of it, at its base cost', async () => {
    const dataDir = path.join(dir, 'data');
    const before = openDb(loadConfig({ DATA_DIR: dataDir }).dbFile, migrationsBeforeCakeLots());
    before.run(sql`insert into inventory_items (id, item_id, name, purchase_price)
      values (1, 'INV-000001', 'Cake Flour', 4550), (2, 'INV-000002', 'Eggs (tray)', 21025)`);
    before.run(sql`insert into cakes (id, cake_id, name, price, stock, expiration_date)
      values (1, 'CK-000001', 'Chiffon', 65000, 5, '2099-01-31'), (2, 'CK-000002', 'Flan', 55000, 0, null),
        (3, 'CK-000003', 'Plain', 30000, 2, null)`);
    // Chiffon: 0.25 kg flour and 1 tray; Plain has no recipe.
    before.run(
      sql`insert into cake_ingredients (cake_id, item_id, quantity) values (1, 1, 250), (1, 2, 1000), (2, 2, 500)`,
    );
    before.$client.close();

    old = await testApp({ DATA_DIR: dataDir });
    // 0.25 × ₱45.50 = ₱11.375, rounded to ₱11.38, + ₱210.25 = ₱221.63.
    expect(
      old.db
        .select({
          cakeId: cakeLots.cakeId,
          source: cakeLots.source,
          quantity: cakeLots.quantity,
          remaining: cakeLots.remaining,
          unitCost: cakeLots.unitCost,
          expirationDate: cakeLots.expirationDate,
        })
        .from(cakeLots)
        .orderBy(cakeLots.cakeId)
        .all(),
    ).toEqual([
      {
        cakeId: 1,
        source: 'opening',
        quantity: 5,
        remaining: 5,
        unitCost: 22163,
        expirationDate: '2099-01-31',
      },
      { cakeId: 3, source: 'opening', quantity: 2, remaining: 2, unitCost: 0, expirationDate: null },
    ]);
    expect(old.db.all(sql`select id, stock from cakes order by id`)).toEqual([
      { id: 1, stock: 5 },
      { id: 2, stock: 0 },
      { id: 3, stock: 2 },
    ]);
  });
});
