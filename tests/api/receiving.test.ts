import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  inventoryItems,
  purchaseOrderLines,
  purchaseOrders,
  stockLots,
  stockMovements,
  suppliers,
} from '../../server/db/schema';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { type Method, rest } from '../helpers/rest';

// Receiving deliveries against an Ordered purchase order: each line a lot with its own expiry,
// cost and code; Partly received then Received; over-receiving refused even when 20 deliveries
// arrive at once; the item's purchase price the average cost of its stock; staff take deliveries.

let shop: TestShop;
let manager: Session;
let staff: Session;
let flour: number;
let butter: number;
const today = manilaDate();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  const db = shop.db;
  // The supplier the orders below name by its business id.
  db.insert(suppliers).values({ supplierId: 'SUP-FLR', name: 'Flour Co' }).run();
  // 10 kg of flour on hand at ₱50.00 (an opening lot), no butter yet.
  flour = db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-FLR',
      name: 'Bread Flour',
      stock: 10_000,
      purchasePrice: 5000,
      expirationDate: day(30),
    })
    .returning()
    .get().id;
  butter = db.insert(inventoryItems).values({ itemId: 'INV-BTR', name: 'Butter' }).returning().get().id;
});
afterAll(() => shop.close());

const api = (method: Method, url: string, body?: unknown, token = manager.accessToken) =>
  rest(shop, method, url, token, body);

/** An Ordered purchase order of 20 kg flour at ₱60.00 and 5 butter at ₱120.00. */
async function ordered(
  lines = [
    { itemId: 'INV-FLR', quantity: 20, unitCost: 60 },
    { itemId: 'INV-BTR', quantity: 5, unitCost: 120 },
  ],
) {
  const made = await api('POST', '/api/purchase-orders', { supplierId: 'SUP-FLR', lines });
  expect(made.statusCode).toBe(201);
  const id = made.json().purchaseOrder._id as number;
  expect((await api('POST', `/api/purchase-orders/${id}/order`)).statusCode).toBe(200);
  return id;
}

const item = (id: number) => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!;

/** Rows a receipt writes, to show a refusal wrote nothing. */
const written = () =>
  JSON.stringify([
    shop.db.select().from(stockLots).all(),
    shop.db.select().from(purchaseOrderLines).all(),
    shop.db.select().from(purchaseOrders).all(),
    shop.db.select().from(inventoryItems).all(),
    shop.db.select({ n: count() }).from(stockMovements).get(),
    shop.db.select({ n: count() }).from(activityLogs).get(),
  ]);

