import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { addDays, manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import { type CakeLotSource, cakeLots, cakes } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import type { LotMove } from '../inventory/lotStock';
import type { LotTake } from '../inventory/lots';
import type { Stocked } from '../inventory/stock';
import { finish, fresh, settleCakeExpiry } from './cakeLotStock';
import { baseCostOf } from './queries';

// THE writer of a cake's lots (docs/rules.md, Baking), as ../inventory/lots.ts is an item's:
// every change of a cake's stock goes through here inside the caller's transaction, and leaves
// the cake's stock equal to its unexpired lots' remaining that no cake order holds, with one
// ledger row for the change. Quantities are whole cakes.

const l = cakeLots;
const c = cakes;
const ph = sql.placeholder;

/** Whole cakes × each lot's cost per cake, in centavos. */
export const cakeCostOfTakes = (takes: readonly LotTake[]) =>
  takes.reduce((sum, t) => sum + t.quantity * t.unitCost, 0);

export interface NewCakeLot {
  source: CakeLotSource;
  quantity: number;
  unitCost: number | null;
  expirationDate: string | null;
  batchId?: number | null;
  /** Reserved for this cake order: off the shelf until its pickup. */
  orderId?: number | null;
}

const LOT_COLUMNS = [
  'cakeId',
  'source',
  'batchId',
  'orderId',
  'quantity',
  'remaining',
  'unitCost',
  'expirationDate',
  'madeAt',
  'madeBy',
] as const;

function insertLot(tx: Tx, cakeId: number, lot: NewCakeLot, userId: number | null, now: Date) {
  return prepared(tx, 'cakeLots.insert', () =>
    tx.insert(l).values(placeholders(LOT_COLUMNS)).returning().prepare(),
  ).get({
    cakeId,
    source: lot.source,
    batchId: lot.batchId ?? null,
    orderId: lot.orderId ?? null,
    quantity: lot.quantity,
    remaining: lot.quantity,
    unitCost: lot.unitCost,
    expirationDate: lot.expirationDate,
    madeAt: now,
    madeBy: userId,
  })!;
}

/** Adds a lot of cakes; returns it as stored. */
export function addCakeLot(tx: Tx, what: Stocked, lot: NewCakeLot, move: LotMove, now: Date) {
  settleCakeExpiry(tx, what, now);
  const stored = insertLot(tx, what.id, lot, move.userId, now);
  finish(tx, what, move, now);
  return stored;
}

/** Which lots a take may use. */
export interface CakeTakeFrom {
  /** A cake order's pickup: the lots reserved for it first, then the shelf. */
  orderId?: number;
  /** Only expired lots (writing them off), oldest first. */
  expiredOnly?: boolean;
}

/**
 * Takes `quantity` cakes: unexpired lots by expiry, undated last, the older lot first on the
 * same date; a pickup takes its reserved lots before the shelf. 409 `shortText` when they do
 * not hold enough; a lot never goes below zero (the guard and the CHECK).
 */
export function takeCakeLots(
  tx: Tx,
  what: Stocked,
  quantity: number,
  move: LotMove,
  now: Date,
  shortText: string,
  from: CakeTakeFrom = {},
): LotTake[] {
  settleCakeExpiry(tx, what, now);
  const today = manilaDate(now);
  const takes: LotTake[] = [];
  let left = quantity;
  let baseCost: number | undefined;
  for (const lot of lotsToTake(tx, what.id, today, from)) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    // A lot written without the app has no cost yet: today's base cost.
    baseCost ??= lot.unitCost === null ? baseCostOf(tx, what.id) : undefined;
    takes.push({ lotId: lot.id, quantity: take, unitCost: lot.unitCost ?? baseCost ?? 0 });
    left -= take;
  }
  if (left > 0) throw fail.conflict(shortText);
  const lower = prepared(tx, 'cakeLots.take', () =>
    tx
      .update(l)
      .set({ remaining: sql`${l.remaining} - ${ph('quantity')}` })
      .where(and(eq(l.id, ph('id')), sql`${l.remaining} >= ${ph('quantity')}`))
      .returning({ id: l.id })
      .prepare(),
  );
  for (const take of takes)
    if (!lower.get({ id: take.lotId, quantity: take.quantity })) throw fail.conflict(shortText);
  finish(tx, what, move, now);
  return takes;
}

const TAKE_ORDER = [sql`${l.expirationDate} is null`, asc(l.expirationDate), asc(l.id)];
const TAKE_COLUMNS = { id: l.id, remaining: l.remaining, unitCost: l.unitCost };

/** The unexpired lots a take may use, in the order it uses them: prepared once, as every sale of a cake reads them. */
const takeableLots = (tx: Tx) =>
  prepared(tx, 'cakeLots.takeable', () =>
    tx
      .select(TAKE_COLUMNS)
      .from(l)
      .where(and(eq(l.cakeId, ph('cakeId')), hasStockLeft(l.remaining), isNull(l.orderId), fresh))
      .orderBy(...TAKE_ORDER)
      .prepare(),
  );

