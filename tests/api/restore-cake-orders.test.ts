import { asc, eq, max } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  cakeOrderEvents,
  cakeOrderLines,
  cakeOrderPayments,
  cakeOrders,
  cakes,
  customers,
  saleLines,
  salePayments,
  sales,
  shifts,
  users,
} from '../../server/db/schema';
import { BACKUP_AREAS } from '../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { CAKE_ORDERS_TEXT, orderNumber } from '../../shared/texts/cakeOrders';
import { SALES_TEXT } from '../../shared/texts/sales';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';

// Cake orders have a backup area of their own: orders by number (ORD-000001) with their lines,
// payments and history; the customer, the cakes and the pickup's sale by business id. A
// restore brings them back whole with their numbers, refuses a bad row by name and writes
// nothing then, and never takes back a payment. The sales backup marks the deposits a pickup
// applied, so a pickup's sale with several cash payments restores.

let shop: TestShop;
let owner: Session;
let cashier: { id: number; email: string };
const ids = { closedShift: 0, openShift: 0, pickupSale: 0 };

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  const db = shop.db;
  cashier = await shop.addUser('staff');
  const customer = db
    .insert(customers)
    .values({ customerId: 'CUST-000001', name: 'Ana Reyes' })
    .returning()
    .get().id;
  const ube = db
    .insert(cakes)
    .values({ cakeId: 'CK-000001', name: 'Ube Cake', stock: 3, price: 85000 })
    .returning()
    .get().id;
  ids.closedShift = db
    .insert(shifts)
    .values({
      cashierId: cashier.id,
      openingCash: 0,
      openedAt: at('2026-11-20T00:00:00.000Z'),
      closedAt: at('2026-11-20T10:00:00.000Z'),
      countedCash: 50000,
      expectedCash: 50000,
      variance: 0,
    })
    .returning()
    .get().id;
  ids.openShift = db
    .insert(shifts)
    .values({ cashierId: cashier.id, openingCash: 0, openedAt: at('2026-11-21T00:00:00.000Z') })
    .returning()
    .get().id;
  // The pickup's sale: two cash deposits applied, the balance in cash with change.
  ids.pickupSale = db
    .insert(sales)
    .values({
      saleId: 'TXN-ORD-1',
      customerName: 'Ana Reyes',
      customerId: customer,
      orderType: 'Walk-in',
      subtotal: 205000,
      taxRate: 12,
      taxAmount: 24600,
      totalAmount: 229600,
      paymentMethod: 'Cash + Cash + Cash',
      cashTendered: 150000,
      change: 400,
      linesKey: `cake:${ube}x1,custom:0x1`,
      soldBy: cashier.id,
      soldAt: at('2026-11-21T03:00:00.000Z'),
    })
    .returning()
    .get().id;
  db.insert(saleLines)
    .values([
      {
        saleId: ids.pickupSale,
        kind: 'cake',
        cakeId: ube,
        code: 'CK-000001',
        name: 'Ube Cake',
        price: 85000,
        purchasePrice: 0,
        quantity: 1,
        cost: 0,
        lineTotal: 85000,
      },
      {
        saleId: ids.pickupSale,
        kind: 'custom',
        code: '',
        name: '8-inch chocolate, two layers',
        price: 120000,
        purchasePrice: 0,
        quantity: 1,
        cost: 0,
        lineTotal: 120000,
      },
    ])
    .run();
  db.insert(salePayments)
    .values([
      { saleId: ids.pickupSale, method: 'Cash', amount: 50000, appliedDeposit: true },
      { saleId: ids.pickupSale, method: 'Cash', amount: 30000, appliedDeposit: true },
      { saleId: ids.pickupSale, method: 'Cash', amount: 149600 },
    ])
    .run();
  const order = (values: Partial<typeof cakeOrders.$inferInsert> & { number: number }) =>
    db
      .insert(cakeOrders)
      .values({
        customerName: 'Ana Reyes',
        phone: '0917 123 4567',
        pickupAt: at('2026-11-21T02:00:00.000Z'),
        pickupDate: '2026-11-21',
        taxRate: 0,
        subtotal: 120000,
        taxAmount: 0,
        total: 120000,
        status: 'Pending',
        createdBy: cashier.id,
        createdAt: at('2026-11-19T01:00:00.000Z'),
        ...values,
      })
      .returning()
      .get().id;
  // ORD-000001: a registered customer's, picked up; deposits in two shifts, the balance at pickup.
  const first = order({
    number: 1,
    customerId: customer,
    taxRate: 12,
    subtotal: 205000,
    taxAmount: 24600,
    total: 229600,
    inscription: 'Happy 7th Birthday, Mia!',
    notes: '=HYPERLINK("http://x.test","click")',
    status: 'Picked up',
    saleId: ids.pickupSale,
    pickupKey: 'key-1',
    pickedUpAt: at('2026-11-21T03:00:00.000Z'),
    pickedUpBy: cashier.id,
  });
  db.insert(cakeOrderLines)
    .values([
      {
        orderId: first,
        cakeId: ube,
        code: 'CK-000001',
        description: 'Ube Cake',
        quantity: 1,
        price: 85000,
        lineTotal: 85000,
      },
      {
        orderId: first,
        description: '8-inch chocolate, two layers',
        quantity: 1,
        price: 120000,
        lineTotal: 120000,
      },
    ])
    .run();
  db.insert(cakeOrderPayments)
    .values([
      {
        orderId: first,
        kind: 'deposit',
        method: 'Cash',
        amount: 50000,
        cashTendered: 100000,
        change: 50000,
        shiftId: ids.closedShift,
        zNumber: 1,
        takenBy: cashier.id,
        takenAt: at('2026-11-20T02:00:00.000Z'),
      },
      {
        orderId: first,
        kind: 'deposit',
        method: 'Cash',
        amount: 30000,
        shiftId: ids.openShift,
        zPending: true,
        takenBy: cashier.id,
        takenAt: at('2026-11-21T01:00:00.000Z'),
      },
      {
        orderId: first,
        kind: 'balance',
        method: 'Cash',
        amount: 149600,
        cashTendered: 150000,
        change: 400,
        shiftId: ids.openShift,
        takenBy: cashier.id,
        takenAt: at('2026-11-21T03:00:00.000Z'),
      },
    ])
    .run();
  db.insert(cakeOrderEvents)
    .values([
      { orderId: first, at: at('2026-11-19T01:00:00.000Z'), userId: cashier.id, text: 'Order taken.' },
      { orderId: first, at: at('2026-11-21T03:00:00.000Z'), userId: cashier.id, text: 'Picked up.' },
    ])
    .run();
  // ORD-000002: a walk-in's, confirmed by a GCash deposit, for pickup in a week.
  const pickup = new Date(Date.now() + 7 * DAY);
  const second = order({
    number: 2,
    customerName: 'Ben Cruz',
    pickupAt: pickup,
    pickupDate: new Date(pickup.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10),
    status: 'Confirmed',
  });
  db.insert(cakeOrderLines)
    .values({
      orderId: second,
      description: 'Mocha roll, 12 inches',
      quantity: 2,
      price: 60000,
      lineTotal: 120000,
    })
    .run();
  db.insert(cakeOrderPayments)
    .values({
      orderId: second,
      kind: 'deposit',
      method: 'GCash',
      amount: 60000,
      reference: 'GC-7781',
      shiftId: ids.openShift,
      zPending: true,
      takenBy: cashier.id,
      takenAt: at('2026-11-21T04:00:00.000Z'),
    })
    .run();
  db.insert(cakeOrderEvents)
    .values({ orderId: second, at: at('2026-11-21T04:00:00.000Z'), userId: cashier.id, text: 'Order taken.' })
    .run();
  // ORD-000003: cancelled, its cash deposit refunded.
  const third = order({
    number: 3,
    customerName: 'Carla Santos',
    status: 'Cancelled',
    cancelledAt: at('2026-11-20T05:00:00.000Z'),
    cancelledBy: owner.user.id,
    cancelReason: 'The party moved',
    depositRefunded: true,
  });
  db.insert(cakeOrderLines)
    .values({ orderId: third, description: 'Mango cake', quantity: 1, price: 120000, lineTotal: 120000 })
    .run();
  db.insert(cakeOrderPayments)
    .values([
      {
        orderId: third,
        kind: 'deposit',
        method: 'Cash',
        amount: 60000,
        shiftId: ids.closedShift,
        takenBy: cashier.id,
        takenAt: at('2026-11-20T01:00:00.000Z'),
      },
      {
        orderId: third,
        kind: 'refund',
        method: 'Cash',
        amount: 60000,
        takenBy: owner.user.id,
        takenAt: at('2026-11-20T05:00:00.000Z'),
      },
    ])
    .run();
});
afterAll(() => shop.close());

