import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDate } from '../../../../shared/schemas/fields';
import { barcodeField, itemFields } from '../../../../shared/schemas/inventory';
import { INVENTORY_TEXT } from '../../../../shared/texts/inventory';
import { manilaDate } from '../../../../shared/time';
import type { Tx } from '../../../db/open';
import { categories, inventoryItems, suppliers, units } from '../../../db/schema';
import { adjustCakeStock } from '../../cakes/cakeLots';
import { settleExpiry } from '../../inventory/lotStock';
import { adjustStock, redateLots } from '../../inventory/lots';
import { record, type Stocked } from '../../inventory/stock';
import { applyLotWrites, lotsByItem, lotsDisagree, lotWrites } from './lots';
import type { Book } from './read';
import {
  cellText,
  changedFields,
  checkedRows,
  foldCase,
  idLookup,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  quantityCell,
  type Tally,
  tableWriter,
  userLookup,
  yesNoCell,
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
    // Backups made before SC/PWD eligibility have no such column: their items keep the default (no).
    'scPwdEligible?',
    // Backups made before the seniors' 5% have no such column: their items are not basic necessities.
    'basicNecessity?',
    // Backups made before items had barcodes have no such column: their items keep none.
    'barcode?',
    'expirationDate',
    'createdBy',
    'createdAt',
    'updatedAt',
  ],
  // Backups made before lots have no lots sheet: each item's stock becomes one lot.
  'lots?': [
    'itemId',
    'lotCode',
    'source',
    'quantity',
    'remaining',
    'unitCost',
    'expirationDate',
    'supplierId',
    'receivedAt',
  ],
} as const;

const f = itemFields.shape;
const itemRow = z.object({
  itemId: cellText.pipe(f.itemId.unwrap().min(1, 'is required')),
  name: cellText.pipe(f.name),
  category: orNull(cellText),
  unit: orNull(cellText),
  supplierId: orNull(cellText),
  stock: quantityCell.pipe(f.stock.unwrap()),
  purchasePrice: pesosCell.pipe(f.purchasePrice.unwrap()),
  unitPrice: pesosCell.pipe(f.unitPrice.unwrap()),
  amount: numberCell.pipe(f.amount.unwrap()),
  restockThreshold: quantityCell.pipe(f.restockThreshold.unwrap()),
  scPwdEligible: yesNoCell(false),
  basicNecessity: yesNoCell(false),
  barcode: orNull(cellText).pipe(barcodeField),
  expirationDate: orNull(cellText.pipe(calendarDate('Expiration date'))),
  createdBy: orNull(cellText),
  createdAt: instantCell,
  updatedAt: orNull(instantCell),
});

/** The items the inventory sheet names (case-folded), whether or not their rows read. */
const itemIdsOf = (book: Book) =>
  new Set(
    (book.inventory ?? []).flatMap(({ cells }) => {
      const itemId = itemRow.shape.itemId.safeParse(cells.itemId);
      return itemId.success ? [foldCase(itemId.data)] : [];
    }),
  );

