import { count, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakeOrderLines,
  cakeOrderPayments,
  cakeOrders,
  cakes,
  sales,
  stockMovements,
} from '../../server/db/schema';
import { CAKE_ORDERS_TEXT as T } from '../../shared/texts/cakeOrders';
import { SALES_TEXT } from '../../shared/texts/sales';
import { manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { aCake, pickupIn, takeOrder } from '../helpers/cakeOrders';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// The rules of cake orders over REST and tRPC: one sale however often a pickup is sent, the
// last slot of a full day taken once, the minimum deposit, cancelling both ways, final states,
// stock at pickup, who may do what, and bad bodies refused with nothing written.

let shop: TestShop;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.signedIn('admin');
  owner = await shop.signedIn('owner');
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());
afterEach(async () => {
  closeEveryShift(shop);
  await owner.api.cakeOrders.saveSettings({
    minimumDepositPercent: 50,
    maxOrdersPerDay: null,
    keepDepositOnStaffCancel: true,
  });
});

const rows = (table: SQLiteTable) => shop.db.select({ n: count() }).from(table).get()?.n ?? 0;
/** Rows of the tables an order call may write: a refused call leaves them all as they were. */
const counts = () => ({
  orders: rows(cakeOrders),
  lines: rows(cakeOrderLines),
  payments: rows(cakeOrderPayments),
  sales: rows(sales),
  movements: rows(stockMovements),
  requests: rows(actionRequests),
});

const post = (s: Session, url: string, body: unknown) => rest(shop, 'POST', url, s.accessToken, body);

/** An order over REST (pesos), one custom cake of `price` pesos unless the body says otherwise. */
const orderBody = (fields: Record<string, unknown> = {}) => ({
  customerName: 'Liza Soberano',
  phone: '0917 555 0000',
  pickupAt: pickupIn(2).toISOString(),
  lines: [{ description: '8" ube, "Happy 30th"', quantity: 1, price: 2000 }],
  ...fields,
});

