import { and, count, sql } from 'drizzle-orm';
import { can } from '../../../shared/roles';
import { addDays, daysBetween, manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { activityByDay, inventoryItems, salesByDay } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { type DepositsHeld, depositsHeld, type TodaysPickups, todaysPickups } from '../cakeOrders/dashboard';

const i = inventoryItems;

/** Items counted by their derived status, through the stock-state index. */
function inventoryCounts(db: Store, today: string) {
  // stock_state: 1 low, 2 out, 3 well-stocked (server/db/tables/records.ts); expired items count as Expired.
  const fresh = sql`coalesce(${i.expirationDate}, '9999-12-31') >= ${today}`;
  const byState = (state: number) =>
    db
      .select({ n: count() })
      .from(i)
      .where(and(sql`${i.stockState} = ${state}`, fresh))
      .get()?.n ?? 0;
  return {
    totalInventoryCount: db.select({ n: count() }).from(i).get()?.n ?? 0,
    lowStockCount: byState(1),
    outOfStockCount: byState(2),
  };
}

export interface DashboardStats {
  totalInventoryCount: number;
  lowStockCount: number;
  outOfStockCount: number;
  todaysPickups: TodaysPickups;
  salesToday?: number;
  /** Centavos; pesos over REST. */
  depositsHeld?: DepositsHeld;
  activityLogsToday?: number;
}

/**
 * The Dashboard's cards, only those the caller's role may see: everyone the
 * inventory counts and today's cake order pickups; managers and up today's completed sales
 * and the deposits held on cake orders; admin and owner today's logs.
 */
export function dashboardStats(db: Store, viewer: Viewer, now = new Date()): DashboardStats {
  const today = manilaDate(now);
  const stats: DashboardStats = { ...inventoryCounts(db, today), todaysPickups: todaysPickups(db, today) };
  const role = viewer.user.role;
  if (can(role, 'dashboardFinance')) {
    stats.salesToday =
      db
        .select({ n: sql<number>`coalesce(sum(${salesByDay.sales}), 0)` })
        .from(salesByDay)
        .where(sql`${salesByDay.day} = ${today}`)
        .get()?.n ?? 0;
    stats.depositsHeld = depositsHeld(db);
  }
  if (can(role, 'salesReport')) {
    stats.activityLogsToday =
      db
        .select({ n: activityByDay.entries })
        .from(activityByDay)
        .where(sql`${activityByDay.day} = ${today}`)
        .get()?.n ?? 0;
  }
  return stats;
}

export interface RevenueCostPoint {
  date: string;
  revenue: number;
  cost: number;
}

/** Revenue (subtotals, net of VAT) and cost per Manila day for the last `days` days, today included. */
export function revenueCostByDay(db: Store, days: number, now = new Date()): RevenueCostPoint[] {
  const to = manilaDate(now);
  const from = addDays(to, 1 - days);
  const rows = db
    .select({
      day: salesByDay.day,
      revenue: sql<number>`sum(${salesByDay.subtotal})`,
      cost: sql<number>`sum(${salesByDay.cost})`,
    })
    .from(salesByDay)
    .where(sql`${salesByDay.day} between ${from} and ${to}`)
    .groupBy(salesByDay.day)
    .all();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysBetween(from, to).map((date) => ({
    date,
    revenue: byDay.get(date)?.revenue ?? 0,
    cost: byDay.get(date)?.cost ?? 0,
  }));
}
