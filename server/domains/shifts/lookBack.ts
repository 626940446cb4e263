import { and, desc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { endOfDay } from '../../db/schema';
import { type ZReading, zOf } from './endOfDay';

// End of Day's look back on the Z readings already taken.

/** Z readings taken in [start, end), newest first. */
export function listEndOfDay(db: Db, start: Date, end: Date): ZReading[] {
  // Prepared once (the readings are looked back on often); epoch milliseconds, as stored.
  return prepared(db, 'endOfDay.between', () =>
    db
      .select()
      .from(endOfDay)
      .where(
        and(gte(endOfDay.takenAt, sql.placeholder('start')), lt(endOfDay.takenAt, sql.placeholder('end'))),
      )
      .orderBy(desc(endOfDay.number))
      .limit(400)
      .prepare(),
  )
    .all({ start: start.getTime(), end: end.getTime() })
    .map((row) => rememberedZ(db, row));
}

type ZRow = typeof endOfDay.$inferSelect;
const zsBy = new WeakMap<object, Map<number, { row: ZRow; z: ZReading }>>();
const sameRow = (a: ZRow, b: ZRow) =>
  a.totals === b.totals &&
  a.takenAt.getTime() === b.takenAt.getTime() &&
  a.takenBy === b.takenBy &&
  a.grandTotal === b.grandTotal &&
  a.terminalId === b.terminalId &&
  a.zCounter === b.zCounter;

/**
 * A taken reading as zOf reads it, remembered: a Z reading never changes once taken, and
 * End of Day looks back on the same ones often (parsing each one's totals was the largest
 * part of that read). Checked against the row as read, so a restored table is read anew;
 * a reading from before the BIR fields were kept asks the sales each time, so is not kept.
 */
function rememberedZ(db: Db, row: ZRow): ZReading {
  const remembered = zsBy.get(db.$client) ?? new Map<number, { row: ZRow; z: ZReading }>();
  zsBy.set(db.$client, remembered);
  const hit = remembered.get(row.number);
  if (hit && sameRow(hit.row, row)) return hit.z;
  const z = zOf(db, row);
  if ('grossSales' in (JSON.parse(row.totals) as object))
    remembered.set(row.number, { row, z: deepFreeze(z) });
  return z;
}

/** Frozen all the way down: what is remembered is shared by every later answer. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
