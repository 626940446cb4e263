import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  cakeIngredients,
  cakeLots,
  cakeOrders,
  cakes,
  inventoryItems,
  stockMovements,
  wasteEntries,
} from '../../server/db/schema';
import { settleCakeExpiry } from '../../server/domains/cakes/cakeLotStock';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { WASTE_TEXT } from '../../shared/texts/waste';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { putLot } from '../helpers/lots';
import { type Method, rest } from '../helpers/rest';

// Writing off cakes: whole cakes leave the cake's lots at each batch's cost; Expired takes only
// lots past their date, Unsold those first; lots held for a cake order stay; staff write-offs
// are held; the waste log and the sales report's waste line count them.

let shop: TestShop;
let manager: Session;
let staff: Session;
const today = manilaDate();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());

const api = (method: Method, url: string, body?: unknown, token = manager.accessToken) =>
  rest(shop, method, url, token, body);

let n = 0;
/** A cake with no stock, 3 days' shelf life, and a recipe of 1 kg of `flourId` when given. */
function cake(flourId?: number) {
  n++;
  const row = shop.db
    .insert(cakes)
    .values({ cakeId: `CK-W${n}`, name: `Waste Cake ${n}`, price: 50000, stock: 0, shelfLifeDays: 3 })
    .returning()
    .get();
  if (flourId)
    shop.db.insert(cakeIngredients).values({ cakeId: row.id, itemId: flourId, quantity: 1000 }).run();
  return row;
}

/** A cake lot put straight in (an expired one too), the cake's stock brought up to date. */
function putCakeLot(
  cakeRow: { id: number; cakeId: string },
  lot: { quantity: number; unitCost: number; expirationDate: string; orderId?: number },
) {
  return shop.db.transaction((tx) => {
    const row = tx
      .insert(cakeLots)
      .values({ cakeId: cakeRow.id, source: 'adjustment', remaining: lot.quantity, ...lot })
      .returning()
      .get();
    settleCakeExpiry(tx, { kind: 'cake', id: cakeRow.id, record: cakeRow.cakeId }, new Date());
    return row;
  });
}

const stockOf = (id: number) => shop.db.select().from(cakes).where(eq(cakes.id, id)).get()!.stock;
const remainingOf = (id: number) =>
  shop.db
    .select({ remaining: cakeLots.remaining })
    .from(cakeLots)
    .where(eq(cakeLots.cakeId, id))
    .orderBy(cakeLots.id)
    .all()
    .map((l) => l.remaining);

const written = () =>
  JSON.stringify([
    shop.db.select().from(cakeLots).all(),
    shop.db.select().from(cakes).all(),
    shop.db.select({ n: count() }).from(wasteEntries).get(),
    shop.db.select({ n: count() }).from(stockMovements).get(),
    shop.db.select({ n: count() }).from(activityLogs).get(),
    shop.db.select({ n: count() }).from(actionRequests).get(),
  ]);