describe('receiving against an Ordered purchase order', () => {
  it('makes each line a lot with its expiry, cost and code; Partly received, then Received', async () => {
    const id = await ordered();
    const first = await api('POST', `/api/purchase-orders/${id}/receive`, {
      reference: 'DR 1001',
      lines: [{ itemId: 'INV-FLR', quantity: 12.5, expirationDate: day(60), lotCode: 'FC-2211' }],
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.message).toBe(PURCHASING_TEXT.received(body.purchaseOrder.poNumber, 1));
    expect(body.purchaseOrder.status).toBe('Partly received');
    expect(body.purchaseOrder.lines[0]).toMatchObject({ itemId: 'INV-FLR', quantity: 20, received: 12.5 });
    expect(body.lots).toEqual([
      {
        lotId: expect.any(Number),
        itemId: 'INV-FLR',
        lotCode: 'FC-2211',
        quantity: 12.5,
        unitCost: 60,
        expirationDate: day(60),
      },
    ]);
    // Stock 10 + 12.5; the item's date is still its earliest lot's.
    expect(item(flour)).toMatchObject({ stock: 22_500, expirationDate: day(30) });
    const ledger = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.itemId, flour))
      .all()
      .at(-1)!;
    expect(ledger).toMatchObject({
      reason: 'received',
      change: 12_500,
      stockBefore: 10_000,
      stockAfter: 22_500,
    });
    expect(ledger.reference).toBe(`${body.purchaseOrder.poNumber} (DR 1001)`);

    // The rest: the butter at a changed cost and without a code (one is made), and the flour.
    const second = await api('POST', `/api/purchase-orders/${id}/receive`, {
      lines: [
        { itemId: 'INV-BTR', quantity: 5, expirationDate: day(20), unitCost: 115.5 },
        { itemId: 'INV-FLR', quantity: 7.5, expirationDate: day(90) },
      ],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().purchaseOrder.status).toBe('Received');
    const [butterLot, flourLot] = second.json().lots;
    expect(butterLot).toMatchObject({ itemId: 'INV-BTR', quantity: 5, unitCost: 115.5 });
    expect(butterLot.lotCode).toMatch(/^LOT-\d{6}$/);
    expect(flourLot).toMatchObject({ unitCost: 60, expirationDate: day(90) });
    expect(item(butter)).toMatchObject({ stock: 5000, expirationDate: day(20) });

    // The item's lots, earliest expiry first.
    const lots = await api('GET', `/api/inventory/${flour}/lots`);
    expect(lots.statusCode).toBe(200);
    expect(
      lots
        .json()
        .lots.map((l: { source: string; remaining: number; expirationDate: string }) => [
          l.source,
          l.remaining,
          l.expirationDate,
        ]),
    ).toEqual([
      ['opening', 10, day(30)],
      ['purchase', 12.5, day(60)],
      ['purchase', 7.5, day(90)],
    ]);
    expect(lots.json().lots[1]).toMatchObject({ lotCode: 'FC-2211', supplierId: 'SUP-FLR', unitCost: 60 });
  });

  it('sets the purchase price to the average cost of what is in stock, weighted by what each lot holds', async () => {
    // Flour: 10 at ₱50.00, 12.5 and 7.5 at ₱60.00 -> (500 + 1200) / 30 = ₱56.67.
    expect(item(flour).purchasePrice).toBe(5667);
    expect(item(butter).purchasePrice).toBe(11550);
  });

  it('refuses more than is still open on a line (409 naming the item), and writes nothing', async () => {
    const id = await ordered([{ itemId: 'INV-FLR', quantity: 3, unitCost: 60 }]);
    const before = written();
    const over = await api('POST', `/api/purchase-orders/${id}/receive`, {
      lines: [{ itemId: 'INV-FLR', quantity: 3.001, expirationDate: day(10) }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PURCHASING_TEXT.overReceived('Bread Flour', '3'));
    expect(written()).toBe(before);
  });

  it('refuses a Draft or a Cancelled order (409), and bad lines (400), writing nothing', async () => {
    const draft = await api('POST', '/api/purchase-orders', {
      supplierId: 'SUP-FLR',
      lines: [{ itemId: 'INV-FLR', quantity: 1, unitCost: 60 }],
    });
    const draftId = draft.json().purchaseOrder._id;
    const cancelled = await ordered([{ itemId: 'INV-FLR', quantity: 3, unitCost: 60 }]);
    expect((await api('POST', `/api/purchase-orders/${cancelled}/cancel`)).statusCode).toBe(200);
    const id = await ordered([{ itemId: 'INV-FLR', quantity: 3, unitCost: 60 }]);
    const line = { itemId: 'INV-FLR', quantity: 1, expirationDate: day(10) };
    const before = written();
    const asCancelled = await api('POST', `/api/purchase-orders/${cancelled}/receive`, { lines: [line] });
    expect(asCancelled.statusCode).toBe(409);
    expect(asCancelled.json().message).toMatch(/is Cancelled: only an Ordered or Partly received/);
    const asDraft = await api('POST', `/api/purchase-orders/${draftId}/receive`, { lines: [line] });
    expect(asDraft.statusCode).toBe(409);
    expect(asDraft.json().message).toBe(
      PURCHASING_TEXT.cannotReceive(draft.json().purchaseOrder.poNumber, 'Draft'),
    );
    const cases: [unknown, number, string][] = [
      [{ lines: [{ ...line, expirationDate: day(-1) }] }, 400, INVENTORY_TEXT.expiredDate],
      [
        { lines: [{ ...line, expirationDate: undefined }] },
        400,
        PURCHASING_TEXT.expirationRequired('Bread Flour'),
      ],
      [{ lines: [{ ...line, itemId: 'INV-BTR' }] }, 400, PURCHASING_TEXT.notOnOrder('Butter', 'PO-')],
      [{ lines: [{ ...line, itemId: 'INV-NONE' }] }, 400, PURCHASING_TEXT.itemNotFound],
      [{ lines: [line, line] }, 400, PURCHASING_TEXT.duplicateReceived('Bread Flour')],
      [{ lines: [{ ...line, quantity: 0 }] }, 400, PURCHASING_TEXT.quantity],
      [{ lines: [{ ...line, quantity: 1.2345 }] }, 400, PURCHASING_TEXT.quantity],
      [
        { lines: [{ ...line, expirationDate: '2026-02-30' }] },
        400,
        'Expiration date must be a date (YYYY-MM-DD).',
      ],
      [{ lines: [] }, 400, PURCHASING_TEXT.receiveLinesRequired],
      [{}, 400, PURCHASING_TEXT.receiveLinesRequired],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', `/api/purchase-orders/${id}/receive`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message.endsWith('PO-.')) expect(res.json().message).toMatch(/^"Butter" is not on PO-\d{6}\.$/);
      else expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(written()).toBe(before);
    expect((await api('POST', '/api/purchase-orders/999999/receive', { lines: [line] })).statusCode).toBe(
      404,
    );
  });

  it('never receives more than ordered when 20 deliveries of one line arrive at once', async () => {
    const id = await ordered([{ itemId: 'INV-BTR', quantity: 7, unitCost: 120 }]);
    const stockBefore = item(butter).stock;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/api/purchase-orders/${id}/receive`, {
          lines: [{ itemId: 'INV-BTR', quantity: 1, expirationDate: day(15) }],
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    const line = shop.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .get()!;
    expect(line.received).toBe(7000);
    expect(item(butter).stock).toBe(stockBefore + 7000);
    const order = shop.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).get()!;
    expect(order.status).toBe('Received');
  });

  it('lets staff see the orders waiting for a delivery and receive them; they cannot draft or order', async () => {
    const id = await ordered([{ itemId: 'INV-FLR', quantity: 2, unitCost: 60 }]);
    const waiting = await staff.api.purchaseOrders.toReceive();
    expect(waiting.map((o) => o.id)).toContain(id);
    expect(waiting.every((o) => o.status === 'Ordered' || o.status === 'Partly received')).toBe(true);
    const got = await api(
      'POST',
      `/api/purchase-orders/${id}/receive`,
      { lines: [{ itemId: 'INV-FLR', quantity: 2, expirationDate: day(40) }] },
      staff.accessToken,
    );
    expect(got.statusCode).toBe(200);
    const create = await api(
      'POST',
      '/api/purchase-orders',
      { supplierId: 'SUP-FLR', lines: [] },
      staff.accessToken,
    );
    expect(create.statusCode).toBe(403);
  });
});
