import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  inventoryItems,
  stockLots,
  stockMovements,
  wasteEntries,
} from '../../server/db/schema';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { WASTE_REASONS, WASTE_TEXT } from '../../shared/texts/waste';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { lotsOf, putLot } from '../helpers/lots';
import { type Method, rest } from '../helpers/rest';

// Writing off waste: from the lots first-expiry-first-out, from a chosen lot, or for Expired the
// expired lots first; all of an item's expired stock at once; at what the lots cost; staff
// write-offs held for approval; the log's totals by reason and week; waste off the report's profit.

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
/** An item with no stock, then these lots (thousandths, centavos). */
function itemWith(lots: { quantity: number; unitCost: number; expirationDate: string | null }[]) {
  const itemId = `INV-W${++n}`;
  const id = shop.db
    .insert(inventoryItems)
    .values({ itemId, name: `Cream ${n}` })
    .returning()
    .get().id;
  const made = lots.map((lot) => putLot(shop, id, lot));
  return { id, itemId, lots: made };
}
const item = (id: number) => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!;

const written = () =>
  JSON.stringify([
    shop.db.select().from(stockLots).all(),
    shop.db.select().from(inventoryItems).all(),
    shop.db.select({ n: count() }).from(wasteEntries).get(),
    shop.db.select({ n: count() }).from(stockMovements).get(),
    shop.db.select({ n: count() }).from(activityLogs).get(),
  ]);

