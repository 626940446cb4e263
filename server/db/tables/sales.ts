import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { cakes, customers, inventoryItems } from './catalogue';
import { createdAt } from './columns';

// ---- Sales -------------------------------------------------------------------------------

export const SALE_STATUSES = ['completed', 'refunded'] as const;

/**
 * A sale as the server computed it (PRODUCT.md: prices and stock from the database,
 * totals in centavos). `linesKey` is the lines in a canonical form, so a retried checkout
 * with the same saleId can be told apart from a different sale reusing it.
 */
export const sales = sqliteTable(
  'sales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: text('sale_id').notNull().unique(),
    customerName: text('customer_name').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderType: text('order_type').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxRate: integer('tax_rate').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentReference: text('payment_reference'),
    cashTendered: integer('cash_tendered'),
    change: integer('change'),
    status: text('status', { enum: SALE_STATUSES }).notNull().default('completed'),
    linesKey: text('lines_key').notNull(),
    soldBy: integer('sold_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the sale happened: now at the counter, or the day a sale away from it was made. */
    soldAt: integer('sold_at', { mode: 'timestamp_ms' }).notNull(),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sales_sold_at').on(t.soldAt, t.id), index('sales_status_sold_at').on(t.status, t.soldAt)],
);

export const SALE_LINE_KINDS = ['item', 'cake'] as const;

/** A line keeps its name, price and cost as sold, so receipts and reports never change after. */
export const saleLines = sqliteTable(
  'sale_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SALE_LINE_KINDS }).notNull(),
    itemId: integer('item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
    cakeId: integer('cake_id').references(() => cakes.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    purchasePrice: integer('purchase_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The product's category name when sold, so reports by category never change after. */
    category: text('category'),
  },
  (t) => [
    index('sale_lines_sale').on(t.saleId),
    index('sale_lines_item').on(t.itemId),
    index('sale_lines_cake').on(t.cakeId),
  ],
);
