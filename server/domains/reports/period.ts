import { sql } from 'drizzle-orm';
import type { Period } from '../../../shared/schemas/reports';
import { addDays, manilaDate, manilaDayStart, rangeStart } from '../../../shared/time';
import type { Store } from '../../db/open';
import { salesByDay } from '../../db/schema';

/** A period as Manila calendar dates (both included) and as the instants it spans [start, end). */
export interface Days {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * The Manila days a report covers: a named range runs from its start up to today; All
 * starts at the first day anything was sold; custom takes the dates given.
 */
export function periodDays(db: Store, period: Period, now = new Date()): Days {
  const today = manilaDate(now);
  const [from, to] =
    period.range === 'custom'
      ? [period.from ?? today, period.to ?? today]
      : period.range === 'all'
        ? [firstSaleDay(db) ?? today, today]
        : [manilaDate(rangeStart(period.range, now) ?? now), today];
  return { from, to, start: manilaDayStart(from), end: manilaDayStart(addDays(to, 1)) };
}

function firstSaleDay(db: Store): string | undefined {
  const first = db.get<{ day: string | null }>(sql`select min(${salesByDay.day}) as day from ${salesByDay}`);
  return first?.day ?? undefined;
}