/** The database ids of a row's references by name or business id, each looked up once per restore. */
function referenceLookups(tx: Tx) {
  const category = idLookup(tx, categories, categories.name, eq(categories.type, 'inventory'));
  const unit = idLookup(tx, units, units.name);
  const supplier = idLookup(tx, suppliers, suppliers.supplierId);
  const user = userLookup(tx);
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
    return { categoryId, unitId, supplierId, createdBy: user(row.createdBy) };
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
  'basicNecessity',
  'barcode',
  'expirationDate',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Items by itemId: new ones added, the others set to the file's values. An item the lots
 * sheet holds lots for gets those lots; one it holds none for (or a file made before lots)
 * has its stock made one lot. Stock moves through the ledger (reason 'restore'), like every
 * change of stock.
 */
export function restoreInventory(tx: Tx, book: Book, tally: Tally, userId: number): void {
  const referencesOf = referenceLookups(tx);
  const items = tableWriter<typeof inventoryItems.$inferSelect>(
    tx,
    'inventory',
    inventoryItems,
    inventoryItems.itemId,
    [...ITEM_FIELDS, 'stock'],
  );
  const now = new Date();
  const today = manilaDate(now);
  const lotsOf = lotsByItem(tx, book.lots ?? [], itemIdsOf(book), tally);
  const fieldsOnly = tableWriter(tx, 'inventory.fields', inventoryItems, inventoryItems.itemId, ITEM_FIELDS);
  const barcodeOwner = (code: string) =>
    tx
      .select({ itemId: inventoryItems.itemId })
      .from(inventoryItems)
      .where(eq(inventoryItems.barcode, code))
      .get()?.itemId;
  for (const { row, value: item } of checkedRows(book.inventory ?? [], itemRow, 'itemId', tally)) {
    const refs = referencesOf(item);
    if ('reason' in refs) {
      tally.reject(row, refs.reason as string);
      continue;
    }
    // A barcode is one item's: another item holding it (on file, or earlier in the file) refuses the row.
    const owner = item.barcode ? barcodeOwner(item.barcode) : undefined;
    if (owner !== undefined && owner.toLowerCase() !== item.itemId.toLowerCase()) {
      tally.reject(row, `barcode: ${INVENTORY_TEXT.duplicateBarcode(owner)}`);
      continue;
    }
    // An item with a refused lot row is not restored (nor is anything): its lots row says why.
    if (lotsOf.refused.has(foldCase(item.itemId))) continue;
    const { stock, category: _c, unit: _u, supplierId: _s, createdBy: _b, ...fields } = item;
    const wanted = { ...fields, ...refs };
    const existing = items.find(item.itemId);
    const lots = lotsOf.byItem.get(foldCase(item.itemId));
    if (lots) {
      // The sheet's stock and its lots must tell one story; which one is right is the shop's call.
      const disagree = lotsDisagree(stock, lots, today);
      if (disagree) {
        tally.reject(row, disagree);
        continue;
      }
      if (!existing) {
        // Written without stock (so no opening lot): its stock comes from its lots.
        const id = items.insert({ ...wanted, stock: 0 });
        const what = { kind: 'item', id, record: item.itemId } as const;
        applyLotWrites(tx, what, lotWrites(tx, null, lots), userId, today);
        settleExpiry(tx, what, now);
        tally.added++;
        continue;
      }
      const writes = lotWrites(tx, existing.id, lots);
      const changed = changedFields(existing, wanted);
      if (writes.length === 0 && changed.length === 0) {
        tally.unchanged++;
        continue;
      }
      const what = { kind: 'item', id: existing.id, record: item.itemId } as const;
      // Lots that passed their date since the last look leave the stock as expired, not as restored.
      settleExpiry(tx, what, now);
      if (changed.length > 0) fieldsOnly.update(existing.id, wanted);
      applyLotWrites(tx, what, writes, userId, today);
      // The item is dated by its lots, as after every move.
      settleExpiry(tx, what, now);
      tally.updated++;
      continue;
    }
    if (!existing) {
      // Written with its stock, the item gets an opening lot holding it (server/db/sql/stock-lots.sql);
      // stock whose date has passed stays as an expired lot to be written off.
      const id = items.insert({ ...wanted, stock });
      const what = { kind: 'item', id, record: item.itemId } as const;
      restoreStock(tx, what, null, stock, userId);
      settleExpiry(tx, what, now);
      tally.added++;
      continue;
    }
    const changed = changedFields(existing, { ...wanted, stock });
    if (changed.length === 0) {
      tally.unchanged++;
      continue;
    }
    fieldsOnly.update(existing.id, wanted);
    const what = { kind: 'item', id: existing.id, record: item.itemId } as const;
    const move = { reason: 'restore', userId, reference: 'inventory_backup.xlsx' } as const;
    // A new date moves the lots that carried the old one, as an edit on the form does.
    if (wanted.expirationDate !== existing.expirationDate)
      redateLots(tx, what, existing.expirationDate, wanted.expirationDate, move, now);
    adjustStock(tx, what, stock, move, now);
    tally.updated++;
  }
}

/**
 * Sets a restored item's or cake's stock through the ledger (reason 'restore'): a new one's
 * from 0 (its row already written with it), an existing one's by the difference (an item's as
 * an adjustment of its lots).
 */
export function restoreStock(tx: Tx, what: Stocked, before: number | null, stock: number, userId: number) {
  const reference = what.kind === 'item' ? 'inventory_backup.xlsx' : 'cakes_backup.xlsx';
  const movement = { reason: 'restore' as const, userId, reference };
  if (before === null) record(tx, what, { ...movement, change: stock }, 0, stock);
  else if (stock === before) return;
  else if (what.kind === 'item') adjustStock(tx, what, stock, movement, new Date());
  else adjustCakeStock(tx, what, stock, movement, new Date());
}
