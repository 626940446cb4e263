import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, cakes, inventoryItems, notifications } from '../../server/db/schema';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Shifts and readings: a shift's expected cash after plain, split and refunded
// sales and cash in and out, computed by hand; X equals Z for one shift; Z readings are
// consecutive, wait for open shifts, never change, and a later refund counts in the next.
// One shop for the file: the Z readings count every sale in it, in this order.

let shop: TestShop;
let cashier: Session; // a manager at the till, so refunds apply at once
let staff: Session;
let owner: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  cashier = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  owner = await shop.signedIn('owner');
});
afterAll(() => shop.close());

/** A ₱500.00 item, no VAT. */
function fiveHundred() {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-S${seq}`, name: `Shift Item ${seq}`, stock: 50_000, unitPrice: 50000 })
    .returning()
    .get();
}
const sell = (s: Session, input: Record<string, unknown>) =>
  s.api.sales.checkout(
    checkoutInput.parse({
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id: fiveHundred().id, quantity: 1 }],
      ...input,
    }),
  );

const READING_FIELDS = [
  'salesCount',
  'gross',
  'scPwdDiscounts',
  'scPwdSales',
  'vat',
  'vatExempt',
  'salesTotal',
  'refundsCount',
  'refunds',
  'net',
  'byMethod',
  'cashTaken',
  'changeGiven',
  'cashRefunded',
] as const;
const totalsOf = (r: object) =>
  Object.fromEntries(READING_FIELDS.map((k) => [k, (r as Record<string, unknown>)[k]]));

let shiftId = 0;
let laterGCashSale = 0;

describe('a shift', () => {
  it('expected cash = opening + cash taken - change - cash refunded + cash in - cash out', async () => {
    const opened = await cashier.api.shifts.open({ openingCash: 100000 }); // ₱1,000.00
    shiftId = opened.shift.id;
    await expectTrpcError(cashier.api.shifts.open({ openingCash: 0 }), 'CONFLICT', SHIFT_TEXT.alreadyOpen);

    // A: ₱500.00 cash, ₱1,000.00 tendered, ₱500.00 change.
    const a = await sell(cashier, { paymentMethod: 'Cash', cashTendered: 100000 });
    // B: ₱500.00 split, ₱200.00 cash (₱250.00 tendered, ₱50.00 change) and ₱300.00 GCash.
    await sell(cashier, {
      payments: [
        { method: 'Cash', amount: 20000 },
        { method: 'GCash', amount: 30000, reference: 'GC-1' },
      ],
      cashTendered: 25000,
    });
    // C: ₱500.00 GCash.
    const c = await sell(cashier, { paymentMethod: 'GCash', reference: 'GC-2' });
    laterGCashSale = c.sale.id;
    // A refunded: ₱500.00 cash back out of the drawer.
    await cashier.api.sales.refund({ id: a.sale.id });
    await cashier.api.shifts.cash({ id: shiftId, type: 'in', amount: 30000, reason: 'Change fund' });
    await cashier.api.shifts.cash({ id: shiftId, type: 'out', amount: 15000, reason: 'Ice for the cakes' });

    const { reading } = await cashier.api.shifts.current();
    // 1,000.00 + (1,000.00 + 250.00) - (500.00 + 50.00) - 500.00 + 300.00 - 150.00 = 1,350.00
    expect(reading).toMatchObject({
      shiftId,
      openingCash: 100000,
      salesCount: 3,
      salesTotal: 150000,
      refundsCount: 1,
      refunds: 50000,
      net: 100000,
      cashTaken: 125000,
      changeGiven: 55000,
      cashRefunded: 50000,
      cashIn: 30000,
      cashOut: 15000,
      expectedCash: 135000,
    });
    expect(reading?.byMethod).toEqual([
      { method: 'Cash', sales: 70000, refunds: 50000, net: 20000 },
      { method: 'GCash', sales: 80000, refunds: 0, net: 80000 },
    ]);
  });

  it('closes with the counted cash and its variance; over ₱100.00 makes a warning', async () => {
    const { reading } = await cashier.api.shifts.close({ id: shiftId, countedCash: 120000 });
    expect(reading).toMatchObject({ expectedCash: 135000, countedCash: 120000, variance: -15000 });
    expect(reading.closedAt).toBeInstanceOf(Date);
    const warning = shop.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'warning'))
      .all()
      .at(-1);
    expect(warning?.message).toContain(`Shift #${shiftId} closed with a variance of -₱150.00`);
    expect(
      shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Close Shift')).all(),
    ).toHaveLength(1);
    await expectTrpcError(
      cashier.api.shifts.close({ id: shiftId, countedCash: 1 }),
      'CONFLICT',
      SHIFT_TEXT.closed,
    );
    await expectTrpcError(
      cashier.api.shifts.cash({ id: shiftId, type: 'in', amount: 1, reason: 'late' }),
      'CONFLICT',
      SHIFT_TEXT.closed,
    );
    expect(await cashier.api.shifts.current()).toEqual({ shift: null, reading: null });
  });
});

