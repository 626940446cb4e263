import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Role } from '../../shared/roles';

// Instants are stored as epoch milliseconds (UTC).
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  /** Always trimmed and lower-case: emails compare case-insensitively. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>(),
  status: text('status', { enum: ['active', 'deactivated'] })
    .notNull()
    .default('active'),
  needsPasswordReset: integer('needs_password_reset', { mode: 'boolean' }).notNull().default(false),
  /** Notifications newer than this are unread for this user (the menu's badge). */
  notificationsSeenAt: integer('notifications_seen_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
});

/** One row per sign-in; its refresh tokens form a family that ends together. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endReason: text('end_reason'),
    /** Opened with a temporary or generated password: it may only set a new one (and nothing else may). */
    mustSetPassword: integer('must_set_password', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes. A used one is kept to detect reuse. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** The token that replaced this one, sealed with a key only this token's holder can derive,
     * so a retry inside the grace period gets the same successor back (see tokens.ts). */
    successorSealed: text('successor_sealed'),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/**
 * Throttled attempts (sign-ins, public requests), counted *before* the work is done so
 * parallel attempts cannot slip past the limit. A successful sign-in deletes its own rows.
 */
export const throttleHits = sqliteTable(
  'throttle_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What is limited: 'login-email', 'login-address', 'register-address', 'reset-address'. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('throttle_hits_key').on(t.kind, t.key, t.at), index('throttle_hits_at').on(t.at)],
);

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const registrationRequests = sqliteTable(
  'registration_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('registration_requests_email').on(t.email, t.status)],
);

export const passwordResetRequests = sqliteTable(
  'password_reset_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    /** Null when no account has this email: the request is kept, and marked, for the admin. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('password_reset_requests_email').on(t.email, t.status)],
);

export const ACTION_REQUEST_TYPES = ['update', 'delete', 'refund'] as const;
export type ActionRequestType = (typeof ACTION_REQUEST_TYPES)[number];

/**
 * A staff user's edit, delete or refund, held for a manager or above (PRODUCT.md).
 * `payload` is what the domain needs to apply it; `details` is what people read.
 */
export const actionRequests = sqliteTable(
  'action_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    module: text('module').notNull(),
    requestType: text('request_type', { enum: ACTION_REQUEST_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    /** JSON object of readable field changes, shown as key/value pairs. */
    details: text('details').notNull(),
    /** JSON the domain's handler reads when the request is approved. */
    payload: text('payload').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('action_requests_status').on(t.status, t.createdAt)],
);

export const activityLogs = sqliteTable(
  'activity_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    module: text('module').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_logs_created').on(t.createdAt)],
);

export const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created').on(t.createdAt)],
);

/** Small key-value settings such as the shop profile; values are JSON. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ---- Catalogue: settings lists, suppliers, customers, inventory, cakes ----------------
// Names and business ids are unique case-insensitively: a unique index on lower(...)
// holds the rule even under parallel writes; services check first for a friendly 409.

const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' });

export const cakeSizes = sqliteTable(
  'cake_sizes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cake_sizes_name').on(sql`lower(${t.name})`)],
);

export const CATEGORY_TYPES = ['inventory', 'cake'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    type: text('type', { enum: CATEGORY_TYPES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_type_name').on(t.type, sql`lower(${t.name})`)],
);

export const units = sqliteTable(
  'units',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('units_name').on(sql`lower(${t.name})`)],
);

export const suppliers = sqliteTable(
  'suppliers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplierId: text('supplier_id').notNull(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    company: text('company').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('suppliers_supplier_id').on(sql`lower(${t.supplierId})`),
    index('suppliers_name').on(sql`lower(${t.name})`, t.id),
  ],
);

export const customers = sqliteTable(
  'customers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    customerId: text('customer_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_customer_id').on(sql`lower(${t.customerId})`),
    index('customers_name').on(sql`lower(${t.name})`, t.id),
  ],
);

/**
 * Baking supplies. Money in centavos; `amount` of `unit` is what one piece of stock holds
 * (a 1 kg pack of flour: stock counts packs). Status is derived on read (PRODUCT.md), never stored.
 */
