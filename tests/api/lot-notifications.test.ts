import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, notifications, suppliers } from '../../server/db/schema';
import { dailyStockCheck } from '../../server/domains/inventory/alerts';
import { addDays, formatCalendarDate, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { putLot } from '../helpers/lots';
import { type Method, rest } from '../helpers/rest';

// The daily check's notices about lots and purchase orders: a lot expiring within the week,
// a lot expired with stock left, an Ordered (or Partly received) purchase order past its
// expected date; each once, whatever how often the check runs, and none for an emptied lot
// or an order that is Draft, Received or Cancelled.

let shop: TestShop;
let manager: Session;
let staff: Session;
const today = manilaDate();
const day = (n: number) => addDays(today, n);
/** The daily check as it runs `n` days from now. */
const checkOn = (n: number) => dailyStockCheck(shop.db, new Date(Date.now() + n * 24 * 3600 * 1000));

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  shop.db.insert(suppliers).values({ supplierId: 'SUP-DRY', name: 'Dairy Co' }).run();
});
afterAll(() => shop.close());

const api = (method: Method, url: string, body?: unknown, token = manager.accessToken) =>
  rest(shop, method, url, token, body);

const messages = () =>
  shop.db
    .select()
    .from(notifications)
    .orderBy(notifications.id)
    .all()
    .map((n) => n.message);
const about = (text: string) => messages().filter((m) => m.includes(text));
/** The lot notices of an item (its stock notices aside). */
const lotNotices = (itemId: string) => about(itemId).filter((m) => m.startsWith('Lot '));

let n = 0;
function item(name: string) {
  const itemId = `INV-N${++n}`;
  const id = shop.db
    .insert(inventoryItems)
    .values({ itemId, name, unitPrice: 10000, purchasePrice: 5000, restockThreshold: 0 })
    .returning()
    .get().id;
  return { id, itemId };
}

describe('lots expiring within the week', () => {
  it('are announced once per lot with what is left, and the item gets no second notice', () => {
    const butter = item('Butter');
    putLot(shop, butter.id, { quantity: 2500, unitCost: 8000, expirationDate: day(3), lotCode: 'LOT-BTR-1' });
    putLot(shop, butter.id, { quantity: 4000, unitCost: 8000, expirationDate: day(8), lotCode: 'LOT-BTR-2' });
    const cream = item('Cream');
    putLot(shop, cream.id, { quantity: 1000, unitCost: 9000, expirationDate: today, lotCode: 'LOT-CRM-1' });
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    expect(about(butter.itemId)).toEqual([
      `Lot LOT-BTR-1 of "Butter" (${butter.itemId}) expires on ${formatCalendarDate(day(3))}: 2.5 left.`,
    ]);
    expect(about(cream.itemId)).toEqual([
      `Lot LOT-CRM-1 of "Cream" (${cream.itemId}) expires today (${formatCalendarDate(today)}): 1 left.`,
    ]);
    // The next day the later lot comes within the week: its own notice, once; the first is not repeated.
    checkOn(1);
    checkOn(1);
    expect(about(butter.itemId)).toEqual([
      `Lot LOT-BTR-1 of "Butter" (${butter.itemId}) expires on ${formatCalendarDate(day(3))}: 2.5 left.`,
      `Lot LOT-BTR-2 of "Butter" (${butter.itemId}) expires on ${formatCalendarDate(day(8))}: 4 left.`,
    ]);
  });

  it('are announced at once when a delivery brings one in, and not again by the check', async () => {
    const milk = item('Milk');
    const made = await api('POST', '/api/purchase-orders', {
      supplierId: 'SUP-DRY',
      lines: [{ itemId: milk.itemId, quantity: 12, unitCost: 95 }],
    });
    const id = made.json().purchaseOrder._id as number;
    expect((await api('POST', `/api/purchase-orders/${id}/order`)).statusCode).toBe(200);
    const got = await api('POST', `/api/purchase-orders/${id}/receive`, {
      lines: [{ itemId: milk.itemId, quantity: 12, expirationDate: day(2) }],
    });
    expect(got.statusCode).toBe(200);
    const lotCode = got.json().lots[0].lotCode as string;
    const notice = `Lot ${lotCode} of "Milk" (${milk.itemId}) expires on ${formatCalendarDate(day(2))}: 12 left.`;
    expect(about(milk.itemId)).toEqual([notice]);
    dailyStockCheck(shop.db);
    expect(about(milk.itemId)).toEqual([notice]);
  });

  it('are not announced once emptied', async () => {
    const cheese = item('Cream Cheese');
    const lot = putLot(shop, cheese.id, { quantity: 2000, unitCost: 7000, expirationDate: day(2) });
    const res = await api('POST', '/api/waste', {
      itemId: cheese.itemId,
      quantity: 2,
      reason: 'Damaged',
      lotId: lot.id,
    });
    expect(res.statusCode).toBe(201);
    dailyStockCheck(shop.db);
    checkOn(3);
    expect(messages().filter((m) => m.includes(cheese.itemId) && m.includes(' expire'))).toEqual([]);
  });
});

