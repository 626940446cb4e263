import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import { type JournalKind, journal } from '../../db/schema';

// THE writer of the journal (docs/decisions.md, BIR records): every sale, refund, reprint,
// reading and change to a terminal appends one row inside the transaction that made it, so
// the row exists exactly when the document does. Each row's hash covers the previous row's
// hash and its own fields; the database refuses UPDATE and DELETE (server/db/sql/journal.sql).

/** The first row's previous hash. */
const GENESIS = '0'.repeat(64);

export interface JournalEntry {
  terminalId: number | null;
  kind: JournalKind;
  documentNumber: string;
  /** Centavos. */
  amount: number;
  /** Anything JSON can hold: stored as its JSON text, exactly as hashed. */
  document: unknown;
}

interface Row {
  sequence: number;
  at: Date;
  terminalId: number | null;
  kind: string;
  documentNumber: string;
  amount: number;
  document: string;
  previousHash: string;
}

/** SHA-256 over the previous hash and the row's fields in one fixed order, as hex. */
function hashOf(row: Row): string {
  const fields = [
    row.sequence,
    row.at.getTime(),
    row.terminalId,
    row.kind,
    row.documentNumber,
    row.amount,
    row.document,
  ];
  return createHash('sha256')
    .update(row.previousHash)
    .update('\n')
    .update(JSON.stringify(fields))
    .digest('hex');
}

const COLUMNS = [
  'sequence',
  'at',
  'terminalId',
  'kind',
  'documentNumber',
  'amount',
  'document',
  'previousHash',
  'hash',
] as const;

/** Appends one row after the last, inside the caller's transaction; returns its sequence. */
export function appendJournal(tx: Tx | Db, entry: JournalEntry, now: Date): number {
  const last = prepared(tx, 'journal.last', () =>
    tx
      .select({ sequence: journal.sequence, hash: journal.hash })
      .from(journal)
      .orderBy(desc(journal.sequence))
      .limit(1)
      .prepare(),
  ).get();
  const row: Row = {
    sequence: (last?.sequence ?? 0) + 1,
    at: now,
    terminalId: entry.terminalId,
    kind: entry.kind,
    documentNumber: entry.documentNumber,
    amount: entry.amount,
    document: JSON.stringify(entry.document),
    previousHash: last?.hash ?? GENESIS,
  };
  prepared(tx, 'journal.insert', () =>
    tx
      .insert(journal)
      .values(placeholders(COLUMNS) as never)
      .prepare(),
  ).run({ ...row, hash: hashOf(row) });
  return row.sequence;
}

export interface Verification {
  ok: boolean;
  rows: number;
  /** The first row whose hash, previous hash or sequence does not follow; null when all do. */
  firstBadSequence: number | null;
}

/**
 * Walks the chain from the first row: each sequence one more than the last, each previous
 * hash the last row's hash, each hash what its fields give. Rows are read one at a time, so a
 * year of sales verifies without holding it in memory.
 */
export function verifyJournal(db: Db): Verification {
  let previousHash = GENESIS;
  let expected = 1;
  let rows = 0;
  const all = db.$client
    .prepare(
      `select sequence, at, terminal_id as terminalId, kind, document_number as documentNumber, amount,
         document, previous_hash as previousHash, hash from journal order by sequence`,
    )
    .iterate() as IterableIterator<Omit<Row, 'at'> & { at: number; hash: string }>;
  for (const row of all) {
    rows++;
    const good =
      row.sequence === expected &&
      row.previousHash === previousHash &&
      row.hash === hashOf({ ...row, at: new Date(row.at) });
    if (!good) {
      all.return?.();
      return { ok: false, rows: countRows(db), firstBadSequence: Math.min(row.sequence, expected) };
    }
    previousHash = row.hash;
    expected++;
  }
  return { ok: true, rows, firstBadSequence: null };
}

const countRows = (db: Db) => db.get<{ n: number }>(sql`select count(*) as n from ${journal}`).n;