export const inventoryItems = sqliteTable(
  'inventory_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id').references(() => categories.id),
    purchasePrice: integer('purchase_price').notNull().default(0),
    unitPrice: integer('unit_price').notNull().default(0),
    amount: real('amount').notNull().default(0),
    unitId: integer('unit_id').references(() => units.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    restockThreshold: integer('restock_threshold').notNull().default(0),
    /** A Manila calendar date, YYYY-MM-DD; the item expires at the end of that day. */
    expirationDate: text('expiration_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Sort keys: lower(name) of the category, supplier and unit, kept by triggers (see the
    // migration) so sorting 100,000 items by them walks an index instead of sorting a join.
    categoryKey: text('category_key'),
    supplierKey: text('supplier_key'),
    unitKey: text('unit_key'),
    /** 1 low, 2 out, 3 well-stocked: the status apart from expiry, indexed for sorting by status. */
    stockState: integer('stock_state').generatedAlwaysAs(
      sql`(case when "stock" = 0 then 2 when "stock" <= "restock_threshold" then 1 else 3 end)`,
      { mode: 'virtual' },
    ),
  },
  (t) => [
    uniqueIndex('inventory_items_item_id').on(sql`lower(${t.itemId})`),
    index('inventory_items_name').on(sql`lower(${t.name})`, t.id),
    index('inventory_items_stock').on(t.stock, t.id),
    index('inventory_items_purchase_price').on(t.purchasePrice, t.id),
    index('inventory_items_unit_price').on(t.unitPrice, t.id),
    index('inventory_items_expiration').on(t.expirationDate, t.id),
    index('inventory_items_category').on(t.categoryId),
    index('inventory_items_supplier').on(t.supplierId),
    index('inventory_items_unit').on(t.unitId),
    index('inventory_items_category_key').on(t.categoryKey, t.id),
    index('inventory_items_supplier_key').on(t.supplierKey, t.id),
    index('inventory_items_unit_key').on(t.unitKey, t.id),
    index('inventory_items_stock_state').on(t.stockState, t.id, t.expirationDate),
  ],
);

export const CAKE_AVAILABILITY = ['Always', 'Seasonal'] as const;

/** Cakes sell from their own stock; base cost is derived from the ingredients on read. */
export const cakes = sqliteTable(
  'cakes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cakeId: text('cake_id').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    sizeId: integer('size_id').references(() => cakeSizes.id),
    stock: integer('stock').notNull().default(0),
    price: integer('price').notNull().default(0),
    amount: real('amount').notNull().default(0),
    availability: text('availability', { enum: CAKE_AVAILABILITY }).notNull().default('Always'),
    seasonStart: text('season_start'),
    seasonEnd: text('season_end'),
    expirationDate: text('expiration_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cakes_cake_id').on(sql`lower(${t.cakeId})`),
    index('cakes_name').on(sql`lower(${t.name})`, t.id),
    index('cakes_category').on(t.categoryId),
    index('cakes_size').on(t.sizeId),
  ],
);

export const cakeIngredients = sqliteTable(
  'cake_ingredients',
  {
    cakeId: integer('cake_id')
      .notNull()
      .references(() => cakes.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cakeId, t.itemId] }), index('cake_ingredients_item').on(t.itemId)],
);

export const STOCK_REASONS = ['created', 'edit', 'sale', 'refund', 'restore', 'deleted'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The stock-movement ledger (PRODUCT.md): every change of an item's or a cake's stock,
 * written in the same transaction as the change. `record` keeps the business id so the
 * history still reads after the item is deleted.
 */
export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
    cakeId: integer('cake_id').references(() => cakes.id, { onDelete: 'set null' }),
    record: text('record').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    change: integer('change').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** A sale id, a request number: what caused it, when there is one. */
    reference: text('reference'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_item').on(t.itemId, t.createdAt),
    index('stock_movements_cake').on(t.cakeId, t.createdAt),
  ],
);

export const STOCK_ALERT_KINDS = ['low', 'out', 'expiring'] as const;

/** One notification per item, kind and date: the daily check and stock changes never repeat one. */
export const stockAlerts = sqliteTable(
  'stock_alerts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STOCK_ALERT_KINDS }).notNull(),
    /** The Manila day of a low/out alert; the expiration date of an expiring one. */
    onDate: text('on_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.kind, t.onDate] })],
);

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
  },
  (t) => [
    index('sale_lines_sale').on(t.saleId),
    index('sale_lines_item').on(t.itemId),
    index('sale_lines_cake').on(t.cakeId),
  ],
);
