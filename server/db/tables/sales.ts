import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { terminals } from './bir';
import { createdAt } from './columns';
import { cakes, customers, inventoryItems } from './records';
import { shifts } from './shifts';

// ---- Sales -------------------------------------------------------------------------------

export const SALE_STATUSES = ['completed', 'refunded'] as const;

/**
 * A sale as the server computed it (prices and stock from the database,
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
    /** An SC or PWD discount (or the seniors' 5%, SC5), with the holder's name and ID number as the law asks. */
    discountType: text('discount_type', { enum: ['SC', 'PWD', 'SC5'] }),
    discountName: text('discount_name'),
    discountIdNumber: text('discount_id_number'),
    discountAmount: integer('discount_amount').notNull().default(0),
    vatExemptAmount: integer('vat_exempt_amount').notNull().default(0),
    /** The cashier's shift open when it was sold, and when it was refunded. */
    shiftId: integer('shift_id').references(() => shifts.id),
    refundShiftId: integer('refund_shift_id').references(() => shifts.id),
    /** The Z reading that counted the sale, and the one that counted its refund. */
    zNumber: integer('z_number'),
    refundZNumber: integer('refund_z_number'),
    /**
     * Waiting for the next Z reading: set by checkout and by a refund, cleared by the Z that
     * counts it. A restored sale or refund never has it, so no later Z counts it (docs/decisions.md).
     */
    zPending: integer('z_pending', { mode: 'boolean' }).notNull().default(false),
    refundZPending: integer('refund_z_pending', { mode: 'boolean' }).notNull().default(false),
    /** Why a manager recorded the sale dated before the last Z reading (or before today, with none). */
    backdateReason: text('backdate_reason'),
    /**
     * The terminal that issued the invoice, and its number there: prefix and 9 digits from the
     * terminal's series (docs/decisions.md, BIR records). Sales made before terminals have none.
     */
    terminalId: integer('terminal_id').references(() => terminals.id),
    invoiceSeq: integer('invoice_seq'),
    invoiceNumber: text('invoice_number'),
    /** The refund's number in its terminal's refund series. */
    refundTerminalId: integer('refund_terminal_id').references(() => terminals.id),
    refundSeq: integer('refund_seq'),
    refundNumber: text('refund_number'),
    /** How many times the receipt was printed again. */
    reprintCount: integer('reprint_count').notNull().default(0),
    /** The buyer's details for the invoice, when given. */
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    buyerTin: text('buyer_tin'),
    /**
     * Made on a device while the server could not be reached: `soldAt` is the device's time,
     * `receivedAt` when the server took it (docs/decisions.md, Selling offline).
     */
    soldOffline: integer('sold_offline', { mode: 'boolean' }).notNull().default(false),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('sales_sold_at').on(t.soldAt, t.id),
    index('sales_status_sold_at').on(t.status, t.soldAt),
    index('sales_shift').on(t.shiftId),
    index('sales_refund_shift').on(t.refundShiftId),
    index('sales_z').on(t.zNumber),
    index('sales_refund_z').on(t.refundZNumber),
    index('sales_z_pending').on(t.id).where(sql`z_pending = 1`),
    index('sales_refund_z_pending').on(t.id).where(sql`refund_z_pending = 1`),
    index('sales_discount').on(t.discountType, t.soldAt),
    uniqueIndex('sales_invoice').on(t.terminalId, t.invoiceSeq),
    uniqueIndex('sales_refund_number').on(t.refundTerminalId, t.refundSeq),
    index('sales_terminal_z_pending').on(t.terminalId).where(sql`z_pending = 1`),
  ],
);

/** A custom cake (from a cake order) has no product behind it: it takes no stock. */
export const SALE_LINE_KINDS = ['item', 'cake', 'custom'] as const;

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
    /**
     * What the line cost the shop, in centavos: the sum of its lots' quantity x unit cost (an
     * item), base cost x quantity (a cake); sales from before lots keep purchase price x quantity.
     */
    cost: integer('cost').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The product's category name when sold, so reports by category never change after. */
    category: text('category'),
    /** The line's SC/PWD discount, so reports count what was charged. */
    discount: integer('discount').notNull().default(0),
    /** An offline sale's line charged at a price since changed: the price on the books when it arrived. */
    catalogPrice: integer('catalog_price'),
  },
  (t) => [
    index('sale_lines_sale').on(t.saleId),
    index('sale_lines_item').on(t.itemId),
    index('sale_lines_cake').on(t.cakeId),
  ],
);

/**
 * How a sale was paid: one row per method (a split sale has several). A sale with one
 * method has one row of its total. Cash rows hold the cash share of the total; what was
 * tendered above it is the sale's cashTendered, the difference its change.
 */
export const salePayments = sqliteTable(
  'sale_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference'),
    /**
     * A cake order's deposit applied at pickup: taken (and counted in a drawer) before, so the
     * readings count it as applied, never as cash taken again (docs/decisions.md, Cake orders).
     */
    appliedDeposit: integer('applied_deposit', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('sale_payments_sale').on(t.saleId)],
);
