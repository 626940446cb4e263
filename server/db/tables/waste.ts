import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { WASTE_REASONS, WASTED_KINDS } from '../../../shared/texts/waste';
import { users } from './accounts';
import { createdAt } from './columns';
import { stockLots } from './lots';
import { cakes, inventoryItems } from './records';

// ---- Waste: stock written off, at what it cost ----------------------------------------------

/**
 * One write-off: how much of an item or a cake left stock and why, at the cost of the lots it
 * came from (centavos). `record` and `name` keep it as it was, so the log reads after it is deleted.
 */
export const wasteEntries = sqliteTable(
  'waste_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What was written off: an item or a cake, kept when the record itself is deleted. */
    kind: text('kind', { enum: WASTED_KINDS }).notNull().default('item'),
    itemId: integer('item_id').references(() => inventoryItems.id, { onDelete: 'set null' }),
    /** The cake written off, when it was a cake (then `item_id` is null). */
    cakeId: integer('cake_id').references(() => cakes.id, { onDelete: 'set null' }),
    record: text('record').notNull(),
    name: text('name').notNull(),
    /** Thousandths of the item's unit; of one cake for a cake (whole cakes x 1000). */
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: WASTE_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    cost: integer('cost').notNull(),
    /** The lot chosen to write off from, when one was. */
    lotId: integer('lot_id').references(() => stockLots.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who asked, when a manager approved their write-off. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('waste_entries_created').on(t.createdAt, t.id),
    index('waste_entries_item').on(t.itemId),
    index('waste_entries_cake').on(t.cakeId),
  ],
);
