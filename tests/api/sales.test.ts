import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  cakeIngredients,
  cakes,
  customers,
  inventoryItems,
  notifications,
  saleLines,
  sales,
  stockLots,
  stockMovements,
} from '../../server/db/schema';
import { takeLots } from '../../server/domains/inventory/lots';
import { moveStock } from '../../server/domains/inventory/stock';
import { formatPeso } from '../../shared/money';
import { ROLES } from '../../shared/roles';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { SALES_TEXT } from '../../shared/texts/sales';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Sales: checkout priced and stocked from the database in one transaction,
// saleId as the idempotency key, the checkout's messages, whole-sale refunds once (staff:
// an action request), the legacy REST shapes in pesos, roles and notifications.

let shop: TestShop;
let admin: Session;
let manager: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  manager = await shop.signedIn('manager');
  // Staff sell inside their own open shift.
  staff = await atCounter(await shop.signedIn('staff'));
});
afterAll(() => shop.close());

const today = () => manilaDate(new Date());
let seq = 0;

/**
 * An inventory item straight into the database (no ledger row; its stock becomes an opening
 * lot): 10 in stock (10_000 thousandths) at ₱100.00 unless told.
 */
function item(fields: Partial<typeof inventoryItems.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-${String(500000 + seq)}`,
      name: `Sale Item ${seq}`,
      stock: 10_000,
      unitPrice: 10000,
      purchasePrice: 6000,
      ...fields,
    })
    .returning()
    .get();
}

/** A cake (Always available, 3 in stock, ₱850.00) unless told. */
function cake(fields: Partial<typeof cakes.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({
      cakeId: `CK-${String(500000 + seq)}`,
      name: `Sale Cake ${seq}`,
      stock: 3,
      price: 85000,
      ...fields,
    })
    .returning()
    .get();
}

const stockOf = (id: number) =>
  shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.stock;
const cakeStockOf = (id: number) => shop.db.select().from(cakes).where(eq(cakes.id, id)).get()!.stock;
const ledgerOf = (id: number) =>
  shop.db.select().from(stockMovements).where(eq(stockMovements.itemId, id)).orderBy(stockMovements.id).all();
const saleRow = (saleId: string) => shop.db.select().from(sales).where(eq(sales.saleId, saleId)).get();
const n = (
  table:
    | typeof sales
    | typeof saleLines
    | typeof stockMovements
    | typeof activityLogs
    | typeof notifications
    | typeof actionRequests,
) => shop.db.select({ n: count() }).from(table).get()!.n;

/** Everything a checkout or refund could write, to show that a refused one wrote nothing. */
function snapshot(itemIds: number[] = [], cakeIds: number[] = []) {
  return {
    sales: n(sales),
    saleLines: n(saleLines),
    ledger: n(stockMovements),
    activity: n(activityLogs),
    notifications: n(notifications),
    requests: n(actionRequests),
    stock: itemIds.map(stockOf),
    cakeStock: cakeIds.map(cakeStockOf),
  };
}

type Line = { kind?: 'item' | 'cake'; id?: number; code?: string; quantity: number };
/** A tRPC checkout: Walk-in, Cash, no VAT unless told. */
function checkout(api: Session['api'], lines: Line[], extra: Record<string, unknown> = {}) {
  return api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: lines.map((l) => ({ kind: 'item', ...l })),
    ...extra,
  } as never);
}

/** The legacy POST /api/sales body: items by `_id` or business id, pesos. */
function saleBody(
  items: { itemId: number | string; quantity: number; kind?: string }[],
  extra: Record<string, unknown> = {},
) {
  return { customerName: '', orderType: 'Walk-in', paymentMethod: 'Cash', taxRate: 0, items, ...extra };
}
const postSale = (body: unknown, token = manager.accessToken) => postJson(shop, '/api/sales', body, token);
const refundRest = (id: number | string, token = manager.accessToken) =>
  postJson(shop, `/api/sales/${id}/refund`, {}, token);

/** Round half up of 12% in centavos, computed apart from the server's code. */
const vat12 = (subtotal: number) => Number((BigInt(subtotal) * 12n + 50n) / 100n);

describe('checkout: prices from the database, totals in centavos, pesos over REST', () => {
  it('recomputes subtotal, 12% VAT (half up) and total from the stored prices, ignoring prices a client sends', async () => {
    const a = item({ unitPrice: 12345, purchasePrice: 10000, stock: 10_000 });
    const b = item({ unitPrice: 999, purchasePrice: 500, stock: 10_000 });
    const res = await postSale(
      saleBody(
        [
          { itemId: a.id, quantity: 3, price: 1 } as never,
          { itemId: b.id, quantity: 1, price: 0.01 } as never,
        ],
        { taxRate: 12 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const subtotal = 12345 * 3 + 999;
    const tax = vat12(subtotal);
    expect(tax).toBe(4564); // 12% of ₱380.34 is ₱45.6408
    const { message, sale, repeated } = res.json();
    expect(message).toBe(SALES_TEXT.created);
    expect(repeated).toBe(false);
    expect(sale).toMatchObject({
      subtotal: 380.34,
      taxRate: 12,
      taxAmount: 45.64,
      totalAmount: 425.98,
      status: 'completed',
      items: [
        { _id: a.id, itemId: a.itemId, name: a.name, price: 123.45, quantity: 3, purchasePrice: 100 },
        { _id: b.id, itemId: b.itemId, name: b.name, price: 9.99, quantity: 1, purchasePrice: 5 },
      ],
    });
    expect(sale.saleId).toMatch(/^SALE-[A-Z0-9]{8}$/);
    expect(saleRow(sale.saleId)).toMatchObject({ subtotal, taxAmount: tax, totalAmount: subtotal + tax });
    expect(stockOf(a.id)).toBe(7_000);
    expect(stockOf(b.id)).toBe(9_000);
    const ledger = ledgerOf(a.id);
    expect(ledger).toMatchObject([
      {
        reason: 'sale',
        change: -3_000,
        stockBefore: 10_000,
        stockAfter: 7_000,
        reference: sale.saleId,
        userId: manager.user.id,
      },
    ]);
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Create Sale')).all();
    expect(logged.at(-1)?.description).toContain(sale.saleId);
  });
});

describe('idempotent retry: the saleId is the key', () => {
  it('answers the same sale (200, repeated) for the same lines in another order, and moves stock once', async () => {
    const a = item({ stock: 10_000 });
    const b = item({ stock: 10_000 });
    const saleId = 'SALE-RETRY001';
    const first = await postSale(
      saleBody(
        [
          { itemId: a.id, quantity: 2 },
          { itemId: b.id, quantity: 3 },
        ],
        { saleId },
      ),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().repeated).toBe(false);
    const before = snapshot([a.id, b.id]);
    const again = await postSale(
      saleBody(
        [
          { itemId: b.itemId, quantity: 3 },
          { itemId: a.id, quantity: 2 },
        ],
        { saleId },
      ),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), repeated: true });
    const viaTrpc = await checkout(
      manager.api,
      [
        { id: b.id, quantity: 3 },
        { id: a.id, quantity: 2 },
      ],
      { saleId },
    );
    expect(viaTrpc.repeated).toBe(true);
    expect(viaTrpc.sale.id).toBe(first.json().sale._id);
    expect(snapshot([a.id, b.id])).toEqual(before);
    expect(stockOf(a.id)).toBe(8_000);
    expect(stockOf(b.id)).toBe(7_000);
  });

  it('makes one sale from five parallel sends of one saleId', async () => {
    const a = item({ stock: 10_000 });
    const saleId = 'SALE-RETRY002';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postSale(saleBody([{ itemId: a.id, quantity: 4 }], { saleId }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().sale._id)).size).toBe(1);
    expect(stockOf(a.id)).toBe(6_000);
    expect(ledgerOf(a.id)).toHaveLength(1);
  });

  it('refuses the same saleId with other lines (409) and changes nothing', async () => {
    const a = item({ stock: 10_000 });
    const b = item({ stock: 10_000 });
    const saleId = 'SALE-RETRY003';
    expect((await postSale(saleBody([{ itemId: a.id, quantity: 2 }], { saleId }))).statusCode).toBe(201);
    const before = snapshot([a.id, b.id]);
    for (const items of [
      [{ itemId: a.id, quantity: 3 }],
      [{ itemId: b.id, quantity: 2 }],
      [
        { itemId: a.id, quantity: 2 },
        { itemId: b.id, quantity: 1 },
      ],
    ]) {
      const res = await postSale(saleBody(items, { saleId }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SALES_TEXT.saleIdReused });
    }
    await expectTrpcError(
      checkout(staff.api, [{ id: a.id, quantity: 1 }], { saleId }),
      'CONFLICT',
      SALES_TEXT.saleIdReused,
    );
    expect(snapshot([a.id, b.id])).toEqual(before);
  });

  it('refuses a malformed saleId with 400', async () => {
    const a = item();
    const res = await postSale(saleBody([{ itemId: a.id, quantity: 1 }], { saleId: 'sale-12345678' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SALES_TEXT.badSaleId });
  });
});

describe('short stock and disagreeing totals change nothing', () => {
  it.each([
    ['more than the stock', 4, 3, (name: string) => SALES_TEXT.notEnough(4, 3, name)],
    ['any of an empty shelf', 1, 0, (name: string) => SALES_TEXT.outOfStock(name)],
  ])('refuses %s with 409 naming the item, over REST and tRPC', async (_, quantity, stock, message) => {
    const fine = item({ stock: 10_000 });
    const short = item({ stock: stock * 1000, name: `Short "${stock}" Sugar` });
    const before = snapshot([fine.id, short.id]);
    const res = await postSale(
      saleBody([
        { itemId: fine.id, quantity: 2 },
        { itemId: short.id, quantity },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: message(short.name) });
    await expectTrpcError(
      checkout(staff.api, [
        { id: fine.id, quantity: 2 },
        { id: short.id, quantity },
      ]),
      'CONFLICT',
      message(short.name),
    );
    expect(snapshot([fine.id, short.id])).toEqual(before);
  });

  it('never lets stock go below zero even when a check before it missed (the guarded update)', () => {
    // Two tills racing would pass the price-and-stock read together; the update itself must refuse.
    // An item's stock moves through its lots, a cake's through its own guarded update.
    const a = item({ stock: 2_000 });
    const c = cake({ stock: 2 });
    const before = snapshot([a.id], [c.id]);
    expect(() =>
      shop.db.transaction((tx) =>
        takeLots(
          tx,
          { kind: 'item', id: a.id, record: a.itemId },
          3_000,
          { reason: 'sale', userId: null },
          new Date(),
          'short',
        ),
      ),
    ).toThrow('short');
    expect(() =>
      shop.db.transaction((tx) =>
        moveStock(
          tx,
          { kind: 'cake', id: c.id, record: c.cakeId },
          { reason: 'sale', change: -3, userId: null },
          'short',
        ),
      ),
    ).toThrow('short');
    // Nor can any writer take a lot below zero: the table refuses it.
    expect(() =>
      shop.db
        .update(stockLots)
        .set({ remaining: sql`${stockLots.remaining} - 3000` })
        .where(eq(stockLots.itemId, a.id))
        .run(),
    ).toThrow(/CHECK constraint failed/);
    expect(snapshot([a.id], [c.id])).toEqual(before);
  });

  it('refuses a cake line over the cake’s stock', async () => {
    const c = cake({ stock: 2 });
    const before = snapshot([], [c.id]);
    await expectTrpcError(
      checkout(manager.api, [{ kind: 'cake', id: c.id, quantity: 3 }]),
      'CONFLICT',
      SALES_TEXT.notEnough(3, 2, c.name),
    );
    expect(snapshot([], [c.id])).toEqual(before);
  });

  it.each([
    ['subtotal', { subtotal: 200.01, taxAmount: 24, totalAmount: 224 }],
    ['taxAmount', { subtotal: 200, taxAmount: 23.99, totalAmount: 224 }],
    ['totalAmount', { subtotal: 200, taxAmount: 24, totalAmount: 224.01 }],
  ])('refuses totals whose %s is one centavo off (409) and writes nothing', async (_, totals) => {
    const a = item({ stock: 10_000, unitPrice: 10000 });
    const before = snapshot([a.id]);
    const res = await postSale(saleBody([{ itemId: a.id, quantity: 2 }], { taxRate: 12, ...totals }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: SALES_TEXT.totalsDisagree(
        `subtotal ${formatPeso(20000)}, tax ${formatPeso(2400)}, total ${formatPeso(22400)}`,
      ),
    });
    expect(snapshot([a.id])).toEqual(before);
    // The same cart with the right totals sells.
    const ok = await postSale(
      saleBody([{ itemId: a.id, quantity: 2 }], {
        taxRate: 12,
        subtotal: 200,
        taxAmount: 24,
        totalAmount: 224,
      }),
    );
    expect(ok.statusCode).toBe(201);
    expect(stockOf(a.id)).toBe(8_000);
  });

  it('refuses tRPC expected totals one centavo off', async () => {
    const a = item({ stock: 10_000, unitPrice: 333 });
    const before = snapshot([a.id]);
    await expectTrpcError(
      checkout(manager.api, [{ id: a.id, quantity: 3 }], {
        taxRate: 12,
        expected: { subtotal: 999, taxAmount: 119, totalAmount: 1118 },
      }),
      'CONFLICT',
    );
    expect(snapshot([a.id])).toEqual(before);
    const ok = await checkout(manager.api, [{ id: a.id, quantity: 3 }], {
      taxRate: 12,
      expected: { subtotal: 999, taxAmount: 120, totalAmount: 1119 },
    });
    expect(ok.sale).toMatchObject({ subtotal: 999, taxAmount: 120, totalAmount: 1119 });
  });
});

describe('checkout rules', () => {
  let fine: ReturnType<typeof item>;
  beforeAll(() => {
    fine = item({ stock: 1_000_000, unitPrice: 5000 });
  });
  const good = () => saleBody([{ itemId: fine.id, quantity: 1 }]);

  it.each<[string, Record<string, unknown>, string]>([
    ['no items', { items: [] }, SALES_TEXT.noLines],
    ['items missing', { items: undefined }, SALES_TEXT.noLines],
    ['no order type', { orderType: undefined }, SALES_TEXT.noOrderType],
    ['blank order type', { orderType: '' }, SALES_TEXT.noOrderType],
    ['unknown order type', { orderType: 'Delivery' }, SALES_TEXT.noOrderType],
    ['no payment method', { paymentMethod: undefined }, SALES_TEXT.noPaymentMethod],
    ['blank payment method', { paymentMethod: '' }, SALES_TEXT.noPaymentMethod],
    ['unknown item _id', { items: [{ itemId: 999_999, quantity: 1 }] }, SALES_TEXT.invalidItem],
    ['unknown business id', { items: [{ itemId: 'INV-NOPE', quantity: 1 }] }, SALES_TEXT.invalidItem],
    ['unknown cake id', { items: [{ itemId: 'CK-NOPE', quantity: 1 }] }, SALES_TEXT.invalidItem],
    ['no item id', { items: [{ quantity: 1 }] }, SALES_TEXT.invalidItem],
    ['quantity 0', { items: [{ itemId: 1, quantity: 0 }] }, SALES_TEXT.quantityMin],
    ['fractional quantity', { items: [{ itemId: 1, quantity: 1.5 }] }, SALES_TEXT.quantityMin],
    ['tax rate 5', { taxRate: 5 }, SALES_TEXT.badTaxRate],
    ['GCash without reference', { paymentMethod: 'GCash' }, SALES_TEXT.referenceRequired],
    [
      'PayMaya with a blank reference',
      { paymentMethod: 'PayMaya', reference: '   ' },
      SALES_TEXT.referenceRequired,
    ],
    ['Credit Card without reference', { paymentMethod: 'Credit Card' }, SALES_TEXT.referenceRequired],
    ['cash below the total', { cashTendered: 49.99 }, SALES_TEXT.cashTooLow],
    ['cash tendered of five billion', { cashTendered: 5_000_000_000 }, SALES_TEXT.tenderedTooLarge],
    ['a date tomorrow', { date: addDays(manilaDate(new Date()), 1) }, SALES_TEXT.futureDate],
    ['an unknown customer', { customerId: 999_999 }, SALES_TEXT.badCustomer],
  ])('refuses %s with 400 and its message, writing nothing', async (_, change, message) => {
    const body: Record<string, unknown> = { ...good(), ...change };
    const before = snapshot([fine.id]);
    const res = await postSale(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(snapshot([fine.id])).toEqual(before);
  });

  it('refuses the same product twice in one sale', async () => {
    const res = await postSale(
      saleBody([
        { itemId: fine.id, quantity: 1 },
        { itemId: fine.itemId.toLowerCase(), quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SALES_TEXT.repeatedLine });
  });

  it('takes GCash, PayMaya and card with their reference, Cash and Others without', async () => {
    for (const [paymentMethod, reference] of [
      ['GCash', 'GC-0917-555'],
      ['PayMaya', 'PM-42'],
      ['Credit Card', '4111-XXXX'],
      ['Others', undefined],
      ['Cash', undefined],
    ] as const) {
      const res = await postSale({ ...good(), paymentMethod, ...(reference ? { reference } : {}) });
      expect(res.statusCode, paymentMethod).toBe(201);
      expect(res.json().sale).toMatchObject({ paymentMethod, paymentReference: reference ?? null });
    }
  });

  it('records cash tendered and change = tendered − total; exact cash gives no change', async () => {
    const a = item({ stock: 10_000, unitPrice: 4275 });
    const res = await postSale(saleBody([{ itemId: a.id, quantity: 2 }], { taxRate: 12, cashTendered: 100 }));
    expect(res.statusCode).toBe(201);
    // 2 × ₱42.75 = ₱85.50, VAT ₱10.26, total ₱95.76.
    expect(res.json().sale).toMatchObject({ totalAmount: 95.76, cashTendered: 100, change: 4.24 });
    expect(saleRow(res.json().sale.saleId)).toMatchObject({ cashTendered: 10000, change: 424 });
    const exact = await postSale(saleBody([{ itemId: a.id, quantity: 1 }], { cashTendered: 42.75 }));
    expect(exact.json().sale).toMatchObject({ cashTendered: 42.75, change: 0 });
    const short = await postSale(saleBody([{ itemId: a.id, quantity: 1 }], { cashTendered: 42.74 }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: SALES_TEXT.cashTooLow });
  });

  it('records an unregistered customer with a blank name as Unregistered, and a typed name trimmed', async () => {
    for (const [customerName, recorded] of [
      ['', SALES_TEXT.unregistered],
      ['   ', SALES_TEXT.unregistered],
      [undefined, SALES_TEXT.unregistered],
      ['  Aling Nena  ', 'Aling Nena'],
    ] as const) {
      const res = await postSale({ ...good(), customerName });
      expect(res.statusCode).toBe(201);
      expect(res.json().sale).toMatchObject({ customerName: recorded, customerId: null });
    }
    // A form's empty customer select is "no customer", not an unknown one.
    for (const customerId of ['', null]) {
      const res = await postSale({ ...good(), customerId, customerName: 'Juan' });
      expect(res.statusCode, JSON.stringify(customerId)).toBe(201);
      expect(res.json().sale).toMatchObject({ customerName: 'Juan', customerId: null });
    }
  });

  it('records a registered customer’s name by id', async () => {
    const customer = shop.db
      .insert(customers)
      .values({ customerId: 'CUST-SALE-1', name: 'Mang Tomas' })
      .returning()
      .get();
    const res = await postSale({ ...good(), customerId: customer.id, customerName: 'ignored' });
    expect(res.statusCode).toBe(201);
    expect(res.json().sale).toMatchObject({ customerName: 'Mang Tomas', customerId: customer.id });
    const viaTrpc = await checkout(staff.api, [{ id: fine.id, quantity: 1 }], { customerId: customer.id });
    expect(viaTrpc.sale).toMatchObject({ customerName: 'Mang Tomas', customerId: customer.id });
  });

  it('dates a sale made away from the counter on its Manila day; today is now; the future is refused', async () => {
    const past = addDays(today(), -3);
    // Before today with no Z reading yet: a manager gives the reason, kept on the sale.
    const res = await postSale({ ...good(), date: past, backdateReason: 'Catering order from the book' });
    expect(res.statusCode).toBe(201);
    expect(res.json().sale.backdateReason).toBe('Catering order from the book');
    const soldAt = saleRow(res.json().sale.saleId)!.soldAt;
    expect(manilaDate(soldAt)).toBe(past);
    expect(manilaDate(new Date(res.json().sale.createdAt))).toBe(past);
    const start = Date.now();
    // A blank date (the inline form's field left empty) is today, now.
    const blank = await postSale({ ...good(), date: '' });
    expect(blank.statusCode).toBe(201);
    expect(Date.parse(blank.json().sale.createdAt)).toBeGreaterThanOrEqual(start - 1000);
    const now = await checkout(manager.api, [{ id: fine.id, quantity: 1 }], { date: today() });
    expect(now.sale.soldAt.getTime()).toBeGreaterThanOrEqual(start - 1000);
    await expectTrpcError(
      checkout(manager.api, [{ id: fine.id, quantity: 1 }], { date: addDays(today(), 1) }),
      'BAD_REQUEST',
      SALES_TEXT.futureDate,
    );
  });

  it('refuses an expired item (409) but sells one that expires at the end of today', async () => {
    const expired = item({ expirationDate: addDays(today(), -1) });
    const lastDay = item({ expirationDate: today(), stock: 5_000 });
    const before = snapshot([expired.id]);
    const res = await postSale(saleBody([{ itemId: expired.id, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SALES_TEXT.expired(expired.name) });
    expect(snapshot([expired.id])).toEqual(before);
    expect((await postSale(saleBody([{ itemId: lastDay.id, quantity: 1 }]))).statusCode).toBe(201);
    expect(stockOf(lastDay.id)).toBe(4_000);
  });

  it('refuses an out-of-season cake (409) and sells one in season', async () => {
    const later = cake({
      availability: 'Seasonal',
      seasonStart: addDays(today(), 10),
      seasonEnd: addDays(today(), 20),
    });
    const now = cake({
      availability: 'Seasonal',
      seasonStart: addDays(today(), -1),
      seasonEnd: addDays(today(), 1),
    });
    const before = snapshot([], [later.id]);
    await expectTrpcError(
      checkout(manager.api, [{ kind: 'cake', id: later.id, quantity: 1 }]),
      'CONFLICT',
      SALES_TEXT.notAvailable(later.name, 'Out of season'),
    );
    expect(snapshot([], [later.id])).toEqual(before);
    await checkout(manager.api, [{ kind: 'cake', id: now.id, quantity: 1 }]);
    expect(cakeStockOf(now.id)).toBe(2);
  });

  it('names the season, not the stock, for a cake both out of season and sold out', async () => {
    // The counter and the server read one rule (shared/saleRules.ts): restocking would not
    // make this cake sellable, so the season is the reason given, on both.
    const later = cake({
      availability: 'Seasonal',
      seasonStart: addDays(today(), 10),
      seasonEnd: addDays(today(), 20),
      stock: 0,
    });
    await expectTrpcError(
      checkout(manager.api, [{ kind: 'cake', id: later.id, quantity: 1 }]),
      'CONFLICT',
      SALES_TEXT.notAvailable(later.name, 'Out of season'),
    );
  });

  it('sells cakes from their own stock, at their base cost, leaving the ingredients alone', async () => {
    const flour = item({ stock: 40_000, purchasePrice: 4550 });
    const eggs = item({ stock: 20_000, purchasePrice: 21025 });
    const c = cake({ stock: 3, price: 85000 });
    shop.db
      .insert(cakeIngredients)
      // Thousandths: 2 kg of flour and a tray of eggs.
      .values([
        { cakeId: c.id, itemId: flour.id, quantity: 2000 },
        { cakeId: c.id, itemId: eggs.id, quantity: 1000 },
      ])
      .run();
    const res = await postSale(saleBody([{ itemId: c.cakeId, quantity: 2 }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().sale.items).toEqual([
      {
        _id: c.id,
        kind: 'cake',
        itemId: c.cakeId,
        name: c.name,
        price: 850,
        quantity: 2,
        purchasePrice: (2 * 4550 + 21025) / 100,
        cost: (2 * (2 * 4550 + 21025)) / 100,
        discount: 0,
        catalogPrice: null,
      },
    ]);
    expect(cakeStockOf(c.id)).toBe(1);
    expect(stockOf(flour.id)).toBe(40_000);
    expect(stockOf(eggs.id)).toBe(20_000);
    const ledger = shop.db.select().from(stockMovements).where(eq(stockMovements.cakeId, c.id)).all();
    expect(ledger).toMatchObject([
      // The ledger counts cakes in thousandths too.
      { reason: 'sale', change: -2_000, stockBefore: 3_000, stockAfter: 1_000, record: c.cakeId },
    ]);
  });

  it('accepts business ids (INV-…, CK-…, any case) and `_id` with kind over REST as itemId', async () => {
    const a = item({ stock: 10_000 });
    const c = cake({ stock: 5 });
    const res = await postSale(
      saleBody([
        { itemId: a.itemId.toLowerCase(), quantity: 1 },
        { itemId: c.cakeId.toLowerCase(), quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sale.items.map((l: { itemId: string }) => l.itemId)).toEqual([a.itemId, c.cakeId]);
    const byId = await postSale(
      saleBody([
        { itemId: String(a.id), quantity: 1 },
        { itemId: c.id, kind: 'cake', quantity: 1 },
      ]),
    );
    expect(byId.statusCode).toBe(201);
    expect(stockOf(a.id)).toBe(8_000);
    expect(cakeStockOf(c.id)).toBe(3);
    const viaTrpc = await checkout(manager.api, [
      { code: a.itemId, quantity: 1 },
      { kind: 'cake', code: c.cakeId, quantity: 1 },
    ]);
    expect(viaTrpc.sale.lines.map((l) => l.code)).toEqual([a.itemId, c.cakeId]);
  });
});

describe('refunds: the whole sale, once', () => {
  async function sold(lines: { itemId: number; quantity: number }[]) {
    const res = await postSale(saleBody(lines, { taxRate: 12 }));
    expect(res.statusCode).toBe(201);
    return res.json().sale as { _id: number; saleId: string; totalAmount: number };
  }

  it('answers 10 concurrent refunds with one 200 and nine 409, restoring stock once', async () => {
    const a = item({ stock: 10_000 });
    const b = item({ stock: 10_000 });
    const sale = await sold([
      { itemId: a.id, quantity: 3 },
      { itemId: b.id, quantity: 4 },
    ]);
    const notesBefore = n(notifications);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundRest(sale._id)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({
      message: SALES_TEXT.refunded,
      sale: { _id: sale._id, status: 'refunded' },
    });
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json()).toEqual({ message: SALES_TEXT.alreadyRefunded });
    expect(stockOf(a.id)).toBe(10_000);
    expect(stockOf(b.id)).toBe(10_000);
    for (const [id, quantity] of [
      [a.id, 3],
      [b.id, 4],
    ] as const) {
      const refunds = ledgerOf(id).filter((m) => m.reason === 'refund');
      expect(refunds).toMatchObject([
        { change: quantity * 1000, reference: sale.saleId, userId: manager.user.id },
      ]);
    }
    const row = saleRow(sale.saleId)!;
    expect(row).toMatchObject({ status: 'refunded', refundedBy: manager.user.id });
    expect(row.refundedAt).toBeInstanceOf(Date);
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Refund Sale')).all();
    expect(logged.filter((l) => l.description.includes(sale.saleId))).toHaveLength(1);
    const notes = shop.db.select().from(notifications).all().slice(notesBefore);
    expect(notes.filter((x) => x.message.includes(sale.saleId))).toMatchObject([{ type: 'info' }]);
  });

  it('refunds by `_id` or by saleId, over REST and tRPC; an unknown sale is 404', async () => {
    const a = item({ stock: 10_000 });
    const one = await sold([{ itemId: a.id, quantity: 1 }]);
    const two = await sold([{ itemId: a.id, quantity: 2 }]);
    const three = await sold([{ itemId: a.id, quantity: 3 }]);
    expect(stockOf(a.id)).toBe(4_000);
    const bySaleId = await refundRest(one.saleId);
    expect(bySaleId.statusCode).toBe(200);
    expect(bySaleId.json().message).toBe(SALES_TEXT.refunded);
    expect(stockOf(a.id)).toBe(5_000);
    const viaTrpc = await admin.api.sales.refund({ id: two.saleId });
    expect(viaTrpc).toMatchObject({ message: SALES_TEXT.refunded });
    await admin.api.sales.refund({ id: three._id });
    expect(stockOf(a.id)).toBe(10_000);
    await expectTrpcError(admin.api.sales.refund({ id: one._id }), 'CONFLICT', SALES_TEXT.alreadyRefunded);
    expect((await refundRest(two.saleId)).statusCode).toBe(409);
    const unknown = await refundRest('SALE-NOSUCH01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SALES_TEXT.notFound });
    expect((await refundRest(999_999)).statusCode).toBe(404);
    expect(stockOf(a.id)).toBe(10_000);
  });

  it('takes a saleId in any case over REST; an id that names no sale is 404, after the token check', async () => {
    const a = item({ stock: 10_000 });
    const sale = await sold([{ itemId: a.id, quantity: 1 }]);
    const got = await rest(shop, 'GET', `/api/sales/${sale.saleId.toLowerCase()}`, staff.accessToken);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ _id: sale._id, saleId: sale.saleId });
    for (const id of ['NOPE', '0', 'SALE-123', '99999999999999999999', 'SALE-NOSUCH01']) {
      for (const res of [
        await refundRest(id),
        await rest(shop, 'GET', `/api/sales/${id}`, manager.accessToken),
      ]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: SALES_TEXT.notFound });
      }
      expect((await rest(shop, 'POST', `/api/sales/${id}/refund`, undefined, {})).statusCode).toBe(401);
    }
    const lower = await refundRest(sale.saleId.toLowerCase());
    expect(lower.statusCode).toBe(200);
    expect(stockOf(a.id)).toBe(10_000);
  });

  it('holds a staff refund as an action request; a manager’s approval applies it once', async () => {
    const a = item({ stock: 10_000 });
    const sale = await sold([{ itemId: a.id, quantity: 4 }]);
    const res = await refundRest(sale.saleId, staff.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    expect(saleRow(sale.saleId)!.status).toBe('completed');
    expect(stockOf(a.id)).toBe(6_000);
    // A second refund request for the same sale while one waits is refused, not stored twice.
    await expectTrpcError(
      staff.api.sales.refund({ id: sale._id }),
      'CONFLICT',
      ACTION_REQUEST_TEXT.alreadyRequested('refund'),
    );
    const requests = shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, sale.saleId))
      .all();
    expect(requests).toMatchObject([
      { module: 'Sales Management', requestType: 'refund', status: 'pending', requestedBy: staff.user.id },
    ]);
    expect(JSON.parse(requests[0]!.details)).toMatchObject({ 'Sale ID': sale.saleId });

    await manager.api.actionRequests.approve({ id: requests[0]!.id });
    expect(saleRow(sale.saleId)).toMatchObject({ status: 'refunded', refundedBy: manager.user.id });
    expect(stockOf(a.id)).toBe(10_000);
    const after = snapshot([a.id]);
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: requests[0]!.id }),
      'CONFLICT',
      ACCOUNT_TEXT.requestDecided,
    );
    await expectTrpcError(manager.api.sales.refund({ id: sale._id }), 'CONFLICT', SALES_TEXT.alreadyRefunded);
    const late = await refundRest(sale.saleId, staff.accessToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: SALES_TEXT.alreadyRefunded });
    expect(snapshot([a.id])).toEqual(after);
    expect(ledgerOf(a.id).filter((m) => m.reason === 'refund')).toHaveLength(1);
  });

  it('refuses refunds without a role (403) or a token (401)', async () => {
    const a = item({ stock: 10_000 });
    const sale = await sold([{ itemId: a.id, quantity: 1 }]);
    const none = await shop.signedIn(null);
    expect((await refundRest(sale._id, none.accessToken)).statusCode).toBe(403);
    const anonymous = await rest(shop, 'POST', `/api/sales/${sale._id}/refund`, undefined, {});
    expect(anonymous.statusCode).toBe(401);
    expect(saleRow(sale.saleId)!.status).toBe('completed');
  });
});

describe('20 concurrent checkouts for 5 units', () => {
  it('sell exactly 5 over real HTTP: five 201, fifteen 409, stock 0', async () => {
    const scarce = item({ stock: 5_000, name: 'Last Ube Jam' });
    const salesBefore = n(sales);
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await fetch(`${address}/api/sales`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.accessToken}` },
          body: JSON.stringify(saleBody([{ itemId: scarce.itemId, quantity: 1 }])),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.message).toBe(SALES_TEXT.outOfStock(scarce.name));
    expect(stockOf(scarce.id)).toBe(0);
    expect(n(sales) - salesBefore).toBe(5);
    const ledger = ledgerOf(scarce.id);
    expect(ledger).toHaveLength(5);
    expect(ledger.map((m) => m.stockAfter)).toEqual([4_000, 3_000, 2_000, 1_000, 0]);
  });

  it('sell exactly 5 through parallel app.inject too', async () => {
    const scarce = item({ stock: 5_000 });
    const salesBefore = n(sales);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postSale(saleBody([{ itemId: scarce.id, quantity: 1 }]), staff.accessToken),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect(stockOf(scarce.id)).toBe(0);
    expect(n(sales) - salesBefore).toBe(5);
  });
});

