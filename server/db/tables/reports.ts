import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// ---- Daily roll-ups of completed sales ---------------------------------------------------
// Kept by triggers on sales and sale_lines (server/db/sql/report-rollups.sql) inside the sale's own
// transaction, whoever writes: a checkout adds, a refund takes away. The dashboard and the
// sales report read these instead of the lines, so a month costs about thirty rows, not
// thirty thousand. `day` is the Manila calendar date (YYYY-MM-DD) of the sale.

/** Per Manila day and payment method: completed sales, their sums in centavos, and their cost. */
export const salesByDay = sqliteTable(
  'sales_by_day',
  {
    day: text('day').notNull(),
    paymentMethod: text('payment_method').notNull(),
    sales: integer('sales').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    /** Revenue: the subtotals less SC/PWD discounts, net of VAT. */
    subtotal: integer('subtotal').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    /** Purchase price times quantity of the lines, as sold. */
    cost: integer('cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod] })],
);

/**
 * Per Manila day and payment method: what completed sales took by each method
 * (a split sale counts each payment under its own method). Kept by triggers on
 * sale_payments and sales (server/db/sql/report-rollups.sql); the Payment Breakdown reads it.
 */
export const paymentsByDay = sqliteTable(
  'payments_by_day',
  {
    day: text('day').notNull(),
    method: text('method').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: integer('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.method] })],
);

/**
 * Per Manila day and product (kind and code as sold): quantity, revenue, cost. The best
 * sellers of a period are found from each day's leaders (the `_rank` index) and then
 * summed exactly per product (the `_product` index); see server/domains/reports/bestSellers.ts.
 */
export const productSalesByDay = sqliteTable(
  'product_sales_by_day',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    /** The product's name on its latest sale that day. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
    cost: integer('cost').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.code] }),
    index('product_sales_by_day_rank').on(t.day, t.quantity, t.kind, t.code),
    index('product_sales_by_day_product').on(t.kind, t.code, t.day, t.quantity, t.revenue),
  ],
);

/** Per Manila day and category as sold ('' for none): quantity and revenue. */
export const categorySalesByDay = sqliteTable(
  'category_sales_by_day',
  {
    day: text('day').notNull(),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category] })],
);

/** Activity-log rows per Manila day, for the dashboard's Activity Logs Today; kept by server/db/sql/activity-by-day.sql. */
export const activityByDay = sqliteTable('activity_by_day', {
  day: text('day').primaryKey(),
  entries: integer('entries').notNull().default(0),
});
