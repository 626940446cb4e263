import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { cakeOrders } from './cakeOrders';
import { createdAt } from './columns';
import { cakes, inventoryItems } from './records';
import { saleLines } from './sales';

// ---- Baking: production batches and the cake lots they make (docs/rules.md, Baking) --------

/**
 * Cakes baked together: N of one cake on a day, taking each ingredient's quantity × N from
 * its lots first-expiry-first-out. Numbered BATCH-000001 upward without gaps; `cost` is what
 * the lots taken cost (centavos), `unitCost` per cake (rounded half up). Baked for a cake
 * order, its cakes are reserved for it.
 */
export const productionBatches = sqliteTable(
  'production_batches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: integer('number').notNull().unique(),
    cakeId: integer('cake_id').references(() => cakes.id, { onDelete: 'set null' }),
    /** The cake's CK- id and name when baked, so the list reads after it is deleted. */
    record: text('record').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The Manila day it was baked, YYYY-MM-DD, and the day its cakes expire. */
    bakedOn: text('baked_on').notNull(),
    expirationDate: text('expiration_date').notNull(),
    cost: integer('cost').notNull(),
    unitCost: integer('unit_cost').notNull(),
    orderId: integer('order_id').references(() => cakeOrders.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('production_batches_baked').on(t.bakedOn, t.id),
    index('production_batches_cake').on(t.cakeId, t.id),
  ],
);

/** What a batch took of each ingredient: thousandths of the item's unit, at the lots' cost. */
export const batchIngredients = sqliteTable(
  'batch_ingredients',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => productionBatches.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
    record: text('record').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    cost: integer('cost').notNull(),
  },
  (t) => [index('batch_ingredients_batch').on(t.batchId)],
);

export const CAKE_LOT_SOURCES = ['opening', 'batch', 'adjustment', 'return'] as const;
export type CakeLotSource = (typeof CAKE_LOT_SOURCES)[number];

/**
 * Whole cakes of one cake that share a cost and an expiry: a batch's, or the opening stock, a
 * stock edit, a refund. `remaining` stays within 0..quantity (CHECK). A lot reserved for a
 * cake order (`orderId`) is never sold at the counter nor counted on the shelf: the cake's
 * stock is its unexpired, unreserved lots' sum (server/domains/cakes/cakeLots.ts keeps it so).
 * A cake inserted with stock gets an opening lot from server/db/sql/cake-lots.sql; its
 * `unitCost` is null until known (a row written without the app), read as the base cost then.
 */
export const cakeLots = sqliteTable(
  'cake_lots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cakeId: integer('cake_id')
      .notNull()
      .references(() => cakes.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CAKE_LOT_SOURCES }).notNull(),
    batchId: integer('batch_id').references(() => productionBatches.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => cakeOrders.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    unitCost: integer('unit_cost'),
    /** A Manila calendar date; none for a cake that does not expire. */
    expirationDate: text('expiration_date'),
    madeAt: createdAt('made_at'),
    madeBy: integer('made_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('cake_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.quantity}`),
    index('cake_lots_fefo').on(t.cakeId, t.expirationDate, t.id).where(sql`remaining > 0`),
    index('cake_lots_order').on(t.orderId).where(sql`order_id is not null`),
  ],
);

/** Which cake lots a sale line took, so its refund puts the cakes back where they came from. */
export const saleLineCakeLots = sqliteTable(
  'sale_line_cake_lots',
  {
    saleLineId: integer('sale_line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => cakeLots.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitCost: integer('unit_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.saleLineId, t.lotId] })],
);