describe('pickup happens once', () => {
  it('10 concurrent pickups with the same body make one sale; each answers it', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager, {
      payments: [{ method: 'GCash', amount: 100000, reference: 'G-77' }],
    });
    const before = counts().sales;
    const body = { payments: [{ method: 'Cash', amount: 1000 }], cashTendered: 1000 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(manager, `/api/cake-orders/${order.id}/pickup`, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((a) => a.json().sale.saleId)).size).toBe(1);
    expect(counts().sales).toBe(before + 1);
    expect(answers.every((a) => a.json().order.status === 'Picked up')).toBe(true);
  });

  it('10 concurrent pickups with different keys: one sale, nine 409', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager, {
      payments: [{ method: 'GCash', amount: 100000, reference: 'G-78' }],
    });
    const before = counts();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(manager, `/api/cake-orders/${order.orderNumber}/pickup`, {
          payments: [{ method: 'GCash', amount: 1000, reference: `G-${i}` }],
          key: `counter-${i}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(T.alreadyPickedUp(order.orderNumber));
    expect(counts().sales).toBe(before.sales + 1);
    // One balance payment: the refused pickups wrote nothing.
    expect(counts().payments).toBe(before.payments + 1);
  });
});

describe('capacity', () => {
  it('10 concurrent orders for the last slot of a day: one 201, nine 409', async () => {
    const day = pickupIn(20);
    const date = manilaDate(day);
    await takeOrder(manager, { pickupAt: day });
    await takeOrder(manager, { pickupAt: day });
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 0,
      maxOrdersPerDay: 3,
      keepDepositOnStaffCancel: true,
    });
    const before = counts();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          manager,
          '/api/cake-orders',
          orderBody({ pickupAt: day.toISOString(), customerName: `Guest ${i}` }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(`No more orders can be taken for ${date}.`);
    expect(counts().orders).toBe(before.orders + 1);
    expect(shop.db.select().from(cakeOrders).where(eq(cakeOrders.pickupDate, date)).all()).toHaveLength(3);
  });

  it('a cancelled order frees its slot', async () => {
    const day = pickupIn(21);
    const { order } = await takeOrder(manager, { pickupAt: day });
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 50,
      maxOrdersPerDay: 1,
      keepDepositOnStaffCancel: true,
    });
    const full = await post(manager, '/api/cake-orders', orderBody({ pickupAt: day.toISOString() }));
    expect(full.statusCode).toBe(409);
    await manager.api.cakeOrders.cancel({ id: order.id, reason: 'Moved', refundDeposit: false });
    expect(
      (await post(manager, '/api/cake-orders', orderBody({ pickupAt: day.toISOString() }))).statusCode,
    ).toBe(201);
  });
});

describe('the minimum deposit', () => {
  it('0%: Confirmed with no deposit', async () => {
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 0,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    });
    expect((await takeOrder(manager, { price: 100001 })).order.status).toBe('Confirmed');
  });

  it('50% of ₱1,000.01 is ₱500.01 (rounded up): a centavo short stays Pending', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const short = await takeOrder(manager, {
      price: 100001,
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
    });
    expect(short.order).toMatchObject({ status: 'Pending', paid: 50000, balanceDue: 50001 });
    const exact = await takeOrder(manager, {
      price: 100001,
      payments: [{ method: 'Cash', amount: 50001, reference: '' }],
    });
    expect(exact.order.status).toBe('Confirmed');
    const topped = await manager.api.cakeOrders.pay({
      id: short.order.id,
      payment: { method: 'PayMaya', amount: 1, reference: 'PM-1' },
      cashTendered: null,
    });
    expect(topped.order).toMatchObject({ status: 'Confirmed', paid: 50001 });
  });

  it('100%: Pending until paid in full', async () => {
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 100,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    });
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager, {
      price: 300000,
      payments: [{ method: 'Credit Card', amount: 299999, reference: 'CC-1' }],
    });
    expect(order.status).toBe('Pending');
    const paid = await manager.api.cakeOrders.pay({
      id: order.id,
      payment: { method: 'Cash', amount: 1, reference: '' },
      cashTendered: 100,
    });
    expect(paid.order).toMatchObject({ status: 'Confirmed', balanceDue: 0 });
  });
});

describe('taking an order', () => {
  it('refuses a pickup time not in the future, writing nothing', async () => {
    const before = counts();
    for (const pickupAt of [new Date(Date.now() - 60_000).toISOString(), new Date().toISOString()]) {
      const res = await post(manager, '/api/cake-orders', orderBody({ pickupAt }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Pickup time must be in the future.');
    }
    expect(counts()).toEqual(before);
  });
});

describe('cancelling', () => {
  it('a manager refunds: paid 0, the cash leaves their drawer, on the readings', async () => {
    const shift = (await manager.api.shifts.open({ openingCash: 10000 })).shift;
    const { order } = await takeOrder(manager, {
      payments: [
        { method: 'Cash', amount: 60000, reference: '' },
        { method: 'GCash', amount: 40000, reference: 'G-1' },
      ],
      cashTendered: 70000,
    });
    const res = await post(manager, `/api/cake-orders/${order.id}/cancel`, {
      reason: 'Party cancelled',
      refundDeposit: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'Cancelled',
      paid: 0,
      balanceDue: 0,
      depositRefunded: true,
      cancelReason: 'Party cancelled',
    });
    expect(await manager.api.shifts.reading({ id: shift.id })).toMatchObject({
      depositsTaken: 100000,
      depositsRefunded: 100000,
      // ₱700 tendered for the ₱600 cash deposit, ₱100 change, ₱600 given back.
      cashTaken: 70000,
      changeGiven: 10000,
      cashRefunded: 60000,
      // ₱100 opening + ₱700 − ₱100 − ₱600.
      expectedCash: 10000,
    });
  });

  it('a manager keeps the deposit: paid stays, nothing refunded', async () => {
    const shift = (await manager.api.shifts.open({ openingCash: 0 })).shift;
    const { order } = await takeOrder(manager, {
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
    });
    const res = await post(manager, `/api/cake-orders/${order.id}/cancel`, {
      reason: 'No show',
      refundDeposit: false,
    });
    expect(res.json().order).toMatchObject({ status: 'Cancelled', paid: 500, depositRefunded: false });
    expect(await manager.api.shifts.reading({ id: shift.id })).toMatchObject({
      depositsTaken: 50000,
      depositsRefunded: 0,
      cashRefunded: 0,
      expectedCash: 50000,
    });
  });

  it('a cash refund needs an open shift; without one nothing changes', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager, {
      payments: [{ method: 'Cash', amount: 50000, reference: '' }],
    });
    closeEveryShift(shop);
    const before = counts();
    const res = await post(manager, `/api/cake-orders/${order.id}/cancel`, {
      reason: 'x',
      refundDeposit: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(T.openShiftToRefund);
    expect(counts()).toEqual(before);
    expect(await manager.api.cakeOrders.get({ id: order.id })).toMatchObject({
      status: 'Pending',
      paid: 50000,
    });
  });

  it('a manager must say whether the deposit is refunded', async () => {
    const { order } = await takeOrder(manager);
    const res = await post(manager, `/api/cake-orders/${order.id}/cancel`, { reason: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(T.refundDeposit);
  });

  /** A staff cancellation of an order with a ₱500 cash deposit, held (202), then approved or rejected. */
  async function staffCancels(keep: boolean) {
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 50,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: keep,
    });
    const shift = (await staff.api.shifts.open({ openingCash: 0 })).shift;
    const { order } = await takeOrder(staff, {
      payments: [{ method: 'Cash', amount: 100000, reference: '' }],
    });
    const res = await post(staff, `/api/cake-orders/${order.id}/cancel`, { reason: 'Changed mind' });
    expect(res.statusCode).toBe(202);
    expect((await staff.api.cakeOrders.get({ id: order.id })).status).toBe('Confirmed');
    const held = (await manager.api.actionRequests.list({ status: 'pending' })).find(
      (r) => r.targetId === order.orderNumber,
    );
    expect(held).toBeDefined();
    return { order, shift, held: held!.id };
  }

  it('staff, the setting keeps: held, approved → cancelled with the deposit kept', async () => {
    const { order, shift, held } = await staffCancels(true);
    await manager.api.actionRequests.approve({ id: held });
    expect(await manager.api.cakeOrders.get({ id: order.id })).toMatchObject({
      status: 'Cancelled',
      paid: 100000,
      depositRefunded: false,
    });
    expect(await manager.api.shifts.reading({ id: shift.id })).toMatchObject({
      depositsRefunded: 0,
      expectedCash: 100000,
    });
  });

  it('staff, the setting refunds: approved → cancelled, the cash out of the asker’s drawer', async () => {
    const { order, shift, held } = await staffCancels(false);
    await manager.api.actionRequests.approve({ id: held });
    expect(await manager.api.cakeOrders.get({ id: order.id })).toMatchObject({
      status: 'Cancelled',
      paid: 0,
      depositRefunded: true,
    });
    expect(await manager.api.shifts.reading({ id: shift.id })).toMatchObject({
      depositsTaken: 100000,
      depositsRefunded: 100000,
      cashRefunded: 100000,
      expectedCash: 0,
    });
  });

  it('staff, refunded on approval after the asker closed: from the approver’s drawer, which must be open', async () => {
    const { order, held } = await staffCancels(false);
    closeEveryShift(shop);
    await expectTrpcError(manager.api.actionRequests.approve({ id: held }), 'CONFLICT', T.openShiftToRefund);
    expect((await manager.api.cakeOrders.get({ id: order.id })).status).toBe('Confirmed');
    const mine = (await manager.api.shifts.open({ openingCash: 200000 })).shift;
    await manager.api.actionRequests.approve({ id: held });
    expect(await manager.api.shifts.reading({ id: mine.id })).toMatchObject({
      depositsRefunded: 100000,
      cashRefunded: 100000,
      // ₱2,000.00 opening − ₱1,000.00 given back.
      expectedCash: 100000,
    });
  });

  it('staff, rejected: the order stays open with its deposit', async () => {
    const { order, held } = await staffCancels(false);
    await manager.api.actionRequests.reject({ id: held });
    expect(await manager.api.cakeOrders.get({ id: order.id })).toMatchObject({
      status: 'Confirmed',
      paid: 100000,
      cancelledAt: null,
    });
  });
});

describe('a picked-up or cancelled order refuses changes', () => {
  it('409 on pay, status, pickup and cancel, writing nothing', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const picked = (
      await takeOrder(manager, { payments: [{ method: 'Cash', amount: 100000, reference: '' }] })
    ).order;
    await post(manager, `/api/cake-orders/${picked.id}/pickup`, {
      payments: [{ method: 'Cash', amount: 1000 }],
      key: 'first',
    });
    const cancelled = (await takeOrder(manager)).order;
    await manager.api.cakeOrders.cancel({ id: cancelled.id, reason: 'x', refundDeposit: false });
    const before = counts();
    for (const order of [picked, cancelled]) {
      const calls = [
        post(manager, `/api/cake-orders/${order.id}/payments`, { method: 'Cash', amount: 1 }),
        post(manager, `/api/cake-orders/${order.id}/status`, { status: 'Ready' }),
        post(manager, `/api/cake-orders/${order.id}/pickup`, {
          payments: [{ method: 'GCash', amount: 1000, reference: 'G' }],
          key: 'another',
        }),
        post(manager, `/api/cake-orders/${order.id}/cancel`, { reason: 'again', refundDeposit: true }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toMatch(order === picked ? /picked up/i : /Cancelled/);
      }
    }
    expect(counts()).toEqual(before);
  });
});

describe('stock at pickup', () => {
  it('a catalogue cake with none on the shelf: 409 naming it, no sale, the order still open', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const cake = aCake(shop, 80000, 1);
    const { order } = await takeOrder(manager, {
      lines: [{ cakeId: cake.cakeId, quantity: 1 }],
      payments: [{ method: 'Cash', amount: 40000, reference: '' }],
    });
    shop.db.update(cakes).set({ stock: 0 }).where(eq(cakes.id, cake.id)).run();
    const before = counts();
    const res = await post(manager, `/api/cake-orders/${order.id}/pickup`, {
      payments: [{ method: 'Cash', amount: 400 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(cake.name);
    expect(counts()).toEqual(before);
    expect((await manager.api.cakeOrders.get({ id: order.id })).status).toBe('Confirmed');
  });

  it('a custom cake takes no stock', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager);
    const before = counts();
    const res = await post(manager, `/api/cake-orders/${order.id}/pickup`, {
      payments: [{ method: 'Cash', amount: 2000 }],
    });
    expect(res.statusCode).toBe(201);
    expect(counts()).toMatchObject({ movements: before.movements, sales: before.sales + 1 });
  });
});

describe('roles', () => {
  it('all four roles list, take, pay and pick up', async () => {
    for (const who of [admin, owner, manager, staff]) {
      await who.api.shifts.open({ openingCash: 0 });
      expect((await rest(shop, 'GET', '/api/cake-orders', who.accessToken)).statusCode).toBe(200);
      expect((await rest(shop, 'GET', '/api/settings/orders', who.accessToken)).json()).toMatchObject({
        minimumDepositPercent: 50,
      });
      const taken = await post(who, '/api/cake-orders', orderBody());
      expect(taken.statusCode, taken.body).toBe(201);
      const id = taken.json().order._id;
      const paid = await post(who, `/api/cake-orders/${id}/payments`, { method: 'Cash', amount: 1000 });
      expect(paid.statusCode, paid.body).toBe(201);
      const picked = await post(who, `/api/cake-orders/${id}/pickup`, {
        payments: [{ method: 'Cash', amount: 1000 }],
      });
      expect(picked.statusCode, picked.body).toBe(201);
    }
  });

  it('only admin and owner change the settings', async () => {
    const settings = { minimumDepositPercent: 40, maxOrdersPerDay: 30, keepDepositOnStaffCancel: false };
    for (const [who, status] of [
      [manager, 403],
      [staff, 403],
      [admin, 200],
      [owner, 200],
    ] as const) {
      const res = await rest(shop, 'PUT', '/api/settings/orders', who.accessToken, settings);
      expect(res.statusCode, res.body).toBe(status);
    }
    expect((await rest(shop, 'GET', '/api/settings/orders', staff.accessToken)).json()).toEqual(settings);
  });
});

describe('bad input over REST', () => {
  let order = 0;
  let cakeCode = '';
  beforeAll(async () => {
    order = (await takeOrder(manager)).order.id;
    cakeCode = aCake(shop).cakeId;
  });

  const custom = { description: '8" mango', quantity: 1, price: 900 };
  const cases: [
    what: string,
    method: 'POST' | 'PUT',
    url: () => string,
    body: () => unknown,
    message?: string,
  ][] = [
    ['missing phone', 'POST', () => '/api/cake-orders', () => orderBody({ phone: undefined }), T.phone],
    ['no lines', 'POST', () => '/api/cake-orders', () => orderBody({ lines: [] }), T.linesRequired],
    [
      'a line with neither cakeId nor description',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ lines: [{ quantity: 1, price: 900 }] }),
      T.description,
    ],
    [
      'a custom line without a price',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ lines: [{ description: '8" mango', quantity: 1 }] }),
      T.price,
    ],
    [
      'an unknown cakeId',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ lines: [{ cakeId: 'CK-NOPE', quantity: 1 }] }),
      T.badCake,
    ],
    [
      'a repeated catalogue cake',
      'POST',
      () => '/api/cake-orders',
      () =>
        orderBody({
          lines: [
            { cakeId: cakeCode, quantity: 1 },
            { cakeId: cakeCode.toLowerCase(), quantity: 1 },
          ],
        }),
      T.repeatedCake,
    ],
    [
      'bad pickupAt text',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ pickupAt: 'next Saturday' }),
      T.pickupAt,
    ],
    [
      'pickupAt without an offset',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ pickupAt: '2099-01-01T10:00:00' }),
      T.pickupAt,
    ],
    [
      'a deposit above the total',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ payments: [{ method: 'Cash', amount: 2000.01 }] }),
      T.overBalance('₱2,000.00'),
    ],
    [
      'a negative price',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ lines: [{ ...custom, price: -1 }] }),
    ],
    [
      'a 3-decimal price',
      'POST',
      () => '/api/cake-orders',
      () => orderBody({ lines: [{ ...custom, price: 9.999 }] }),
    ],
    [
      'a negative amount',
      'POST',
      () => `/api/cake-orders/${order}/payments`,
      () => ({ method: 'Cash', amount: -5 }),
    ],
    [
      'a 3-decimal peso amount',
      'POST',
      () => `/api/cake-orders/${order}/payments`,
      () => ({ method: 'Cash', amount: 10.005 }),
    ],
    [
      'GCash without a reference',
      'POST',
      () => `/api/cake-orders/${order}/payments`,
      () => ({ method: 'GCash', amount: 100 }),
    ],
    [
      'a payment above the balance',
      'POST',
      () => `/api/cake-orders/${order}/payments`,
      () => ({ method: 'Cash', amount: 2000.01 }),
      T.overBalance('₱2,000.00'),
    ],
    [
      'cash tendered below the cash',
      'POST',
      () => `/api/cake-orders/${order}/payments`,
      () => ({ method: 'Cash', amount: 100, cashTendered: 50 }),
    ],
    [
      "status 'Picked up' via /status",
      'POST',
      () => `/api/cake-orders/${order}/status`,
      () => ({ status: 'Picked up' }),
      T.status,
    ],
    [
      'status Cancelled via /status',
      'POST',
      () => `/api/cake-orders/${order}/status`,
      () => ({ status: 'Cancelled' }),
      T.status,
    ],
    [
      'a pickup paying less than the balance',
      'POST',
      () => `/api/cake-orders/${order}/pickup`,
      () => ({ payments: [{ method: 'Cash', amount: 1999.99 }] }),
      T.pickupPayments('₱2,000.00'),
    ],
    [
      'a pickup paying more than the balance',
      'POST',
      () => `/api/cake-orders/${order}/pickup`,
      () => ({ payments: [{ method: 'Cash', amount: 2000.01 }] }),
      T.pickupPayments('₱2,000.00'),
    ],
    [
      'a pickup with two cash payments',
      'POST',
      () => `/api/cake-orders/${order}/pickup`,
      () => ({
        payments: [
          { method: 'Cash', amount: 1000 },
          { method: 'Cash', amount: 1000 },
        ],
      }),
    ],
    [
      'cancel without a reason',
      'POST',
      () => `/api/cake-orders/${order}/cancel`,
      () => ({ refundDeposit: false }),
      T.reason,
    ],
    [
      'cancel with a blank reason',
      'POST',
      () => `/api/cake-orders/${order}/cancel`,
      () => ({ reason: '   ', refundDeposit: false }),
      T.reason,
    ],
    [
      'manager cancel without refundDeposit',
      'POST',
      () => `/api/cake-orders/${order}/cancel`,
      () => ({ reason: 'Moved' }),
      T.refundDeposit,
    ],
    [
      'refundDeposit as text',
      'POST',
      () => `/api/cake-orders/${order}/cancel`,
      () => ({ reason: 'Moved', refundDeposit: 'yes' }),
      T.refundDeposit,
    ],
    [
      'settings percent 101',
      'PUT',
      () => '/api/settings/orders',
      () => ({ minimumDepositPercent: 101, maxOrdersPerDay: null, keepDepositOnStaffCancel: true }),
      T.minimumDepositPercent,
    ],
    [
      'settings 0 orders per day',
      'PUT',
      () => '/api/settings/orders',
      () => ({ minimumDepositPercent: 50, maxOrdersPerDay: 0, keepDepositOnStaffCancel: true }),
      T.maxOrdersPerDay,
    ],
    [
      'settings without keepDepositOnStaffCancel',
      'PUT',
      () => '/api/settings/orders',
      () => ({ minimumDepositPercent: 50, maxOrdersPerDay: null }),
      T.keepDeposit,
    ],
  ];

  it.each(cases)('%s: 400 with a message, nothing written', async (_what, method, url, body, message) => {
    const token = method === 'PUT' ? owner.accessToken : manager.accessToken;
    // The cash cases need a drawer, so a refusal is the body's doing.
    await manager.api.shifts.open({ openingCash: 0 });
    const before = counts();
    const settings = await owner.api.cakeOrders.settings();
    const res = await rest(shop, method, url(), token, body());
    expect(res.statusCode, res.body).toBe(400);
    const said = url().startsWith('/api/settings') ? res.json().error : res.json().message;
    expect(typeof said).toBe('string');
    expect(said.length).toBeGreaterThan(5);
    if (message) expect(said).toBe(message);
    expect(counts()).toEqual(before);
    expect(await owner.api.cakeOrders.settings()).toEqual(settings);
  });

  it('a pickup of a paid order tendering cash for nothing: 400, nothing written', async () => {
    await manager.api.shifts.open({ openingCash: 0 });
    const { order } = await takeOrder(manager, {
      payments: [{ method: 'GCash', amount: 200000, reference: 'G-FULL' }],
    });
    const before = counts();
    const res = await post(manager, `/api/cake-orders/${order.id}/pickup`, {
      payments: [],
      cashTendered: 500,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SALES_TEXT.cashTenderedWithoutCash);
    expect(counts()).toEqual(before);
    const fine = await post(manager, `/api/cake-orders/${order.id}/pickup`, { payments: [] });
    expect(fine.statusCode).toBe(201);
  });

  it('a calendar of at most 62 days', async () => {
    const ok = await rest(
      shop,
      'GET',
      '/api/cake-orders/calendar?from=2026-01-01&to=2026-03-03',
      staff.accessToken,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().days).toHaveLength(62);
    for (const to of ['2026-03-04', '2199-12-31']) {
      const res = await rest(
        shop,
        'GET',
        `/api/cake-orders/calendar?from=2026-01-01&to=${to}`,
        staff.accessToken,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The calendar shows at most 62 days at once.');
    }
  });

  it('an order that does not exist: 404', async () => {
    for (const url of ['/api/cake-orders/999999', '/api/cake-orders/ORD-999999']) {
      const res = await rest(shop, 'GET', url, manager.accessToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(T.notFound);
    }
  });

  it('over tRPC too: a past pickup and a staff settings change are refused', async () => {
    await expectTrpcError(
      takeOrder(staff, { pickupAt: new Date(Date.now() - 1) }),
      'BAD_REQUEST',
      T.pickupPast,
    );
    await expectTrpcError(
      staff.api.cakeOrders.saveSettings({
        minimumDepositPercent: 10,
        maxOrdersPerDay: null,
        keepDepositOnStaffCancel: true,
      }),
      'FORBIDDEN',
    );
  });
});
