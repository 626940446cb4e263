import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  cakeLots,
  cakes,
  inventoryItems,
  journal,
  notifications,
  saleLines,
  sales,
  stockLots,
  stockMovements,
} from '../../server/db/schema';
import { formatQuantity } from '../../shared/quantity';
import { invoiceNumber } from '../../shared/texts/bir';
import { OFFLINE_TEXT } from '../../shared/texts/offline';
import { SALES_TEXT } from '../../shared/texts/sales';
import { formatDateTime } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { changedTables, digestOf } from '../helpers/fuzzInputs';
import { setCakeStock, setStock } from '../helpers/lots';

// A sale a device made while the server could not be reached (docs/decisions.md, Selling
// offline): taken once by its sale id, at its own time and invoice number from the terminal's
// block, at the prices charged, any stock the books no longer held booked as a shortfall.

let shop: TestShop;
let admin: Session;
let manager: Session;
let staff: Session;
let otherStaff: Session;
let staffShift: number;
let otherShift: number;
/** The block of terminal 1's numbers the staff's device reserved; handed out in order. */
let block: { id: number; first: number; last: number };
const RESERVED_AT = new Date(Date.now() - 3 * 60 * 60_000);
let nextSeq = 0;
const takeSeq = () => {
  const seq = block.first + nextSeq++;
  expect(seq).toBeLessThanOrEqual(block.last);
  return seq;
};

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  otherStaff = await shop.signedIn('staff');
  staffShift = (await staff.api.shifts.open({ openingCash: 100_000 })).shift.id;
  otherShift = (await otherStaff.api.shifts.open({ openingCash: 0 })).shift.id;
  block = (await staff.api.terminals.reserveBlock({ terminalId: 1, size: 100 })).block;
  // Reserved in the morning, while the server could still be reached.
  shop.db.$client
    .prepare('update invoice_blocks set reserved_at = ? where id = ?')
    .run(RESERVED_AT.getTime(), block.id);
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

