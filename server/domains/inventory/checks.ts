import { eq } from 'drizzle-orm';
import type { ItemFields } from '../../../shared/schemas/inventory';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { categories, inventoryItems, suppliers, units } from '../../db/schema';
import { fail } from '../../lib/errors';
import { findItemByItemId } from './queries';

// What an item's add or edit must satisfy beyond its schema: references that exist, a
// date not in the past, one barcode per item, one item id per item.

export function checkRefs(tx: Tx, item: Pick<ItemFields, 'categoryId' | 'supplierId' | 'unitId'>) {
  if (item.categoryId !== null) {
    const category = tx.select().from(categories).where(eq(categories.id, item.categoryId)).get();
    if (category?.type !== 'inventory') throw fail.badRequest(INVENTORY_TEXT.badCategory);
  }
  if (item.supplierId !== null && !tx.select().from(suppliers).where(eq(suppliers.id, item.supplierId)).get())
    throw fail.badRequest(INVENTORY_TEXT.badSupplier);
  if (item.unitId !== null && !tx.select().from(units).where(eq(units.id, item.unitId)).get())
    throw fail.badRequest(INVENTORY_TEXT.badUnit);
}

/** A date in the past is refused when it is set, not when an old item is edited. */
export function checkExpiration(date: string | null, previous: string | null, now: Date) {
  if (date !== null && date !== previous && date < manilaDate(now))
    throw fail.badRequest(INVENTORY_TEXT.expiredDate);
}

/** One pack barcode, one item; the holder is named so the clerk can fix it. */
export function checkBarcode(tx: Tx, barcode: string | null, except?: number) {
  if (barcode === null) return;
  const holder = tx
    .select({ id: inventoryItems.id, itemId: inventoryItems.itemId })
    .from(inventoryItems)
    .where(eq(inventoryItems.barcode, barcode))
    .get();
  if (holder && holder.id !== except) throw fail.conflict(INVENTORY_TEXT.duplicateBarcode(holder.itemId));
}

export function idTaken(tx: Tx, itemId: string, except?: number): boolean {
  const found = findItemByItemId(tx, itemId);
  return found !== undefined && found.id !== except;
}
