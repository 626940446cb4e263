import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { journal } from '../../db/schema';

/**
 * The journal's rows made in [start, end), oldest first, one JSON object a line: each row
 * exactly as stored and hashed (the document as its JSON text, amounts in centavos), so the
 * chain can be checked again from the file alone (docs/decisions.md, BIR records).
 */
export function* journalLines(db: Db, start: Date, end: Date): Generator<string> {
  const rows = db
    .select()
    .from(journal)
    .where(and(gte(journal.at, start), lt(journal.at, end)))
    .orderBy(asc(journal.sequence))
    .all();
  for (const row of rows) yield `${JSON.stringify({ ...row, at: row.at.toISOString() })}\n`;
}
