import { and, asc, eq, sql } from 'drizzle-orm';
import { costOf } from '../../../shared/quantity';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { inventoryItems, type LotSource, stockLots } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import { finish, fresh, type LotMove, settleExpiry } from './lotStock';
import type { Stocked } from './stock';

// THE writer of an item's lots (docs/rules.md, Lots): every change of an item's stock goes
// through here, inside the caller's transaction, and leaves the item's stock equal to the sum
// of its unexpired lots' remaining, with one ledger row for the change. Quantities are in
// thousandths of the item's unit.

/** A quantity taken from one lot, at that lot's unit cost. */
export interface LotTake {
  lotId: number;
  quantity: number;
  unitCost: number;
}

/** Each take's quantity x unit cost, in centavos. */
export const costOfTakes = (takes: readonly LotTake[]) =>
  takes.reduce((sum, t) => sum + costOf(t.quantity, t.unitCost), 0);

const l = stockLots;
const i = inventoryItems;
const ph = sql.placeholder;

export interface NewLot {
  source: LotSource;
  quantity: number;
  unitCost: number;
  expirationDate: string | null;
  /** The supplier's code; none gives LOT- and the lot's number. */
  lotCode?: string | null;
  supplierId?: number | null;
  purchaseOrderId?: number | null;
}

/** Adds a lot to the item's stock; returns the lot as stored. */
export function addLot(tx: Tx, what: Stocked, lot: NewLot, move: LotMove, now: Date) {
  settleExpiry(tx, what, now);
  const stored = insertLot(tx, what.id, lot, move.userId, now);
  finish(tx, what, move, now);
  return stored;
}

/** The lot's row, its code made from its number when none was given. */
function insertLot(tx: Tx, itemId: number, lot: NewLot, userId: number | null, now: Date) {
  const row = prepared(tx, 'lots.insert', () =>
    tx
      .insert(l)
      .values({
        itemId: ph('itemId'),
        lotCode: ph('lotCode'),
        source: ph('source'),
        quantity: ph('quantity'),
        remaining: ph('quantity'),
        unitCost: ph('unitCost'),
        expirationDate: ph('expirationDate'),
        supplierId: ph('supplierId'),
        purchaseOrderId: ph('purchaseOrderId'),
        receivedAt: ph('receivedAt'),
        receivedBy: ph('receivedBy'),
      })
      .returning()
      .prepare(),
  ).get({
    itemId,
    lotCode: lot.lotCode?.trim() || '',
    source: lot.source,
    quantity: lot.quantity,
    unitCost: lot.unitCost,
    expirationDate: lot.expirationDate,
    supplierId: lot.supplierId ?? null,
    purchaseOrderId: lot.purchaseOrderId ?? null,
    receivedAt: now,
    receivedBy: userId,
  })!;
  if (row.lotCode) return row;
  return prepared(tx, 'lots.code', () =>
    tx
      .update(l)
      .set({ lotCode: sql`printf('LOT-%06d', ${l.id})` })
      .where(eq(l.id, ph('id')))
      .returning()
      .prepare(),
  ).get({ id: row.id })!;
}

/** Which lots a take may use, and in what order. */
export interface TakeFrom {
  /** One chosen lot, expired or not. */
  lotId?: number;
  /** Expired lots first (oldest first), then the unexpired ones FEFO: writing off what went bad. */
  expiredFirst?: boolean;
  /** Only expired lots: writing them all off. */
  expiredOnly?: boolean;
}

/**
 * Takes `quantity` from the item's lots: unexpired lots in order of expiry, undated last, then
 * in order of receipt (FEFO), unless `from` says otherwise. Throws 409 `shortText` (given what
 * the lots hold, when a function) when they do not hold enough; a lot never goes below zero
 * (the guard and the table's CHECK).
 */
export function takeLots(
  tx: Tx,
  what: Stocked,
  quantity: number,
  move: LotMove,
  now: Date,
  shortText: string | ((onHand: number) => string),
  from: TakeFrom = {},
): LotTake[] {
  settleExpiry(tx, what, now);
  const today = manilaDate(now);
  const candidates = lotsToTake(tx, what.id, today, from);
  const takes: LotTake[] = [];
  let left = quantity;
  for (const lot of candidates) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    takes.push({ lotId: lot.id, quantity: take, unitCost: lot.unitCost });
    left -= take;
  }
  // What the lots held, for a message that names it (it is the stock when taking by FEFO).
  const short = () => fail.conflict(typeof shortText === 'string' ? shortText : shortText(quantity - left));
  if (left > 0) throw short();
  const lower = prepared(tx, 'lots.take', () =>
    tx
      .update(l)
      .set({ remaining: sql`${l.remaining} - ${ph('quantity')}` })
      .where(and(eq(l.id, ph('id')), sql`${l.remaining} >= ${ph('quantity')}`))
      .returning({ id: l.id })
      .prepare(),
  );
  for (const take of takes) if (!lower.get({ id: take.lotId, quantity: take.quantity })) throw short();
  finish(tx, what, move, now);
  return takes;
}