describe('roles', () => {
  it('lets every role check out, over tRPC and REST', async () => {
    const a = item({ stock: 100_000 });
    for (const role of ROLES) {
      const who = role === 'admin' ? admin : await atCounter(await shop.signedIn(role));
      const viaTrpc = await checkout(who.api, [{ id: a.id, quantity: 1 }]);
      expect(viaTrpc.message, role).toBe(SALES_TEXT.created);
      expect(viaTrpc.sale.soldBy).toBe(who.user.id);
      const res = await postSale(saleBody([{ itemId: a.id, quantity: 1 }]), who.accessToken);
      expect(res.statusCode, role).toBe(201);
      expect((await rest(shop, 'GET', '/api/sales/all', who.accessToken)).statusCode, role).toBe(200);
    }
    expect(stockOf(a.id)).toBe((100 - 2 * ROLES.length) * 1000);
  });

  it('refuses an account without a role (403) and a caller without a token (401)', async () => {
    const a = item({ stock: 10_000 });
    const none = await shop.signedIn(null);
    const before = snapshot([a.id]);
    await expectTrpcError(checkout(none.api, [{ id: a.id, quantity: 1 }]), 'FORBIDDEN', AUTH_TEXT.noRole);
    await expectTrpcError(checkout(shop.caller(), [{ id: a.id, quantity: 1 }]), 'UNAUTHORIZED');
    const forbidden = await postSale(saleBody([{ itemId: a.id, quantity: 1 }]), none.accessToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: AUTH_TEXT.noRole });
    expect(
      (await rest(shop, 'POST', '/api/sales', undefined, saleBody([{ itemId: a.id, quantity: 1 }])))
        .statusCode,
    ).toBe(401);
    expect((await rest(shop, 'GET', '/api/sales/all')).statusCode).toBe(401);
    expect((await rest(shop, 'GET', '/api/sales/all', none.accessToken)).statusCode).toBe(403);
    expect(snapshot([a.id])).toEqual(before);
  });
});