describe('lots expired with stock left', () => {
  it('are announced once, to be written off; a lot announced as expiring is announced again when it expires', () => {
    const yeast = item('Yeast');
    putLot(shop, yeast.id, { quantity: 1500, unitCost: 3000, expirationDate: day(-2), lotCode: 'LOT-YST-1' });
    putLot(shop, yeast.id, { quantity: 500, unitCost: 3000, expirationDate: day(1), lotCode: 'LOT-YST-2' });
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    const expired = `Lot LOT-YST-1 of "Yeast" (${yeast.itemId}) expired on ${formatCalendarDate(day(-2))}: 1.5 left to write off.`;
    const expiring = `Lot LOT-YST-2 of "Yeast" (${yeast.itemId}) expires on ${formatCalendarDate(day(1))}: 0.5 left.`;
    expect(lotNotices(yeast.itemId)).toEqual([expired, expiring]);
    checkOn(2);
    checkOn(2);
    checkOn(5);
    const passed = `Lot LOT-YST-2 of "Yeast" (${yeast.itemId}) expired on ${formatCalendarDate(day(1))}: 0.5 left to write off.`;
    expect(lotNotices(yeast.itemId)).toEqual([expired, expiring, passed]);
  });

  it('are not announced once written off; the lot still holding stock is', async () => {
    const cocoa = item('Cocoa');
    const gone = putLot(shop, cocoa.id, { quantity: 3000, unitCost: 4000, expirationDate: day(-1) });
    putLot(shop, cocoa.id, { quantity: 250, unitCost: 4000, expirationDate: day(-1), lotCode: 'LOT-COC-2' });
    const res = await api('POST', '/api/waste', {
      itemId: cocoa.itemId,
      quantity: 3,
      reason: 'Expired',
      lotId: gone.id,
    });
    expect(res.statusCode).toBe(201);
    dailyStockCheck(shop.db);
    checkOn(1);
    expect(lotNotices(cocoa.itemId)).toEqual([
      `Lot LOT-COC-2 of "Cocoa" (${cocoa.itemId}) expired on ${formatCalendarDate(day(-1))}: 0.25 left to write off.`,
    ]);
  });
});

describe('purchase orders past their expected date', () => {
  async function order(status: 'Draft' | 'Ordered' | 'Partly received' | 'Received' | 'Cancelled') {
    const flour = item(`Flour for ${status}`);
    const made = await api('POST', '/api/purchase-orders', {
      supplierId: 'SUP-DRY',
      expectedDate: day(2),
      lines: [{ itemId: flour.itemId, quantity: 10, unitCost: 50 }],
    });
    expect(made.statusCode).toBe(201);
    const { _id: id, poNumber } = made.json().purchaseOrder as { _id: number; poNumber: string };
    if (status === 'Draft') return poNumber;
    expect((await api('POST', `/api/purchase-orders/${id}/order`)).statusCode).toBe(200);
    if (status === 'Cancelled')
      expect((await api('POST', `/api/purchase-orders/${id}/cancel`)).statusCode).toBe(200);
    const quantity = status === 'Received' ? 10 : status === 'Partly received' ? 4 : 0;
    if (quantity > 0) {
      const got = await api('POST', `/api/purchase-orders/${id}/receive`, {
        lines: [{ itemId: flour.itemId, quantity, expirationDate: day(60) }],
      });
      expect(got.statusCode).toBe(200);
      expect(got.json().purchaseOrder.status).toBe(status);
    }
    return poNumber;
  }

  it('announce an Ordered or Partly received order once, the day after it was expected, to who handles orders', async () => {
    const ordered = await order('Ordered');
    const partly = await order('Partly received');
    const others = [await order('Draft'), await order('Received'), await order('Cancelled')];
    const late = (po: string) =>
      `${po} from Dairy Co was expected on ${formatCalendarDate(day(2))} and has not fully arrived.`;
    // Not before the expected date is over.
    dailyStockCheck(shop.db);
    checkOn(2);
    expect(messages().filter((m) => m.includes('has not fully arrived'))).toEqual([]);
    checkOn(3);
    checkOn(3);
    checkOn(4);
    expect(messages().filter((m) => m.includes('has not fully arrived'))).toEqual([
      late(ordered),
      late(partly),
    ]);
    for (const po of others) expect(about(po)).toEqual([]);
    const rows = shop.db
      .select()
      .from(notifications)
      .where(eq(notifications.message, late(ordered)))
      .all();
    expect(rows.map((r) => [r.type, r.audience])).toEqual([['warning', 'purchaseOrders']]);
    const seen = async (s: Session) =>
      (await s.api.notifications.list({ limit: 1000 })).rows.map((r) => r.message);
    expect(await seen(manager)).toContain(late(ordered));
    expect(await seen(staff)).not.toContain(late(ordered));
  });
});
