import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  inventoryItems,
  purchaseOrderLines,
  purchaseOrders,
  saleLines,
  sales,
  suppliers,
  units,
} from '../../server/db/schema';
import { salesWindowStart } from '../../server/domains/reorder/service';
import { ROLES } from '../../shared/roles';
import type { PoStatus } from '../../shared/texts/purchasing';
import { PO_LINES_MAX, PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { REORDER_TEXT } from '../../shared/texts/reorder';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { type Method, rest } from '../helpers/rest';

// Reorder suggestions: the daily rate over the last 28 Manila days of completed sales, the
// supplier's lead time, the restock threshold and what is still open on ordered purchase
// orders; drafting a purchase order from them; refusals and roles. Each case has a supplier of
// its own, so the cases read apart from one another. Stock is in thousandths.

let shop: TestShop;
let manager: Session;
let staff: Session;
let kilo: number;
const DAY = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  kilo = shop.db.insert(units).values({ name: 'kilo' }).returning().get().id;
});
afterAll(() => shop.close());

const supplier = (supplierId: string, name: string, leadTimeDays = 7) =>
  shop.db.insert(suppliers).values({ supplierId, name, leadTimeDays }).returning().get().id;

/** An item; stock and threshold in thousandths, purchase price in centavos. */
const item = (
  itemId: string,
  name: string,
  supplierId: number | null,
  stock: number,
  restockThreshold = 0,
  purchasePrice = 5000,
) =>
  shop.db
    .insert(inventoryItems)
    .values({ itemId, name, supplierId, stock, restockThreshold, purchasePrice, unitId: kilo })
    .returning()
    .get().id;

let saleNo = 0;
/** A sale of `units` whole units of `itemId` at `at`, completed unless refunded after. */
function sell(itemId: number, units: number, at = new Date(now - DAY), refunded = false) {
  saleNo++;
  const sale = shop.db
    .insert(sales)
    .values({
      saleId: `SALE-RO${saleNo}`,
      customerName: 'Unregistered',
      orderType: 'Walk-in',
      subtotal: 0,
      taxRate: 0,
      taxAmount: 0,
      totalAmount: 0,
      paymentMethod: 'Cash',
      linesKey: `item:${itemId}x${units}#${saleNo}`,
      soldAt: at,
    })
    .returning()
    .get();
  shop.db
    .insert(saleLines)
    .values({
      saleId: sale.id,
      kind: 'item',
      itemId,
      code: `INV-${itemId}`,
      name: 'Sold',
      price: 0,
      purchasePrice: 0,
      quantity: units,
      lineTotal: 0,
      cost: 0,
    })
    .run();
  // As a refund does: the sale stays, its status changes.
  if (refunded) shop.db.update(sales).set({ status: 'refunded' }).where(eq(sales.id, sale.id)).run();
}

let poNo = 0;
/** A purchase order of `status` with one line of `quantity` thousandths, `received` of them in. */
function onOrder(supplierId: number, itemId: number, status: PoStatus, quantity: number, received = 0) {
  const order = shop.db
    .insert(purchaseOrders)
    .values({ poNumber: `PO-9${String(++poNo).padStart(5, '0')}`, supplierId, status })
    .returning()
    .get();
  shop.db
    .insert(purchaseOrderLines)
    .values({ purchaseOrderId: order.id, itemId, quantity, received, unitCost: 100 })
    .run();
}

const suggestionsOf = async (supplierId: string) =>
  (await manager.api.reorder.suggestions()).suppliers.find((s) => s.supplierId === supplierId);

const itemsOf = async (supplierId: string) =>
  Object.fromEntries(((await suggestionsOf(supplierId))?.items ?? []).map((i) => [i.name, i]));

const api = (method: Method, url: string, body?: unknown, token = manager.accessToken) =>
  rest(shop, method, url, token, body);

