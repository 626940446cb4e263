import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';

// ---- The records an examiner reads: terminals and the journal (docs/decisions.md, BIR records) ----

/**
 * A point-of-sale terminal (a till): its registration with the BIR, and the counters it
 * keeps. Invoice and refund numbers are its own series, each the last issued plus one inside
 * the sale's (or refund's) transaction, so they are gapless and in order. `grandTotal` is the
 * accumulated grand total: every sale's total added as it is made, never lowered or reset.
 * Terminal 1 is made by the migration, so a shop that never sets one keeps selling.
 */
export const terminals = sqliteTable('terminals', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  /** Machine identification number, from the permit. */
  min: text('min').notNull().default(''),
  serialNumber: text('serial_number').notNull().default(''),
  /** Permit to use, or the acknowledgement number of its registration. */
  permitNumber: text('permit_number').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull().unique(),
  lastInvoice: integer('last_invoice').notNull().default(0),
  lastRefund: integer('last_refund').notNull().default(0),
  grandTotal: integer('grand_total').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const JOURNAL_KINDS = ['sale', 'refund', 'reprint', 'x-reading', 'z-reading', 'terminal'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * The electronic journal: one row per document, appended in the transaction that made it,
 * never changed (server/db/sql/journal.sql refuses UPDATE and DELETE). `hash` is SHA-256 over
 * the previous row's hash and this row's fields (server/domains/journal/chain.ts), so a row
 * changed or removed by hand breaks the chain from there on.
 */
export const journal = sqliteTable(
  'journal',
  {
    sequence: integer('sequence').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    terminalId: integer('terminal_id').references(() => terminals.id),
    kind: text('kind', { enum: JOURNAL_KINDS }).notNull(),
    documentNumber: text('document_number').notNull(),
    /** In centavos: the sale's or refund's total, a reading's net; 0 for the rest. */
    amount: integer('amount').notNull().default(0),
    /** The document as JSON, exactly as hashed. */
    document: text('document').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('journal_at').on(t.at)],
);