function lotsToTake(tx: Tx, cakeId: number, today: string, from: CakeTakeFrom) {
  const freshNow = sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${today})`;
  if (from.expiredOnly)
    return tx
      .select(TAKE_COLUMNS)
      .from(l)
      .where(and(eq(l.cakeId, cakeId), hasStockLeft(l.remaining), isNull(l.orderId), sql`not ${freshNow}`))
      .orderBy(asc(l.expirationDate), asc(l.id))
      .all();
  // An expired cake baked for the order is no more sold than one on the shelf.
  const reserved =
    from.orderId === undefined
      ? []
      : tx
          .select(TAKE_COLUMNS)
          .from(l)
          .where(and(eq(l.cakeId, cakeId), hasStockLeft(l.remaining), eq(l.orderId, from.orderId), freshNow))
          .orderBy(...TAKE_ORDER)
          .all();
  return [...reserved, ...takeableLots(tx).all({ cakeId, today })];
}

/**
 * Puts refunded cakes back into the lots they came from; what a lot cannot take back comes
 * back as a `return` lot at that lot's cost and date. Back on the shelf, never reserved again.
 */
export function returnToCakeLots(tx: Tx, what: Stocked, takes: readonly LotTake[], move: LotMove, now: Date) {
  settleCakeExpiry(tx, what, now);
  for (const take of takes) {
    const lot = tx
      .select({
        room: sql<number>`${l.quantity} - ${l.remaining}`,
        expirationDate: l.expirationDate,
        orderId: l.orderId,
      })
      .from(l)
      .where(eq(l.id, take.lotId))
      .get();
    const back = lot && lot.orderId === null ? Math.min(take.quantity, Math.max(lot.room, 0)) : 0;
    if (back > 0)
      tx.update(l)
        .set({ remaining: sql`${l.remaining} + ${back}` })
        .where(eq(l.id, take.lotId))
        .run();
    if (back < take.quantity)
      insertLot(
        tx,
        what.id,
        {
          source: 'return',
          quantity: take.quantity - back,
          unitCost: take.unitCost,
          expirationDate: lot?.expirationDate ?? null,
        },
        move.userId,
        now,
      );
  }
  return finish(tx, what, move, now);
}

/**
 * Sets the cake's stock to `target` as an adjustment: more is a lot at today's base cost,
 * expiring on the cake's date (after its shelf life when that date has passed); less is taken
 * first-expiry-first-out.
 */
export function adjustCakeStock(tx: Tx, what: Stocked, target: number, move: LotMove, now: Date): void {
  settleCakeExpiry(tx, what, now);
  const cake = tx
    .select({ stock: c.stock, expirationDate: c.expirationDate, shelfLifeDays: c.shelfLifeDays })
    .from(c)
    .where(eq(c.id, what.id))
    .get();
  if (!cake || target === cake.stock) return;
  if (target > cake.stock)
    addCakeLot(
      tx,
      what,
      {
        source: 'adjustment',
        quantity: target - cake.stock,
        unitCost: baseCostOf(tx, what.id),
        // The cake's date (none for one that keeps); one already past would be expired at once.
        expirationDate:
          cake.expirationDate === null || cake.expirationDate >= manilaDate(now)
            ? cake.expirationDate
            : addDays(manilaDate(now), cake.shelfLifeDays),
      },
      move,
      now,
    );
  else takeCakeLots(tx, what, cake.stock - target, move, now, `Not enough stock of ${what.record}.`);
}

/**
 * An order picked up or cancelled holds its cakes no longer: what is left of the lots baked
 * for it goes on the shelf (a ledger row per cake, `move` saying why).
 */
export function releaseOrderLots(tx: Tx, orderId: number, move: LotMove, now: Date): void {
  const held = tx
    .selectDistinct({ id: c.id, record: c.cakeId })
    .from(l)
    .innerJoin(c, eq(c.id, l.cakeId))
    .where(and(eq(l.orderId, orderId), hasStockLeft(l.remaining)))
    .all();
  for (const cake of held) {
    const what = { kind: 'cake', id: cake.id, record: cake.record } as const;
    settleCakeExpiry(tx, what, now);
    tx.update(l)
      .set({ orderId: null })
      .where(and(eq(l.orderId, orderId), eq(l.cakeId, cake.id), hasStockLeft(l.remaining)))
      .run();
    finish(tx, what, move, now);
  }
}

/** A new cake's opening lot (made by the trigger with its row) at the base cost of the recipe just written. */
export function costOpeningLot(tx: Tx, cakeId: number): void {
  tx.update(l)
    .set({ unitCost: baseCostOf(tx, cakeId) })
    .where(and(eq(l.cakeId, cakeId), eq(l.source, 'opening')))
    .run();
}
