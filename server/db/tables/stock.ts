import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { stockLots } from './lots';
import { purchaseOrders } from './purchasing';
import { cakes, inventoryItems } from './records';

// ---- Stock: the ledger and the alerts ----------------------------------------------------

export const STOCK_REASONS = [
  'created',
  'edit',
  'sale',
  'refund',
  'restore',
  'deleted',
  'received',
  'waste',
  'expired',
  'production',
  /** Sold offline beyond the stock on the books: the goods had left, so the books are put right. */
  'shortfall',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The stock-movement ledger: every change of an item's or a cake's stock (in thousandths of
 * a unit for both, so one column reads one way; `expired` is a lot passing its date),
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

/** One expiry notification per cake and expiration date, as stock_alerts keeps them for items. */
export const cakeAlerts = sqliteTable(
  'cake_alerts',
  {
    cakeId: integer('cake_id')
      .notNull()
      .references(() => cakes.id, { onDelete: 'cascade' }),
    /** The expiration date announced. */
    onDate: text('on_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cakeId, t.onDate] })],
);

export const LOT_ALERT_KINDS = ['expiring', 'expired'] as const;

/**
 * One notification per lot and kind: expiring within the week, then expired with stock left.
 * For items these replace the item-level expiring alert: the item's date is its earliest lot's.
 */
export const lotAlerts = sqliteTable(
  'lot_alerts',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => stockLots.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LOT_ALERT_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.kind] })],
);

/** One lateness notification per purchase order: its expected date is fixed once ordered. */
export const purchaseOrderAlerts = sqliteTable('purchase_order_alerts', {
  purchaseOrderId: integer('purchase_order_id')
    .primaryKey()
    .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
});
