import { and, eq, sql } from 'drizzle-orm';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { inventoryItems, stockLots } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import { type Movement, record, type Stocked } from './stock';

// An item's stock and expiration date as its lots say (docs/decisions.md, Lots): the sum of
// the unexpired lots, the earliest date among them with stock. The lot writer (./lots.ts)
// calls these after every move; the daily check settles what expired since.

/** What a move records in the ledger; the change is what the lots' sum moved by. */
export type LotMove = Omit<Movement, 'change'>;

const l = stockLots;
const i = inventoryItems;
const ph = sql.placeholder;
/** A lot that can still be sold today: no expiry, or expiring today or later. */
export const fresh = sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${ph('today')})`;

/**
 * Sets the item's stock to its unexpired lots' sum and its expiration date to the earliest
 * among them with stock left (else the latest expired one with stock left, so the item reads
 * Expired; with no stock at all it keeps its date). Returns the stock before and after.
 * The date is written only when it changes: a write bumps the inventory list's version.
 */
function refresh(tx: Tx, itemId: number, today: string): { before: number; after: number } {
  const before = prepared(tx, 'lots.stockOf', () =>
    tx
      .select({ stock: i.stock, expirationDate: i.expirationDate })
      .from(i)
      .where(eq(i.id, ph('id')))
      .prepare(),
  ).get({ id: itemId });
  if (!before) throw fail.notFound('The item no longer exists.');
  const now = prepared(tx, 'lots.sums', () =>
    tx
      .select({
        stock: sql<number>`coalesce(sum(case when ${fresh} then ${l.remaining} end), 0)`,
        freshLots: sql<number>`count(case when ${fresh} then 1 end)`,
        earliest: sql<string | null>`min(case when ${fresh} then ${l.expirationDate} end)`,
        latestExpired: sql<string | null>`max(case when not ${fresh} then ${l.expirationDate} end)`,
        lots: sql<number>`count(*)`,
      })
      .from(l)
      .where(and(eq(l.itemId, ph('id')), hasStockLeft(l.remaining)))
      .prepare(),
  ).get({ id: itemId, today })!;
  const date = now.freshLots > 0 ? now.earliest : now.lots > 0 ? now.latestExpired : before.expirationDate;
  if (now.stock !== before.stock)
    prepared(tx, 'lots.setStock', () =>
      tx
        .update(i)
        .set({ stock: sql`${ph('stock')}` })
        .where(eq(i.id, ph('id')))
        .prepare(),
    ).run({ id: itemId, stock: now.stock });
  if (date !== before.expirationDate)
    prepared(tx, 'lots.setDate', () =>
      tx
        .update(i)
        .set({ expirationDate: sql`${ph('date')}` })
        .where(eq(i.id, ph('id')))
        .prepare(),
    ).run({ id: itemId, date });
  return { before: before.stock, after: now.stock };
}

/**
 * Brings the item's stock up to date before a move: lots that passed their date since the
 * last look leave the stock with an `expired` ledger row (the daily check does this too).
 */
export function settleExpiry(tx: Tx, what: Stocked, now: Date): void {
  const { before, after } = refresh(tx, what.id, manilaDate(now));
  record(tx, what, { reason: 'expired', change: after - before, userId: null }, before, after);
}

/** Re-reads the lots after they changed and writes the one ledger row of the move. */
export function finish(tx: Tx, what: Stocked, move: LotMove, now: Date): number {
  const { before, after } = refresh(tx, what.id, manilaDate(now));
  record(tx, what, { ...move, change: after - before }, before, after);
  return after;
}

/** Takes every lot that passed its date out of its item's stock (the daily check, just after midnight). */
export function settleExpiredLots(tx: Tx, now: Date): void {
  const today = manilaDate(now);
  const items = tx
    .selectDistinct({ id: i.id, record: i.itemId })
    .from(l)
    .innerJoin(i, eq(i.id, l.itemId))
    .where(and(hasStockLeft(l.remaining), sql`${l.expirationDate} < ${today}`))
    .all();
  for (const item of items) settleExpiry(tx, { kind: 'item', id: item.id, record: item.record }, now);
}
