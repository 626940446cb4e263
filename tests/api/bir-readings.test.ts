import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfDay, inventoryItems, journal, shifts } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { pickUp } from '../../server/domains/cakeOrders/pickup';
import { createOrder } from '../../server/domains/cakeOrders/service';
import { verifyJournal } from '../../server/domains/journal/chain';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { takeEndOfDay } from '../../server/domains/shifts/endOfDay';
import { listEndOfDay } from '../../server/domains/shifts/lookBack';
import { closeShift, moveCash, openShift } from '../../server/domains/shifts/service';
import { xReading } from '../../server/domains/shifts/xReading';
import { createOrderInput, pickupInput } from '../../shared/schemas/cakeOrders';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { rest } from '../helpers/rest';

// The BIR fields of the X and Z readings against one day on terminal 1 worked out by hand,
// then the Z reading per terminal: its own sales only, its own counter, its grand total's chain.

let shop: TestShop;
let admin: Viewer;
let owner: Session;
let staff: Session;
let shiftId = 0;
const x: Record<string, unknown> = {};

/** An hour of a Manila day. */
const at = (time: string) => new Date(`2026-10-05T${time}:00+08:00`);

const sell = (time: string, fields: Record<string, unknown>) =>
  checkout(
    shop.db,
    admin,
    checkoutInput.parse({ orderType: 'Walk-in', paymentMethod: 'Cash', taxRate: 12, ...fields }),
    at(time),
  );
const flour = (quantity: number) => ({ kind: 'item', code: 'INV-RFLOUR', quantity });
const bread = (quantity: number) => ({ kind: 'item', code: 'INV-RBREAD', quantity });

/**
 * The day, in centavos. Flour ₱100 (no SC/PWD), bread ₱50 (SC/PWD eligible).
 *  1. 09:00 flour ×2 at 12% VAT: 20000 + 2400 = 22400, cash 30000 tendered, change 7600.
 *  2. 10:00 SC: bread ×1 (5000, exempt, 1000 off) + flour ×1 (10000 + 1200 VAT) = 15200, GCash.
 *  3. 10:30 PWD: bread ×2 (10000, exempt, 2000 off) = 8000, cash.
 *  4. 11:00 flour ×1 sold with no VAT (taxRate 0) = 10000, cash; refunded 12:00 in cash.
 *  5. 11:30 flour ×3 at 12%: 30000 + 3600 = 33600, split cash 20000 + GCash 13600.
 *  6. 13:00 SC 5% on flour ×2 (basic necessities): 20000 - 1000 = 19000 + 2280 VAT = 21280, GCash.
 *  7. 15:00 pickup of a cake order of 100000 + 12000 VAT = 112000: deposit 50000 GCash taken
 *     09:30, the rest 62000 in cash.
 * gross 205000; discounts SC 1000, PWD 2000, SC5 1000; VAT 21480; VATable 20000 + 10000 +
 * 30000 + 19000 + 100000 = 179000; VAT-exempt 4000 + 8000 + 10000 = 22000; refunds 1, 10000;
 * net 205000 - 4000 + 21480 - 10000 = 212480; the sales' totals 222480.
 * Cash: 100000 opening + taken (30000 + 8000 + 10000 + 20000 + 62000) - change 7600 - refund
 * 10000 + in 5000 - out 2000 = 215400 expected; 215000 counted.
 */
const DAY = {
  beginningInvoice: 'INV1-000000001',
  endingInvoice: 'INV1-000000007',
  beginningRefund: 'INV1-R000000001',
  endingRefund: 'INV1-R000000001',
  zCounter: 1,
  resetCounter: 0,
  previousGrandTotal: 0,
  presentGrandTotal: 222480,
  grossSales: 205000,
  vatableSales: 179000,
  vatAmount: 21480,
  vatExemptSales: 22000,
  zeroRatedSales: 0,
  discounts: { SC: 1000, PWD: 2000, SC5: 1000, other: 0 },
  refundsCount: 1,
  refundsAmount: 10000,
  netSales: 212480,
  payments: { Cash: 122400, GCash: 100080 },
  depositsTaken: 50000,
  depositsApplied: 50000,
  cashIn: 5000,
  cashOut: 2000,
  expectedCash: 215400,
};