describe('end of day (Z reading)', () => {
  it('X equals Z for one shift, and the grand total starts from the first sale', async () => {
    const x = await cashier.api.shifts.reading({ id: shiftId });
    const z = await owner.api.shifts.takeZReading();
    expect(z.number).toBe(1);
    expect(totalsOf(z)).toEqual(totalsOf(x));
    expect(z.grandTotal).toBe(150000);
  });

  it('waits for every open shift (409 naming the cashier), then counts what came since', async () => {
    await staff.api.shifts.open({ openingCash: 0 });
    await expectTrpcError(
      owner.api.shifts.takeZReading(),
      'CONFLICT',
      SHIFT_TEXT.shiftsOpen(staff.user.username),
    );
    await sell(staff, { paymentMethod: 'Cash' });
    const mine = await staff.api.shifts.current();
    await staff.api.shifts.close({ id: mine.shift!.id, countedCash: 50000 });
    const z = await owner.api.shifts.takeZReading();
    expect(z).toMatchObject({ number: 2, salesCount: 1, salesTotal: 50000, grandTotal: 200000 });
  });

  it('numbers readings without gaps; a refund after a reading changes none and counts in the next', async () => {
    const before = await owner.api.shifts.zReadings({});
    await cashier.api.sales.refund({ id: laterGCashSale });
    const after = await owner.api.shifts.zReadings({});
    expect(after).toEqual(before);
    const z = await cashier.api.shifts.takeZReading();
    expect(z).toMatchObject({
      number: 3,
      salesCount: 0,
      refundsCount: 1,
      refunds: 50000,
      net: -50000,
      grandTotal: 200000,
    });
    expect(z.byMethod).toEqual([{ method: 'GCash', sales: 0, refunds: 50000, net: -50000 }]);
    const empty = await owner.api.shifts.takeZReading({ allowEmpty: true });
    expect(empty).toMatchObject({ number: 4, salesCount: 0, refundsCount: 0, grandTotal: 200000 });
    expect((await owner.api.shifts.zReadings({})).map((r) => r.number)).toEqual([4, 3, 2, 1]);
  });
});

describe('who may do what', () => {
  it('staff run their own shift and read its X; only managers and up read others’ or take the Z', async () => {
    const own = await staff.api.shifts.open({ openingCash: 5000 });
    expect((await staff.api.shifts.reading({ id: own.shift.id })).openingCash).toBe(5000);
    await expectTrpcError(staff.api.shifts.reading({ id: shiftId }), 'FORBIDDEN', SHIFT_TEXT.notYours);
    await expectTrpcError(staff.api.shifts.takeZReading(), 'FORBIDDEN');
    await expectTrpcError(staff.api.shifts.zReadings({}), 'FORBIDDEN');
    expect((await cashier.api.shifts.reading({ id: own.shift.id })).shiftId).toBe(own.shift.id);
    expect((await staff.api.shifts.list({})).every((s) => s.cashier === staff.user.username)).toBe(true);
    expect((await owner.api.shifts.list({})).length).toBeGreaterThanOrEqual(3);
    await staff.api.shifts.close({ id: own.shift.id, countedCash: 5000 });
    expect((await rest(shop, 'GET', '/api/shifts/current')).statusCode).toBe(401);
    expect((await rest(shop, 'POST', '/api/end-of-day', staff.accessToken)).statusCode).toBe(403);
  });

  it('bad input is 400 with its message, and nothing is written', async () => {
    await expectTrpcError(
      cashier.api.shifts.open({ openingCash: -1 }),
      'BAD_REQUEST',
      SHIFT_TEXT.openingCash,
    );
    const res = await postJson(shop, '/api/shifts/open', { openingCash: 'lots' }, cashier.accessToken);
    expect(res.statusCode).toBe(400);
    expect(await cashier.api.shifts.current()).toEqual({ shift: null, reading: null });
  });
});

