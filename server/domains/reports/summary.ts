import { desc, type SQLWrapper, sql } from 'drizzle-orm';
import { daysBetween } from '../../../shared/time';
import type { Store } from '../../db/open';
import { lineSalesByDay, salesByDay } from '../../db/schema';
import type { Days } from './period';

// The sales report's cards and charts (PRODUCT.md's formulas) over the daily roll-ups:
// refunded sales are not in them, revenue is the subtotals net of VAT, profit is revenue
// minus cost. A month reads about thirty rows per payment method, however many lines sold.

const s = salesByDay;
const l = lineSalesByDay;
const BEST_SELLERS = 5;

export function reportSummary(db: Store, days: Days) {
  const inSales = sql`${s.day} between ${days.from} and ${days.to}`;
  const inLines = sql`${l.day} between ${days.from} and ${days.to}`;
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

  // SQLite's bare column: `name` comes from the row holding max(day), the latest name sold.
  const bestSellers = db
    .select({
      kind: l.kind,
      code: l.code,
      name: l.name,
      latest: sql`max(${l.day})`,
      quantity: sql<number>`sum(${l.quantity})`,
      revenue: sql<number>`sum(${l.revenue})`,
    })
    .from(l)
    .where(inLines)
    .groupBy(l.kind, l.code)
    .having(sql`sum(${l.quantity}) > 0`)
    .orderBy(desc(sql`5`), desc(sql`6`), l.code)
    .limit(BEST_SELLERS)
    .all()
    .map(({ latest: _, ...seller }) => seller);

  const categories = db
    .select({
      category: l.category,
      quantity: sql<number>`sum(${l.quantity})`,
      revenue: sql<number>`sum(${l.revenue})`,
    })
    .from(l)
    .where(inLines)
    .groupBy(l.category)
    .having(sql`sum(${l.quantity}) > 0`)
    .orderBy(desc(sql`3`), l.category)
    .all();

  return {
    from: days.from,
    to: days.to,
    ...totals,
    totalProfit: totals.revenue - totals.cost,
    bestSellers,
    payments,
    daily,
    categories,
  };
}
export type ReportSummary = ReturnType<typeof reportSummary>;
