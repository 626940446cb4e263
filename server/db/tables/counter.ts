import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { terminals } from './bir';
import { createdAt, updatedAt } from './columns';

// ---- The counter's devices: invoice blocks for selling offline, and receipt printers -------
// (docs/decisions.md, Selling offline; Printing)

/**
 * Invoice numbers a device reserved for its terminal while online, `first` to `last` of the
 * terminal's series. The terminal's `lastInvoice` moves past the block when it is reserved, so
 * no other sale takes these numbers; the device numbers its own sales from the block in order,
 * online or offline, so the series stays gapless once the sales arrive.
 */
export const invoiceBlocks = sqliteTable(
  'invoice_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    first: integer('first').notNull(),
    last: integer('last').notNull(),
    reservedBy: integer('reserved_by').references(() => users.id, { onDelete: 'set null' }),
    reservedAt: createdAt('reserved_at'),
  },
  (t) => [uniqueIndex('invoice_blocks_first').on(t.terminalId, t.first)],
);

export const PAPER_WIDTHS = [58, 80] as const;

/** A terminal's network receipt printer (ESC/POS over TCP), at most one per terminal. */
export const printers = sqliteTable('printers', {
  terminalId: integer('terminal_id')
    .primaryKey()
    .references(() => terminals.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull().default(9100),
  /** Paper width in millimetres: 58 or 80. */
  paperWidth: integer('paper_width').notNull().default(80),
  charsPerLine: integer('chars_per_line').notNull().default(48),
  /** Print each receipt as the sale is made. */
  autoPrint: integer('auto_print', { mode: 'boolean' }).notNull().default(false),
  /** Open the cash drawer (wired to the printer) on a cash tender. */
  openDrawer: integer('open_drawer', { mode: 'boolean' }).notNull().default(false),
  updatedAt: updatedAt(),
});
