// The bare baseline's journal verification (bench/bare.ts, bench/oneShots.ts): the hash chain
// of server/domains/journal/chain.ts recomputed in plain code over plain better-sqlite3,
// walking the rows in order one at a time, as the app's verifyJournal does.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

type Row = [number, number, number | null, string, string, number, string, string, string];

export function bareVerify(sqlite: Database.Database) {
  const rows = sqlite
    .prepare(
      `select sequence, at, terminal_id, kind, document_number, amount, document, previous_hash, hash
       from journal order by sequence`,
    )
    .raw(true);
  return () => {
    let previous = '0'.repeat(64);
    let expected = 1;
    let count = 0;
    for (const row of rows.iterate() as IterableIterator<Row>) {
      const [sequence, at, terminalId, kind, number, amount, document, previousHash, hash] = row;
      count++;
      const computed = createHash('sha256')
        .update(previous)
        .update('\n')
        .update(JSON.stringify([sequence, at, terminalId, kind, number, amount, document]))
        .digest('hex');
      if (sequence !== expected || previousHash !== previous || hash !== computed)
        return { ok: false, rows: count, firstBadSequence: Math.min(sequence, expected) };
      previous = hash;
      expected++;
    }
    return { ok: true, rows: count, firstBadSequence: null };
  };
}