describe('writing off cakes', () => {
  it('takes whole cakes first-expiry-first-out at each batch’s cost', async () => {
    const flour = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-WFLOUR', name: 'Waste Flour', stock: 0 })
      .returning()
      .get();
    putLot(shop, flour.id, { quantity: 2000, unitCost: 5000, expirationDate: day(5) });
    putLot(shop, flour.id, { quantity: 10_000, unitCost: 8000, expirationDate: day(30) });
    const ube = cake(flour.id);
    // Two batches: 2 baked two days ago at ₱50 a cake (expiring tomorrow), 3 today at ₱80.
    const older = await api('POST', '/api/production', { cakeId: ube.cakeId, quantity: 2, bakedOn: day(-2) });
    expect(older.statusCode).toBe(201);
    expect(older.json().batch.unitCost).toBe(50);
    const newer = await api('POST', '/api/production', { cakeId: ube.cakeId, quantity: 3 });
    expect(newer.json().batch.unitCost).toBe(80);
    expect(stockOf(ube.id)).toBe(5);

    const res = await api('POST', '/api/waste', { cakeId: ube.cakeId, quantity: 3, reason: 'Damaged' });
    expect(res.statusCode).toBe(201);
    // 2 from the older batch at ₱50, 1 from today's at ₱80.
    expect(res.json()).toEqual({
      message: WASTE_TEXT.writtenOff('3', ube.name),
      waste: { _id: expect.any(Number), cakeId: ube.cakeId, quantity: 3, reason: 'Damaged', cost: 180 },
    });
    expect(remainingOf(ube.id)).toEqual([0, 2]);
    expect(stockOf(ube.id)).toBe(2);
    const ledger = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.cakeId, ube.id))
      .all()
      .at(-1)!;
    expect(ledger).toMatchObject({ reason: 'waste', change: -3000, stockAfter: 2000, reference: 'Damaged' });
    expect(
      shop.db.select().from(wasteEntries).where(eq(wasteEntries.id, res.json().waste._id)).get(),
    ).toMatchObject({
      kind: 'cake',
      cakeId: ube.id,
      itemId: null,
      record: ube.cakeId,
      quantity: 3000,
      cost: 18000,
    });
  });

  it('takes only expired lots for Expired, and Write off expired takes them all', async () => {
    const pandan = cake();
    putCakeLot(pandan, { quantity: 2, unitCost: 4000, expirationDate: day(-1) });
    putCakeLot(pandan, { quantity: 3, unitCost: 6000, expirationDate: day(2) });
    expect(stockOf(pandan.id)).toBe(3);
    const before = written();
    // Three are on the shelf but only two are past their date.
    const over = await api('POST', '/api/waste', { cakeId: pandan.cakeId, quantity: 3, reason: 'Expired' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WASTE_TEXT.notEnough(pandan.name, '2'));
    expect(written()).toBe(before);

    const one = await api('POST', '/api/waste', { cakeId: pandan.cakeId, quantity: 1, reason: 'Expired' });
    expect(one.json().waste.cost).toBe(40);
    // The expired cakes were already off the shelf: the stock stays.
    expect(remainingOf(pandan.id)).toEqual([1, 3]);
    expect(stockOf(pandan.id)).toBe(3);

    const rest = await api('POST', `/api/cake/${pandan.id}/write-off-expired`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ message: WASTE_TEXT.writtenOff('1', pandan.name), quantity: 1, cost: 40 });
    expect(remainingOf(pandan.id)).toEqual([0, 3]);
    const again = await api('POST', `/api/cake/${pandan.id}/write-off-expired`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WASTE_TEXT.noExpired(pandan.name));
  });

  it('takes expired lots first for Unsold, then the shelf, and never a lot held for an order', async () => {
    const mocha = cake();
    const order = shop.db
      .insert(cakeOrders)
      .values({
        number: 9001,
        customerName: 'Ana Reyes',
        phone: '09171234567',
        pickupAt: new Date(),
        pickupDate: today,
        taxRate: 1200,
        subtotal: 50000,
        taxAmount: 5357,
        total: 50000,
        status: 'Ready',
      })
      .returning()
      .get();
    putCakeLot(mocha, { quantity: 1, unitCost: 4000, expirationDate: day(-1) });
    putCakeLot(mocha, { quantity: 2, unitCost: 6000, expirationDate: day(2) });
    putCakeLot(mocha, { quantity: 4, unitCost: 7000, expirationDate: day(1), orderId: order.id });
    expect(stockOf(mocha.id)).toBe(2);
    const res = await api('POST', '/api/waste', { cakeId: mocha.cakeId, quantity: 2, reason: 'Unsold' });
    expect(res.statusCode).toBe(201);
    expect(res.json().waste.cost).toBe(100);
    expect(remainingOf(mocha.id)).toEqual([0, 1, 4]);
    // One left on the shelf; the order's four are not the shop's to write off.
    const over = await api('POST', '/api/waste', { cakeId: mocha.cakeId, quantity: 2, reason: 'Spoiled' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WASTE_TEXT.notEnough(mocha.name, '1'));
    expect(remainingOf(mocha.id)).toEqual([0, 1, 4]);
  });

  it('holds a staff member’s write-off for approval, then takes it at the lots’ cost', async () => {
    const choco = cake();
    putCakeLot(choco, { quantity: 3, unitCost: 5500, expirationDate: day(2) });
    putCakeLot(choco, { quantity: 2, unitCost: 3000, expirationDate: day(-1) });
    const held = await api(
      'POST',
      '/api/waste',
      { cakeId: choco.cakeId, quantity: 2, reason: 'Spoiled', note: 'Melted' },
      staff.accessToken,
    );
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect(remainingOf(choco.id)).toEqual([3, 2]);
    const requestsOf = () =>
      shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, choco.cakeId)).all();
    expect(JSON.parse(requestsOf()[0]!.details)).toEqual({
      Cake: `${choco.cakeId} "${choco.name}"`,
      Quantity: '2',
      Reason: 'Spoiled',
      Note: 'Melted',
    });
    await manager.api.actionRequests.approve({ id: requestsOf()[0]!.id });
    // Spoiled takes the shelf, not the expired lot.
    expect(remainingOf(choco.id)).toEqual([1, 2]);
    const expired = await api(
      'POST',
      `/api/cake/${choco.id}/write-off-expired`,
      undefined,
      staff.accessToken,
    );
    expect(expired.statusCode).toBe(202);
    expect(JSON.parse(requestsOf()[1]!.details)).toEqual({
      Cake: `${choco.cakeId} "${choco.name}"`,
      Quantity: '2',
      Reason: 'Expired',
    });
    expect(remainingOf(choco.id)).toEqual([1, 2]);
    await manager.api.actionRequests.approve({ id: requestsOf()[1]!.id });
    expect(remainingOf(choco.id)).toEqual([1, 0]);
    expect(stockOf(choco.id)).toBe(1);
    const entries = shop.db.select().from(wasteEntries).where(eq(wasteEntries.cakeId, choco.id)).all();
    expect(entries).toMatchObject([
      { quantity: 2000, reason: 'Spoiled', note: 'Melted', cost: 11_000, requestedBy: staff.user.id },
      { quantity: 2000, reason: 'Expired', cost: 6000, requestedBy: staff.user.id },
    ]);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const lemon = cake();
    putCakeLot(lemon, { quantity: 2, unitCost: 5000, expirationDate: day(2) });
    const before = written();
    const body = { cakeId: lemon.cakeId, quantity: 1, reason: 'Damaged' };
    const cases: [unknown, number, string][] = [
      [{ ...body, quantity: 3 }, 409, WASTE_TEXT.notEnough(lemon.name, '2')],
      [{ ...body, cakeId: 'CK-NOPE' }, 400, WASTE_TEXT.cakeNotFound],
      [{ ...body, quantity: 0 }, 400, PURCHASING_TEXT.quantity],
      [{ ...body, quantity: 1.5 }, 400, WASTE_TEXT.wholeCakes],
      [{ ...body, itemId: 'INV-WFLOUR' }, 400, WASTE_TEXT.itemOrCake],
      [{ ...body, lotId: 1 }, 400, WASTE_TEXT.lotOfItem],
      [{ ...body, reason: 'Eaten' }, 400, WASTE_TEXT.reason],
    ];
    for (const [sent, status, message] of cases) {
      const res = await api('POST', '/api/waste', sent);
      expect([res.statusCode, res.json().message], JSON.stringify(sent)).toEqual([status, message]);
    }
    const missing = await api('POST', '/api/cake/999999/write-off-expired');
    expect([missing.statusCode, missing.json().message]).toEqual([404, WASTE_TEXT.cakeNotFound]);
    await expectTrpcError(
      manager.api.waste.writeOff({ cakeId: 999_999, quantity: 1000, reason: 'Other' }),
      'BAD_REQUEST',
      WASTE_TEXT.cakeNotFound,
    );
    expect(written()).toBe(before);
  });
});