describe('the formula', () => {
  it('suggests the rate over the lead time plus 14 days less stock, for what runs out within lead time plus 7', async () => {
    const mill = supplier('SUP-RATE', 'Rate Mill', 7);
    // 56 sold in 28 days: 2 a day. 20 in stock last 10 days, within 14: 2 x 21 - 20 = 22.
    const flour = item('INV-R1', 'Bread Flour', mill, 20_000);
    sell(flour, 30);
    sell(flour, 26, new Date(now - 20 * DAY));
    // 40 in stock last 20 days: more than 14, so nothing yet.
    const sugar = item('INV-R2', 'Sugar', mill, 40_000);
    sell(sugar, 56);
    // 10 sold: 3 in stock last 8.4 days; 10 / 28 x 21 - 3 = 4.5, ordered as 5 whole units.
    const yeast = item('INV-R3', 'Yeast', mill, 3_000);
    sell(yeast, 10);
    // 1 in stock, 3 sold: 9.33 days, shown as 9.3.
    const salt = item('INV-R4', 'Salt', mill, 1_000);
    sell(salt, 3);
    // Exactly 14 days left still runs out within them: 2 x 21 - 28 = 14.
    const rye = item('INV-R5', 'Rye', mill, 28_000);
    sell(rye, 56);

    const got = await itemsOf('SUP-RATE');
    expect(Object.keys(got).sort()).toEqual(['Bread Flour', 'Rye', 'Salt', 'Yeast']);
    expect(got['Bread Flour']).toMatchObject({
      itemId: 'INV-R1',
      unit: 'kilo',
      stock: 20_000,
      soldLast28Days: 56_000,
      daysLeft: 10,
      suggestedQuantity: 22_000,
      unitCost: 5000,
    });
    expect(got.Yeast).toMatchObject({ daysLeft: 8.4, suggestedQuantity: 5_000, soldLast28Days: 10_000 });
    // 1 / 28 x 21 - 1 = 1.25, ordered as 2.
    expect(got.Salt).toMatchObject({ daysLeft: 9.3, suggestedQuantity: 2_000 });
    expect(got.Rye).toMatchObject({ daysLeft: 14, suggestedQuantity: 14_000 });
    // Most urgent first.
    expect((await suggestionsOf('SUP-RATE'))?.items.map((i) => i.name)).toEqual([
      'Yeast',
      'Salt',
      'Bread Flour',
      'Rye',
    ]);
  });

  it("follows the supplier's lead time", async () => {
    // 40 in stock at 2 a day lasts 20 days: within 14 + 7, not within 7 + 7.
    const slow = supplier('SUP-SLOW', 'Slow Imports', 14);
    const fast = supplier('SUP-FAST', 'Fast Local', 7);
    const imported = item('INV-L1', 'Belgian Chocolate', slow, 40_000);
    const local = item('INV-L2', 'Local Chocolate', fast, 40_000);
    sell(imported, 56);
    sell(local, 56);
    // 2 x (14 + 14) - 40 = 16.
    expect((await itemsOf('SUP-SLOW'))['Belgian Chocolate']).toMatchObject({
      daysLeft: 20,
      suggestedQuantity: 16_000,
    });
    expect(await suggestionsOf('SUP-FAST')).toBeUndefined();
    const answer = (await api('GET', '/api/reorder-suggestions')).json();
    expect(answer.suppliers.find((s: { supplierId: string }) => s.supplierId === 'SUP-SLOW')).toMatchObject({
      name: 'Slow Imports',
      leadTimeDays: 14,
    });
  });

  it('suggests items at or below their threshold, enough to take them above it', async () => {
    const dairy = supplier('SUP-THR', 'Threshold Dairy');
    // Nothing sold: 5 of a threshold of 10 needs 6 to be above it; no days left to show.
    item('INV-T1', 'Cream', dairy, 5_000, 10_000);
    // 5.5 needs 5 (10.5 is above 10).
    item('INV-T2', 'Milk', dairy, 5_500, 10_000);
    // At the threshold exactly: 1 more.
    item('INV-T3', 'Cheese', dairy, 10_000, 10_000);
    // Empty with a threshold of 0: at it, so 1.
    item('INV-T4', 'Ghee', dairy, 0, 0);
    // Above it and not selling: nothing.
    item('INV-T5', 'Yogurt', dairy, 10_001, 10_000);
    // The threshold asks more than the rate: 1 a day gives 21 - 10 = 11, the threshold 41.
    const butter = item('INV-T6', 'Butter', dairy, 10_000, 50_000);
    sell(butter, 28);

    const got = await itemsOf('SUP-THR');
    expect(Object.keys(got).sort()).toEqual(['Butter', 'Cheese', 'Cream', 'Ghee', 'Milk']);
    expect(got.Cream).toMatchObject({ daysLeft: null, soldLast28Days: 0, suggestedQuantity: 6_000 });
    expect(got.Milk).toMatchObject({ suggestedQuantity: 5_000 });
    expect(got.Cheese).toMatchObject({ suggestedQuantity: 1_000 });
    expect(got.Ghee).toMatchObject({ daysLeft: null, suggestedQuantity: 1_000 });
    expect(got.Butter).toMatchObject({ daysLeft: 10, suggestedQuantity: 41_000 });
    // The unsold come after the selling ones.
    expect((await suggestionsOf('SUP-THR'))?.items.at(0)?.name).toBe('Butter');
  });

  it('subtracts what is still open on Ordered and Partly received orders, not on Drafts, Received or Cancelled ones', async () => {
    const mill = supplier('SUP-OPEN', 'Open Mill');
    // 2 a day, 20 in stock: 22 wanted.
    const flour = item('INV-O1', 'Flour', mill, 20_000);
    sell(flour, 56);
    onOrder(mill, flour, 'Ordered', 10_000);
    // 8 ordered, 5 in: 3 still open.
    onOrder(mill, flour, 'Partly received', 8_000, 5_000);
    onOrder(mill, flour, 'Draft', 100_000);
    onOrder(mill, flour, 'Cancelled', 100_000);
    onOrder(mill, flour, 'Received', 100_000, 100_000);
    // Open orders cover all of it: left out.
    const sugar = item('INV-O2', 'Sugar', mill, 20_000);
    sell(sugar, 56);
    onOrder(mill, sugar, 'Ordered', 22_000);
    // Low, with 4 on order against a threshold of 10 from 5: 2 more to be above it.
    const salt = item('INV-O3', 'Salt', mill, 5_000, 10_000);
    onOrder(mill, salt, 'Ordered', 4_000);

    const got = await itemsOf('SUP-OPEN');
    expect(Object.keys(got).sort()).toEqual(['Flour', 'Salt']);
    // 22 - 10 - 3 = 9.
    expect(got.Flour).toMatchObject({ stock: 20_000, suggestedQuantity: 9_000 });
    expect(got.Salt).toMatchObject({ suggestedQuantity: 2_000 });
  });

  it('counts completed sales of the last 28 Manila days only: not refunded ones, not older ones', async () => {
    const mill = supplier('SUP-WIN', 'Window Mill');
    const flour = item('INV-W1', 'Flour', mill, 20_000);
    sell(flour, 56);
    sell(flour, 500, new Date(now - DAY), true);
    const start = salesWindowStart(new Date(now));
    // The first instant of the window counts; the last one before it does not.
    sell(flour, 28, start);
    sell(flour, 900, new Date(start.getTime() - 1));
    sell(flour, 900, new Date(now - 40 * DAY));
    // 84 sold: 3 a day, 6.6 days left (6.67 rounded down), 3 x 21 - 20 = 43.
    expect((await itemsOf('SUP-WIN')).Flour).toMatchObject({
      soldLast28Days: 84_000,
      daysLeft: 6.6,
      suggestedQuantity: 43_000,
    });
  });

  it('leaves out items without a supplier', async () => {
    const loose = item('INV-N1', 'Unsourced Flour', null, 0, 10_000);
    sell(loose, 100);
    const { suppliers: all } = await manager.api.reorder.suggestions();
    expect(all.flatMap((s) => s.items).some((i) => i.itemId === 'INV-N1')).toBe(false);
  });

  it('the window starts at Manila midnight 27 days before today', () => {
    // 2026-03-10 01:00 Manila is 2026-03-09 17:00 UTC; the window opens 2026-02-11 00:00 Manila.
    expect(salesWindowStart(new Date('2026-03-09T17:00:00Z')).toISOString()).toBe('2026-02-10T16:00:00.000Z');
  });
});

