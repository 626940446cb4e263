import { sql } from 'drizzle-orm';
import { cakeOrderPayments, cakeOrders } from '../../db/schema';

// What an order has been paid, in one place: deposits and the balance in, refunds out. The
// order never stores it (docs/decisions.md, Cake orders).

/**
 * The order's paid amount (centavos) as SQL, for a query over cake_orders. The order's id is
 * written with its table: drizzle prints a column alone as "id", which inside the subquery
 * would be the payment's own id.
 */
export const paidSql =
  sql<number>`coalesce((select sum(case when p.kind = 'refund' then -p.amount else p.amount end)
  from ${cakeOrderPayments} p where p.order_id = ${cakeOrders}.id), 0)`.mapWith(Number);

/** Paid from a list of payments. */
export const paidOf = (payments: readonly { kind: string; amount: number }[]) =>
  payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amount : p.amount), 0);