beforeAll(async () => {
  shop = await testApp();
  admin = shop.adminViewer();
  owner = await shop.signedIn('owner');
  staff = await shop.signedIn('staff');
  shop.db
    .insert(inventoryItems)
    .values([
      {
        itemId: 'INV-RFLOUR',
        name: 'Reading Flour',
        stock: 1_000_000,
        unitPrice: 10000,
        basicNecessity: true,
      },
      { itemId: 'INV-RBREAD', name: 'Reading Bread', stock: 1_000_000, unitPrice: 5000, scPwdEligible: true },
    ])
    .run();
  const db = shop.db;
  shiftId = openShift(db, admin, 100000, at('08:00')).shift.id;
  await sell('09:00', { lines: [flour(2)], cashTendered: 30000 });
  const order = createOrder(
    db,
    admin,
    createOrderInput.parse({
      customerName: 'Reyes',
      phone: '0917 000 1111',
      pickupAt: at('15:00'),
      lines: [{ description: 'Birthday cake', quantity: 1, price: 100000 }],
      taxRate: 12,
      payments: [{ method: 'GCash', amount: 50000, reference: 'G-DEP' }],
    }),
    at('09:30'),
  ).order;
  const sc = { name: 'Lola Basyang', idNumber: 'SC-1' };
  await sell('10:00', {
    lines: [bread(1), flour(1)],
    discount: { type: 'SC', ...sc },
    paymentMethod: 'GCash',
    reference: 'G-2',
  });
  await sell('10:30', { lines: [bread(2)], discount: { type: 'PWD', name: 'Juan', idNumber: 'PWD-1' } });
  const noVat = await sell('11:00', { lines: [flour(1)], taxRate: 0 });
  await sell('11:30', {
    lines: [flour(3)],
    paymentMethod: undefined,
    payments: [
      { method: 'Cash', amount: 20000 },
      { method: 'GCash', amount: 13600, reference: 'G-5' },
    ],
  });
  refund(db, admin, noVat.sale.saleId, at('12:00'));
  // The seniors' 5% on flour, a basic necessity: 5% off before VAT, VAT on what is left.
  await sell('13:00', {
    lines: [flour(2)],
    discount: { type: 'SC5', ...sc },
    paymentMethod: 'GCash',
    reference: 'G-6',
  });
  moveCash(db, admin, { id: shiftId, type: 'in', amount: 5000, reason: 'Change fund' });
  moveCash(db, admin, { id: shiftId, type: 'out', amount: 2000, reason: 'Ice' });
  await pickUp(
    db,
    admin,
    pickupInput.parse({ id: order.id, payments: [{ method: 'Cash', amount: 62000 }] }),
    at('15:00'),
  );
  const row = db.select().from(shifts).where(eq(shifts.id, shiftId)).get()!;
  x.open = xReading(db, row, at('16:00'));
  x.closed = closeShift(db, admin, { id: shiftId, countedCash: 215000 }, at('17:00')).reading;
  x.z = takeEndOfDay(db, admin, at('18:00'));
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

describe('a day on one terminal, worked out by hand', () => {
  it('the X reading of the shift shows every BIR field', () => {
    expect(x.open).toMatchObject({ ...DAY, terminalId: 1, countedCash: null });
    expect(x.closed).toMatchObject({ ...DAY, countedCash: 215000, variance: -400 });
  });

  it('the Z reading of the terminal shows the same figures, its counter and grand totals', () => {
    expect(x.z).toMatchObject({
      ...DAY,
      number: 1,
      terminalId: 1,
      countedCash: 215000,
      grandTotal: 222480,
      repeated: false,
    });
  });

  it('REST answers the same in pesos', async () => {
    const reading = (await rest(shop, 'GET', `/api/shifts/${shiftId}/reading`, owner.accessToken)).json();
    expect(reading).toMatchObject({
      grossSales: 2050,
      vatableSales: 1790,
      vatAmount: 214.8,
      vatExemptSales: 220,
      discounts: { SC: 10, PWD: 20, SC5: 10, other: 0 },
      refundsAmount: 100,
      netSales: 2124.8,
      payments: { Cash: 1224, GCash: 1000.8 },
      presentGrandTotal: 2224.8,
      zCounter: 2,
    });
    const [z] = (
      await rest(shop, 'GET', '/api/end-of-day?from=2026-10-05&to=2026-10-05', owner.accessToken)
    ).json();
    expect(z).toMatchObject({
      zCounter: 1,
      terminalId: 1,
      netSales: 2124.8,
      expectedCash: 2154,
      countedCash: 2150,
    });
  });

  it('the shift close and the Z reading each wrote their journal row, and the chain verifies', () => {
    const rows = shop.db
      .select()
      .from(journal)
      .where(eq(journal.at, at('17:00')))
      .all()
      .concat(
        shop.db
          .select()
          .from(journal)
          .where(eq(journal.at, at('18:00')))
          .all(),
      );
    expect(rows.map((r) => [r.kind, r.documentNumber, r.amount, r.terminalId])).toEqual([
      ['x-reading', `X-${shiftId}`, 212480, 1],
      ['z-reading', 'INV1-Z-1', 212480, 1],
    ]);
    expect(JSON.parse(rows[0]!.document)).toMatchObject({ shiftId, grossSales: 205000, countedCash: 215000 });
    expect(JSON.parse(rows[1]!.document)).toMatchObject({ number: 1, zCounter: 1, netSales: 212480 });
    expect(verifyJournal(shop.db)).toMatchObject({ ok: true, firstBadSequence: null });
  });
});

const sellAt = (terminalId: number, method = 'Cash') =>
  rest(shop, 'POST', '/api/sales', owner.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: method,
    reference: method === 'Cash' ? '' : 'G-T2',
    taxRate: 12,
    items: [{ itemId: 'INV-RFLOUR', quantity: 1 }],
    terminalId,
  });
const zOn = (body: Record<string, unknown>) => postJson(shop, '/api/end-of-day', body, owner.accessToken);

describe('the Z reading per terminal', () => {
  let two = 0;
  let three = 0;

  it('counts only its own terminal, numbers its Z counter there, chains its grand total', async () => {
    const made = await rest(shop, 'POST', '/api/terminals', owner.accessToken, {
      name: 'Counter 2',
      invoicePrefix: 'C2-',
    });
    two = made.json().terminal._id;
    for (const terminal of [1, two, two]) expect((await sellAt(terminal)).statusCode).toBe(201);
    // A shift open on terminal 2 holds its Z, not terminal 1's.
    const { shift } = await staff.api.shifts.open({ openingCash: 0, terminalId: two });
    const held = await zOn({ terminalId: two });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(SHIFT_TEXT.shiftsOpen(staff.user.username));
    const first = await zOn({});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      terminalId: 1,
      zCounter: 2,
      salesCount: 1,
      beginningInvoice: 'INV1-000000008',
      endingInvoice: 'INV1-000000008',
      beginningRefund: null,
      previousGrandTotal: 2224.8,
      presentGrandTotal: 2336.8,
      grossSales: 100,
      vatableSales: 100,
      vatAmount: 12,
      netSales: 112,
      payments: { Cash: 112 },
    });
    await staff.api.shifts.close({ id: shift.id, countedCash: 0 });
    const second = await zOn({ terminalId: two });
    expect(second.json()).toMatchObject({
      terminalId: two,
      zCounter: 1,
      salesCount: 2,
      beginningInvoice: 'C2-000000001',
      endingInvoice: 'C2-000000002',
      previousGrandTotal: 0,
      presentGrandTotal: 224,
      expectedCash: 0,
      countedCash: 0,
    });
    expect((await sellAt(two, 'GCash')).statusCode).toBe(201);
    const third = await zOn({ terminalId: two });
    expect(third.json()).toMatchObject({
      terminalId: two,
      zCounter: 2,
      salesCount: 1,
      beginningInvoice: 'C2-000000003',
      previousGrandTotal: 224,
      presentGrandTotal: 336,
      payments: { GCash: 112 },
    });
    const numbers = shop.db.select().from(endOfDay).orderBy(asc(endOfDay.number)).all();
    expect(numbers.map((r) => [r.number, r.terminalId, r.zCounter])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, two, 1],
      [4, two, 2],
    ]);
  });

  it('refuses a Z with nothing to count after another unless asked for on purpose; a first one is a zero reading', async () => {
    const empty = await zOn({ terminalId: two });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ message: SHIFT_TEXT.nothingToCount('Counter 2') });
    const meant = await zOn({ terminalId: two, allowEmpty: true });
    expect(meant.statusCode).toBe(201);
    expect(meant.json()).toMatchObject({
      zCounter: 3,
      salesCount: 0,
      beginningInvoice: null,
      endingInvoice: null,
      grossSales: 0,
      netSales: 0,
      previousGrandTotal: 336,
      presentGrandTotal: 336,
    });
    await expect(owner.api.shifts.takeZReading({ terminalId: two })).rejects.toThrow(
      SHIFT_TEXT.nothingToCount('Counter 2'),
    );
    three = (
      await rest(shop, 'POST', '/api/terminals', owner.accessToken, {
        name: 'Counter 3',
        invoicePrefix: 'C3-',
      })
    ).json().terminal._id;
    const zero = await zOn({ terminalId: three });
    expect(zero.statusCode).toBe(201);
    expect(zero.json()).toMatchObject({
      terminalId: three,
      zCounter: 1,
      salesCount: 0,
      presentGrandTotal: 0,
    });
    const bad = await zOn({ allowEmpty: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: SHIFT_TEXT.badAllowEmpty });
  });

  it('makes one reading of a key asked twice, even sent together', async () => {
    await sellAt(two);
    const before = await shop.db.$count(endOfDay);
    const together = await Promise.all([1, 2].map(() => zOn({ requestKey: 'z-two-1', terminalId: two })));
    expect(together.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(together.map((a) => a.json().number)).size).toBe(1);
    const again = await zOn({ requestKey: 'z-two-1', terminalId: two });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ number: together[0]!.json().number, zCounter: 4, repeated: true });
    expect(await shop.db.$count(endOfDay)).toBe(before + 1);
  });

  it('the X reading of a shift names the Z counter its terminal takes next', async () => {
    const { shift } = await staff.api.shifts.open({ openingCash: 0, terminalId: two });
    const reading = await staff.api.shifts.reading({ id: shift.id });
    expect(reading).toMatchObject({
      terminalId: two,
      zCounter: 5,
      previousGrandTotal: 44800,
      presentGrandTotal: 44800,
    });
    await staff.api.shifts.close({ id: shift.id, countedCash: 0 });
    const rows = shop.db.select().from(journal).where(eq(journal.kind, 'x-reading')).all();
    expect(rows.map((r) => r.documentNumber).at(-1)).toBe(`X-${shift.id}`);
    expect(rows.at(-1)!.terminalId).toBe(two);
    const zRows = shop.db.select().from(journal).where(eq(journal.kind, 'z-reading')).all();
    expect(zRows.map((r) => r.documentNumber)).toEqual([
      'INV1-Z-1',
      'INV1-Z-2',
      'C2-Z-1',
      'C2-Z-2',
      'C2-Z-3',
      'C3-Z-1',
      'C2-Z-4',
    ]);
    expect(verifyJournal(shop.db).ok).toBe(true);
    // A shift closed since the last Z is something to count: its drawer is the Z's cash lines.
    const drawer = await zOn({ terminalId: two });
    expect(drawer.statusCode).toBe(201);
    expect(drawer.json()).toMatchObject({ zCounter: 5, salesCount: 0, expectedCash: 0, countedCash: 0 });
  });

  it('reads a reading taken before the BIR fields were kept, filling them', () => {
    const old = {
      salesCount: 0,
      gross: 0,
      scPwdDiscounts: 0,
      scPwdSales: 0,
      vat: 0,
      vatExempt: 0,
      salesTotal: 5000,
      refundsCount: 0,
      refunds: 0,
      net: 5000,
      byMethod: [],
      cashTaken: 0,
      changeGiven: 0,
      cashRefunded: 0,
    };
    shop.db
      .insert(endOfDay)
      .values({
        number: 99,
        takenAt: new Date('2026-01-02T10:00:00Z'),
        totals: JSON.stringify(old),
        grandTotal: 7000,
      })
      .run();
    const [z] = listEndOfDay(shop.db, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-03T00:00:00Z'));
    expect(z).toMatchObject({
      number: 99,
      terminalId: 1,
      zCounter: 99,
      beginningInvoice: null,
      endingRefund: null,
      resetCounter: 0,
      previousGrandTotal: 2000,
      presentGrandTotal: 7000,
      grossSales: 0,
      discounts: { SC: 0, PWD: 0, SC5: 0, other: 0 },
      payments: {},
      netSales: 0,
      depositsTaken: 0,
      cashIn: 0,
    });
  });

  it('looks back on a taken reading without reading its totals again, unless its row changed', () => {
    const totals = {
      ...JSON.parse(shop.db.select().from(endOfDay).all()[0]?.totals ?? '{}'),
      grossSales: 1234,
    };
    shop.db
      .insert(endOfDay)
      .values({
        number: 98,
        takenAt: new Date('2026-01-04T10:00:00Z'),
        totals: JSON.stringify(totals),
        grandTotal: 9000,
      })
      .run();
    const span = [new Date('2026-01-04T00:00:00Z'), new Date('2026-01-05T00:00:00Z')] as const;
    const [first] = listEndOfDay(shop.db, ...span);
    const [again] = listEndOfDay(shop.db, ...span);
    expect(first?.grossSales).toBe(1234);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // A restore could put other totals under the same number: read anew.
    shop.db.$client
      .prepare('update end_of_day set totals = ? where number = 98')
      .run(JSON.stringify({ ...totals, grossSales: 4321 }));
    const [restored] = listEndOfDay(shop.db, ...span);
    expect(restored?.grossSales).toBe(4321);
    expect(restored).not.toBe(first);
  });
});
