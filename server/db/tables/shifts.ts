import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { terminals } from './bir';
import { createdAt } from './columns';

// ---- The counter: shifts, their cash movements, and end-of-day (Z) readings ----

/**
 * A cashier's shift: opened with the cash in the drawer, closed with the cash counted.
 * One open shift per cashier, held by a partial unique index even under parallel opens.
 * Money in centavos; `expectedCash` and `variance` are fixed when it closes.
 */
export const shifts = sqliteTable(
  'shifts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id),
    openingCash: integer('opening_cash').notNull(),
    openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    countedCash: integer('counted_cash'),
    expectedCash: integer('expected_cash'),
    variance: integer('variance'),
    /** Why it was closed, when a manager closes it for someone (a shift left open on the tablet). */
    closeReason: text('close_reason'),
    /** Who closed it (the cashier, or a manager and up). */
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The till it was opened at, and that till's accumulated grand total then (the X reading's previous). */
    terminalId: integer('terminal_id').references(() => terminals.id),
    openingGrandTotal: integer('opening_grand_total').notNull().default(0),
  },
  (t) => [
    uniqueIndex('shifts_one_open').on(t.cashierId).where(sql`closed_at is null`),
    index('shifts_opened').on(t.openedAt),
  ],
);

export const CASH_MOVES = ['in', 'out'] as const;

/** Cash put into or taken out of the drawer during a shift, with why. */
export const shiftCash = sqliteTable(
  'shift_cash',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    type: text('type', { enum: CASH_MOVES }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** A voided movement stays on record but no longer counts in the expected cash. */
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
  },
  (t) => [index('shift_cash_shift').on(t.shiftId)],
);

/**
 * Z readings, numbered from 1 without gaps. Each holds the totals of the sales and
 * refunds it counted (marked on the sales with its number) and the grand total of every
 * sale counted so far; a reading never changes once taken.
 */
export const endOfDay = sqliteTable('end_of_day', {
  number: integer('number').primaryKey(),
  takenAt: integer('taken_at', { mode: 'timestamp_ms' }).notNull(),
  takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
  /** The reading's totals as JSON (the X reading's shape), in centavos. */
  totals: text('totals').notNull(),
  grandTotal: integer('grand_total').notNull(),
  /** The screen's key for one confirmation: the same key again answers this reading. */
  requestKey: text('request_key').unique(),
  /** The terminal it counted, and its Z counter there (1, 2, … on each terminal). */
  terminalId: integer('terminal_id').references(() => terminals.id),
  zCounter: integer('z_counter'),
});