const backup = (area = 'cake-orders') => backupFile(shop, area, owner.accessToken);
const restore = (file: Buffer, { dryRun = false, area = 'cake-orders' } = {}) =>
  restoreFile(shop, area, file, owner.accessToken, dryRun);

const email = (id: number | null) =>
  id === null ? null : (shop.db.select().from(users).where(eq(users.id, id)).get()?.email ?? null);

/** Every order with its lines, payments and history, by business ids; database ids left out. */
function orderState() {
  return shop.db
    .select()
    .from(cakeOrders)
    .orderBy(asc(cakeOrders.number))
    .all()
    .map(({ id, customerId, saleId, createdBy, pickedUpBy, cancelledBy, pickupKey: _k, ...order }) => ({
      ...order,
      customer:
        customerId && shop.db.select().from(customers).where(eq(customers.id, customerId)).get()?.customerId,
      sale: saleId && shop.db.select().from(sales).where(eq(sales.id, saleId)).get()?.saleId,
      createdBy: email(createdBy),
      pickedUpBy: email(pickedUpBy),
      cancelledBy: email(cancelledBy),
      lines: shop.db
        .select()
        .from(cakeOrderLines)
        .where(eq(cakeOrderLines.orderId, id))
        .orderBy(asc(cakeOrderLines.id))
        .all()
        .map(({ id: _i, orderId: _o, ...line }) => line),
      payments: shop.db
        .select()
        .from(cakeOrderPayments)
        .where(eq(cakeOrderPayments.orderId, id))
        .orderBy(asc(cakeOrderPayments.takenAt))
        .all()
        .map(({ id: _i, orderId: _o, takenBy, ...payment }) => ({ ...payment, takenBy: email(takenBy) })),
      events: shop.db
        .select()
        .from(cakeOrderEvents)
        .where(eq(cakeOrderEvents.orderId, id))
        .orderBy(asc(cakeOrderEvents.at))
        .all()
        .map(({ id: _i, orderId: _o, userId, ...event }) => ({ ...event, user: email(userId) })),
    }));
}