describe('writing off waste', () => {
  it('takes what did not sell from the lots first-expiry-first-out, at what they cost', async () => {
    const cream = itemWith([
      { quantity: 3000, unitCost: 9000, expirationDate: day(9) },
      { quantity: 2000, unitCost: 8000, expirationDate: day(3) },
    ]);
    const res = await api('POST', '/api/waste', {
      itemId: cream.itemId,
      quantity: 2.5,
      reason: 'Spoiled',
      note: 'Fridge',
    });
    expect(res.statusCode).toBe(201);
    // 2 from the lot expiring first at ₱80.00, 0.5 from the next at ₱90.00.
    expect(res.json()).toEqual({
      message: WASTE_TEXT.writtenOff('2.5', item(cream.id).name),
      waste: { _id: expect.any(Number), itemId: cream.itemId, quantity: 2.5, reason: 'Spoiled', cost: 205 },
    });
    expect(lotsOf(shop, cream.id).map((l) => l.remaining)).toEqual([0, 2500]);
    expect(item(cream.id)).toMatchObject({ stock: 2500, expirationDate: day(9) });
    const ledger = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.itemId, cream.id))
      .all()
      .at(-1)!;
    expect(ledger).toMatchObject({ reason: 'waste', change: -2500, reference: 'Spoiled' });
  });

  it('takes from a chosen lot when one is named, and refuses more than it holds (409)', async () => {
    const cream = itemWith([
      { quantity: 3000, unitCost: 9000, expirationDate: day(3) },
      { quantity: 2000, unitCost: 8000, expirationDate: day(9) },
    ]);
    const later = cream.lots[1]!;
    const res = await api('POST', '/api/waste', {
      itemId: cream.itemId,
      quantity: 1,
      reason: 'Damaged',
      lotId: later.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().waste.cost).toBe(80);
    expect(lotsOf(shop, cream.id).map((l) => l.remaining)).toEqual([3000, 1000]);
    const other = itemWith([{ quantity: 1000, unitCost: 100, expirationDate: null }]);
    const before = written();
    const over = await api('POST', '/api/waste', {
      itemId: cream.itemId,
      quantity: 1.5,
      reason: 'Damaged',
      lotId: later.id,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WASTE_TEXT.notEnoughInLot(later.lotCode, '1'));
    const wrongLot = await api('POST', '/api/waste', {
      itemId: other.itemId,
      quantity: 1,
      reason: 'Damaged',
      lotId: later.id,
    });
    expect(wrongLot.statusCode).toBe(400);
    expect(wrongLot.json().message).toBe(WASTE_TEXT.lotNotFound);
    expect(written()).toBe(before);
  });

  it('for Expired, takes the expired lots first; Write off expired takes them all at once', async () => {
    const milk = itemWith([
      { quantity: 1000, unitCost: 5000, expirationDate: day(-3) },
      { quantity: 2000, unitCost: 6000, expirationDate: day(-1) },
      { quantity: 4000, unitCost: 7000, expirationDate: day(5) },
    ]);
    // The expired 3 are not stock: only the 4 still good are.
    expect(item(milk.id)).toMatchObject({ stock: 4000, expirationDate: day(5) });
    const lots = await api('GET', `/api/inventory/${milk.id}/lots`);
    expect(lots.json().lots.map((l: { remaining: number }) => l.remaining)).toEqual([1, 2, 4]);
    const one = await api('POST', '/api/waste', { itemId: milk.itemId, quantity: 1.5, reason: 'Expired' });
    expect(one.statusCode).toBe(201);
    expect(one.json().waste.cost).toBe(80); // 1 at ₱50.00, 0.5 at ₱60.00
    expect(lotsOf(shop, milk.id).map((l) => l.remaining)).toEqual([0, 1500, 4000]);
    expect(item(milk.id).stock).toBe(4000);

    const all = await api('POST', `/api/inventory/${milk.id}/write-off-expired`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      message: WASTE_TEXT.writtenOff('1.5', item(milk.id).name),
      quantity: 1.5,
      cost: 90,
    });
    expect(lotsOf(shop, milk.id).map((l) => l.remaining)).toEqual([0, 0, 4000]);
    expect(item(milk.id).stock).toBe(4000);
    const again = await api('POST', `/api/inventory/${milk.id}/write-off-expired`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WASTE_TEXT.noExpired(item(milk.id).name));
  });

  it('never takes an expired lot for any other reason, and refuses bad input with nothing written', async () => {
    const old = itemWith([
      { quantity: 2000, unitCost: 5000, expirationDate: day(-1) },
      { quantity: 1000, unitCost: 5000, expirationDate: day(2) },
    ]);
    const before = written();
    const cases: [unknown, number, string][] = [
      [
        { itemId: old.itemId, quantity: 2, reason: 'Unsold' },
        409,
        WASTE_TEXT.notEnough(item(old.id).name, '1'),
      ],
      [{ itemId: old.itemId, quantity: 1, reason: 'Stolen' }, 400, WASTE_TEXT.reason],
      [
        { itemId: old.itemId, quantity: 0, reason: 'Other' },
        400,
        'Quantity must be more than 0, with at most three decimals.',
      ],
      [
        { itemId: old.itemId, quantity: 0.0001, reason: 'Other' },
        400,
        'Quantity must be more than 0, with at most three decimals.',
      ],
      [{ itemId: 'INV-NOPE', quantity: 1, reason: 'Other' }, 400, WASTE_TEXT.itemNotFound],
      [{ quantity: 1, reason: 'Other' }, 400, WASTE_TEXT.itemRequired],
      [
        { itemId: old.itemId, quantity: 1, reason: 'Other', note: 'x'.repeat(301) },
        400,
        'Note must be at most 300 characters.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', '/api/waste', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(written()).toBe(before);
    expect((await api('POST', '/api/inventory/999999/write-off-expired')).statusCode).toBe(404);
  });

  it('holds a staff write-off for approval; the approval takes it from the lots as they are then', async () => {
    const jam = itemWith([{ quantity: 5000, unitCost: 2000, expirationDate: day(30) }]);
    const held = await api(
      'POST',
      '/api/waste',
      { itemId: jam.itemId, quantity: 2, reason: 'Damaged' },
      staff.accessToken,
    );
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect(item(jam.id).stock).toBe(5000);
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, jam.itemId))
      .get()!;
    expect(request).toMatchObject({ module: 'Waste', requestType: 'write-off' });
    expect(JSON.parse(request.details)).toMatchObject({ Quantity: '2', Reason: 'Damaged' });
    await manager.api.actionRequests.approve({ id: request.id });
    expect(item(jam.id).stock).toBe(3000);
    const entry = shop.db.select().from(wasteEntries).where(eq(wasteEntries.itemId, jam.id)).get()!;
    expect(entry).toMatchObject({
      quantity: 2000,
      cost: 4000,
      createdBy: manager.user.id,
      requestedBy: staff.user.id,
    });
    // Staff cannot read the log.
    expect((await api('GET', '/api/waste', undefined, staff.accessToken)).statusCode).toBe(403);
  });
});

