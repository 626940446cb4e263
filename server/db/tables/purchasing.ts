import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PO_STATUSES } from '../../../shared/texts/purchasing';
import { users } from './accounts';
import { createdAt } from './columns';
import { inventoryItems, suppliers } from './records';

// ---- Purchasing: purchase orders and their lines -------------------------------------------

/**
 * What the shop orders from one supplier. `poNumber` (PO-000001) is given inside the creating
 * transaction as the highest so far plus one, so the numbers run without gaps.
 */
export const purchaseOrders = sqliteTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    poNumber: text('po_number').notNull(),
    status: text('status', { enum: PO_STATUSES }).notNull().default('Draft'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** A Manila calendar date, YYYY-MM-DD, or none. */
    expectedDate: text('expected_date'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: integer('ordered_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('purchase_orders_po_number').on(t.poNumber),
    index('purchase_orders_status').on(t.status, t.id),
    index('purchase_orders_supplier').on(t.supplierId, t.id),
  ],
);

/** Quantities in thousandths of the item's unit (docs/decisions.md); unit cost in centavos. */
export const purchaseOrderLines = sqliteTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
    unitCost: integer('unit_cost').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_order_item').on(t.purchaseOrderId, t.itemId),
    index('purchase_order_lines_item').on(t.itemId),
  ],
);