/** What a restore writes back: no Z reading waits for a restored payment, none counted it. */
const restored = (state: ReturnType<typeof orderState>) =>
  state.map((order) => ({
    ...order,
    payments: order.payments.map((p) => ({ ...p, zPending: false, zNumber: null })),
  }));

/** The row of a sheet whose cells hold these values (a restore may have reordered rows). */
function rowWhere(sheet: ReturnType<typeof byField>, values: Record<string, unknown>): number {
  for (let row = 2; row <= sheet.sheet.rowCount; row++)
    if (Object.entries(values).every(([field, value]) => sheet.get(row)[field] === value)) return row;
  throw new Error(`no row with ${JSON.stringify(values)}`);
}

const wipe = () => shop.db.delete(cakeOrders).run();

const orderId = (number: number) =>
  shop.db.select().from(cakeOrders).where(eq(cakeOrders.number, number)).get()!.id;

describe('the cake-orders backup', () => {
  it('is an area of its own', () => {
    expect(BACKUP_AREAS).toContain('cake-orders');
  });

  it('holds each order by number with its lines, payments and history, in pesos', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await backup()) as unknown as ArrayBuffer);
    const orders = byField(book, 'cake-orders');
    expect(orders.get(2)).toEqual({
      orderNumber: 'ORD-000001',
      customerName: 'Ana Reyes',
      customerId: 'CUST-000001',
      phone: '0917 123 4567',
      pickupAt: '2026-11-21T02:00:00.000Z',
      status: 'Picked up',
      taxRate: 12,
      subtotal: 2050,
      taxAmount: 246,
      total: 2296,
      inscription: 'Happy 7th Birthday, Mia!',
      notes: '=HYPERLINK("http://x.test","click")',
      saleId: 'TXN-ORD-1',
      pickedUpAt: '2026-11-21T03:00:00.000Z',
      pickedUpBy: cashier.email,
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
      depositRefunded: null,
      createdBy: cashier.email,
      createdAt: '2026-11-19T01:00:00.000Z',
    });
    expect(orders.sheet.getRow(2).getCell(12).formula).toBeUndefined();
    expect(orders.get(3)).toMatchObject({ orderNumber: 'ORD-000002', customerId: null, saleId: null });
    expect(orders.get(4)).toMatchObject({
      orderNumber: 'ORD-000003',
      status: 'Cancelled',
      cancelledBy: owner.user.email,
      cancelReason: 'The party moved',
      depositRefunded: 'yes',
    });
    const lines = byField(book, 'lines');
    expect([2, 3].map((row) => lines.get(row))).toEqual([
      {
        orderNumber: 'ORD-000001',
        cakeId: 'CK-000001',
        description: 'Ube Cake',
        quantity: 1,
        price: 850,
        lineTotal: 850,
      },
      {
        orderNumber: 'ORD-000001',
        cakeId: null,
        description: '8-inch chocolate, two layers',
        quantity: 1,
        price: 1200,
        lineTotal: 1200,
      },
    ]);
    const payments = byField(book, 'payments');
    expect(payments.get(2)).toEqual({
      orderNumber: 'ORD-000001',
      kind: 'deposit',
      method: 'Cash',
      amount: 500,
      reference: null,
      cashTendered: 1000,
      change: 500,
      takenAt: '2026-11-20T02:00:00.000Z',
      takenBy: cashier.email,
      shiftId: ids.closedShift,
    });
    expect(payments.get(5)).toMatchObject({
      orderNumber: 'ORD-000002',
      method: 'GCash',
      reference: 'GC-7781',
    });
    expect(payments.get(7)).toMatchObject({ orderNumber: 'ORD-000003', kind: 'refund', amount: 600 });
    expect(byField(book, 'events').get(2)).toEqual({
      orderNumber: 'ORD-000001',
      at: '2026-11-19T01:00:00.000Z',
      user: cashier.email,
      text: 'Order taken.',
    });
  });

  it('its own file restores with nothing to change', async () => {
    const before = orderState();
    const res = await restore(await backup());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: true });
    expect(orderState()).toEqual(before);
  });

  it('wiped, the orders come back whole with their numbers, waiting for no Z reading', async () => {
    const original = orderState();
    expect(original[0]?.payments.map((p) => p.zPending)).toEqual([false, true, false]);
    const file = await backup();
    wipe();
    const preview = await restore(file, { dryRun: true });
    expect(preview.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: false });
    expect(orderState()).toEqual([]);
    const res = await restore(file);
    expect(res.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: true });
    expect(orderState()).toEqual(restored(original));
    // Each payment is back in the shift it was taken in (the taker's, open at the time).
    expect(original[0]?.payments.map((p) => p.shiftId)).toEqual([
      ids.closedShift,
      ids.openShift,
      ids.openShift,
    ]);
    // The next order takes the highest number + 1, as the service does: ORD-000004.
    const next =
      (shop.db
        .select({ n: max(cakeOrders.number) })
        .from(cakeOrders)
        .get()?.n ?? 0) + 1;
    expect(orderNumber(next)).toBe('ORD-000004');
    const id = shop.db
      .insert(cakeOrders)
      .values({
        number: next,
        customerName: 'Dina Lopez',
        phone: '0918 000 0000',
        pickupAt: new Date(Date.now() + DAY),
        pickupDate: '2099-01-01',
        taxRate: 0,
        subtotal: 100,
        taxAmount: 0,
        total: 100,
        status: 'Pending',
      })
      .returning()
      .get().id;
    shop.db.delete(cakeOrders).where(eq(cakeOrders.id, id)).run();
  });

  it('keeps no shift that is not the one the payment was taken in', async () => {
    const file = await edited(await backup(), (book) => {
      const payments = byField(book, 'payments');
      payments.set(2, 'shiftId', ids.openShift); // opened after the deposit was taken
      payments.set(3, 'shiftId', 999); // no such shift here
    });
    const original = orderState();
    wipe();
    expect((await restore(file)).json()).toMatchObject({ added: 3, rejected: [], applied: true });
    const state = orderState();
    expect(state[0]?.payments.map((p) => p.shiftId)).toEqual([null, null, ids.openShift]);
    // Set back as it was.
    wipe();
    await restore(
      await edited(file, (book) => {
        const payments = byField(book, 'payments');
        payments.set(2, 'shiftId', ids.closedShift);
        payments.set(3, 'shiftId', ids.openShift);
      }),
    );
    expect(orderState()).toEqual(original);
  });

  it('an open order changed since is set back to the file, lines, payments and history too', async () => {
    const original = orderState();
    const file = await backup();
    const second = orderId(2);
    shop.db
      .update(cakeOrders)
      .set({ status: 'In production', notes: 'Changed', phone: '0999' })
      .where(eq(cakeOrders.id, second))
      .run();
    shop.db
      .update(cakeOrderLines)
      .set({ quantity: 1, lineTotal: 60000 })
      .where(eq(cakeOrderLines.orderId, second))
      .run();
    shop.db.delete(cakeOrderPayments).where(eq(cakeOrderPayments.orderId, second)).run();
    shop.db.delete(cakeOrderEvents).where(eq(cakeOrderEvents.orderId, second)).run();
    const res = await restore(file);
    expect(res.json()).toEqual({ added: 0, updated: 1, unchanged: 2, rejected: [], applied: true });
    expect(orderState()).toEqual(original);
  });

  it('never takes back a payment, nor changes a picked-up or cancelled order', async () => {
    const file = await backup();
    const before = orderState();
    shop.db
      .insert(cakeOrderPayments)
      .values({
        orderId: orderId(2),
        kind: 'deposit',
        method: 'Cash',
        amount: 10000,
        takenBy: cashier.id,
        takenAt: at('2026-11-22T01:00:00.000Z'),
      })
      .run();
    const bad = await edited(file, (book) => byField(book, 'cake-orders').set(4, 'cancelReason', 'Other'));
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      {
        sheet: 'cake-orders',
        row: 3,
        reason:
          'ORD-000002: a ₱100.00 Cash deposit taken 2026-11-22T01:00:00.000Z is on file but not in the file; a restore never takes back a payment.',
      },
      {
        sheet: 'cake-orders',
        row: 4,
        reason:
          'ORD-000003 is Cancelled on file and the file differs (cancelReason); a picked-up or cancelled order is never changed.',
      },
    ]);
    shop.db.delete(cakeOrderPayments).where(eq(cakeOrderPayments.amount, 10000)).run();
    expect(orderState()).toEqual(before);
  });

  it('records a pickup the file holds on an order still open on file', async () => {
    const file = await backup();
    const original = orderState();
    const first = orderId(1);
    shop.db
      .update(cakeOrders)
      .set({ status: 'Ready', saleId: null, pickedUpAt: null, pickedUpBy: null })
      .where(eq(cakeOrders.id, first))
      .run();
    shop.db.delete(cakeOrderPayments).where(eq(cakeOrderPayments.kind, 'balance')).run();
    expect((await restore(file)).json()).toMatchObject({ updated: 1, unchanged: 2, applied: true });
    // The balance is back too; nothing else changed.
    expect(orderState()).toEqual(original);
  });

  it('refuses bad rows, each named, and writes nothing', async () => {
    const file = await backup();
    const bad = await edited(file, (book) => {
      const orders = byField(book, 'cake-orders');
      const third = orders.get(4);
      orders.set(2, 'customerId', 'CUST-404');
      orders.set(3, 'total', 1300);
      orders.add({ ...third, orderNumber: 'ord-000003' }); // 5
      orders.add({ ...third, orderNumber: 'ORD-12' }); // 6
      orders.add({
        ...third,
        orderNumber: 'ORD-000010',
        status: 'Picked up',
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 7
      orders.add({
        ...third,
        orderNumber: 'ORD-000011',
        status: 'Picked up',
        saleId: 'TXN-404',
        pickedUpAt: '2026-11-21T03:00:00.000Z',
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 8
      orders.add({
        ...third,
        orderNumber: 'ORD-000012',
        status: 'Ready',
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 9
      orders.add({
        ...third,
        orderNumber: 'ORD-000013',
        status: 'Ready',
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 10
      orders.add({
        ...third,
        orderNumber: 'ORD-000014',
        status: 'Ready',
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 11
      orders.add({
        ...third,
        orderNumber: 'ORD-000015',
        status: 'Ready',
        subtotal: 1700,
        total: 1700,
        cancelledAt: null,
        cancelReason: null,
        depositRefunded: null,
      }); // 12
      const lines = byField(book, 'lines');
      const mango = lines.get(rowWhere(lines, { orderNumber: 'ORD-000003' }));
      lines.add({ ...mango, orderNumber: 'ORD-000010' }); // 6
      lines.add({ ...mango, orderNumber: 'ORD-000011' }); // 7
      lines.add({ ...mango, orderNumber: 'ORD-000012', cakeId: 'CK-404' }); // 8
      lines.add({ ...mango, orderNumber: 'ORD-000013', lineTotal: 1100 }); // 9
      lines.add({ ...mango, orderNumber: 'ORD-000014' }); // 10
      lines.add({ ...mango, orderNumber: 'ORD-000404' }); // 11
      const ube = lines.get(rowWhere(lines, { cakeId: 'CK-000001' }));
      lines.add({ ...ube, orderNumber: 'ORD-000015' }); // 12
      lines.add({ ...ube, orderNumber: 'ORD-000015' }); // 13
      const payments = byField(book, 'payments');
      const gcash = payments.get(rowWhere(payments, { method: 'GCash' }));
      payments.add({ ...gcash, orderNumber: 'ORD-000014', reference: null }); // 8
      payments.add({
        ...gcash,
        orderNumber: 'ORD-000014',
        method: 'Cash',
        reference: null,
        cashTendered: 700,
        change: 50,
      }); // 9
      payments.add({ ...gcash, orderNumber: 'ORD-000014', kind: 'refund', method: 'Cash', reference: null }); // 10
      payments.add({ ...gcash, orderNumber: 'ORD-000014', method: 'Cash', cashTendered: 500, change: null }); // 11
      byField(book, 'events').add({
        orderNumber: 'ORD-000404',
        at: '2026-11-21T04:00:00.000Z',
        user: null,
        text: 'Lost',
      });
    });
    const before = orderState();
    const activity = await shop.db.$count(activityLogs);
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    const rejected = res.json().rejected;
    expect(res.json().message).toBe(BACKUP_TEXT.rowsRefused(rejected.length));
    expect(rejected).toEqual([
      {
        sheet: 'cake-orders',
        row: 2,
        reason: 'customerId: CUST-404 is not a customer on file; restore the customers backup first.',
      },
      { sheet: 'cake-orders', row: 3, reason: 'ORD-000002: total is not subtotal + taxAmount.' },
      { sheet: 'cake-orders', row: 5, reason: 'orderNumber 3 is also on row 4.' },
      { sheet: 'cake-orders', row: 6, reason: 'orderNumber: must be an order number like ORD-000001' },
      { sheet: 'cake-orders', row: 7, reason: 'saleId: a picked-up order names the sale made at pickup' },
      {
        sheet: 'cake-orders',
        row: 8,
        reason: 'saleId: TXN-404 is not a sale on file; restore the sales backup first.',
      },
      {
        sheet: 'cake-orders',
        row: 10,
        reason: 'ORD-000013: line on row 9: lineTotal ₱1,100.00 is not price × quantity.',
      },
      {
        sheet: 'cake-orders',
        row: 11,
        reason: 'ORD-000014: only a cancelled order has a refund.',
      },
      { sheet: 'lines', row: 8, reason: 'cakeId: CK-404 is not on file; restore the cakes backup first.' },
      { sheet: 'lines', row: 11, reason: 'orderNumber ORD-000404 is not in the cake-orders sheet.' },
      { sheet: 'lines', row: 13, reason: `ORD-000015: ${CAKE_ORDERS_TEXT.repeatedCake}` },
      { sheet: 'payments', row: 8, reason: `reference: ${SALES_TEXT.referenceRequired}` },
      {
        sheet: 'payments',
        row: 9,
        reason: 'change: must be cash tendered less the amount, blank without cash tendered',
      },
      { sheet: 'payments', row: 11, reason: `cashTendered: ${SALES_TEXT.cashShareTooLow('₱600.00')}` },
      { sheet: 'events', row: 5, reason: 'orderNumber ORD-000404 is not in the cake-orders sheet.' },
    ]);
    expect(orderState()).toEqual(before);
    // Only the refusal is logged.
    expect(await shop.db.$count(activityLogs)).toBe(activity + 1);
  });

  it('is not another area’s file', async () => {
    const res = await restore(await backup('customers'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      BACKUP_TEXT.wrongArea('cake-orders', 'it has no cake-orders or lines or payments or events sheet'),
    );
  });
});

describe('the sales backup and applied deposits', () => {
  it('marks the deposits a pickup applied, and brings them back on another shop', async () => {
    const file = await backup('sales');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const payments = byField(book, 'payments');
    expect([2, 3, 4].map((row) => payments.get(row))).toEqual([
      { saleId: 'TXN-ORD-1', method: 'Cash', amount: 500, reference: null, appliedDeposit: 'yes' },
      { saleId: 'TXN-ORD-1', method: 'Cash', amount: 300, reference: null, appliedDeposit: 'yes' },
      { saleId: 'TXN-ORD-1', method: 'Cash', amount: 1496, reference: null, appliedDeposit: 'no' },
    ]);
    const other = await testApp();
    try {
      const otherOwner = await other.signedIn('owner');
      other.db.insert(customers).values({ customerId: 'CUST-000001', name: 'Ana Reyes' }).run();
      const res = await restoreFile(other, 'sales', file, otherOwner.accessToken);
      expect(res.json()).toMatchObject({ added: 1, rejected: [], applied: true });
      const sale = other.db.select().from(sales).where(eq(sales.saleId, 'TXN-ORD-1')).get()!;
      expect(sale).toMatchObject({ cashTendered: 150000, change: 400, zPending: false });
      expect(
        other.db
          .select({
            method: salePayments.method,
            amount: salePayments.amount,
            applied: salePayments.appliedDeposit,
          })
          .from(salePayments)
          .where(eq(salePayments.saleId, sale.id))
          .orderBy(asc(salePayments.id))
          .all(),
      ).toEqual([
        { method: 'Cash', amount: 50000, applied: true },
        { method: 'Cash', amount: 30000, applied: true },
        { method: 'Cash', amount: 149600, applied: false },
      ]);
      const line = other.db.select().from(saleLines).where(eq(saleLines.kind, 'custom')).get();
      expect(line).toMatchObject({
        code: '',
        cakeId: null,
        itemId: null,
        name: '8-inch chocolate, two layers',
      });
    } finally {
      await other.close();
    }
  });

  it('holds a pickup’s sale to the tender rules on what was not a deposit', async () => {
    const file = await backup('sales');
    const bad = await edited(file, (book) => {
      const sheet = byField(book, 'sales');
      const payments = byField(book, 'payments');
      const sale = sheet.get(2);
      // Two cash payments that are not deposits: one too many.
      const lines = byField(book, 'lines');
      const withLines = (saleId: string) => {
        for (const row of [2, 3]) lines.add({ ...lines.get(row), saleId });
      };
      sheet.add({ ...sale, saleId: 'TXN-ORD-2' }); // 3
      withLines('TXN-ORD-2');
      payments.add({ ...payments.get(2), saleId: 'TXN-ORD-2', appliedDeposit: 'no' });
      payments.add({ ...payments.get(3), saleId: 'TXN-ORD-2' });
      payments.add({ ...payments.get(4), saleId: 'TXN-ORD-2' });
      // The change is the balance's cash less what was tendered for it, never the deposits'.
      sheet.add({ ...sale, saleId: 'TXN-ORD-3', change: 704 }); // 4
      withLines('TXN-ORD-3');
      for (const row of [2, 3, 4]) payments.add({ ...payments.get(row), saleId: 'TXN-ORD-3' });
      // Cash tendered covers the cash of the balance alone.
      sheet.add({ ...sale, saleId: 'TXN-ORD-4', cashTendered: 1000, change: -496 }); // 5
      withLines('TXN-ORD-4');
      for (const row of [2, 3, 4]) payments.add({ ...payments.get(row), saleId: 'TXN-ORD-4' });
    });
    const res = await restore(bad, { area: 'sales' });
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      { sheet: 'sales', row: 3, reason: `TXN-ORD-2: ${SALES_TEXT.oneCashPayment}` },
      {
        sheet: 'sales',
        row: 4,
        reason: 'TXN-ORD-3: change ₱704.00 is not cash tendered less the cash payment (₱4.00).',
      },
      { sheet: 'sales', row: 5, reason: `TXN-ORD-4: ${SALES_TEXT.cashShareTooLow('₱1,496.00')}` },
    ]);
  });

  it('a workbook made before applied deposits restores its payments as none', async () => {
    const file = await backup('sales');
    const old = await edited(file, (book) => {
      const sheet = byField(book, 'sales');
      const payments = byField(book, 'payments');
      sheet.add({
        ...sheet.get(2),
        saleId: 'TXN-OLD-1',
        customerId: null,
        paymentMethod: 'Cash + GCash',
        cashTendered: 2000,
        change: 704,
      });
      payments.add({ saleId: 'TXN-OLD-1', method: 'Cash', amount: 1296, reference: null });
      payments.add({ saleId: 'TXN-OLD-1', method: 'GCash', amount: 1000, reference: 'GC-1' });
      const lines = byField(book, 'lines');
      for (const row of [2, 3]) lines.add({ ...lines.get(row), saleId: 'TXN-OLD-1' });
      payments.sheet.spliceColumns(
        (payments.sheet.getRow(1).values as unknown[]).indexOf('appliedDeposit'),
        1,
      );
    });
    // The pickup's sale, its deposits no longer marked, breaks the one-cash rule: only the old sale is new.
    const refused = await restore(old, { area: 'sales', dryRun: true });
    expect(refused.json().rejected).toEqual([
      { sheet: 'sales', row: 2, reason: `TXN-ORD-1: ${SALES_TEXT.oneCashPayment}` },
    ]);
    const withoutPickup = await edited(old, (book) => {
      // Rows left blank are not read.
      for (const [name, rows] of [
        ['sales', [2]],
        ['payments', [2, 3, 4]],
        ['lines', [2, 3]],
      ] as const)
        for (const row of rows)
          book
            .getWorksheet(name)!
            .getRow(row)
            .eachCell((cell) => {
              cell.value = null;
            });
    });
    const res = await restore(withoutPickup, { area: 'sales' });
    expect(res.json()).toEqual({ added: 1, updated: 0, unchanged: 0, rejected: [], applied: true });
    const sale = shop.db.select().from(sales).where(eq(sales.saleId, 'TXN-OLD-1')).get()!;
    expect(
      shop.db
        .select({ method: salePayments.method, applied: salePayments.appliedDeposit })
        .from(salePayments)
        .where(eq(salePayments.saleId, sale.id))
        .all(),
    ).toEqual([
      { method: 'Cash', applied: false },
      { method: 'GCash', applied: false },
    ]);
  });
});