describe('a staff member’s Write off expired', () => {
  it('is held, and takes the expired lots as they are when approved', async () => {
    const cheese = itemWith([
      { quantity: 1500, unitCost: 18000, expirationDate: day(-2) },
      { quantity: 4000, unitCost: 20000, expirationDate: day(20) },
    ]);
    const held = await api(
      'POST',
      `/api/inventory/${cheese.id}/write-off-expired`,
      undefined,
      staff.accessToken,
    );
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect(lotsOf(shop, cheese.id).map((l) => l.remaining)).toEqual([1500, 4000]);
    const request = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, cheese.itemId))
      .get()!;
    expect(JSON.parse(request.details)).toMatchObject({ Quantity: '1.5', Reason: 'Expired' });
    await manager.api.actionRequests.approve({ id: request.id });
    expect(lotsOf(shop, cheese.id).map((l) => l.remaining)).toEqual([0, 4000]);
    const entry = shop.db.select().from(wasteEntries).where(eq(wasteEntries.itemId, cheese.id)).get()!;
    expect(entry).toMatchObject({
      quantity: 1500,
      reason: 'Expired',
      cost: 27000,
      requestedBy: staff.user.id,
    });
  });
});

describe('the waste log and the sales report', () => {
  it('lists the period’s write-offs with totals by reason and by week', async () => {
    const log = await api('GET', '/api/waste?range=today');
    expect(log.statusCode).toBe(200);
    const body = log.json();
    const entries = shop.db.select().from(wasteEntries).all();
    expect(body.rows).toHaveLength(entries.length);
    const cost = entries.reduce((sum, e) => sum + e.cost, 0) / 100;
    expect(body.totals.cost).toBeCloseTo(cost, 2);
    expect(body.totals.quantity).toBeCloseTo(entries.reduce((sum, e) => sum + e.quantity, 0) / 1000, 3);
    for (const reason of WASTE_REASONS) {
      const mine = entries.filter((e) => e.reason === reason);
      const row = body.totals.byReason.find((r: { reason: string }) => r.reason === reason);
      if (mine.length === 0) expect(row).toBeUndefined();
      else
        expect(row).toMatchObject({ entries: mine.length, cost: mine.reduce((s, e) => s + e.cost, 0) / 100 });
    }
    expect(body.totals.byWeek).toHaveLength(1);
    expect(body.totals.byWeek[0].cost).toBeCloseTo(cost, 2);
    // A custom period that ends yesterday holds none of today's.
    const none = await api('GET', `/api/waste?range=custom&from=${day(-7)}&to=${day(-1)}`);
    expect(none.json().rows).toEqual([]);
    expect(none.json().totals.cost).toBe(0);
    expect((await api('GET', '/api/waste?range=custom&from=2026-01-01')).statusCode).toBe(400);
  });

  it('takes the waste’s cost from the sales report’s profit, as wasteCost', async () => {
    const owner = await shop.signedIn('owner');
    const summary = (
      await api('GET', '/api/salesReport/summary?range=today', undefined, owner.accessToken)
    ).json();
    const waste =
      shop.db
        .select()
        .from(wasteEntries)
        .all()
        .reduce((sum, e) => sum + e.cost, 0) / 100;
    expect(summary.wasteCost).toBeCloseTo(waste, 2);
    expect(summary.totalProfit).toBeCloseTo(summary.revenue - summary.cost - waste, 2);
  });
});
