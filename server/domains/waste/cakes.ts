import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatQuantity, QUANTITY_SCALE } from '../../../shared/quantity';
import type { WriteOffInput } from '../../../shared/schemas/waste';
import { WASTE_TEXT } from '../../../shared/texts/waste';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { cakeLots } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { type CakeTakeFrom, cakeCostOfTakes, takeCakeLots } from '../cakes/cakeLots';
import { cakeByRef } from '../cakes/queries';
import type { LotMove } from '../inventory/lotStock';
import { logWriteOff, type Source } from './log';

// Writing off cakes (docs/rules.md, Waste).
// Whole cakes leave the cake's lots (../cakes/cakeLots.ts) at each lot's batch cost. Expired
// takes only lots past their date (they are already off the shelf, so the stock stays); Unsold
// takes those first, then the shelf, as a cake that did not sell usually passed its date; any
// other reason takes the shelf first-expiry-first-out. Lots held for a cake order are never
// written off here: they are the customer's until the order's pickup or cancellation.

export type Cake = { id: number; cakeId: string; name: string };

/** The cakes a write-off of this cake may take: its expired lots or its shelf, none held for an order. */
export function cakesAvailable(tx: Tx, cake: Cake, from: CakeTakeFrom, today: string): number {
  const l = cakeLots;
  const fresh = sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${today})`;
  return (
    tx
      .select({ n: sql<number>`coalesce(sum(${l.remaining}), 0)` })
      .from(l)
      .where(
        and(
          eq(l.cakeId, cake.id),
          hasStockLeft(l.remaining),
          isNull(l.orderId),
          from.expiredOnly ? sql`not ${fresh}` : fresh,
        ),
      )
      .get()?.n ?? 0
  );
}

export function applyCakeWriteOff(
  tx: Tx,
  actor: Viewer,
  cake: Cake,
  input: Pick<WriteOffInput, 'quantity' | 'reason' | 'note'>,
  now: Date,
  requestedBy: number | null = null,
) {
  const what = { kind: 'cake', id: cake.id, record: cake.cakeId } as const;
  const today = manilaDate(now);
  const whole = input.quantity / QUANTITY_SCALE;
  const expired =
    input.reason === 'Expired' || input.reason === 'Unsold'
      ? cakesAvailable(tx, cake, { expiredOnly: true }, today)
      : 0;
  const shelf = input.reason === 'Expired' ? 0 : cakesAvailable(tx, cake, {}, today);
  const short = WASTE_TEXT.notEnough(cake.name, formatQuantity((expired + shelf) * QUANTITY_SCALE));
  if (whole > expired + shelf) throw fail.conflict(short);
  const move: LotMove = { reason: 'waste', userId: actor.user.id, reference: input.reason };
  const fromExpired = Math.min(whole, expired);
  const takes = [
    ...(fromExpired > 0 ? takeCakeLots(tx, what, fromExpired, move, now, short, { expiredOnly: true }) : []),
    ...(whole > fromExpired ? takeCakeLots(tx, what, whole - fromExpired, move, now, short) : []),
  ];
  const cost = cakeCostOfTakes(takes);
  const source: Source = {
    kind: 'cake',
    itemId: null,
    cakeId: cake.id,
    record: cake.cakeId,
    name: cake.name,
    lotId: null,
  };
  const entry = logWriteOff(tx, actor, source, input, cost, now, requestedBy);
  return {
    message: WASTE_TEXT.writtenOff(formatQuantity(input.quantity), cake.name),
    waste: { id: entry.id, cakeId: cake.cakeId, quantity: entry.quantity, reason: entry.reason, cost },
  };
}

/** A cake by record id or business id (any case), or undefined. */
export function findCake(tx: Tx, ref: number | string): Cake | undefined {
  const cake = cakeByRef(tx, ref);
  return cake && { id: cake.id, cakeId: cake.cakeId, name: cake.name };
}

/** Every expired lot of the cake not held for an order, taken now (reason Expired). */
export function applyExpiredCake(
  tx: Tx,
  actor: Viewer,
  cake: Cake,
  now: Date,
  requestedBy: number | null = null,
) {
  const whole = cakesAvailable(tx, cake, { expiredOnly: true }, manilaDate(now));
  if (whole === 0) throw fail.conflict(WASTE_TEXT.noExpired(cake.name));
  const quantity = whole * QUANTITY_SCALE;
  const done = applyCakeWriteOff(
    tx,
    actor,
    cake,
    { quantity, reason: 'Expired', note: '' },
    now,
    requestedBy,
  );
  return { message: done.message, quantity, cost: done.waste.cost };
}