describe('REST, in pesos', () => {
  it('open, cash, current, close answer expectedCash, countedCash and variance; end of day its number and grand total', async () => {
    const opened = await postJson(shop, '/api/shifts/open', { openingCash: 500 }, cashier.accessToken);
    expect(opened.statusCode).toBe(201);
    const id = opened.json().shift.id;
    expect(opened.json().shift.openingCash).toBe(500);
    await sell(cashier, { paymentMethod: 'Cash', cashTendered: 60000 });
    const moved = await postJson(
      shop,
      `/api/shifts/${id}/cash`,
      { type: 'out', amount: 25.5, reason: 'Eggs' },
      cashier.accessToken,
    );
    expect(moved.json().reading).toMatchObject({ cashOut: 25.5, expectedCash: 974.5 });
    const current = await rest(shop, 'GET', '/api/shifts/current', cashier.accessToken);
    expect(current.json().reading).toMatchObject({
      expectedCash: 974.5,
      salesTotal: 500,
      byMethod: [{ method: 'Cash', sales: 500 }],
    });
    const closed = await postJson(
      shop,
      `/api/shifts/${id}/close`,
      { countedCash: 1000 },
      cashier.accessToken,
    );
    expect(closed.json().reading).toMatchObject({ expectedCash: 974.5, countedCash: 1000, variance: 25.5 });
    const z = await rest(shop, 'POST', '/api/end-of-day', owner.accessToken);
    expect(z.statusCode).toBe(201);
    expect(z.json()).toMatchObject({ number: 5, salesTotal: 500, grandTotal: 2500 });
    const list = await rest(shop, 'GET', '/api/end-of-day', owner.accessToken);
    expect(list.json().map((r: { number: number }) => r.number)).toEqual([5, 4, 3, 2, 1]);
    const shifts = await rest(shop, 'GET', '/api/shifts', owner.accessToken);
    expect(shifts.json()[0]).toMatchObject({ shiftId: id, countedCash: 1000, variance: 25.5 });
    // An id that is not a number names no shift: 404, as for any unknown id.
    for (const url of ['/api/shifts/abc/reading', '/api/shifts/999999/reading'])
      expect((await rest(shop, 'GET', url, owner.accessToken)).statusCode).toBe(404);
    const bad = await rest(shop, 'GET', '/api/end-of-day?from=2026-13-01', owner.accessToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SHIFT_TEXT.badRange);
  });

  it('the SC/PWD sales book lists each discounted sale with the holder and the discount', async () => {
    seq++;
    const cake = shop.db
      .insert(cakes)
      .values({ cakeId: `CK-S${seq}`, name: 'Ube Cake', stock: 5, price: 60000 })
      .returning()
      .get();
    const { sale } = await cashier.api.sales.checkout(
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [{ kind: 'cake', id: cake.id, quantity: 1 }],
        paymentMethod: 'Cash',
        discount: { type: 'PWD', name: 'Jose Rizal', idNumber: 'PWD-1896' },
      }),
    );
    const book = await rest(shop, 'GET', '/api/sc-pwd-book', owner.accessToken);
    expect(book.json().rows).toEqual([
      expect.objectContaining({
        saleId: sale.saleId,
        type: 'PWD',
        name: 'Jose Rizal',
        idNumber: 'PWD-1896',
        gross: 600,
        discount: 120,
        net: 480,
      }),
    ]);
    expect((await rest(shop, 'GET', '/api/sc-pwd-book', staff.accessToken)).statusCode).toBe(403);
  });
});
