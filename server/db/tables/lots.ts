import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { purchaseOrders } from './purchasing';
import { inventoryItems, suppliers } from './records';
import { saleLines } from './sales';

// ---- Stock lots: every unit of an item's stock, by delivery (docs/rules.md, Lots) ---------

/** Where a lot came from: an item's opening stock, a delivery, a stock edit, a refund. */
export const LOT_SOURCES = ['opening', 'purchase', 'adjustment', 'return'] as const;
export type LotSource = (typeof LOT_SOURCES)[number];

/**
 * One delivery (or opening, adjustment, return) of an item. Quantities in thousandths of the
 * item's unit; unit cost in centavos per unit. The CHECK keeps `remaining` within 0..quantity
 * whatever a writer does; the item's stock is the sum of its unexpired lots' remaining
 * (server/domains/inventory/lots.ts keeps it so). An item inserted with stock gets an opening
 * lot from server/db/sql/stock-lots.sql.
 */
export const stockLots = sqliteTable(
  'stock_lots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    /** The supplier's lot code, or LOT-000001 from the id. */
    lotCode: text('lot_code').notNull(),
    source: text('source', { enum: LOT_SOURCES }).notNull(),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    unitCost: integer('unit_cost').notNull(),
    /** A Manila calendar date, YYYY-MM-DD; none for what does not expire. */
    expirationDate: text('expiration_date'),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id, {
      onDelete: 'set null',
    }),
    receivedAt: createdAt('received_at'),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('stock_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.quantity}`),
    // First expiry first out, then receipt order, over the lots with stock left.
    index('stock_lots_fefo')
      .on(t.itemId, t.expirationDate, t.id)
      .where(sql`remaining > 0`),
    index('stock_lots_item').on(t.itemId, t.id),
    index('stock_lots_expiry').on(t.expirationDate).where(sql`remaining > 0`),
  ],
);

/** Which lots a sale line took, and at what cost, so a refund puts it back where it came from. */
export const saleLineLots = sqliteTable(
  'sale_line_lots',
  {
    saleLineId: integer('sale_line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => stockLots.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitCost: integer('unit_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.saleLineId, t.lotId] }), index('sale_line_lots_lot').on(t.lotId)],
);
