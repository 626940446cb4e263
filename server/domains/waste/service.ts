import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatQuantity, QUANTITY_SCALE } from '../../../shared/quantity';
import { oneThingWrittenOff, type WriteOffInput, writeOffFields } from '../../../shared/schemas/waste';
import { WASTE_TEXT } from '../../../shared/texts/waste';
import { manilaDate } from '../../../shared/time';
import type { Db, Tx } from '../../db/open';
import { stockLots } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import { type Approval, heldKind, holdOrApply } from '../actionRequests/held';
import type { Viewer } from '../auth/viewer';
import { alertForIds } from '../inventory/alerts';
import { costOfTakes, type TakeFrom, takeLots } from '../inventory/lots';
import { itemByRef } from '../purchaseOrders/queries';
import { applyCakeWriteOff, applyExpiredCake, type Cake, cakesAvailable, findCake } from './cakes';
import { logWriteOff, type Source, WASTE_MODULE } from './log';

// Writing off waste (docs/rules.md, Waste): stock that went bad, broke or did not sell leaves
// the item's or the cake's lots at what those lots cost, with a row in the waste log, a ledger
// row and an activity row, in one transaction. A staff write-off is held for a manager's approval.

type Item = { id: number; itemId: string; name: string };
/** What a write-off names: an item or a cake. */
type Written = ({ kind: 'item' } & Item) | ({ kind: 'cake' } & Cake);

/** Which lots a write-off takes: the chosen one; for Expired the expired lots first; else FEFO. */
function lotsFor(input: Pick<WriteOffInput, 'lotId' | 'reason'>): TakeFrom {
  if (input.lotId) return { lotId: input.lotId };
  return input.reason === 'Expired' ? { expiredFirst: true } : {};
}

/** What the item holds that this write-off may take, for its refusal. */
function available(tx: Tx, item: Item, from: TakeFrom, today: string): number {
  const l = stockLots;
  const fresh = sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${today})`;
  const where = from.lotId
    ? eq(l.id, from.lotId)
    : from.expiredOnly
      ? sql`not ${fresh}`
      : from.expiredFirst
        ? undefined
        : fresh;
  return (
    tx
      .select({ n: sql<number>`coalesce(sum(${l.remaining}), 0)` })
      .from(l)
      .where(and(eq(l.itemId, item.id), hasStockLeft(l.remaining), where))
      .get()?.n ?? 0
  );
}

function applyWriteOff(
  tx: Tx,
  actor: Viewer,
  item: Item,
  input: Pick<WriteOffInput, 'quantity' | 'reason' | 'note'>,
  now: Date,
  from: TakeFrom,
  requestedBy: number | null = null,
) {
  const what = { kind: 'item', id: item.id, record: item.itemId } as const;
  if (from.lotId !== undefined) {
    const lot = tx
      .select({ code: stockLots.lotCode, remaining: stockLots.remaining })
      .from(stockLots)
      .where(
        and(eq(stockLots.id, from.lotId), eq(stockLots.itemId, item.id), hasStockLeft(stockLots.remaining)),
      )
      .get();
    if (!lot) throw fail.badRequest(WASTE_TEXT.lotNotFound);
    if (lot.remaining < input.quantity)
      throw fail.conflict(WASTE_TEXT.notEnoughInLot(lot.code, formatQuantity(lot.remaining)));
  }
  const short = WASTE_TEXT.notEnough(item.name, formatQuantity(available(tx, item, from, manilaDate(now))));
  const takes = takeLots(
    tx,
    what,
    input.quantity,
    { reason: 'waste', userId: actor.user.id, reference: input.reason },
    now,
    short,
    from,
  );
  const cost = costOfTakes(takes);
  const source: Source = {
    kind: 'item',
    itemId: item.id,
    cakeId: null,
    record: item.itemId,
    name: item.name,
    lotId: from.lotId ?? null,
  };
  const entry = logWriteOff(tx, actor, source, input, cost, now, requestedBy);
  alertForIds(tx, [item.id], now);
  return {
    message: WASTE_TEXT.writtenOff(formatQuantity(input.quantity), item.name),
    waste: { id: entry.id, itemId: item.itemId, quantity: entry.quantity, reason: entry.reason, cost },
  };
}

function findItem(tx: Tx, ref: number | string): Item | undefined {
  return itemByRef(tx, ref);
}

/** The item or cake a write-off names; one not on file is a bad request, not a missing page. */
function findWritten(tx: Tx, input: Pick<WriteOffInput, 'itemId' | 'cakeId'>): Written {
  if (input.cakeId !== undefined) {
    const cake = findCake(tx, input.cakeId);
    if (!cake) throw fail.badRequest(WASTE_TEXT.cakeNotFound);
    return { kind: 'cake', ...cake };
  }
  const item = input.itemId === undefined ? undefined : findItem(tx, input.itemId);
  if (!item) throw fail.badRequest(WASTE_TEXT.itemNotFound);
  return { kind: 'item', ...item };
}

const recordOf = (w: Written) => (w.kind === 'cake' ? w.cakeId : w.itemId);

function applyWritten(
  tx: Tx,
  actor: Viewer,
  w: Written,
  input: WriteOffInput,
  now: Date,
  requestedBy: number | null = null,
) {
  return w.kind === 'cake'
    ? applyCakeWriteOff(tx, actor, w, input, now, requestedBy)
    : applyWriteOff(tx, actor, w, input, now, lotsFor(input), requestedBy);
}

/** Writes off stock now, or for staff holds it as an action request. */
export function writeOff(db: Db, actor: Viewer, input: WriteOffInput, now = new Date()) {
  return holdOrApply(db, actor, {
    find: (tx) => findWritten(tx, input),
    notFound: WASTE_TEXT.itemNotFound,
    hold: (w) => ({
      module: WASTE_MODULE,
      requestType: 'write-off',
      targetId: recordOf(w),
      details: {
        [w.kind === 'cake' ? 'Cake' : 'Item']: `${recordOf(w)} "${w.name}"`,
        Quantity: formatQuantity(input.quantity),
        Reason: input.reason,
        ...(input.note ? { Note: input.note } : {}),
        ...(input.lotId ? { Lot: `#${input.lotId}` } : {}),
      },
      payload: (w.kind === 'cake'
        ? { ...input, itemId: undefined, cakeId: w.id }
        : { ...input, itemId: w.id }) satisfies z.input<typeof heldWriteOff>,
      summary: `write off ${formatQuantity(input.quantity)} of ${recordOf(w)} "${w.name}"`,
    }),
    apply: (tx, w) => applyWritten(tx, actor, w, input, now),
  });
}

