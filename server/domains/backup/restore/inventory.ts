import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDate } from '../../../../shared/schemas/catalogue';
import { itemFields } from '../../../../shared/schemas/inventory';
import type { Tx } from '../../../db/open';
import { categories, inventoryItems, suppliers, units, users } from '../../../db/schema';
import { moveStock, record } from '../../inventory/stock';
import type { Book } from './read';
import {
  cellText,
  changedFields,
  firstSeen,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  readRow,
  type Tally,
} from './rows';

export const INVENTORY_LAYOUT = {
  inventory: [
    'itemId',
    'name',
    'category',
    'unit',
    'supplierId',
    'stock',
    'purchasePrice',
    'unitPrice',
    'amount',
    'restockThreshold',
    'expirationDate',
    'createdBy',
    'createdAt',
    'updatedAt',
  ],
} as const;

const f = itemFields.shape;
const itemRow = z.object({
  itemId: cellText.pipe(f.itemId.unwrap().min(1, 'is required')),
  name: cellText.pipe(f.name),
  category: orNull(cellText),
  unit: orNull(cellText),
  supplierId: orNull(cellText),
  stock: numberCell.pipe(f.stock.unwrap()),
  purchasePrice: pesosCell.pipe(f.purchasePrice.unwrap()),
  unitPrice: pesosCell.pipe(f.unitPrice.unwrap()),
  amount: numberCell.pipe(f.amount.unwrap()),
  restockThreshold: numberCell.pipe(f.restockThreshold.unwrap()),
  expirationDate: orNull(cellText.pipe(calendarDate('Expiration date'))),
  createdBy: orNull(cellText),
  createdAt: instantCell,
  updatedAt: orNull(instantCell),
});

const lower = (column: Parameters<typeof sql>[1]) => sql`lower(${column})`;

/** The database ids of a row's references by name or business id, or why one is not on file. */
function referencesOf(tx: Tx, row: z.infer<typeof itemRow>) {
  const category = row.category
    ? tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.type, 'inventory'), eq(lower(categories.name), row.category.toLowerCase())))
        .get()
    : null;
  if (category === undefined)
    return { reason: `category: "${row.category}" is not an inventory category on file.` };
  const unit = row.unit
    ? tx
        .select({ id: units.id })
        .from(units)
        .where(eq(lower(units.name), row.unit.toLowerCase()))
        .get()
    : null;
  if (unit === undefined) return { reason: `unit: "${row.unit}" is not a unit on file.` };
  const supplier = row.supplierId
    ? tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(lower(suppliers.supplierId), row.supplierId.toLowerCase()))
        .get()
    : null;
  if (supplier === undefined)
    return { reason: `supplierId: ${row.supplierId} is not on file; restore the supplier backup first.` };
  // Who created an item is history: an account no longer here leaves it blank, as a deletion does.
  const creator = row.createdBy
    ? tx.select({ id: users.id }).from(users).where(eq(users.email, row.createdBy.toLowerCase())).get()
    : null;
  return {
    categoryId: category?.id ?? null,
    unitId: unit?.id ?? null,
    supplierId: supplier?.id ?? null,
    createdBy: creator?.id ?? null,
  };
}

/**
 * Items by itemId: new ones added, the others set to the file's values. Stock moves
 * through the ledger (reason 'restore'), like every change of stock.
 */
export function restoreInventory(tx: Tx, book: Book, tally: Tally, userId: number): void {
  const seen = firstSeen();
  for (const row of book.inventory ?? []) {
    const read = readRow(itemRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason);
      continue;
    }
    const item = read.value;
    const earlier = seen(item.itemId, row.row);
    if (earlier !== null) {
      tally.reject(row.row, `itemId ${item.itemId} is also on row ${earlier}.`);
      continue;
    }
    const refs = referencesOf(tx, item);
    if ('reason' in refs) {
      tally.reject(row.row, refs.reason as string);
      continue;
    }
    const { stock, category: _c, unit: _u, supplierId: _s, createdBy: _b, ...fields } = item;
    const wanted = { ...fields, ...refs };
    const existing = tx
      .select()
      .from(inventoryItems)
      .where(eq(lower(inventoryItems.itemId), item.itemId.toLowerCase()))
      .get();
    const movement = { reason: 'restore' as const, userId, reference: 'inventory_backup.xlsx' };
    if (!existing) {
      const id = tx
        .insert(inventoryItems)
        .values({ ...wanted, stock })
        .returning()
        .get().id;
      record(tx, { kind: 'item', id, record: item.itemId }, { ...movement, change: stock }, 0, stock);
      tally.added++;
      continue;
    }
    const changed = changedFields(existing, { ...wanted, stock });
    if (changed.length === 0) {
      tally.unchanged++;
      continue;
    }
    tx.update(inventoryItems).set(wanted).where(eq(inventoryItems.id, existing.id)).run();
    if (stock !== existing.stock)
      moveStock(
        tx,
        { kind: 'item', id: existing.id, record: item.itemId },
        { ...movement, change: stock - existing.stock },
      );
    tally.updated++;
  }
}
