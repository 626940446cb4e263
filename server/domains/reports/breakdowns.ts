import type { PageInput } from '../../../shared/schemas/paging';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { pageOf, pageWindow } from '../../lib/paging';
import type { Days } from './period';

// The Sales Report's breakdowns. By cashier: the period's sales grouped by who rang them up
// (sales.sold_by), read from the sales themselves through the sold-at index: a cashier is
// a handful of groups, and a month of a busy counter is a few thousand sales. By item: the
// per-day product roll-up (product_sales_by_day) summed over the period, a page at a time.
// Like every figure of the report, refunded sales are left out of the sums; the cashier's
// refunds are counted beside them (sales of the period since refunded).

export interface CashierSales {
  cashierId: number | null;
  cashier: string;
  transactions: number;
  /** What customers paid: totals with VAT. */
  totalSales: number;
  /** Subtotals less SC/PWD discounts, before VAT (the report's revenue). */
  revenue: number;
  discounts: number;
  refunds: number;
  refundedAmount: number;
}

interface ItemSales {
  kind: string;
  code: string;
  name: string;
  quantity: number;
  /** The lines' totals after SC/PWD discounts, before VAT. */
  revenue: number;
  cost: number;
  profit: number;
}

const statements = (db: Db) =>
  prepared(db, 'reports.breakdowns', () => {
    const sqlite = db.$client;
    return {
      byCashier: sqlite.prepare<[number, number], Omit<CashierSales, 'cashier'> & { cashier: string | null }>(
        `select s.sold_by as cashierId, u.username as cashier,
           sum(s.status = 'completed') as transactions,
           coalesce(sum(case when s.status = 'completed' then s.total_amount end), 0) as totalSales,
           coalesce(sum(case when s.status = 'completed' then s.subtotal - s.discount_amount end), 0) as revenue,
           coalesce(sum(case when s.status = 'completed' then s.discount_amount end), 0) as discounts,
           sum(s.status = 'refunded') as refunds,
           coalesce(sum(case when s.status = 'refunded' then s.total_amount end), 0) as refundedAmount
         from sales s left join users u on u.id = s.sold_by
         where s.sold_at >= ? and s.sold_at < ?
         group by s.sold_by order by 4 desc, 2`,
      ),
      byItem: sqlite.prepare<[string, string, number, number], ItemSales & { latest: string }>(
        `select kind, code, name, max(day) as latest, sum(quantity) as quantity, sum(revenue) as revenue,
           sum(cost) as cost, sum(revenue) - sum(cost) as profit
         from product_sales_by_day where day between ? and ? group by kind, code
         having sum(quantity) > 0 order by 6 desc, 5 desc, code limit ? offset ?`,
      ),
      items: sqlite
        .prepare<[string, string], number>(
          `select count(*) from (select 1 from product_sales_by_day where day between ? and ?
           group by kind, code having sum(quantity) > 0)`,
        )
        .pluck(),
    };
  });

/** Each cashier's completed sales in the period, the best-selling cashier first. */
export function salesByCashier(db: Db, days: Days): CashierSales[] {
  return statements(db)
    .byCashier.all(days.start.getTime(), days.end.getTime())
    .map((r) => ({ ...r, cashier: r.cashier ?? REPORT_TEXT.noCashier }));
}

/** A page of the period's products, most revenue first (then most sold, then by code). */
export function salesByItem(db: Db, days: Days, input: PageInput) {
  const { byItem, items } = statements(db);
  const { limit, offset } = pageWindow(input);
  const rows = byItem.all(days.from, days.to, limit, offset).map(({ latest: _, ...row }) => row);
  return pageOf(rows, items.get(days.from, days.to) ?? 0, input);
}
