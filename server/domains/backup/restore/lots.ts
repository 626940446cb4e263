import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromMilli, toMilli } from '../../../../shared/quantity';
import { calendarDate, MONEY_MAX_CENTAVOS, STOCK_MAX } from '../../../../shared/schemas/fields';
import { LOT_CODE_MAX } from '../../../../shared/texts/purchasing';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { inventoryItems, LOT_SOURCES, stockLots, suppliers } from '../../../db/schema';
import { record, type Stocked } from '../../inventory/stock';
import type { SheetRow } from './read';
import {
  cellText,
  changedFields,
  foldCase,
  idLookup,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  readRow,
  type Tally,
} from './rows';

// The inventory backup's lots sheet as the restore reads it, and the writing of an item's
// lots from it. A lot is matched to the item's lot on file with the same code (the n-th of a
// code to the n-th, for a supplier's code used twice) and set in place, so the sales and
// write-offs that point at it keep pointing at it; a lot never leaves the database.

/** Units with at most three decimals, as thousandths; never negative, never more than stock can hold. */
const lotQuantity = numberCell.pipe(
  z.number().transform((units, ctx) => {
    const milli = toMilli(units);
    if (milli === null || milli < 0 || milli > STOCK_MAX * 1000) {
      ctx.addIssue({ code: 'custom', message: 'must be 0 or more, with at most three decimals' });
      return z.NEVER;
    }
    return milli;
  }),
);

const lotRow = z.object({
  itemId: cellText.pipe(z.string().trim().min(1, 'is required')),
  lotCode: cellText.pipe(
    z.string().trim().min(1, 'is required').max(LOT_CODE_MAX, `must be at most ${LOT_CODE_MAX} characters`),
  ),
  source: cellText.pipe(z.enum(LOT_SOURCES, { error: `must be one of ${LOT_SOURCES.join(', ')}` })),
  quantity: lotQuantity,
  remaining: lotQuantity,
  unitCost: pesosCell.pipe(z.number().min(0, 'must be 0 or more').max(MONEY_MAX_CENTAVOS, 'is too large')),
  expirationDate: orNull(cellText.pipe(calendarDate('Expiration date'))),
  supplierId: orNull(cellText),
  receivedAt: instantCell,
});

/** A lot as the file gives it, its supplier looked up. */
export interface SheetLot {
  row: number;
  lotCode: string;
  source: (typeof LOT_SOURCES)[number];
  quantity: number;
  remaining: number;
  unitCost: number;
  expirationDate: string | null;
  supplierId: number | null;
  receivedAt: Date;
}

/**
 * The lots sheet by item (case-folded itemId), each row checked on its own: its fields,
 * remaining within the quantity, a supplier on file, and an item the inventory sheet holds;
 * `refused` names the items with a refused lot row.
 */
export function lotsByItem(
  tx: Tx,
  rows: readonly SheetRow[],
  itemIds: ReadonlySet<string>,
  tally: Tally,
): { byItem: Map<string, SheetLot[]>; refused: Set<string> } {
  const supplier = idLookup(tx, suppliers, suppliers.supplierId);
  const byItem = new Map<string, SheetLot[]>();
  const refused = new Set<string>();
  for (const row of rows) {
    const read = readRow(lotRow, row);
    const refuse = (reason: string) => {
      tally.reject(row.row, reason, 'lots');
      const itemId = lotRow.shape.itemId.safeParse(row.cells.itemId);
      if (itemId.success) refused.add(foldCase(itemId.data));
    };
    if ('reason' in read) {
      refuse(read.reason);
      continue;
    }
    const { itemId, supplierId, ...lot } = read.value;
    if (lot.remaining > lot.quantity) {
      refuse(
        `remaining: ${fromMilli(lot.remaining)} is more than the lot's quantity (${fromMilli(lot.quantity)}).`,
      );
      continue;
    }
    const key = foldCase(itemId);
    if (!itemIds.has(key)) {
      refuse(`itemId: ${itemId} is not on the inventory sheet.`);
      continue;
    }
    const supplierRef = supplierId ? supplier(supplierId) : null;
    if (supplierRef === undefined) {
      refuse(`supplierId: ${supplierId} is not on file; restore the supplier backup first.`);
      continue;
    }
    const its = byItem.get(key) ?? [];
    its.push({ row: row.row, ...lot, supplierId: supplierRef });
    byItem.set(key, its);
  }
  return { byItem, refused };
}

/**
 * Why the row's stock and its lots disagree, or null when they agree. The stock must be what
 * the lots held unexpired on some day up to today: a backup made days ago counted lots that
 * have expired since, which now stay apart as expired stock.
 */
export function lotsDisagree(stock: number, lots: readonly SheetLot[], today: string): string | null {
  const fresh = lots
    .filter((lot) => lot.expirationDate === null || lot.expirationDate >= today)
    .reduce((sum, lot) => sum + lot.remaining, 0);
  // Back a day at a time: on the day a lot expired it was still good, with every later one.
  const expired = lots
    .filter((lot) => lot.expirationDate !== null && lot.expirationDate < today)
    .sort((a, b) => (b.expirationDate as string).localeCompare(a.expirationDate as string));
  let held = fresh;
  if (held === stock) return null;
  for (const [n, lot] of expired.entries()) {
    held += lot.remaining;
    const dayDone = expired[n + 1]?.expirationDate !== lot.expirationDate;
    if (dayDone && held === stock) return null;
  }
  return `stock: ${fromMilli(stock)} is not what its lots on the lots sheet hold (${fromMilli(fresh)} unexpired${
    held > fresh ? `, ${fromMilli(held - fresh)} expired` : ''
  }).`;
}

