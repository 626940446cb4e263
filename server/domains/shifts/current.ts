import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { endOfDay, shifts } from '../../db/schema';

/** The cashier's open shift, if any: sales and refunds they make belong to it. */
export function openShiftOf(db: Store, cashierId: number) {
  return prepared(db, 'shifts.open', () =>
    db
      .select()
      .from(shifts)
      .where(and(eq(shifts.cashierId, sql.placeholder('cashierId')), isNull(shifts.closedAt)))
      .prepare(),
  ).get({ cashierId });
}

/** The latest Z reading's number and time, if any: the day's books close there. */
export function lastZReading(db: Store) {
  return prepared(db, 'endOfDay.last', () =>
    db
      .select({ number: endOfDay.number, takenAt: endOfDay.takenAt })
      .from(endOfDay)
      .orderBy(desc(endOfDay.number))
      .limit(1)
      .prepare(),
  ).get();
}
