import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Period } from '../../../shared/schemas/reports';
import { WASTE_REASONS, type WasteReason } from '../../../shared/texts/waste';
import { addDays, manilaDate, manilaDayStart, rangeStart } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { users, wasteEntries } from '../../db/schema';

// The waste log: what was written off in a period (items and cakes alike), newest first, with totals by reason and by
// week (weeks start on Sunday, as the reports' This Week does).

/** The most rows a page of the log shows; the totals count every row of the period. */
const ROWS_SHOWN = 500;

const w = wasteEntries;

/** The Manila days of the period: a named range up to today; All from the first write-off. */
function daysOf(db: Store, period: Period, now: Date) {
  const today = manilaDate(now);
  if (period.range === 'custom') return { from: period.from ?? today, to: period.to ?? today };
  if (period.range !== 'all') return { from: manilaDate(rangeStart(period.range, now) ?? now), to: today };
  const first = db
    .select({ at: sql<number | null>`min(${w.createdAt})` })
    .from(w)
    .get()?.at;
  return { from: first ? manilaDate(new Date(first)) : today, to: today };
}

export function wasteLog(db: Store, period: Period, now = new Date()) {
  const { from, to } = daysOf(db, period, now);
  const inPeriod = and(
    gte(w.createdAt, manilaDayStart(from)),
    lt(w.createdAt, manilaDayStart(addDays(to, 1))),
  );
  const rows = db
    .select({
      id: w.id,
      createdAt: w.createdAt,
      kind: w.kind,
      itemId: w.itemId,
      cakeId: w.cakeId,
      record: w.record,
      name: w.name,
      quantity: w.quantity,
      reason: w.reason,
      note: w.note,
      cost: w.cost,
      lotId: w.lotId,
      by: users.username,
    })
    .from(w)
    .leftJoin(users, eq(users.id, w.createdBy))
    .where(inPeriod)
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(ROWS_SHOWN)
    .all();
  const all = db
    .select({ createdAt: w.createdAt, reason: w.reason, quantity: w.quantity, cost: w.cost })
    .from(w)
    .where(inPeriod)
    .all();
  const byReason = new Map<
    WasteReason,
    { reason: WasteReason; entries: number; quantity: number; cost: number }
  >(WASTE_REASONS.map((reason) => [reason, { reason, entries: 0, quantity: 0, cost: 0 }]));
  const byWeek = new Map<string, { week: string; entries: number; quantity: number; cost: number }>();
  const totals = { entries: 0, quantity: 0, cost: 0 };
  for (const entry of all) {
    const week = manilaDate(rangeStart('week', entry.createdAt) ?? entry.createdAt);
    const weekRow = byWeek.get(week) ?? { week, entries: 0, quantity: 0, cost: 0 };
    byWeek.set(week, weekRow);
    for (const sum of [totals, byReason.get(entry.reason)!, weekRow]) {
      sum.entries += 1;
      sum.quantity += entry.quantity;
      sum.cost += entry.cost;
    }
  }
  return {
    from,
    to,
    rows,
    totals: {
      ...totals,
      byReason: [...byReason.values()].filter((r) => r.entries > 0),
      byWeek: [...byWeek.values()].sort((a, b) => b.week.localeCompare(a.week)),
    },
  };
}

/** What waste of items and cakes cost in [start, end): the sales report takes it from profit. */
export function wasteCostBetween(db: Store, start: Date, end: Date): number {
  // On every report summary: prepared once. Epoch milliseconds, as the column stores them.
  return (
    prepared(db, 'waste.costBetween', () =>
      db
        .select({ cost: sql<number>`coalesce(sum(${w.cost}), 0)` })
        .from(w)
        .where(and(gte(w.createdAt, sql.placeholder('start')), lt(w.createdAt, sql.placeholder('end'))))
        .prepare(),
    ).get({ start: start.getTime(), end: end.getTime() })?.cost ?? 0
  );
}
