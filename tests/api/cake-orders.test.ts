import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cakeOrders, cakes, productSalesByDay, saleLines, sales } from '../../server/db/schema';
import { CAKE_ORDERS_TEXT, CUSTOM_CAKES_ROW, CUSTOM_CODE } from '../../shared/texts/cakeOrders';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { aCake, pickupIn, takeOrder } from '../helpers/cakeOrders';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Cake orders end to end over tRPC and REST: taking, paying, pickup, cancelling.

let shop: TestShop;
let manager: Session;
let staff: Session;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  owner = await shop.signedIn('owner');
});
afterAll(() => shop.close());
afterEach(() => closeEveryShift(shop));

describe('an order', () => {
  it('is numbered ORD-000001 upward, Pending until the minimum deposit, then Confirmed', async () => {
    await staff.api.shifts.open({ openingCash: 0 });
    const first = await takeOrder(staff, { price: 200000 });
    expect(first.order).toMatchObject({
      orderNumber: 'ORD-000001',
      status: 'Pending',
      total: 200000,
      paid: 0,
      balanceDue: 200000,
    });
    const second = await takeOrder(staff, {
      payments: [{ method: 'GCash', amount: 100000, reference: 'G-1' }],
    });
    expect(second.order).toMatchObject({
      orderNumber: 'ORD-000002',
      status: 'Confirmed',
      paid: 100000,
      balanceDue: 100000,
    });
    const paid = await staff.api.cakeOrders.pay({
      id: first.order.id,
      payment: { method: 'Cash', amount: 99999, reference: '' },
      cashTendered: 100000,
    });
    expect(paid.order.status).toBe('Pending');
    const more = await staff.api.cakeOrders.pay({
      id: 'ORD-000001',
      payment: { method: 'Cash', amount: 1, reference: '' },
      cashTendered: null,
    });
    expect(more.order).toMatchObject({ status: 'Confirmed', paid: 100000 });
    await expectTrpcError(
      staff.api.cakeOrders.pay({
        id: first.order.id,
        payment: { method: 'Cash', amount: 100001, reference: '' },
        cashTendered: null,
      }),
      'BAD_REQUEST',
      CAKE_ORDERS_TEXT.overBalance('₱1,000.00'),
    );
  });

  it('lists each order with what it has been paid', async () => {
    const a = await takeOrder(manager, { payments: [{ method: 'GCash', amount: 120000, reference: 'L-1' }] });
    const b = await takeOrder(manager, { payments: [{ method: 'GCash', amount: 30000, reference: 'L-2' }] });
    const { orders } = await manager.api.cakeOrders.list({ search: 'Maria', limit: 100 });
    const shown = orders.filter((o) => [a.order.id, b.order.id].includes(o.id));
    expect(shown.map((o) => [o.orderNumber, o.paid, o.balanceDue])).toEqual([
      [a.order.orderNumber, 120000, 80000],
      [b.order.orderNumber, 30000, 170000],
    ]);
  });

  it('refuses a pickup time already past', async () => {
    await expectTrpcError(
      takeOrder(manager, { pickupAt: new Date(Date.now() - 1000) }),
      'BAD_REQUEST',
      CAKE_ORDERS_TEXT.pickupPast,
    );
  });
});