function lotsToTake(tx: Tx, itemId: number, today: string, from: TakeFrom) {
  const base = tx
    .select({ id: l.id, remaining: l.remaining, unitCost: l.unitCost, expirationDate: l.expirationDate })
    .from(l);
  if (from.lotId !== undefined)
    return base.where(and(eq(l.itemId, itemId), eq(l.id, from.lotId), hasStockLeft(l.remaining))).all();
  const expired = sql`(${l.expirationDate} is not null and ${l.expirationDate} < ${today})`;
  if (from.expiredOnly)
    return base
      .where(and(eq(l.itemId, itemId), hasStockLeft(l.remaining), expired))
      .orderBy(asc(l.expirationDate), asc(l.id))
      .all();
  if (from.expiredFirst)
    return base
      .where(and(eq(l.itemId, itemId), hasStockLeft(l.remaining)))
      .orderBy(sql`${expired} desc`, sql`${l.expirationDate} is null`, asc(l.expirationDate), asc(l.id))
      .all();
  return prepared(tx, 'lots.fefo', () =>
    tx
      .select({ id: l.id, remaining: l.remaining, unitCost: l.unitCost, expirationDate: l.expirationDate })
      .from(l)
      .where(and(eq(l.itemId, ph('id')), hasStockLeft(l.remaining), fresh))
      .orderBy(sql`${l.expirationDate} is null`, asc(l.expirationDate), asc(l.id))
      .prepare(),
  ).all({ id: itemId, today });
}

/**
 * Puts quantities back into the lots they were taken from (a refund). What a lot cannot take
 * back (a restore since the sale set it full again) comes back as a `return` lot at that lot's
 * cost and date, so a refund is never refused for it.
 */
export function returnToLots(tx: Tx, what: Stocked, takes: readonly LotTake[], move: LotMove, now: Date) {
  settleExpiry(tx, what, now);
  const raise = prepared(tx, 'lots.return', () =>
    tx
      .update(l)
      .set({ remaining: sql`${l.remaining} + ${ph('quantity')}` })
      .where(eq(l.id, ph('id')))
      .prepare(),
  );
  for (const take of takes) {
    const lot = prepared(tx, 'lots.room', () =>
      tx
        .select({
          room: sql<number>`${l.quantity} - ${l.remaining}`,
          expirationDate: l.expirationDate,
          supplierId: l.supplierId,
        })
        .from(l)
        .where(eq(l.id, ph('id')))
        .prepare(),
    ).get({ id: take.lotId });
    const back = Math.min(take.quantity, Math.max(lot?.room ?? 0, 0));
    if (back > 0) raise.run({ id: take.lotId, quantity: back });
    if (back < take.quantity)
      insertLot(
        tx,
        what.id,
        {
          source: 'return',
          quantity: take.quantity - back,
          unitCost: take.unitCost,
          expirationDate: lot?.expirationDate ?? null,
          supplierId: lot?.supplierId ?? null,
        },
        move.userId,
        now,
      );
  }
  return finish(tx, what, move, now);
}

/**
 * Sets the item's stock to `target` as an adjustment: an increase is a new `adjustment` lot
 * expiring on the item's expiration date at its purchase price; a decrease is taken FEFO.
 */
export function adjustStock(tx: Tx, what: Stocked, target: number, move: LotMove, now: Date): void {
  settleExpiry(tx, what, now);
  const item = tx
    .select({ stock: i.stock, purchasePrice: i.purchasePrice, expirationDate: i.expirationDate })
    .from(i)
    .where(eq(i.id, what.id))
    .get();
  if (!item || target === item.stock) return;
  if (target > item.stock)
    addLot(
      tx,
      what,
      {
        source: 'adjustment',
        quantity: target - item.stock,
        unitCost: item.purchasePrice,
        expirationDate: item.expirationDate,
      },
      move,
      now,
    );
  else takeLots(tx, what, item.stock - target, move, now, `Not enough stock of ${what.record}.`);
}

/**
 * The item's expiration date edited on its form: the lots with stock that carried the date it
 * showed now carry the new one, so a wrong date can be put right even after it passed (with no
 * such lot, the item just keeps the date for stock added later).
 */
export function redateLots(
  tx: Tx,
  what: Stocked,
  from: string | null,
  to: string | null,
  move: LotMove,
  now: Date,
): void {
  settleExpiry(tx, what, now);
  tx.update(l)
    .set({ expirationDate: to })
    .where(
      and(
        eq(l.itemId, what.id),
        hasStockLeft(l.remaining),
        from === null ? sql`${l.expirationDate} is null` : eq(l.expirationDate, from),
      ),
    )
    .run();
  finish(tx, what, move, now);
}
