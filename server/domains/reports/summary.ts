import { daysBetween } from '../../../shared/time';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { wasteCostBetween } from '../waste/queries';
import { bestSellers } from './bestSellers';
import type { Days } from './period';

// The sales report's cards and charts (docs/rules.md, Money and rounding) over the daily roll-ups:
// refunded sales are not in them, revenue is the subtotals net of VAT, profit is revenue
// minus cost and minus what was written off as waste. A month reads about thirty rows per
// payment method and per category, however many lines were sold; best sellers read each day's
// leaders (bestSellers.ts). Statements are prepared once: at this size, compiling the SQL
// would cost more than running it.

interface DayRow {
  day: string;
  totalSales: number;
  revenue: number;
  taxAmount: number;
  cost: number;
  transactions: number;
}

const statements = (db: Db) =>
  prepared(db, 'reports.summary', () => {
    const sqlite = db.$client;
    return {
      perDay: sqlite.prepare<[string, string], DayRow>(
        `select day, sum(total_amount) as totalSales, sum(subtotal) as revenue, sum(tax_amount) as taxAmount,
           sum(cost) as cost, sum(sales) as transactions
         from sales_by_day where day between ? and ? group by day`,
      ),
      payments: sqlite.prepare<
        [string, string],
        { method: string; transactions: number; totalSales: number }
      >(
        // Each payment under its own method: a split sale counts in each of its methods.
        `select method, sum(payments) as transactions, sum(amount) as totalSales
         from payments_by_day where day between ? and ? group by method
         having sum(payments) > 0 order by 3 desc, 1`,
      ),
      categories: sqlite.prepare<[string, string], { category: string; quantity: number; revenue: number }>(
        `select category, sum(quantity) as quantity, sum(revenue) as revenue
         from category_sales_by_day where day between ? and ? group by category
         having sum(quantity) > 0 order by 3 desc, 1`,
      ),
    };
  });

export function reportSummary(db: Db, days: Days) {
  const { perDay, payments, categories } = statements(db);
  const byDay = new Map(perDay.all(days.from, days.to).map((d) => [d.day, d]));
  const totals = { totalSales: 0, revenue: 0, taxAmount: 0, cost: 0, totalTransactions: 0 };
  for (const d of byDay.values()) {
    totals.totalSales += d.totalSales;
    totals.revenue += d.revenue;
    totals.taxAmount += d.taxAmount;
    totals.cost += d.cost;
    totals.totalTransactions += d.transactions;
  }
  const daily = daysBetween(days.from, days.to).map((date) => {
    const d = byDay.get(date);
    return { date, totalSales: d?.totalSales ?? 0, revenue: d?.revenue ?? 0, cost: d?.cost ?? 0 };
  });
  // Stock written off in the period is a cost of doing business: it comes off profit.
  const wasteCost = wasteCostBetween(db, days.start, days.end);
  return {
    from: days.from,
    to: days.to,
    ...totals,
    wasteCost,
    totalProfit: totals.revenue - totals.cost - wasteCost,
    bestSellers: bestSellers(db, days),
    payments: payments.all(days.from, days.to),
    daily,
    categories: categories.all(days.from, days.to),
  };
}