describe('REST', () => {
  it('GET shows quantities as units, days left as a number or null', async () => {
    const shopCo = supplier('SUP-REST', 'Rest Supplies', 3);
    const flour = item('INV-REST1', 'Cake Flour', shopCo, 2_500, 5_000);
    sell(flour, 7);
    item('INV-REST2', 'Cocoa', shopCo, 0, 1_000);
    const res = await api('GET', '/api/reorder-suggestions');
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().suppliers.find((s: { supplierId: string }) => s.supplierId === 'SUP-REST');
    // Flour: 0.25 a day, 10 days left; 0.25 x 17 - 2.5 = 1.75, the threshold asks 2.501: 3.
    expect(entry).toEqual({
      supplierId: 'SUP-REST',
      name: 'Rest Supplies',
      leadTimeDays: 3,
      items: [
        {
          itemId: 'INV-REST1',
          name: 'Cake Flour',
          stock: 2.5,
          soldLast28Days: 7,
          daysLeft: 10,
          suggestedQuantity: 3,
        },
        {
          itemId: 'INV-REST2',
          name: 'Cocoa',
          stock: 0,
          soldLast28Days: 0,
          daysLeft: null,
          suggestedQuantity: 2,
        },
      ],
    });
  });
});

describe('drafting a purchase order', () => {
  const written = () => ({
    orders: shop.db.select({ n: count() }).from(purchaseOrders).get()!.n,
    lines: shop.db.select({ n: count() }).from(purchaseOrderLines).get()!.n,
    activity: shop.db.select({ n: count() }).from(activityLogs).get()!.n,
  });

  it('makes a Draft of every suggested item at its suggested quantity and purchase price', async () => {
    const bakery = supplier('SUP-DRAFT', 'Draft Bakery Supply');
    const flour = item('INV-D1', 'Flour', bakery, 20_000, 0, 6050);
    sell(flour, 56);
    item('INV-D2', 'Cream', bakery, 5_000, 10_000, 12000);
    item('INV-D3', 'Well Stocked', bakery, 90_000, 10_000);

    const res = await api('POST', '/api/reorder-suggestions/sup-draft/draft');
    expect(res.statusCode, res.body).toBe(201);
    const { message, purchaseOrder: po } = res.json();
    expect(message).toBe(PURCHASING_TEXT.created(po.poNumber));
    expect(po).toMatchObject({
      status: 'Draft',
      supplierId: 'SUP-DRAFT',
      expectedDate: null,
      notes: REORDER_TEXT.draftNotes,
      // 22 x ₱60.50 + 6 x ₱120.
      total: 1331 + 720,
    });
    expect(po.lines).toEqual([
      {
        itemId: 'INV-D1',
        name: 'Flour',
        unit: 'kilo',
        quantity: 22,
        received: 0,
        unitCost: 60.5,
        lineTotal: 1331,
      },
      {
        itemId: 'INV-D2',
        name: 'Cream',
        unit: 'kilo',
        quantity: 6,
        received: 0,
        unitCost: 120,
        lineTotal: 720,
      },
    ]);
    // The same answer as the purchase order's own route, and its activity row as any create.
    expect((await api('GET', `/api/purchase-orders/${po._id}`)).json()).toEqual(po);
    const log = shop.db.select().from(activityLogs).where(eq(activityLogs.module, 'Purchasing')).all().at(-1);
    expect(log).toMatchObject({ userId: manager.user.id, action: 'Create Purchase Order' });

    // A Draft is not on order: the items are still suggested; once ordered, they are covered.
    expect(Object.keys(await itemsOf('SUP-DRAFT')).sort()).toEqual(['Cream', 'Flour']);
    await manager.api.purchaseOrders.order({ id: po._id });
    expect(await suggestionsOf('SUP-DRAFT')).toBeUndefined();
  });

  it('answers 404 for an unknown supplier and 409 for one with nothing to reorder, writing nothing', async () => {
    supplier('SUP-FULL', 'Full Shelves');
    const before = written();
    const unknown = await api('POST', '/api/reorder-suggestions/SUP-NOPE/draft');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REORDER_TEXT.supplierNotFound);
    const nothing = await api('POST', '/api/reorder-suggestions/SUP-FULL/draft');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(REORDER_TEXT.nothingToReorder('Full Shelves'));
    await expectTrpcError(
      manager.api.reorder.draft({ supplierId: '' }),
      'BAD_REQUEST',
      REORDER_TEXT.supplierRequired,
    );
    expect(written()).toEqual(before);
  });

  it(`puts the ${PO_LINES_MAX} most urgent on the Draft when more are suggested`, async () => {
    const big = supplier('SUP-BIG', 'Big Catalogue');
    const add = shop.db.$client.prepare(
      'insert into inventory_items (item_id, name, supplier_id, stock, restock_threshold) values (?, ?, ?, 0, 1000)',
    );
    for (let n = 0; n <= PO_LINES_MAX; n++) add.run(`INV-BIG${n}`, `Big ${String(n).padStart(3, '0')}`, big);
    // The one selling is the most urgent, so it is on the Draft though its name sorts last.
    const seller = item('INV-BIGZ', 'Zz Seller', big, 1_000);
    sell(seller, 28);
    const { message, purchaseOrder: po } = await manager.api.reorder.draft({ supplierId: 'SUP-BIG' });
    expect(po.lines).toHaveLength(PO_LINES_MAX);
    expect(po.lines[0]).toMatchObject({ name: 'Zz Seller' });
    expect(message).toBe(REORDER_TEXT.mostUrgent(PURCHASING_TEXT.created(po.poNumber), PO_LINES_MAX + 2));
  });
});

