import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

// ---- Records: settings lists, suppliers, customers, inventory, cakes ----------------
// Names and business ids are unique case-insensitively: a unique index on lower(...)
// holds the rule even under parallel writes; services check first for a friendly 409.

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
    /** Days from ordering to delivery, for reorder suggestions. */
    leadTimeDays: integer('lead_time_days').notNull().default(7),
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
 * A margin as a fraction of the price, null when the price is 0 (the worst: those sort first).
 * Pricing orders items by exactly this over their columns, so SQLite walks its index.
 */
export function marginRatioSql(price: SQLWrapper, cost: SQLWrapper): SQL<number | null> {
  const ratio = sql`(${price} - ${cost}) * 1.0 / ${price}`;
  return sql<number | null>`(case when ${price} = 0 then null else ${ratio} end)`;
}

// stock_state 2 (out of stock) and 1 (low), written as inventory_items' partial indexes need them.
export const OUT_OF_STOCK = sql`"stock" = 0`;
export const LOW_STOCK = sql`"stock" <> 0 and "stock" <= "restock_threshold"`;

/**
 * Baking supplies. Money in centavos; `amount` of `unit` is what one piece of stock holds
 * (a 1 kg pack of flour: stock counts packs). Status is derived on read, never stored.
 * Every write is followed by the search index (server/db/sql/inventory-search.sql) and the
 * list counter (server/db/sql/inventory-version.sql).
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
    /** Takes the SC/PWD discount: food yes, baking supplies no (the default). */
    scPwdEligible: integer('sc_pwd_eligible', { mode: 'boolean' }).notNull().default(false),
    /** A basic necessity or prime commodity (flour, sugar, oil, milk): takes the seniors' 5%. */
    basicNecessity: integer('basic_necessity', { mode: 'boolean' }).notNull().default(false),
    /** A Manila calendar date, YYYY-MM-DD; the item expires at the end of that day. */
    expirationDate: text('expiration_date'),
    /** The EAN/UPC printed on the pack (8, 12 or 13 digits), which the counter's scanner reads; unique. */
    barcode: text('barcode'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Sort keys: lower(name) of the category, supplier and unit, kept by server/db/sql/inventory-sort-keys.sql
    // so sorting 100,000 items by them walks an index instead of sorting a join.
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
    uniqueIndex('inventory_items_barcode').on(t.barcode),
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
    // Only the items out of stock, and only the low ones, by date: the Dashboard counts the
    // unexpired among them as two ranges (reports/dashboard.ts). The stock-state index cannot
    // answer a count alone: SQLite reads the row behind each entry of a virtual column's index.
    index('inventory_items_out_of_stock')
      .on(t.expirationDate)
      .where(OUT_OF_STOCK),
    index('inventory_items_low_stock').on(t.expirationDate).where(LOW_STOCK),
    index('inventory_items_margin').on(marginRatioSql(t.unitPrice, t.purchasePrice), t.id),
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
    /** Takes the SC/PWD discount: cakes are food, so yes by default. */
    scPwdEligible: integer('sc_pwd_eligible', { mode: 'boolean' }).notNull().default(true),
    expirationDate: text('expiration_date'),
    /** Whole days a baked cake keeps. */
    shelfLifeDays: integer('shelf_life_days').notNull().default(3),
    /** How many should be ready on the shelf each morning. */
    shelfTarget: integer('shelf_target').notNull().default(0),
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
    /** The recipe for one cake, in thousandths of the item's unit (0.25 kg is 250). */
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cakeId, t.itemId] }), index('cake_ingredients_item').on(t.itemId)],
);
