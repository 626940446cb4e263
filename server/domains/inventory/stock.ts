import { and, desc, eq, sql } from 'drizzle-orm';
import { QUANTITY_SCALE } from '../../../shared/quantity';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakes, inventoryItems, type StockReason, stockMovements, users } from '../../db/schema';
import { fail } from '../../lib/errors';

/** What moved: an inventory item or a cake, by database id, with its business id for the record. */
export type Stocked = { kind: 'item' | 'cake'; id: number; record: string };

export interface Movement {
  reason: StockReason;
  /** Positive adds stock, negative takes it. */
  change: number;
  userId: number | null;
  reference?: string | null;
}

/**
 * Moves a cake's stock (whole cakes), inside the caller's transaction; an item's stock moves
 * only through its lots (./lots.ts). The update is guarded so stock never goes below zero even
 * if two counters race; the ledger row records before, after, reason and who.
 * Returns the stock after the move, or throws 409 `shortText` when there is not enough.
 */
export function moveStock(tx: Tx, what: Stocked, movement: Movement, shortText?: string): number {
  if (what.kind === 'item') throw new Error('An item’s stock moves through its lots (lots.ts).');
  const table = cakes;
  const change = sql.placeholder('change');
  const after = prepared(tx, `stock.move:${what.kind}`, () =>
    tx
      .update(table)
      .set({ stock: sql`${table.stock} + ${change}` })
      .where(and(eq(table.id, sql.placeholder('id')), sql`${table.stock} + ${change} >= 0`))
      .returning({ stock: table.stock })
      .prepare(),
  ).get({ id: what.id, change: movement.change });
  if (!after) throw fail.conflict(shortText ?? `Not enough stock of ${what.record}.`);
  record(tx, what, movement, after.stock - movement.change, after.stock);
  return after.stock;
}

/**
 * Records a move whose row write the caller already made (a new item's first stock, a
 * deletion), in the stock's own unit: thousandths for an item, whole cakes for a cake. The
 * ledger keeps thousandths for both.
 */
export function record(tx: Tx, what: Stocked, movement: Movement, before: number, after: number): void {
  if (movement.change === 0) return;
  const scale = what.kind === 'item' ? 1 : QUANTITY_SCALE;
  const ph = sql.placeholder;
  prepared(tx, 'stock.record', () =>
    tx
      .insert(stockMovements)
      .values({
        itemId: ph('itemId'),
        cakeId: ph('cakeId'),
        record: ph('record'),
        reason: ph('reason'),
        change: ph('change'),
        stockBefore: ph('stockBefore'),
        stockAfter: ph('stockAfter'),
        reference: ph('reference'),
        userId: ph('userId'),
      })
      .prepare(),
  ).run({
    itemId: what.kind === 'item' ? what.id : null,
    cakeId: what.kind === 'cake' ? what.id : null,
    record: what.record,
    reason: movement.reason,
    change: movement.change * scale,
    stockBefore: before * scale,
    stockAfter: after * scale,
    reference: movement.reference ?? null,
    userId: movement.userId,
  });
}

/**
 * The reference of a move made by approving a staff request: who asked and who approved, so
 * the ledger names both (its user is the approver, who made the move).
 */
export function approvedReference(tx: Tx, requestedBy: number, approver: string): string {
  const asker = tx.select({ name: users.username }).from(users).where(eq(users.id, requestedBy)).get();
  return `asked by ${asker?.name ?? 'Unknown'}, approved by ${approver}`;
}

/** The item's stock history for its view dialog, newest first. */
export function itemMovements(db: Db, id: number, limit = 50) {
  if (!db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, id)).get())
    throw fail.notFound(INVENTORY_TEXT.notFound);
  return db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      reason: stockMovements.reason,
      change: stockMovements.change,
      stockBefore: stockMovements.stockBefore,
      stockAfter: stockMovements.stockAfter,
      reference: stockMovements.reference,
      username: users.username,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.itemId, id)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit)
    .all();
}
