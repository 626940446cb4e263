import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ORDER_PAYMENT_KINDS, ORDER_STATUSES } from '../../../shared/texts/cakeOrders';
import { users } from './accounts';
import { terminals } from './bir';
import { createdAt } from './columns';
import { cakes, customers } from './records';
import { sales } from './sales';
import { shifts } from './shifts';

// ---- Cake orders: cakes ordered ahead, with deposits (docs/decisions.md, Cake orders) ----------

/**
 * An order for pickup on a day to come. `number` makes ORD-000001 upward without gaps (taken
 * inside the insert's transaction); money in centavos, before VAT in the lines; `pickupDate`
 * is the Manila day of `pickupAt`, kept for the calendar and the capacity rule. What has been
 * paid is never stored: it is the sum of the order's payments.
 */
export const cakeOrders = sqliteTable(
  'cake_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: integer('number').notNull().unique(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    pickupAt: integer('pickup_at', { mode: 'timestamp_ms' }).notNull(),
    pickupDate: text('pickup_date').notNull(),
    inscription: text('inscription').notNull().default(''),
    notes: text('notes').notNull().default(''),
    taxRate: integer('tax_rate').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The sale made at pickup, and what told a retried pickup from another one. */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    pickupKey: text('pickup_key'),
    pickedUpAt: integer('picked_up_at', { mode: 'timestamp_ms' }),
    pickedUpBy: integer('picked_up_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    depositRefunded: integer('deposit_refunded', { mode: 'boolean' }),
    /** The notices sent: the day before pickup, and the order left after its day. */
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
    overdueAt: integer('overdue_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('cake_orders_pickup').on(t.pickupDate, t.status),
    index('cake_orders_status').on(t.status, t.pickupAt),
  ],
);

/** A line: a catalogue cake (cakeId, its code and name as ordered) or a custom cake (cakeId null). */
export const cakeOrderLines = sqliteTable(
  'cake_order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => cakeOrders.id, { onDelete: 'cascade' }),
    cakeId: integer('cake_id').references(() => cakes.id, { onDelete: 'set null' }),
    /** The cake's CK- id when ordered; null for a custom cake. */
    code: text('code'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [index('cake_order_lines_order').on(t.orderId), index('cake_order_lines_cake').on(t.cakeId)],
);

/**
 * Money in or out of an order. A deposit counts in the open shift of whoever takes it and in
 * the next Z reading (zPending, like a sale); a refund leaves the drawer of whoever cancels; the
 * balance is collected at pickup and counts through the pickup's sale, not here. `amount` is
 * the payment's share; cash tendered above it is `cashTendered`, the difference `change`.
 */
export const cakeOrderPayments = sqliteTable(
  'cake_order_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => cakeOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_PAYMENT_KINDS }).notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference'),
    cashTendered: integer('cash_tendered'),
    change: integer('change'),
    shiftId: integer('shift_id').references(() => shifts.id),
    /** The till that took it: that terminal's Z reading counts it. */
    terminalId: integer('terminal_id').references(() => terminals.id),
    zPending: integer('z_pending', { mode: 'boolean' }).notNull().default(false),
    zNumber: integer('z_number'),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenAt: integer('taken_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('cake_order_payments_order').on(t.orderId),
    index('cake_order_payments_shift').on(t.shiftId),
    index('cake_order_payments_z').on(t.zNumber),
    index('cake_order_payments_z_pending').on(t.id).where(sql`z_pending = 1`),
  ],
);

/** What happened to an order, in words, oldest first: its history on the order's view. */
export const cakeOrderEvents = sqliteTable(
  'cake_order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => cakeOrders.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
  },
  (t) => [index('cake_order_events_order').on(t.orderId)],
);
