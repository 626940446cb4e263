import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES } from '../../../shared/texts/cakeOrders';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakeOrders } from '../../db/schema';
import { paidSql } from './money';

export interface TodaysPickups {
  /** Today's orders, Cancelled aside. */
  orders: number;
  /** Of those, the ones the kitchen has not finished: neither Ready nor Picked up. */
  notReady: number;
  pickedUp: number;
}

/** The Dashboard's Today's Pickups: the orders whose pickup day is `today` (Manila). */
export function todaysPickups(db: Store, today: string): TodaysPickups {
  const row = prepared(db, 'dashboard.todaysPickups', () =>
    db
      .select({
        orders: count(),
        notReady: sql<number>`coalesce(sum(${cakeOrders.status} not in ('Ready', 'Picked up')), 0)`,
        pickedUp: sql<number>`coalesce(sum(${cakeOrders.status} = 'Picked up'), 0)`,
      })
      .from(cakeOrders)
      .where(and(eq(cakeOrders.pickupDate, sql.placeholder('today')), ne(cakeOrders.status, 'Cancelled')))
      .prepare(),
  ).get({ today });
  return { orders: row?.orders ?? 0, notReady: row?.notReady ?? 0, pickedUp: row?.pickedUp ?? 0 };
}

export interface DepositsHeld {
  /** Centavos paid on the orders, refunds taken off. */
  amount: number;
  orders: number;
}

/**
 * The Dashboard's Deposits Held: what has been paid on the orders not yet picked up or
 * cancelled, money the shop holds for cakes still to hand over.
 */
export function depositsHeld(db: Store): DepositsHeld {
  const row = prepared(db, 'dashboard.depositsHeld', () =>
    db
      .select({ amount: sql<number>`coalesce(sum(${paidSql}), 0)`, orders: count() })
      .from(cakeOrders)
      .where(inArray(cakeOrders.status, OPEN_ORDER_STATUSES))
      .prepare(),
  ).get();
  return { amount: row?.amount ?? 0, orders: row?.orders ?? 0 };
}