describe('pickup', () => {
  it('makes one sale of the whole total; deposits counted once in the drawer', async () => {
    const cake = aCake(shop, 150000, 2);
    const mine = (await staff.api.shifts.open({ openingCash: 10000 })).shift;
    const { order } = await takeOrder(staff, {
      lines: [
        { cakeId: cake.cakeId, quantity: 1 },
        { description: 'Number topper', quantity: 1, price: 50000 },
      ],
      payments: [{ method: 'Cash', amount: 100000, reference: '' }],
      cashTendered: 100000,
    });
    expect(order).toMatchObject({ total: 200000, status: 'Confirmed' });
    const res = await rest(shop, 'POST', `/api/cake-orders/${order.orderNumber}/pickup`, staff.accessToken, {
      payments: [{ method: 'Cash', amount: 1000 }],
      cashTendered: 1200,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.order).toMatchObject({ status: 'Picked up', paid: 2000, balanceDue: 0 });
    expect(body.sale).toMatchObject({ totalAmount: 2000, change: 200 });
    expect(body.sale.payments).toEqual([
      { method: 'Cash', amount: 1000, reference: null },
      { method: 'Cash', amount: 1000, reference: null },
    ]);
    expect(shop.db.select().from(cakes).where(eq(cakes.id, cake.id)).get()?.stock).toBe(1);
    const again = await rest(shop, 'POST', `/api/cake-orders/${order.id}/pickup`, staff.accessToken, {
      payments: [{ method: 'Cash', amount: 1000 }],
      cashTendered: 1200,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().sale.saleId).toBe(body.sale.saleId);
    const other = await rest(shop, 'POST', `/api/cake-orders/${order.id}/pickup`, staff.accessToken, {
      payments: [{ method: 'GCash', amount: 1000, reference: 'x' }],
    });
    expect(other.statusCode).toBe(409);
    expect(await shop.db.$count(sales)).toBe(1);
    // The custom cake is a line of its own kind, taking no stock; the reports gather custom cakes in one row.
    const lines = shop.db.select().from(saleLines).all();
    expect(lines.map((l) => [l.kind, l.code, l.name, l.cakeId])).toEqual([
      ['cake', cake.cakeId, cake.name, cake.id],
      ['custom', CUSTOM_CODE, 'Number topper', null],
    ]);
    expect(
      shop.db.select().from(productSalesByDay).where(eq(productSalesByDay.kind, 'custom')).get(),
    ).toMatchObject({
      code: CUSTOM_CODE,
      name: CUSTOM_CAKES_ROW,
      quantity: 1,
      revenue: 50000,
    });
    // Refunded at the counter later: the order stays Picked up and says so.
    await manager.api.sales.refund({ id: body.sale._id });
    expect((await staff.api.cakeOrders.get({ id: order.id })).saleRefunded).toBe(true);
    const reading = await staff.api.shifts.reading({ id: mine.id });
    // ₱100 opening + ₱1,000 deposit + ₱1,200 tendered − ₱200 change.
    expect(reading).toMatchObject({
      salesCount: 1,
      salesTotal: 200000,
      depositsTaken: 100000,
      depositsApplied: 100000,
      depositsRefunded: 0,
      cashTaken: 220000,
      changeGiven: 20000,
      expectedCash: 210000,
    });
  });
});

describe('cancelling', () => {
  it('refunds the cash deposit from the canceller’s drawer, or keeps it', async () => {
    const mine = (await manager.api.shifts.open({ openingCash: 0 })).shift;
    const a = await takeOrder(manager, { payments: [{ method: 'Cash', amount: 50000, reference: '' }] });
    const b = await takeOrder(manager, { payments: [{ method: 'Cash', amount: 30000, reference: '' }] });
    const refunded = await manager.api.cakeOrders.cancel({
      id: a.order.id,
      reason: 'Party moved',
      refundDeposit: true,
    });
    expect(refunded).toMatchObject({ order: { status: 'Cancelled', paid: 0, depositRefunded: true } });
    await manager.api.cakeOrders.cancel({ id: b.order.id, reason: 'No show', refundDeposit: false });
    expect(await manager.api.shifts.reading({ id: mine.id })).toMatchObject({
      depositsTaken: 80000,
      depositsRefunded: 50000,
      expectedCash: 30000,
    });
    const held = await staff.api.cakeOrders.cancel({ id: (await takeOrder(manager)).order.id, reason: 'x' });
    expect(held).toMatchObject({ requested: true });
    expect(
      shop.db
        .select()
        .from(cakeOrders)
        .all()
        .filter((o) => o.status === 'Cancelled').length,
    ).toBe(2);
  });
});

describe('settings and capacity', () => {
  it('refuses an order for a full day', async () => {
    const day = pickupIn(5);
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 0,
      maxOrdersPerDay: 1,
      keepDepositOnStaffCancel: true,
    });
    const first = await takeOrder(manager, { pickupAt: day });
    expect(first.order.status).toBe('Confirmed');
    await expectTrpcError(
      takeOrder(manager, { pickupAt: day }),
      'CONFLICT',
      CAKE_ORDERS_TEXT.full(first.order.pickupDate),
    );
    const got = await rest(shop, 'GET', '/api/settings/orders', staff.accessToken);
    expect(got.json()).toEqual({
      minimumDepositPercent: 0,
      maxOrdersPerDay: 1,
      keepDepositOnStaffCancel: true,
    });
    await owner.api.cakeOrders.saveSettings({
      minimumDepositPercent: 50,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    });
  });
});
