import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts, type users } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { cancelOrder } from '../../server/domains/cakeOrders/cancel';
import { pickUp } from '../../server/domains/cakeOrders/pickup';
import { createOrder, payOrder } from '../../server/domains/cakeOrders/service';
import { takeEndOfDay } from '../../server/domains/shifts/endOfDay';
import { closeShift, openShift } from '../../server/domains/shifts/service';
import { xReading } from '../../server/domains/shifts/xReading';
import {
  cancelOrderInput,
  createOrderInput,
  payOrderInput,
  pickupInput,
} from '../../shared/schemas/cakeOrders';
import { type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// Deposits taken on one day, a Z reading, the pickups on the next: each X reading and both
// Z readings worked out by hand. The services are called with the hour they happen at, so
// the two days are real days (Manila) and the sales report can be asked about each.

let shop: TestShop;
let token = '';
const viewerOf = (user: typeof users.$inferSelect): Viewer => ({
  user,
  sessionId: 'test',
  mustSetPassword: false,
});
/** An hour of a Manila day. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const DAY1 = '2026-10-05';
const DAY2 = '2026-10-06';

let ana: Viewer;
let ben: Viewer;
let carla: Viewer;
let admin: Viewer;
const readings: Record<string, unknown> = {};

beforeAll(async () => {
  shop = await testApp();
  token = (await shop.adminSession()).accessToken;
  admin = shop.adminViewer();
  ana = viewerOf(await shop.addUser('staff', { username: 'ana' }));
  ben = viewerOf(await shop.addUser('staff', { username: 'ben' }));
  carla = viewerOf(await shop.addUser('manager', { username: 'carla' }));
  const db = shop.db;
  const order = (taker: Viewer, when: Date, fields: Record<string, unknown>) =>
    createOrder(
      db,
      taker,
      createOrderInput.parse({
        customerName: 'Reyes',
        phone: '0917 000 1111',
        pickupAt: at(DAY2, '15:00'),
        ...fields,
      }),
      when,
    ).order;

  // Day 1: Ana takes three orders with deposits in her shift, closes it; the Z reading.
  const s1 = openShift(db, ana, 100000, at(DAY1, '08:00')).shift;
  const a = order(ana, at(DAY1, '09:00'), {
    lines: [{ description: 'Wedding cake, 3 tiers', quantity: 1, price: 200000 }],
    taxRate: 12,
    payments: [{ method: 'Cash', amount: 60000 }],
    cashTendered: 100000,
  });
  const b = order(ana, at(DAY1, '10:00'), {
    lines: [{ description: 'Christening cake', quantity: 1, price: 150000 }],
    payments: [{ method: 'GCash', amount: 80000, reference: 'G-1' }],
  });
  const c = order(ana, at(DAY1, '11:00'), {
    lines: [{ description: 'Birthday cake', quantity: 1, price: 100000 }],
    payments: [{ method: 'Cash', amount: 50000 }],
  });
  readings.x1 = xReading(db, db.select().from(shifts).where(eq(shifts.id, s1.id)).get()!);
  closeShift(db, ana, { id: s1.id, countedCash: 210000 }, at(DAY1, '17:00'));
  readings.z1 = takeEndOfDay(db, admin, at(DAY1, '18:00'));

  // Day 2: Ben takes a payment on A and picks A and B up; Carla cancels C refunding its cash.
  const s2 = openShift(db, ben, 50000, at(DAY2, '08:00')).shift;
  const s3 = openShift(db, carla, 100000, at(DAY2, '08:30')).shift;
  payOrder(
    db,
    ben,
    payOrderInput.parse({ id: a.id, payment: { method: 'PayMaya', amount: 40000, reference: 'PM-1' } }),
    at(DAY2, '09:00'),
  );
  cancelOrder(
    db,
    carla,
    cancelOrderInput.parse({ id: c.id, reason: 'Party moved', refundDeposit: true }),
    at(DAY2, '10:00'),
  );
  readings.pickupA = pickUp(
    db,
    ben,
    pickupInput.parse({ id: a.id, payments: [{ method: 'Cash', amount: 124000 }], cashTendered: 150000 }),
    at(DAY2, '15:00'),
  );
  pickUp(
    db,
    ben,
    pickupInput.parse({ id: b.id, payments: [{ method: 'Credit Card', amount: 70000, reference: 'CC-9' }] }),
    at(DAY2, '16:00'),
  );
  const row = (id: number) => db.select().from(shifts).where(eq(shifts.id, id)).get()!;
  readings.x2 = xReading(db, row(s2.id));
  readings.x3 = xReading(db, row(s3.id));
  readings.s2 = s2.id;
  closeShift(db, ben, { id: s2.id, countedCash: 174000 }, at(DAY2, '17:00'));
  closeShift(db, carla, { id: s3.id, countedCash: 50000 }, at(DAY2, '17:05'));
  readings.z2 = takeEndOfDay(db, admin, at(DAY2, '18:00'));
});
afterAll(() => shop.close());

describe('two days of deposits and pickups', () => {
  it("day 1, Ana's X reading: deposits only, no sale", () => {
    expect(readings.x1).toMatchObject({
      salesCount: 0,
      salesTotal: 0,
      // ₱600.00 cash (A) + ₱800.00 GCash (B) + ₱500.00 cash (C).
      depositsTaken: 190000,
      depositsApplied: 0,
      depositsRefunded: 0,
      // ₱1,000.00 tendered for A's ₱600.00 + ₱500.00 exact for C.
      cashTaken: 150000,
      // ₱1,000.00 − ₱600.00.
      changeGiven: 40000,
      cashRefunded: 0,
      // ₱1,000.00 opening + ₱1,500.00 − ₱400.00.
      expectedCash: 210000,
    });
  });

  it('Z reading 1: the same deposits, no sales, grand total ₱0.00', () => {
    expect(readings.z1).toMatchObject({
      number: 1,
      salesCount: 0,
      salesTotal: 0,
      depositsTaken: 190000,
      depositsApplied: 0,
      depositsRefunded: 0,
      cashTaken: 150000,
      changeGiven: 40000,
      cashRefunded: 0,
      grandTotal: 0,
    });
  });

  it("day 2, Ben's X reading: two pickups' sales, their deposits applied, only new cash counted", () => {
    expect(readings.x2).toMatchObject({
      salesCount: 2,
      // A: ₱2,000.00 + 12% VAT ₱240.00 = ₱2,240.00; B: ₱1,500.00. ₱2,240.00 + ₱1,500.00.
      salesTotal: 374000,
      vat: 24000,
      // A's PayMaya ₱400.00, taken today.
      depositsTaken: 40000,
      // A: ₱600.00 + ₱400.00; B: ₱800.00.
      depositsApplied: 180000,
      depositsRefunded: 0,
      // A's balance ₱2,240.00 − ₱1,000.00 = ₱1,240.00, ₱1,500.00 tendered; B's by card.
      cashTaken: 150000,
      // ₱1,500.00 − ₱1,240.00.
      changeGiven: 26000,
      cashRefunded: 0,
      // ₱500.00 opening + ₱1,500.00 − ₱260.00.
      expectedCash: 174000,
    });
  });

  it("day 2, Carla's X reading: C's cash deposit given back from her drawer", () => {
    expect(readings.x3).toMatchObject({
      salesCount: 0,
      salesTotal: 0,
      depositsTaken: 0,
      depositsApplied: 0,
      depositsRefunded: 50000,
      cashTaken: 0,
      changeGiven: 0,
      cashRefunded: 50000,
      // ₱1,000.00 opening − ₱500.00.
      expectedCash: 50000,
    });
  });

  it('Z reading 2: both sales, deposits applied and refunded, grand total ₱3,740.00', () => {
    expect(readings.z2).toMatchObject({
      number: 2,
      salesCount: 2,
      salesTotal: 374000,
      depositsTaken: 40000,
      depositsApplied: 180000,
      depositsRefunded: 50000,
      cashTaken: 150000,
      changeGiven: 26000,
      cashRefunded: 50000,
      // ₱0.00 (Z 1) + ₱3,740.00.
      grandTotal: 374000,
    });
  });

  it('the pickup sale is the whole order, its payments the deposits and the balance', () => {
    const { sale } = readings.pickupA as { sale: { totalAmount: number; payments: unknown[] } };
    expect(sale.totalAmount).toBe(224000);
    expect(sale.payments).toEqual([
      expect.objectContaining({ method: 'Cash', amount: 60000 }),
      expect.objectContaining({ method: 'PayMaya', amount: 40000 }),
      expect.objectContaining({ method: 'Cash', amount: 124000 }),
    ]);
  });

  it('REST shows the readings in pesos', async () => {
    const x = await rest(shop, 'GET', `/api/shifts/${readings.s2}/reading`, token);
    expect(x.json()).toMatchObject({
      salesTotal: 3740,
      depositsTaken: 400,
      depositsApplied: 1800,
      depositsRefunded: 0,
      expectedCash: 1740,
    });
    const z = await rest(shop, 'GET', `/api/end-of-day?from=${DAY1}&to=${DAY2}`, token);
    expect(z.statusCode).toBe(200);
    const list = z.json() as { number: number }[];
    expect(list.find((r) => r.number === 2)).toMatchObject({
      depositsTaken: 400,
      depositsApplied: 1800,
      depositsRefunded: 500,
      grandTotal: 3740,
    });
  });

  it('the sales report counts the pickups on day 2 and no deposit on day 1', async () => {
    const res = await rest(
      shop,
      'GET',
      `/api/salesReport/summary?range=custom&from=${DAY1}&to=${DAY2}`,
      token,
    );
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ totalSales: 3740, totalTransactions: 2, taxAmount: 240 });
    expect(summary.daily).toEqual([
      { date: DAY1, totalSales: 0, revenue: 0, cost: 0 },
      { date: DAY2, totalSales: 3740, revenue: 3500, cost: 0 },
    ]);
    const dayOne = await (await shop.adminSession()).api.reports.summary({
      range: 'custom',
      from: DAY1,
      to: DAY1,
    });
    expect(dayOne).toMatchObject({ totalSales: 0, totalTransactions: 0 });
  });
});
