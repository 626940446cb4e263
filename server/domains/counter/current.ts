import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { shifts } from '../../db/schema';

/** The cashier's open shift, if any: sales and refunds they make belong to it (issue 11). */
export function openShiftOf(db: Store, cashierId: number) {
  return prepared(db, 'shifts.open', () =>
    db
      .select()
      .from(shifts)
      .where(and(eq(shifts.cashierId, sql.placeholder('cashierId')), isNull(shifts.closedAt)))
      .prepare(),
  ).get({ cashierId });
}