let seq = 0;
/** An item straight into the database: 10 in stock at ₱100.00 unless told. */
function item(fields: Partial<typeof inventoryItems.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-OFF${String(seq).padStart(3, '0')}`,
      name: `Offline Item ${seq}`,
      stock: 10_000,
      unitPrice: 10_000,
      purchasePrice: 6_000,
      ...fields,
    })
    .returning()
    .get();
}
/** A cake (2 in stock, ₱850.00) unless told. */
function cake(fields: Partial<typeof cakes.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({
      cakeId: `CK-OFF${String(seq).padStart(3, '0')}`,
      name: `Offline Cake ${seq}`,
      stock: 2,
      price: 85_000,
      ...fields,
    })
    .returning()
    .get();
}

let saleNo = 0;
const newSaleId = () => `SALE-OFFL${String(++saleNo).padStart(4, '0')}`;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

type Line = { kind?: 'item' | 'cake'; id: number; quantity: number; price: number };
/** A sale as the staff's device made it offline: cash, no VAT, totals following from the lines. */
function offlineSale(lines: Line[], extra: Record<string, unknown> = {}) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return {
    saleId: newSaleId(),
    orderType: 'Walk-in' as const,
    paymentMethod: 'Cash' as const,
    lines: lines.map((l) => ({ kind: 'item' as const, ...l })),
    expected: { subtotal, taxAmount: 0, totalAmount: subtotal },
    soldAt: minutesAgo(20),
    terminalId: 1,
    invoiceSeq: takeSeq(),
    cashierId: staff.user.id,
    shiftId: staffShift,
    ...extra,
  };
}

const stockOf = (id: number) =>
  shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.stock;
const cakeStockOf = (id: number) => shop.db.select().from(cakes).where(eq(cakes.id, id)).get()!.stock;
const lotsRemaining = (id: number) =>
  shop.db
    .select({ remaining: stockLots.remaining, expirationDate: stockLots.expirationDate })
    .from(stockLots)
    .where(eq(stockLots.itemId, id))
    .all();
const ledgerOf = (id: number) =>
  shop.db.select().from(stockMovements).where(eq(stockMovements.itemId, id)).orderBy(stockMovements.id).all();
const saleRow = (saleId: string) => shop.db.select().from(sales).where(eq(sales.saleId, saleId)).get();
const linesOf = (id: number) =>
  shop.db.select().from(saleLines).where(eq(saleLines.saleId, id)).orderBy(saleLines.id).all();
const journalOf = (documentNumber: string) =>
  shop.db.select().from(journal).where(eq(journal.documentNumber, documentNumber)).all();

const digest = () => digestOf(shop.db.$client, new Set(['throttle_hits']));
/** Runs a call that must be refused, and shows that no table changed. */
async function refusedWritingNothing<T>(call: () => Promise<T>): Promise<unknown> {
  const before = digest();
  const error = await call().then(
    () => new Error('accepted'),
    (e: unknown) => e,
  );
  expect(changedTables(before, digest())).toEqual([]);
  return error;
}

describe('a sale made offline', () => {
  it('is taken at its device time and block number, by its cashier in their shift, marked as sold offline', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 3, price: 10_000 }]);
    const before = new Date();
    const answer = await staff.api.sales.offline(input);
    const after = new Date();
    expect(answer).toMatchObject({
      message: OFFLINE_TEXT.received,
      repeated: false,
      shortfalls: [],
      priceChanges: [],
    });
    const number = invoiceNumber('INV1-', input.invoiceSeq);
    expect(answer.sale).toMatchObject({
      saleId: input.saleId,
      soldAt: input.soldAt,
      soldOffline: true,
      terminalId: 1,
      invoiceSeq: input.invoiceSeq,
      invoiceNumber: number,
      soldBy: staff.user.id,
      cashier: staff.user.username,
      shiftId: staffShift,
      totalAmount: 30_000,
      zPending: true,
    });
    // Received now, by the server's clock; made twenty minutes ago, by the device's.
    expect(answer.sale.receivedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(answer.sale.receivedAt!.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(saleRow(input.saleId)).toMatchObject({ soldOffline: true, soldAt: input.soldAt });
    // Its stock left through the ledger, its number went into the journal.
    expect(stockOf(flour.id)).toBe(7_000);
    expect(ledgerOf(flour.id)).toMatchObject([
      { reason: 'sale', change: -3_000, reference: input.saleId, userId: staff.user.id },
    ]);
    expect(journalOf(number)).toMatchObject([{ kind: 'sale', terminalId: 1, amount: 30_000 }]);
  });

  it("counts in the X reading of the shift it was made in, and in the terminal's grand total", async () => {
    const reading = () => manager.api.shifts.reading({ id: staffShift });
    const grand = () =>
      shop.db.$client.prepare('select grand_total from terminals where id = 1').pluck().get();
    const was = await reading();
    const grandWas = grand() as number;
    const sugar = item({ unitPrice: 7_500 });
    await staff.api.sales.offline(offlineSale([{ id: sugar.id, quantity: 2, price: 7_500 }]));
    const now = await reading();
    expect(now.salesCount).toBe(was.salesCount + 1);
    expect(now.salesTotal).toBe(was.salesTotal + 15_000);
    expect(now.cashTaken).toBe(was.cashTaken + 15_000);
    expect(now.presentGrandTotal).toBe(was.presentGrandTotal + 15_000);
    expect(grand()).toBe(grandWas + 15_000);
  });

  it('answers over REST in pesos with 201, the time of sale as createdAt', async () => {
    const flour = item({ unitPrice: 12_345 });
    const saleId = newSaleId();
    const seqNo = takeSeq();
    const soldAt = minutesAgo(45).toISOString();
    const res = await postJson(
      shop,
      '/api/sales/offline',
      {
        saleId,
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        taxRate: 12,
        items: [{ itemId: flour.itemId, quantity: 2, price: 123.45 }],
        subtotal: 246.9,
        taxAmount: 29.63,
        totalAmount: 276.53,
        cashTendered: 300,
        soldAt,
        terminalId: 1,
        invoiceSeq: seqNo,
        cashierId: staff.user.id,
        shiftId: staffShift,
      },
      staff.accessToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: OFFLINE_TEXT.received,
      repeated: false,
      shortfalls: [],
      priceChanges: [],
      sale: {
        saleId,
        createdAt: soldAt,
        invoiceNumber: invoiceNumber('INV1-', seqNo),
        terminalId: 1,
        subtotal: 246.9,
        taxAmount: 29.63,
        totalAmount: 276.53,
        cashTendered: 300,
        change: 23.47,
        items: [{ itemId: flour.itemId, price: 123.45, quantity: 2 }],
      },
    });
    // Staff see no costs, online or not.
    expect(res.json().sale.items[0].purchasePrice).toBeUndefined();
    expect(saleRow(saleId)).toMatchObject({ totalAmount: 27_653, taxAmount: 2_963, soldOffline: true });
  });
});

describe('exactly once, by its sale id', () => {
  it('answers a repeat as the sale already made (200, repeated) and writes nothing', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }]);
    const first = await staff.api.sales.offline(input);
    const before = digest();
    const again = await staff.api.sales.offline(input);
    expect(again.repeated).toBe(true);
    expect(again.sale.id).toBe(first.sale.id);
    expect(again.sale.invoiceNumber).toBe(first.sale.invoiceNumber);
    // Over REST too, with 200.
    const rest = await postJson(
      shop,
      '/api/sales/offline',
      {
        saleId: input.saleId,
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        items: [{ itemId: flour.id, quantity: 2, price: 100 }],
        subtotal: 200,
        taxAmount: 0,
        totalAmount: 200,
        soldAt: input.soldAt.toISOString(),
        terminalId: 1,
        invoiceSeq: input.invoiceSeq,
        cashierId: staff.user.id,
        shiftId: staffShift,
      },
      staff.accessToken,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ repeated: true, sale: { _id: first.sale.id } });
    expect(changedTables(before, digest())).toEqual([]);
    expect(stockOf(flour.id)).toBe(8_000);
  });

  it('refuses the same sale id with other lines (409), writing nothing', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }]);
    await staff.api.sales.offline(input);
    const other = { ...input, lines: [{ ...input.lines[0]!, quantity: 3 }] };
    other.expected = { subtotal: 30_000, taxAmount: 0, totalAmount: 30_000 };
    const error = await refusedWritingNothing(() => staff.api.sales.offline(other));
    await expectTrpcError(Promise.reject(error), 'CONFLICT', SALES_TEXT.saleIdReused);
  });

  it('answers a repeat as first answered: its shortfalls and price changes too', async () => {
    const flour = item({ stock: 1_000, unitPrice: 10_000 });
    await manager.api.pricing.setPrice({ kind: 'item', id: flour.id, price: 12_000 });
    const input = offlineSale([{ id: flour.id, quantity: 3, price: 10_000 }]);
    const first = await staff.api.sales.offline(input);
    expect(first.shortfalls).toEqual([{ code: flour.itemId, name: flour.name, quantity: 2 }]);
    expect(first.priceChanges).toHaveLength(1);
    const before = digest();
    expect(await staff.api.sales.offline(input)).toEqual({ ...first, repeated: true });
    expect(changedTables(before, digest())).toEqual([]);
  });

  it('refuses the same sale id with another invoice number or other prices (409), writing nothing', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }]);
    await staff.api.sales.offline(input);
    const renumbered = { ...input, invoiceSeq: takeSeq() };
    const error = await refusedWritingNothing(() => staff.api.sales.offline(renumbered));
    await expectTrpcError(
      Promise.reject(error),
      'CONFLICT',
      SALES_TEXT.saleIdOtherTerms(input.saleId, 'invoice number'),
    );
    // The number refused is still free for the sale it belongs to.
    nextSeq--;
    const repriced = {
      ...input,
      lines: [{ ...input.lines[0]!, price: 9_000 }],
      expected: { subtotal: 18_000, taxAmount: 0, totalAmount: 18_000 },
    };
    const other = await refusedWritingNothing(() => staff.api.sales.offline(repriced));
    await expectTrpcError(
      Promise.reject(other),
      'CONFLICT',
      SALES_TEXT.saleIdOtherTerms(input.saleId, 'prices'),
    );
  });

  it('makes one sale of ten parallel sends of one sale', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }]);
    const body = {
      saleId: input.saleId,
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      items: [{ itemId: flour.itemId, quantity: 1, price: 100 }],
      subtotal: 100,
      taxAmount: 0,
      totalAmount: 100,
      soldAt: input.soldAt.toISOString(),
      terminalId: 1,
      invoiceSeq: input.invoiceSeq,
      cashierId: staff.user.id,
      shiftId: staffShift,
    };
    const journalBefore = await shop.db.$count(journal);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postJson(shop, '/api/sales/offline', body, staff.accessToken)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((a) => a.json().sale._id)).size).toBe(1);
    expect(shop.db.select().from(sales).where(eq(sales.saleId, input.saleId)).all()).toHaveLength(1);
    expect(stockOf(flour.id)).toBe(9_000);
    expect(ledgerOf(flour.id)).toHaveLength(1);
    expect(await shop.db.$count(journal)).toBe(journalBefore + 1);
  });
});

describe('stock another till sold meanwhile: the shortfall', () => {
  it('takes the sale, books the missing quantity through the ledger, and leaves the stock at 0', async () => {
    const flour = item({ stock: 2_000, purchasePrice: 6_000 });
    // Another till sells the last two while the device is offline.
    await manager.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: [{ kind: 'item', id: flour.id, quantity: 2 }],
      terminalId: 1,
    });
    expect(stockOf(flour.id)).toBe(0);
    const input = offlineSale([{ id: flour.id, quantity: 3, price: 10_000 }]);
    const answer = await staff.api.sales.offline(input);
    expect(answer.shortfalls).toEqual([{ code: flour.itemId, name: flour.name, quantity: 3 }]);
    expect(stockOf(flour.id)).toBe(0);
    expect(ledgerOf(flour.id).slice(-2)).toMatchObject([
      { reason: 'shortfall', change: 3_000, stockBefore: 0, stockAfter: 3_000, reference: input.saleId },
      { reason: 'sale', change: -3_000, stockBefore: 3_000, stockAfter: 0, reference: input.saleId },
    ]);
    // The lots agree with the stock: none negative, none left.
    expect(lotsRemaining(flour.id).every((l) => l.remaining === 0)).toBe(true);
    // The line cost what the shortfall was booked at.
    expect(linesOf(answer.sale.id)).toMatchObject([{ quantity: 3, price: 10_000, cost: 18_000 }]);
  });

  it('books only what was missing when part of the line was still on the books', async () => {
    const sugar = item({ stock: 1_500 });
    const answer = await staff.api.sales.offline(offlineSale([{ id: sugar.id, quantity: 4, price: 10_000 }]));
    expect(answer.shortfalls).toEqual([{ code: sugar.itemId, name: sugar.name, quantity: 2.5 }]);
    expect(stockOf(sugar.id)).toBe(0);
    const moves = ledgerOf(sugar.id);
    expect(moves.map((m) => [m.reason, m.change])).toEqual([
      ['shortfall', 2_500],
      ['sale', -4_000],
    ]);
    const lots = lotsRemaining(sugar.id);
    expect(lots.reduce((sum, l) => sum + l.remaining, 0)).toBe(stockOf(sugar.id));
  });

  it('tells the managers, not the staff, and says in the activity log that the sale was made offline', async () => {
    const flour = item({ stock: 0 });
    const input = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }]);
    await staff.api.sales.offline(input);
    const message = OFFLINE_TEXT.shortfallNotice(
      input.saleId,
      OFFLINE_TEXT.shortfallPart(formatQuantity(2_000), flour.name, flour.itemId),
    );
    const notice = shop.db.select().from(notifications).where(eq(notifications.message, message)).all();
    expect(notice).toMatchObject([{ type: 'warning', audience: 'salesOversee' }]);
    const seen = async (s: Session) =>
      (await s.api.notifications.list({ limit: 50 })).rows.some((n) => n.message === message);
    expect(await seen(manager)).toBe(true);
    expect(await seen(staff)).toBe(false);
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'Create Sale'), eq(activityLogs.userId, staff.user.id)))
      .all()
      .find((row) => row.description.includes(input.saleId));
    expect(logged?.description).toContain('made offline at');
  });

  it('does the same for a cake another till sold out', async () => {
    const ube = cake({ stock: 1, price: 85_000 });
    await manager.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: [{ kind: 'cake', id: ube.id, quantity: 1 }],
    });
    expect(cakeStockOf(ube.id)).toBe(0);
    const input = offlineSale([{ kind: 'cake', id: ube.id, quantity: 2, price: 85_000 }]);
    const answer = await staff.api.sales.offline(input);
    expect(answer.shortfalls).toEqual([{ code: ube.cakeId, name: ube.name, quantity: 2 }]);
    expect(cakeStockOf(ube.id)).toBe(0);
    const moves = shop.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.cakeId, ube.id))
      .orderBy(stockMovements.id)
      .all();
    expect(moves.slice(-2).map((m) => [m.reason, m.change, m.stockAfter])).toEqual([
      ['shortfall', 2_000, 2_000],
      ['sale', -2_000, 0],
    ]);
    const lots = shop.db.select().from(cakeLots).where(eq(cakeLots.cakeId, ube.id)).all();
    expect(lots.every((l) => l.remaining >= 0)).toBe(true);
    expect(lots.reduce((sum, l) => sum + l.remaining, 0)).toBe(0);
    const notice = shop.db
      .select()
      .from(notifications)
      .all()
      .filter((n) => n.message.includes(input.saleId));
    expect(notice).toMatchObject([{ audience: 'salesOversee' }]);
  });

  it('books nothing when the stock was there', async () => {
    const flour = item({ stock: 5_000 });
    setStock(shop, flour.id, 5_000);
    const answer = await staff.api.sales.offline(offlineSale([{ id: flour.id, quantity: 5, price: 10_000 }]));
    expect(answer.shortfalls).toEqual([]);
    expect(ledgerOf(flour.id).map((m) => m.reason)).toEqual(['sale']);
    const choco = cake({ stock: 0 });
    setCakeStock(shop, choco.id, 3);
    const cakeSale = await staff.api.sales.offline(
      offlineSale([{ kind: 'cake', id: choco.id, quantity: 3, price: 85_000 }]),
    );
    expect(cakeSale.shortfalls).toEqual([]);
    expect(cakeStockOf(choco.id)).toBe(0);
  });
});

describe('a price changed meanwhile', () => {
  it('keeps the price charged on the line, marks the catalogue price, and totals as charged', async () => {
    const flour = item({ unitPrice: 10_000 });
    const sugar = item({ unitPrice: 5_000 });
    // The price went up while the device was offline; the customer paid the old one.
    await manager.api.pricing.setPrice({ kind: 'item', id: flour.id, price: 11_000 });
    const input = offlineSale([
      { id: flour.id, quantity: 2, price: 10_000 },
      { id: sugar.id, quantity: 1, price: 5_000 },
    ]);
    const answer = await staff.api.sales.offline(input);
    expect(answer.priceChanges).toEqual([
      { code: flour.itemId, name: flour.name, charged: 10_000, catalog: 11_000 },
    ]);
    expect(answer.sale).toMatchObject({ subtotal: 25_000, totalAmount: 25_000 });
    expect(linesOf(answer.sale.id)).toMatchObject([
      { itemId: flour.id, price: 10_000, catalogPrice: 11_000, lineTotal: 20_000 },
      { itemId: sugar.id, price: 5_000, catalogPrice: null, lineTotal: 5_000 },
    ]);
    const logged = shop.db
      .select()
      .from(activityLogs)
      .all()
      .find((row) => row.description.includes(input.saleId));
    expect(logged?.description).toContain(OFFLINE_TEXT.priceNote(10_000, 11_000));
  });

  it('marks the line whose price changed when an item and a cake share a business id', async () => {
    const twinItem = item({ itemId: 'CK-TWIN1', unitPrice: 5_000 });
    const twinCake = cake({ cakeId: 'CK-TWIN1', price: 80_000, stock: 5 });
    await manager.api.pricing.setPrice({ kind: 'cake', id: twinCake.id, price: 90_000 });
    const answer = await staff.api.sales.offline(
      offlineSale([
        { id: twinItem.id, quantity: 1, price: 5_000 },
        { kind: 'cake', id: twinCake.id, quantity: 1, price: 80_000 },
      ]),
    );
    expect(answer.priceChanges).toEqual([
      { code: 'CK-TWIN1', name: twinCake.name, charged: 80_000, catalog: 90_000 },
    ]);
    expect(linesOf(answer.sale.id).map((l) => [l.kind, l.price, l.catalogPrice])).toEqual([
      ['item', 5_000, null],
      ['cake', 80_000, 90_000],
    ]);
  });

  it('answers the price changes in pesos over REST', async () => {
    const flour = item({ unitPrice: 9_950 });
    const res = await postJson(
      shop,
      '/api/sales/offline',
      {
        saleId: newSaleId(),
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        items: [{ itemId: flour.itemId, quantity: 1, price: 89.5 }],
        subtotal: 89.5,
        taxAmount: 0,
        totalAmount: 89.5,
        soldAt: minutesAgo(5).toISOString(),
        terminalId: 1,
        invoiceSeq: takeSeq(),
        cashierId: staff.user.id,
        shiftId: staffShift,
      },
      staff.accessToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().priceChanges).toEqual([
      { code: flour.itemId, name: flour.name, charged: 89.5, catalog: 99.5 },
    ]);
    expect(res.json().sale).toMatchObject({ totalAmount: 89.5, items: [{ price: 89.5 }] });
  });
});

describe('refused with a 4xx, nothing written', () => {
  it('refuses a number outside every block of the terminal (409)', async () => {
    const flour = item();
    // Terminal 2's block (1 to 300): its numbers are not terminal 1's.
    const two = await admin.api.terminals.create({ name: 'Counter 2', invoicePrefix: 'OFF2-' });
    const theirs = (await manager.api.terminals.reserveBlock({ terminalId: two.terminal.id, size: 300 }))
      .block;
    // Past terminal 1's block (a number the server gave an ordinary sale), in terminal 2's
    // block only, and far beyond.
    for (const invoiceSeq of [block.last + 1, theirs.last, 999_999_999]) {
      const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }]);
      nextSeq--;
      const error = await refusedWritingNothing(() => staff.api.sales.offline({ ...input, invoiceSeq }));
      await expectTrpcError(Promise.reject(error), 'CONFLICT', OFFLINE_TEXT.notReserved);
    }
    // A number outside terminal 2's block, sent for terminal 2, is refused the same.
    const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }]);
    const error = await refusedWritingNothing(() =>
      staff.api.sales.offline({ ...input, terminalId: two.terminal.id, invoiceSeq: theirs.last + 1 }),
    );
    await expectTrpcError(Promise.reject(error), 'CONFLICT', OFFLINE_TEXT.notReserved);
  });

  it('refuses a number already used (409), and the REST client hears it too', async () => {
    const flour = item();
    const first = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }]);
    await staff.api.sales.offline(first);
    const second = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }], {
      invoiceSeq: first.invoiceSeq,
    });
    nextSeq--;
    const error = await refusedWritingNothing(() => staff.api.sales.offline(second));
    await expectTrpcError(
      Promise.reject(error),
      'CONFLICT',
      OFFLINE_TEXT.numberUsed(invoiceNumber('INV1-', first.invoiceSeq)),
    );
    const before = digest();
    const res = await postJson(
      shop,
      '/api/sales/offline',
      {
        saleId: newSaleId(),
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        items: [{ itemId: flour.id, quantity: 1, price: 100 }],
        subtotal: 100,
        taxAmount: 0,
        totalAmount: 100,
        soldAt: minutesAgo(1).toISOString(),
        terminalId: 1,
        invoiceSeq: first.invoiceSeq,
        cashierId: staff.user.id,
      },
      staff.accessToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFLINE_TEXT.numberUsed(invoiceNumber('INV1-', first.invoiceSeq)));
    expect(changedTables(before, digest())).toEqual([]);
  });

  it('refuses a time ahead of the server beyond the slack (400), and takes one within it', async () => {
    const flour = item();
    const ahead = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      soldAt: new Date(Date.now() + 10 * 60_000),
    });
    const error = await refusedWritingNothing(() => staff.api.sales.offline(ahead));
    await expectTrpcError(Promise.reject(error), 'BAD_REQUEST', OFFLINE_TEXT.soldAtFuture);
    // A device clock a minute fast is a clock, not a sale from the future.
    const fast = await staff.api.sales.offline({ ...ahead, soldAt: new Date(Date.now() + 60_000) });
    expect(fast.sale.invoiceSeq).toBe(ahead.invoiceSeq);
  });

  it('refuses a time before its invoice number was set aside (400): the device clock is wrong', async () => {
    const flour = item();
    const reset = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      soldAt: new Date('1970-01-01T08:00:00Z'),
    });
    const error = await refusedWritingNothing(() => staff.api.sales.offline(reset));
    await expectTrpcError(
      Promise.reject(error),
      'BAD_REQUEST',
      OFFLINE_TEXT.soldAtBeforeBlock(formatDateTime(RESERVED_AT)),
    );
    // Within the slack of the reservation, it is a clock a little slow.
    const slow = await staff.api.sales.offline({
      ...reset,
      soldAt: new Date(RESERVED_AT.getTime() - 60_000),
    });
    expect(slow.sale.invoiceSeq).toBe(reset.invoiceSeq);
  });

  it('refuses totals that do not follow from the lines and prices charged (400)', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 2, price: 10_000 }], {
      expected: { subtotal: 20_000, taxAmount: 0, totalAmount: 19_000 },
    });
    nextSeq--;
    const error = await refusedWritingNothing(() => staff.api.sales.offline(input));
    await expectTrpcError(
      Promise.reject(error),
      'BAD_REQUEST',
      OFFLINE_TEXT.totalsDisagree('subtotal ₱200.00, discount ₱0.00, tax ₱0.00, total ₱200.00'),
    );
    // VAT charged on the device but not sent as a 12% sale: the same.
    const vat = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      expected: { subtotal: 10_000, taxAmount: 1_200, totalAmount: 11_200 },
    });
    nextSeq--;
    const taxed = await refusedWritingNothing(() => staff.api.sales.offline(vat));
    await expectTrpcError(
      Promise.reject(taxed),
      'BAD_REQUEST',
      OFFLINE_TEXT.totalsDisagree('subtotal ₱100.00, discount ₱0.00, tax ₱0.00, total ₱100.00'),
    );
  });

  it('refuses the seniors’ 5% (400): its weekly allowance lives on the server', async () => {
    const flour = item({ basicNecessity: true });
    const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      discount: { type: 'SC5', name: 'Lola Nena', idNumber: 'OSCA-5' },
    });
    nextSeq--;
    const error = await refusedWritingNothing(() => staff.api.sales.offline(input));
    await expectTrpcError(Promise.reject(error), 'BAD_REQUEST', OFFLINE_TEXT.noSc5Offline);
  });

  it('refuses an unknown cashier (400) and another cashier’s shift (400)', async () => {
    const flour = item();
    const unknown = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      cashierId: 99_999,
      shiftId: null,
    });
    nextSeq--;
    const error = await refusedWritingNothing(() => manager.api.sales.offline(unknown));
    await expectTrpcError(Promise.reject(error), 'BAD_REQUEST', OFFLINE_TEXT.noCashier);
    const theirShift = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], { shiftId: otherShift });
    nextSeq--;
    const notTheirs = await refusedWritingNothing(() => staff.api.sales.offline(theirShift));
    await expectTrpcError(Promise.reject(notTheirs), 'BAD_REQUEST', OFFLINE_TEXT.notTheirShift);
    const noShift = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], { shiftId: 99_999 });
    nextSeq--;
    const none = await refusedWritingNothing(() => staff.api.sales.offline(noShift));
    await expectTrpcError(Promise.reject(none), 'BAD_REQUEST', OFFLINE_TEXT.notTheirShift);
  });

  it('refuses staff sending a sale for another cashier (403)', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      cashierId: otherStaff.user.id,
      shiftId: otherShift,
    });
    nextSeq--;
    const error = await refusedWritingNothing(() => staff.api.sales.offline(input));
    await expectTrpcError(Promise.reject(error), 'FORBIDDEN', OFFLINE_TEXT.notCashier);
  });

  it('takes a manager sending a cashier’s sale: the cashier made it, in their shift', async () => {
    const flour = item();
    const input = offlineSale([{ id: flour.id, quantity: 1, price: 10_000 }], {
      cashierId: otherStaff.user.id,
      shiftId: otherShift,
    });
    const answer = await manager.api.sales.offline(input);
    expect(answer.sale).toMatchObject({ soldBy: otherStaff.user.id, shiftId: otherShift, soldOffline: true });
    expect(ledgerOf(flour.id)).toMatchObject([{ reason: 'sale', userId: otherStaff.user.id }]);
    // The activity log names who sent it.
    const logged = shop.db
      .select()
      .from(activityLogs)
      .all()
      .find((row) => row.description.includes(input.saleId));
    expect(logged?.userId).toBe(manager.user.id);
  });
});