describe('the waste log and the sales report', () => {
  it('list cakes with items, in whole cakes, and count them in the waste line', async () => {
    const log = (await api('GET', '/api/waste?range=today')).json();
    const entries = shop.db.select().from(wasteEntries).all();
    expect(entries.every((e) => e.kind === 'cake')).toBe(true);
    expect(log.rows).toHaveLength(entries.length);
    const damaged = log.rows.find((r: { reason: string }) => r.reason === 'Damaged');
    expect(damaged).toMatchObject({
      kind: 'cake',
      itemId: null,
      cakeId: 'CK-W1',
      name: 'Waste Cake 1',
      quantity: 3,
      cost: 180,
    });
    const cost = entries.reduce((sum, e) => sum + e.cost, 0) / 100;
    expect(log.totals.cost).toBeCloseTo(cost, 2);
    const owner = await shop.signedIn('owner');
    const summary = (
      await api('GET', '/api/salesReport/summary?range=today', undefined, owner.accessToken)
    ).json();
    expect(summary.wasteCost).toBeCloseTo(cost, 2);
    expect(summary.totalProfit).toBeCloseTo(summary.revenue - summary.cost - cost, 2);
  });

  it('keeps a cake’s write-offs in the log after the cake is deleted', async () => {
    const gone = cake();
    putCakeLot(gone, { quantity: 1, unitCost: 5000, expirationDate: day(2) });
    await api('POST', '/api/waste', { cakeId: gone.cakeId, quantity: 1, reason: 'Other' });
    expect((await api('DELETE', `/api/cake/${gone.id}`)).statusCode).toBe(200);
    const row = (await api('GET', '/api/waste?range=today'))
      .json()
      .rows.find((r: { cakeId: string }) => r.cakeId === gone.cakeId);
    expect(row).toMatchObject({ kind: 'cake', name: gone.name, quantity: 1, cost: 50 });
  });
});
