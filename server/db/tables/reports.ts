import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// ---- Daily roll-ups of completed sales ---------------------------------------------------
// Kept by triggers on sales and sale_lines (drizzle/0005_reports.sql) inside the sale's own
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
    /** Revenue: the subtotals, net of VAT. */
    subtotal: integer('subtotal').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    /** Purchase price times quantity of the lines, as sold. */
    cost: integer('cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod] })],
);

/** Per Manila day, product (kind and code as sold) and category as sold: quantity, revenue, cost. */
export const lineSalesByDay = sqliteTable(
  'line_sales_by_day',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    /** The category's name when sold; '' for none. */
    category: text('category').notNull(),
    /** The product's name on its latest sale that day. */
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
    cost: integer('cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.code, t.category] })],
);
