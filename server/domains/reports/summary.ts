import { desc, type SQLWrapper, sql } from 'drizzle-orm';
import { daysBetween } from '../../../shared/time';
import type { Db } from '../../db/open';
import { categorySalesByDay, salesByDay } from '../../db/schema';
import { bestSellers } from './bestSellers';
import type { Days } from './period';

// The sales report's cards and charts (PRODUCT.md's formulas) over the daily roll-ups:
// refunded sales are not in them, revenue is the subtotals net of VAT, profit is revenue
// minus cost. A month reads about thirty rows per payment method and per category, however
// many lines were sold; best sellers read each day's leaders (bestSellers.ts).

const s = salesByDay;
const c = categorySalesByDay;

export function reportSummary(db: Db, days: Days) {
  const inSales = sql`${s.day} between ${days.from} and ${days.to}`;
  const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`;

  const totals = db
    .select({
      totalSales: total(s.totalAmount),
      revenue: total(s.subtotal),
      taxAmount: total(s.taxAmount),
      cost: total(s.cost),
      totalTransactions: total(s.sales),
    })
    .from(s)
    .where(inSales)
    .get() ?? { totalSales: 0, revenue: 0, taxAmount: 0, cost: 0, totalTransactions: 0 };

  const payments = db
    .select({ method: s.paymentMethod, transactions: total(s.sales), totalSales: total(s.totalAmount) })
    .from(s)
    .where(inSales)
    .groupBy(s.paymentMethod)
    .having(sql`sum(${s.sales}) > 0`)
    .orderBy(desc(sql`3`), s.paymentMethod)
    .all();

  const perDay = db
    .select({
      day: s.day,
      totalSales: total(s.totalAmount),
      revenue: total(s.subtotal),
      cost: total(s.cost),
      transactions: total(s.sales),
    })
    .from(s)
    .where(inSales)
    .groupBy(s.day)
    .all();
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const daily = daysBetween(days.from, days.to).map((date) => {
    const d = byDay.get(date);
    return { date, totalSales: d?.totalSales ?? 0, revenue: d?.revenue ?? 0, cost: d?.cost ?? 0 };
  });

  const sellers = bestSellers(db, days);

  const categories = db
    .select({
      category: c.category,
      quantity: sql<number>`sum(${c.quantity})`,
      revenue: sql<number>`sum(${c.revenue})`,
    })
    .from(c)
    .where(sql`${c.day} between ${days.from} and ${days.to}`)
    .groupBy(c.category)
    .having(sql`sum(${c.quantity}) > 0`)
    .orderBy(desc(sql`3`), c.category)
    .all();

  return {
    from: days.from,
    to: days.to,
    ...totals,
    totalProfit: totals.revenue - totals.cost,
    bestSellers: sellers,
    payments,
    daily,
    categories,
  };
}
export type ReportSummary = ReturnType<typeof reportSummary>;
