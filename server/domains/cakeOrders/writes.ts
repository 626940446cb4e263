import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import { cakeOrderEvents, cakeOrderLines, cakeOrderPayments, cakeOrders } from '../../db/schema';

// The rows taking, paying for and picking up an order write, each statement prepared once:
// compiling them cost more than writing them (docs/decisions.md, "Cake orders, prepared").

/** What a new order's row holds; a restore writes these and what happened to it since. */
export const ORDER_TAKEN_FIELDS = [
  'number',
  'customerId',
  'customerName',
  'phone',
  'pickupAt',
  'pickupDate',
  'inscription',
  'notes',
  'taxRate',
  'subtotal',
  'taxAmount',
  'total',
  'status',
  'createdBy',
  'createdAt',
] as const;

export const ORDER_LINE_FIELDS = [
  'orderId',
  'cakeId',
  'code',
  'description',
  'quantity',
  'price',
  'lineTotal',
] as const;

/** A new order's row; answers its id and number. */
export const insertOrder = (tx: Tx) =>
  prepared(tx, 'cakeOrders.insert', () =>
    tx
      .insert(cakeOrders)
      .values(placeholders(ORDER_TAKEN_FIELDS) as never)
      .returning({ id: cakeOrders.id, number: cakeOrders.number })
      .prepare(),
  );

export const insertOrderLine = (tx: Tx) =>
  prepared(tx, 'cakeOrders.insertLine', () =>
    tx
      .insert(cakeOrderLines)
      .values(placeholders(ORDER_LINE_FIELDS) as never)
      .prepare(),
  );

/** What a payment's row holds but its till: the cake-orders backup carries these, not the till. */
export const ORDER_PAYMENT_FIELDS = [
  'orderId',
  'kind',
  'method',
  'amount',
  'reference',
  'cashTendered',
  'change',
  'shiftId',
  'zPending',
  'takenBy',
  'takenAt',
] as const;

/** A deposit, balance or refund; every field given (null where it has none). */
export const insertOrderPayment = (tx: Tx) =>
  prepared(tx, 'cakeOrders.insertPayment', () =>
    tx
      .insert(cakeOrderPayments)
      .values(placeholders([...ORDER_PAYMENT_FIELDS, 'terminalId']) as never)
      .prepare(),
  );

export const insertOrderEvent = (tx: Tx) =>
  prepared(tx, 'cakeOrders.insertEvent', () =>
    tx
      .insert(cakeOrderEvents)
      .values(placeholders(['orderId', 'at', 'userId', 'text']) as never)
      .prepare(),
  );

/** An order's status, by its id. */
export const writeOrderStatus = (tx: Tx) =>
  prepared(tx, 'cakeOrders.setStatus', () =>
    tx
      .update(cakeOrders)
      .set({ status: sql`${sql.placeholder('status')}` })
      .where(eq(cakeOrders.id, sql.placeholder('id')))
      .prepare(),
  );