describe('roles', () => {
  it('lets admin, owner and manager read and draft; refuses staff (403) and anonymous (401), writing nothing', async () => {
    const mill = supplier('SUP-ROLE', 'Role Mill');
    item('INV-ROLE', 'Role Flour', mill, 0, 1_000);
    for (const role of ROLES.filter((r) => r !== 'staff')) {
      const session = role === 'manager' ? manager : await shop.signedIn(role);
      expect((await rest(shop, 'GET', '/api/reorder-suggestions', session.accessToken)).statusCode).toBe(200);
      await expect(session.api.reorder.suggestions()).resolves.toBeDefined();
    }
    const before = shop.db.select({ n: count() }).from(purchaseOrders).get()!.n;
    await expectTrpcError(staff.api.reorder.suggestions(), 'FORBIDDEN');
    await expectTrpcError(staff.api.reorder.draft({ supplierId: 'SUP-ROLE' }), 'FORBIDDEN');
    for (const [method, url] of [
      ['GET', '/api/reorder-suggestions'],
      ['POST', '/api/reorder-suggestions/SUP-ROLE/draft'],
    ] as const) {
      expect((await rest(shop, method, url, staff.accessToken)).statusCode, url).toBe(403);
      expect((await rest(shop, method, url)).statusCode, url).toBe(401);
    }
    expect(shop.db.select({ n: count() }).from(purchaseOrders).get()!.n).toBe(before);
    const owner = await shop.signedIn('owner');
    const res = await rest(shop, 'POST', '/api/reorder-suggestions/SUP-ROLE/draft', owner.accessToken);
    expect(res.statusCode, res.body).toBe(201);
  });
});
