import { eq, sql } from 'drizzle-orm';
import { toMilli } from '../../../shared/quantity';
import { notEnoughOf } from '../../../shared/saleRules';
import type { Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import { cakes, inventoryItems, saleLineCakeLots, saleLineLots, type saleLines } from '../../db/schema';
import { addCakeLot, cakeCostOfTakes, returnToCakeLots, takeCakeLots } from '../cakes/cakeLots';
import type { LotMove } from '../inventory/lotStock';
import { addLot, costOfTakes, type LotTake, returnToLots, takeLots } from '../inventory/lots';
import type { Stocked } from '../inventory/stock';
import type { PricedLine } from './lines';

// A sale line's stock: an item's comes from its lots first-expiry-first-out and costs what
// those lots cost; a cake's is its own count at its base cost (docs/rules.md, Lots).

/** Takes the line's stock; returns its cost and, for an item, the lots it took. */
export function takeForLine(
  tx: Tx,
  line: PricedLine,
  move: LotMove,
  now: Date,
  /** A cake order's pickup: its reserved cakes first. */
  orderId?: number,
): { cost: number; takes: LotTake[]; cake?: boolean } {
  const what: Stocked = { kind: line.kind, id: line.id, record: line.code };
  const short = notEnoughOf(line, line.quantity);
  if (line.kind === 'cake') {
    const takes = takeCakeLots(tx, what, line.quantity, move, now, short, { orderId });
    return { cost: cakeCostOfTakes(takes), takes, cake: true };
  }
  const takes = takeLots(tx, what, toMilli(line.quantity)!, move, now, short);
  return { cost: costOfTakes(takes), takes };
}

/** Keeps which lots a sale line took (an item's, or a cake's), so its refund puts them back. */
export function keepLineLots(tx: Tx, saleLineId: number, takes: readonly LotTake[], cake = false): void {
  const values = placeholders(['saleLineId', 'lotId', 'quantity', 'unitCost']);
  const insert = cake
    ? prepared(tx, 'sales.lineCakeLot', () => tx.insert(saleLineCakeLots).values(values).prepare())
    : prepared(tx, 'sales.lineLot', () => tx.insert(saleLineLots).values(values).prepare());
  for (const take of takes) insert.run({ saleLineId, ...take });
}

/**
 * Puts a refunded line's stock back: an item's into the lots it came from; a line sold before
 * lots (none kept) into a new `return` lot at the item's purchase price and expiry.
 */
export function returnLine(tx: Tx, line: typeof saleLines.$inferSelect, move: LotMove, now: Date): void {
  // A custom cake took no stock; a product deleted since the sale has no shelf to go back to.
  if (line.kind === 'custom') return;
  const id = line.kind === 'item' ? line.itemId : line.cakeId;
  if (id === null) return;
  const what: Stocked = { kind: line.kind, id, record: line.code };
  if (line.kind === 'cake') {
    const took = tx
      .select({
        lotId: saleLineCakeLots.lotId,
        quantity: saleLineCakeLots.quantity,
        unitCost: saleLineCakeLots.unitCost,
      })
      .from(saleLineCakeLots)
      .where(eq(saleLineCakeLots.saleLineId, line.id))
      .all();
    if (took.length > 0) returnToCakeLots(tx, what, took, move, now);
    // Sold before cake lots: back as a `return` lot at the cost it was sold at, with the cake's date.
    else
      addCakeLot(
        tx,
        what,
        {
          source: 'return',
          quantity: line.quantity,
          unitCost: line.purchasePrice,
          expirationDate: cakeDate(tx, id),
        },
        move,
        now,
      );
    return;
  }
  const taken = prepared(tx, 'sales.lineLots', () =>
    tx
      .select({ lotId: saleLineLots.lotId, quantity: saleLineLots.quantity, unitCost: saleLineLots.unitCost })
      .from(saleLineLots)
      .where(eq(saleLineLots.saleLineId, sql.placeholder('id')))
      .prepare(),
  ).all({ id: line.id });
  if (taken.length > 0) {
    returnToLots(tx, what, taken, move, now);
    return;
  }
  const item = prepared(tx, 'sales.returnAt', () =>
    tx
      .select({ purchasePrice: inventoryItems.purchasePrice, expirationDate: inventoryItems.expirationDate })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  if (!item) return;
  addLot(
    tx,
    what,
    {
      source: 'return',
      quantity: toMilli(line.quantity)!,
      unitCost: item.purchasePrice,
      expirationDate: item.expirationDate,
    },
    move,
    now,
  );
}

const cakeDate = (tx: Tx, id: number) =>
  tx.select({ date: cakes.expirationDate }).from(cakes).where(eq(cakes.id, id)).get()?.date ?? null;