/** Every expired lot of the item, written off at once (reason Expired). */
export function writeOffExpired(db: Db, actor: Viewer, id: number, now = new Date()) {
  const expiredOf = (tx: Tx, item: Item) => available(tx, item, { expiredOnly: true }, manilaDate(now));
  return holdOrApply(db, actor, {
    find: (tx) => findItem(tx, id),
    notFound: WASTE_TEXT.itemNotFound,
    hold: (item, tx) => {
      const quantity = expiredOf(tx, item);
      if (quantity === 0) throw fail.conflict(WASTE_TEXT.noExpired(item.name));
      return {
        module: WASTE_MODULE,
        requestType: 'write-off',
        targetId: item.itemId,
        details: {
          Item: `${item.itemId} "${item.name}"`,
          Quantity: formatQuantity(quantity),
          Reason: 'Expired',
        },
        payload: {
          itemId: item.id,
          quantity,
          reason: 'Expired',
          expired: true,
        } satisfies z.input<typeof heldWriteOff>,
        summary: `write off the expired ${item.itemId} "${item.name}"`,
      };
    },
    apply: (tx, item) => applyExpired(tx, actor, item, now),
  });
}

function applyExpired(tx: Tx, actor: Viewer, item: Item, now: Date, requestedBy: number | null = null) {
  const quantity = available(tx, item, { expiredOnly: true }, manilaDate(now));
  if (quantity === 0) throw fail.conflict(WASTE_TEXT.noExpired(item.name));
  const done = applyWriteOff(
    tx,
    actor,
    item,
    { quantity, reason: 'Expired', note: '' },
    now,
    { expiredOnly: true },
    requestedBy,
  );
  return { message: done.message, quantity, cost: done.waste.cost };
}

/** Every expired lot of the cake not held for an order, written off at once (reason Expired). */
export function writeOffExpiredCake(db: Db, actor: Viewer, id: number, now = new Date()) {
  const expiredOf = (tx: Tx, cake: Cake) => cakesAvailable(tx, cake, { expiredOnly: true }, manilaDate(now));
  return holdOrApply(db, actor, {
    find: (tx) => findCake(tx, id),
    notFound: WASTE_TEXT.cakeNotFound,
    hold: (cake, tx) => {
      const cakesExpired = expiredOf(tx, cake);
      if (cakesExpired === 0) throw fail.conflict(WASTE_TEXT.noExpired(cake.name));
      return {
        module: WASTE_MODULE,
        requestType: 'write-off',
        targetId: cake.cakeId,
        details: {
          Cake: `${cake.cakeId} "${cake.name}"`,
          Quantity: formatQuantity(cakesExpired * QUANTITY_SCALE),
          Reason: 'Expired',
        },
        payload: {
          cakeId: cake.id,
          quantity: cakesExpired * QUANTITY_SCALE,
          reason: 'Expired',
          expired: true,
        } satisfies z.input<typeof heldWriteOff>,
        summary: `write off the expired ${cake.cakeId} "${cake.name}"`,
      };
    },
    apply: (tx, cake) => applyExpiredCake(tx, actor, cake, now),
  });
}

/**
 * A held write-off: what was asked; `expired` when it was Write off expired (all the item's or
 * cake's expired lots as they are when approved, whatever the quantity said then).
 */
const heldWriteOff = writeOffFields
  .extend({ expired: z.boolean().optional() })
  .superRefine(oneThingWrittenOff);

/** An approved write-off is taken from the lots as they are when it is approved. */
export const wasteApproval: Approval = {
  'write-off': heldKind(heldWriteOff, (tx, approver, { payload, requestedBy }) => {
    const now = new Date();
    if (payload.cakeId !== undefined) {
      const cake = findCake(tx, payload.cakeId);
      if (!cake) throw fail.notFound(WASTE_TEXT.cakeNotFound);
      if (payload.expired) applyExpiredCake(tx, approver, cake, now, requestedBy);
      else applyCakeWriteOff(tx, approver, cake, payload, now, requestedBy);
      return;
    }
    const item = payload.itemId === undefined ? undefined : findItem(tx, payload.itemId);
    if (!item) throw fail.notFound(WASTE_TEXT.itemNotFound);
    if (payload.expired) applyExpired(tx, approver, item, now, requestedBy);
    else applyWriteOff(tx, approver, item, payload, now, lotsFor(payload), requestedBy);
  }),
  otherType: (type) => `Waste requests cannot be of type ${type}.`,
};