const l = stockLots;
const ph = sql.placeholder;
const LOT_FIELDS = [
  'source',
  'quantity',
  'remaining',
  'unitCost',
  'expirationDate',
  'supplierId',
  'receivedAt',
] as const;
/** Raw placeholders, values bound as stored (an instant as its milliseconds). */
const raw = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, sql`${ph(f)}`]));
const bind = ({ row: _row, receivedAt, ...lot }: SheetLot) => ({ ...lot, receivedAt: receivedAt.getTime() });

/** The restore's statements on lots, prepared once. */
function statements(tx: Tx) {
  return {
    ofItem: prepared(tx, 'restore.lots.ofItem', () =>
      tx
        .select()
        .from(l)
        .where(eq(l.itemId, ph('itemId')))
        .orderBy(l.id)
        .prepare(),
    ),
    insert: prepared(tx, 'restore.lots.insert', () =>
      tx
        .insert(l)
        .values(raw(['itemId', 'lotCode', ...LOT_FIELDS]) as never)
        .prepare(),
    ),
    update: prepared(tx, 'restore.lots.update', () =>
      tx
        .update(l)
        .set(raw(LOT_FIELDS) as never)
        .where(eq(l.id, ph('id')))
        .prepare(),
    ),
    empty: prepared(tx, 'restore.lots.empty', () =>
      tx
        .update(l)
        .set({ remaining: 0 })
        .where(eq(l.id, ph('id')))
        .prepare(),
    ),
    stock: prepared(tx, 'restore.lots.stock', () =>
      tx
        .select({ stock: inventoryItems.stock })
        .from(inventoryItems)
        .where(eq(inventoryItems.id, ph('itemId')))
        .prepare(),
    ),
    fresh: prepared(tx, 'restore.lots.fresh', () =>
      tx
        .select({ stock: sql<number>`coalesce(sum(${l.remaining}), 0)` })
        .from(l)
        .where(
          and(
            eq(l.itemId, ph('itemId')),
            sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${ph('today')})`,
          ),
        )
        .prepare(),
    ),
    setStock: prepared(tx, 'restore.lots.setStock', () =>
      tx
        .update(inventoryItems)
        .set({ stock: sql`${ph('stock')}` })
        .where(eq(inventoryItems.id, ph('itemId')))
        .prepare(),
    ),
  };
}

/** One write that brings an item's lots to the file's. */
export type LotWrite =
  | { kind: 'insert'; lot: SheetLot }
  | { kind: 'update'; id: number; lot: SheetLot }
  | { kind: 'empty'; id: number };

/**
 * What setting the item's lots to the file's writes (nothing when they already match): each
 * lot matched by code updated in place, the others added, and a lot on file the sheet does
 * not hold emptied (remaining 0) rather than deleted, so a sale that took from it is still
 * refunded into it.
 */
export function lotWrites(tx: Tx, itemId: number | null, lots: readonly SheetLot[]): LotWrite[] {
  const byCode = new Map<string, (typeof l.$inferSelect)[]>();
  if (itemId !== null)
    for (const lot of statements(tx).ofItem.all({ itemId }))
      byCode.set(lot.lotCode, [...(byCode.get(lot.lotCode) ?? []), lot]);
  const writes: LotWrite[] = [];
  for (const lot of lots) {
    const { row: _row, ...values } = lot;
    const match = byCode.get(lot.lotCode)?.shift();
    if (!match) writes.push({ kind: 'insert', lot });
    else if (changedFields(match, values).length > 0) writes.push({ kind: 'update', id: match.id, lot });
  }
  for (const lot of [...byCode.values()].flat())
    if (lot.remaining > 0) writes.push({ kind: 'empty', id: lot.id });
  return writes;
}

/**
 * Makes the writes, then sets the item's stock to its unexpired lots' sum with one ledger
 * row (reason 'restore') for the change. The caller settles the item's expiry before and
 * dates it by its lots after, as lots.ts does around every move.
 */
export function applyLotWrites(
  tx: Tx,
  what: Stocked,
  writes: readonly LotWrite[],
  userId: number,
  today: string,
): void {
  if (writes.length === 0) return;
  const run = statements(tx);
  for (const write of writes) {
    if (write.kind === 'insert') run.insert.run({ itemId: what.id, ...bind(write.lot) });
    else if (write.kind === 'update') run.update.run({ ...bind(write.lot), id: write.id });
    else run.empty.run({ id: write.id });
  }
  const before = run.stock.get({ itemId: what.id })!.stock;
  const after = run.fresh.get({ itemId: what.id, today })!.stock;
  if (after === before) return;
  run.setStock.run({ itemId: what.id, stock: after });
  record(
    tx,
    what,
    { reason: 'restore', change: after - before, userId, reference: 'inventory_backup.xlsx' },
    before,
    after,
  );
}
