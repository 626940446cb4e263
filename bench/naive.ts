// The naive baselines of the earlier issues (7 and 9): what the inventory search, the
// dashboard and the 30-day summary cost without the search index and the roll-ups;
// and the checks that the roll-ups still equal the sales they sum.
import type { Db } from '../server/db/open';
import { addDays, manilaDate, manilaDayStart } from '../shared/time';

/** The inventory search as a LIKE scan with a full count per request. */
export function naiveSearch(db: Db) {
  const page = db.$client.prepare(
    `select * from inventory_items where name like '%' || ? || '%' or item_id like '%' || ? || '%'
     order by id desc limit 10`,
  );
  const total = db.$client.prepare(
    `select count(*) as n from inventory_items where name like '%' || ? || '%' or item_id like '%' || ? || '%'`,
  );
  return (search: string) => ({
    items: page.all(search, search),
    totalItems: (total.get(search, search) as { n: number }).n,
  });
}

/** The 30-day summary straight from the sales and their lines, as one would write it without roll-ups. */
export function naiveQueries(db: Db) {
  const sqlite = db.$client;
  const inRange = "s.status = 'completed' and s.sold_at >= @start and s.sold_at < @end";
  const joined = `sale_lines l join sales s on s.id = l.sale_id where ${inRange}`;
  const totals = sqlite.prepare(
    `select count(*) as transactions, coalesce(sum(total_amount), 0) as totalSales, coalesce(sum(subtotal - discount_amount), 0) as revenue,
       coalesce(sum(tax_amount), 0) as taxAmount from sales s where ${inRange}`,
  );
  const cost = sqlite.prepare(`select coalesce(sum(l.cost), 0) as cost from ${joined}`);
  const payments = sqlite.prepare(
    `select payment_method as method, count(*) as transactions, sum(total_amount) as totalSales from sales s
     where ${inRange} group by 1 order by 3 desc, 1`,
  );
  const daily = sqlite.prepare(
    `select date(s.sold_at / 1000 + 28800, 'unixepoch') as date, sum(total_amount) as totalSales,
       sum(subtotal - discount_amount) as revenue from sales s where ${inRange} group by 1`,
  );
  const bestSellers = sqlite.prepare(
    `select l.kind, l.code, max(l.name) as name, sum(l.quantity) as quantity, sum(l.line_total) as revenue
     from ${joined} group by 1, 2 order by 4 desc, 5 desc, 2 limit 5`,
  );
  const categories = sqlite.prepare(
    `select coalesce(l.category, '') as category, sum(l.quantity) as quantity, sum(l.line_total) as revenue
     from ${joined} group by 1 order by 3 desc, 1`,
  );
  const summary = (from: string, to: string) => {
    const range = { start: manilaDayStart(from).getTime(), end: manilaDayStart(addDays(to, 1)).getTime() };
    const t = totals.get(range) as {
      transactions: number;
      totalSales: number;
      revenue: number;
      taxAmount: number;
    };
    return {
      ...t,
      cost: (cost.get(range) as { cost: number }).cost,
      payments: payments.all(range),
      daily: daily.all(range),
      bestSellers: bestSellers.all(range),
      categories: categories.all(range),
    };
  };

  // The dashboard's counts without the stock-state index or the roll-ups.
  const inventory = sqlite.prepare(
    `select count(*) as total, coalesce(sum(stock > 0 and stock <= restock_threshold and fresh), 0) as low,
       coalesce(sum(stock = 0 and fresh), 0) as out
     from (select stock, restock_threshold, coalesce(expiration_date, '9999-12-31') >= @today as fresh from inventory_items)`,
  );
  const salesToday = sqlite.prepare(
    "select count(*) as n from sales where status = 'completed' and sold_at >= @start and sold_at < @end",
  );
  const logsToday = sqlite.prepare('select count(*) as n from activity_logs where created_at >= @start');
  const dashboard = () => {
    const today = manilaDate();
    const range = {
      start: manilaDayStart(today).getTime(),
      end: manilaDayStart(addDays(today, 1)).getTime(),
    };
    return {
      ...(inventory.get({ today }) as object),
      salesToday: (salesToday.get(range) as { n: number }).n,
      activityLogsToday: (logsToday.get({ start: range.start }) as { n: number }).n,
    };
  };
  return { summary, dashboard };
}

export type ApiSummary = {
  totalSales: number;
  totalTransactions: number;
  revenue: number;
  cost: number;
  bestSellers: { code: string; quantity: number }[];
  categories: { category: string; quantity: number }[];
};

/** What differs between the app's 30-day summary (pesos) and the naive one (centavos): nothing, we hope. */
export function disagreements(
  api: ApiSummary,
  naive: ReturnType<ReturnType<typeof naiveQueries>['summary']>,
) {
  const pairs: [string, unknown, unknown][] = [
    ['total sales', api.totalSales, naive.totalSales / 100],
    ['transactions', api.totalTransactions, naive.transactions],
    ['revenue', api.revenue, naive.revenue / 100],
    ['cost', api.cost, naive.cost / 100],
    [
      'best sellers',
      api.bestSellers.map((b) => `${b.code}×${b.quantity}`).join(' '),
      (naive.bestSellers as { code: string; quantity: number }[])
        .map((b) => `${b.code}×${b.quantity}`)
        .join(' '),
    ],
    [
      'categories',
      api.categories.map((c) => `${c.category}:${c.quantity}`).join(' '),
      (naive.categories as { category: string; quantity: number }[])
        .filter((c) => c.quantity > 0)
        .map((c) => `${c.category}:${c.quantity}`)
        .join(' '),
    ],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([what, a, b]) => `${what}: app ${a}, naive ${b}`);
}

/** The roll-ups over all time against the lines: what three years of triggers (and refunds) kept. */
export function rollUpDrift(db: Db): string[] {
  const sqlite = db.$client;
  const rolled = sqlite
    .prepare('select sum(sales) as sales, sum(total_amount) as total, sum(cost) as cost from sales_by_day')
    .get() as { sales: number; total: number; cost: number };
  const naive = sqlite
    .prepare(
      `select count(*) as sales, sum(total_amount) as total,
         sum((select sum(cost) from sale_lines where sale_id = s.id)) as cost
       from sales s where status = 'completed'`,
    )
    .get() as typeof rolled;
  const lines = sqlite.prepare('select sum(revenue) as r from product_sales_by_day').pluck().get();
  const byCategory = sqlite.prepare('select sum(revenue) as r from category_sales_by_day').pluck().get();
  const naiveLines = sqlite
    .prepare(
      "select sum(line_total) from sale_lines l join sales s on s.id = l.sale_id where s.status = 'completed'",
    )
    .pluck()
    .get();
  return [
    ...(['sales', 'total', 'cost'] as const)
      .filter((k) => rolled[k] !== naive[k])
      .map((k) => `all-time ${k}: sales_by_day ${rolled[k]}, sales ${naive[k]}`),
    ...(lines === naiveLines
      ? []
      : [`all-time line revenue: product_sales_by_day ${lines}, sale_lines ${naiveLines}`]),
    ...(byCategory === naiveLines
      ? []
      : [`all-time line revenue: category_sales_by_day ${byCategory}, sale_lines ${naiveLines}`]),
  ];
}