describe('GET /api/sales/all', () => {
  it('answers an array, newest first, in the legacy shape (pesos, items with the business itemId, createdAt)', async () => {
    const a = item({ stock: 10_000, unitPrice: 12550, purchasePrice: 9025 });
    const older = await postSale(
      saleBody([{ itemId: a.id, quantity: 1 }], { date: addDays(today(), -1), backdateReason: 'Late entry' }),
    );
    const newer = await postSale(
      saleBody([{ itemId: a.id, quantity: 2 }], {
        taxRate: 12,
        paymentMethod: 'GCash',
        reference: 'GC-1',
        customerName: 'Liza',
        orderType: 'Online',
      }),
    );
    await refundRest(older.json().sale._id);
    const res = await rest(shop, 'GET', '/api/sales/all', manager.accessToken);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(Array.isArray(list)).toBe(true);
    const times = list.map((s) => Date.parse(s.createdAt as string));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const newest = list.find((s) => s.saleId === newer.json().sale.saleId);
    expect(newest).toEqual({
      _id: newer.json().sale._id,
      saleId: newer.json().sale.saleId,
      customerName: 'Liza',
      customerId: null,
      orderType: 'Online',
      items: [
        {
          _id: a.id,
          kind: 'item',
          itemId: a.itemId,
          name: a.name,
          price: 125.5,
          quantity: 2,
          purchasePrice: 90.25,
          cost: 180.5,
          discount: 0,
          catalogPrice: null,
        },
      ],
      subtotal: 251,
      discount: null,
      discountAmount: 0,
      vatExemptAmount: 0,
      taxRate: 12,
      taxAmount: 30.12,
      totalAmount: 281.12,
      paymentMethod: 'GCash',
      paymentReference: 'GC-1',
      payments: [{ method: 'GCash', amount: 281.12, reference: 'GC-1' }],
      cashTendered: null,
      change: null,
      status: 'completed',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      refundedAt: null,
      backdateReason: null,
      terminalId: 1,
      invoiceNumber: expect.stringMatching(/^INV1-\d{9}$/),
      refundNumber: null,
      buyer: null,
      reprintCount: 0,
      // Made while the server answered: not an offline sale.
      soldOffline: false,
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const refunded = list.find((s) => s.saleId === older.json().sale.saleId);
    expect(refunded).toMatchObject({
      status: 'refunded',
      refundedAt: expect.any(String),
      backdateReason: 'Late entry',
      refundNumber: expect.stringMatching(/^INV1-R\d{9}$/),
    });
    // Staff get the same list without the lines' costs.
    const forStaff = (await rest(shop, 'GET', '/api/sales/all', staff.accessToken)).json() as typeof list;
    const { items, ...others } = newest as { items: Record<string, unknown>[] };
    expect(forStaff.find((s) => s.saleId === newer.json().sale.saleId)).toEqual({
      ...others,
      items: items.map(({ purchasePrice: _price, cost: _cost, ...line }) => line),
    });
    const one = await rest(shop, 'GET', '/api/sales/all?limit=1', staff.accessToken);
    expect(one.json()).toHaveLength(1);
  });
});

describe('notifications', () => {
  const notesSince = (from: number) =>
    shop.db.select().from(notifications).orderBy(notifications.id).all().slice(from);

  it('warns when a sale takes an item to its threshold and errs when it takes it to zero', async () => {
    const a = item({ stock: 6_000, restockThreshold: 3_000, name: 'Pandan Essence' });
    let from = n(notifications);
    await checkout(manager.api, [{ id: a.id, quantity: 2 }]);
    expect(notesSince(from).filter((x) => x.message.includes(a.itemId))).toEqual([]);
    from = n(notifications);
    await checkout(manager.api, [{ id: a.id, quantity: 1 }]);
    expect(notesSince(from).filter((x) => x.message.includes(a.itemId))).toMatchObject([
      { type: 'warning', message: expect.stringContaining('Pandan Essence') },
    ]);
    from = n(notifications);
    await checkout(manager.api, [{ id: a.id, quantity: 3 }]);
    expect(notesSince(from).filter((x) => x.message.includes(a.itemId))).toMatchObject([
      { type: 'error', message: `"Pandan Essence" (${a.itemId}) is out of stock.` },
    ]);
  });

  it('errs when a sale takes a cake to zero (stock to zero is an error)', async () => {
    const c = cake({ stock: 2, name: 'Mango Float' });
    const from = n(notifications);
    await checkout(manager.api, [{ kind: 'cake', id: c.id, quantity: 2 }]);
    expect(notesSince(from).filter((x) => x.message.includes(c.cakeId))).toMatchObject([
      { type: 'error', message: expect.stringContaining('Mango Float') },
    ]);
  });

  it('tells everyone (info) when a sale is refunded', async () => {
    const a = item({ stock: 10_000 });
    const { sale } = await checkout(manager.api, [{ id: a.id, quantity: 1 }]);
    const from = n(notifications);
    await admin.api.sales.refund({ id: sale.id });
    expect(notesSince(from)).toMatchObject([
      {
        type: 'info',
        message: `Sale ${sale.saleId} (${formatPeso(sale.totalAmount)}) was refunded by ${admin.user.username}.`,
      },
    ]);
  });
});
