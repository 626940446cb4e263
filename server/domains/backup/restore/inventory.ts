import { and, eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
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
  remembered,
  type Tally,
  tableWriter,
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
    // Backups made before issue 11 have no such column: their items keep the default (no).
    'scPwdEligible?',
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
  scPwdEligible: orNull(cellText.pipe(z.enum(['yes', 'no'], { error: 'must be yes or no' }))).transform(
    (v) => v === 'yes',
  ),
  expirationDate: orNull(cellText.pipe(calendarDate('Expiration date'))),
  createdBy: orNull(cellText),
  createdAt: instantCell,
  updatedAt: orNull(instantCell),
});

const lower = (column: AnySQLiteColumn) => sql`lower(${column})`;

/** The database ids of a row's references by name or business id, each looked up once per restore. */
function referenceLookups(tx: Tx) {
  const category = remembered(
    (name) =>
      tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.type, 'inventory'), eq(lower(categories.name), name.toLowerCase())))
        .get()?.id,
  );
  const unit = remembered(
    (name) =>
      tx
        .select({ id: units.id })
        .from(units)
        .where(eq(lower(units.name), name.toLowerCase()))
        .get()?.id,
  );
  const supplier = remembered(
    (id) =>
      tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(lower(suppliers.supplierId), id.toLowerCase()))
        .get()?.id,
  );
  const user = remembered(
    (email) => tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get()?.id,
  );
  return (row: z.infer<typeof itemRow>) => {
    const categoryId = row.category ? category(row.category) : null;
    if (categoryId === undefined)
      return { reason: `category: "${row.category}" is not an inventory category on file.` };
    const unitId = row.unit ? unit(row.unit) : null;
    if (unitId === undefined) return { reason: `unit: "${row.unit}" is not a unit on file.` };
    const supplierId = row.supplierId ? supplier(row.supplierId) : null;
    if (supplierId === undefined)
      return { reason: `supplierId: ${row.supplierId} is not on file; restore the supplier backup first.` };
    // Who created an item is history: an account no longer here leaves it blank, as a deletion does.
    return { categoryId, unitId, supplierId, createdBy: (row.createdBy && user(row.createdBy)) || null };
  };
}

/** What an item row writes, beside its stock (which moves through the ledger). */
const ITEM_FIELDS = [
  'itemId',
  'name',
  'categoryId',
  'unitId',
  'supplierId',
  'purchasePrice',
  'unitPrice',
  'amount',
  'restockThreshold',
  'scPwdEligible',
  'expirationDate',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Items by itemId: new ones added, the others set to the file's values. Stock moves
 * through the ledger (reason 'restore'), like every change of stock.
 */
export function restoreInventory(tx: Tx, book: Book, tally: Tally, userId: number): void {
  const seen = firstSeen();
  const referencesOf = referenceLookups(tx);
  const items = tableWriter<typeof inventoryItems.$inferSelect>(
    tx,
    'inventory',
    inventoryItems,
    inventoryItems.itemId,
    [...ITEM_FIELDS, 'stock'],
  );
  const fieldsOnly = tableWriter(tx, 'inventory.fields', inventoryItems, inventoryItems.itemId, ITEM_FIELDS);
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
    const refs = referencesOf(item);
    if ('reason' in refs) {
      tally.reject(row.row, refs.reason as string);
      continue;
    }
    const { stock, category: _c, unit: _u, supplierId: _s, createdBy: _b, ...fields } = item;
    const wanted = { ...fields, ...refs };
    const existing = items.find(item.itemId);
    const movement = { reason: 'restore' as const, userId, reference: 'inventory_backup.xlsx' };
    if (!existing) {
      const id = items.insert({ ...wanted, stock });
      record(tx, { kind: 'item', id, record: item.itemId }, { ...movement, change: stock }, 0, stock);
      tally.added++;
      continue;
    }
    const changed = changedFields(existing, { ...wanted, stock });
    if (changed.length === 0) {
      tally.unchanged++;
      continue;
    }
    fieldsOnly.update(existing.id, wanted);
    if (stock !== existing.stock)
      moveStock(
        tx,
        { kind: 'item', id: existing.id, record: item.itemId },
        { ...movement, change: stock - existing.stock },
      );
    tally.updated++;
  }
}
