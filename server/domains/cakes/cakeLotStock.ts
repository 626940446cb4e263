import { and, eq, isNull, sql } from 'drizzle-orm';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakeLots, cakes } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import type { LotMove } from '../inventory/lotStock';
import { record, type Stocked } from '../inventory/stock';

// A cake's stock and date as its lots say, as ../inventory/lotStock.ts is an item's: the lot
// writer (./cakeLots.ts) calls these after every move; the daily check settles what expired since.

const l = cakeLots;
const c = cakes;
const ph = sql.placeholder;
export const fresh = sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${ph('today')})`;

/** The stock and date as the lots say; writes them when they differ. Returns before and after. */
function refresh(tx: Tx, cakeId: number, today: string): { before: number; after: number } {
  const before = prepared(tx, 'cakeLots.stockOf', () =>
    tx
      .select({ stock: c.stock, expirationDate: c.expirationDate })
      .from(c)
      .where(eq(c.id, ph('id')))
      .prepare(),
  ).get({ id: cakeId });
  if (!before) throw fail.notFound('The cake no longer exists.');
  const now = prepared(tx, 'cakeLots.sums', () =>
    tx
      .select({
        stock: sql<number>`coalesce(sum(case when ${fresh} then ${l.remaining} end), 0)`,
        freshLots: sql<number>`count(case when ${fresh} then 1 end)`,
        earliest: sql<string | null>`min(case when ${fresh} then ${l.expirationDate} end)`,
        latestExpired: sql<string | null>`max(case when not ${fresh} then ${l.expirationDate} end)`,
        lots: sql<number>`count(*)`,
      })
      .from(l)
      .where(and(eq(l.cakeId, ph('id')), hasStockLeft(l.remaining), isNull(l.orderId)))
      .prepare(),
  ).get({ id: cakeId, today })!;
  const date = now.freshLots > 0 ? now.earliest : now.lots > 0 ? now.latestExpired : before.expirationDate;
  if (now.stock !== before.stock || date !== before.expirationDate)
    prepared(tx, 'cakeLots.set', () =>
      tx
        .update(c)
        .set({ stock: sql`${ph('stock')}`, expirationDate: sql`${ph('date')}` })
        .where(eq(c.id, ph('id')))
        .prepare(),
    ).run({ id: cakeId, stock: now.stock, date });
  return { before: before.stock, after: now.stock };
}

/** Lots that passed their date since the last look leave the stock, with an `expired` ledger row. */
export function settleCakeExpiry(tx: Tx, what: Stocked, now: Date): void {
  const { before, after } = refresh(tx, what.id, manilaDate(now));
  record(tx, what, { reason: 'expired', change: after - before, userId: null }, before, after);
}

export function finish(tx: Tx, what: Stocked, move: LotMove, now: Date): number {
  const { before, after } = refresh(tx, what.id, manilaDate(now));
  record(tx, what, { ...move, change: after - before }, before, after);
  return after;
}

/** Takes every cake lot that passed its date out of its cake's stock (the daily check). */
export function settleExpiredCakeLots(tx: Tx, now: Date): void {
  const today = manilaDate(now);
  const stale = tx
    .selectDistinct({ id: c.id, record: c.cakeId })
    .from(l)
    .innerJoin(c, eq(c.id, l.cakeId))
    .where(and(hasStockLeft(l.remaining), sql`${l.expirationDate} < ${today}`))
    .all();
  for (const cake of stale) settleCakeExpiry(tx, { kind: 'cake', id: cake.id, record: cake.record }, now);
}
