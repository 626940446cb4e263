import { z } from 'zod';
import {
  businessId,
  centavos,
  NAME_MAX,
  optionalDate,
  optionalRef,
  recordId,
  STOCK_MAX,
  stockCount,
} from './catalogue';
import { listInput, SEARCH_CONTROL, SEARCH_TEXT } from './paging';
import { storedText } from './text';

// The strings of the Inventory screen's items, with the server's own
// messages for the shop's rules.
export const INVENTORY_TEXT = {
  required: 'Please fill up the required fields!',
  stockNegative: 'Stock must be a non-negative number.',
  unitPriceNegative: 'Unit price must be a non-negative number.',
  purchasePriceNegative: 'Purchase price must be a non-negative number.',
  thresholdNegative: 'Restock threshold must be a non-negative whole number.',
  amountNegative: 'Amount must be a non-negative number.',
  scPwdNotBoolean: 'SC/PWD eligible must be true or false.',
  expiredDate: 'Expiration date cannot be in the past.',
  duplicateId: 'Item ID already exists. Please choose a unique ID.',
  added: 'Item added successfully!',
  updated: 'Item updated successfully!',
  deleted: 'Item deleted successfully!',
  saveFailed: (message: string) => `Save failed: ${message}`,
  deleteFailed: 'Failed to delete item.',
  optionsFailed: 'Failed to fetch inventory options',
  suppliersFailed: 'Failed to fetch suppliers',
  noItems: 'No items found.',
  searchPlaceholder: 'Search items...',
  notFound: 'That item does not exist.',
  nothingToChange: 'Nothing to change: send at least one of the item fields.',
  badCategory: 'Please choose an inventory category from the list.',
  badSupplier: 'Please choose a supplier from the list.',
  badUnit: 'Please choose a unit of measure from the list.',
  barcodeShape: 'Barcode must be the 8, 12 or 13 digits printed under the bars (EAN-8, UPC-A or EAN-13).',
  barcodeCheckDigit: "That barcode's last digit does not match: check it against the pack.",
  duplicateBarcode: (itemId: string) => `Another item (${itemId}) already has that barcode.`,
  usedByCakes: (name: string, n: number) =>
    `Cannot delete "${name}": ${n} ${n === 1 ? 'cake uses' : 'cakes use'} it as an ingredient.`,
} as const;

/** Derived on every read, in this order of precedence. */
export const ITEM_STATUSES = [
  'Expired',
  'Out of stock',
  'Expiring soon',
  'Low stock',
  'Well-stocked',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_SORT_FIELDS = [
  'itemId',
  'name',
  'stock',
  'category',
  'purchasePrice',
  'unitPrice',
  'unit',
  'supplier',
  'expirationDate',
  'status',
] as const;
export type ItemSortField = (typeof ITEM_SORT_FIELDS)[number];

/** A new item's default restock threshold: a low-stock warning before the shelf is empty. */
export const DEFAULT_RESTOCK_THRESHOLD = 5;
export const AMOUNT_MAX = 1_000_000;

/**
 * Whether an EAN-8, UPC-A or EAN-13's last digit is its check digit: from the right, the
 * other digits weigh 3, 1, 3, 1…, and the sum with the check digit is a multiple of ten.
 */
export function barcodeCheckDigitOk(code: string): boolean {
  const digits = [...code].map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((total, d, index) => total + d * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The pack's EAN/UPC as printed, or none (blank is none). */
export const barcodeField = z
  .union([z.null(), z.string({ error: INVENTORY_TEXT.barcodeShape })], { error: INVENTORY_TEXT.barcodeShape })
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine((v) => v === null || /^(\d{8}|\d{12}|\d{13})$/.test(v), INVENTORY_TEXT.barcodeShape)
  .refine((v) => v === null || !/^(\d{8}|\d{12}|\d{13})$/.test(v) || barcodeCheckDigitOk(v), {
    message: INVENTORY_TEXT.barcodeCheckDigit,
    abort: true,
  });

/** The item's fields as a client may send them; defaults are added for a new item only. */
const itemShape = {
  itemId: businessId('Item ID'),
  name: z
    .string({ error: INVENTORY_TEXT.required })
    .trim()
    .min(1, INVENTORY_TEXT.required)
    .max(NAME_MAX, `Item name must be at most ${NAME_MAX} characters.`)
    .check(storedText('Item name')),
  stock: stockCount(INVENTORY_TEXT.stockNegative),
  categoryId: optionalRef(INVENTORY_TEXT.badCategory),
  purchasePrice: centavos(INVENTORY_TEXT.purchasePriceNegative),
  unitPrice: centavos(INVENTORY_TEXT.unitPriceNegative),
  amount: z
    .number({ error: INVENTORY_TEXT.amountNegative })
    .min(0, INVENTORY_TEXT.amountNegative)
    .max(AMOUNT_MAX, INVENTORY_TEXT.amountNegative),
  unitId: optionalRef(INVENTORY_TEXT.badUnit),
  supplierId: optionalRef(INVENTORY_TEXT.badSupplier),
  restockThreshold: z
    .number({ error: INVENTORY_TEXT.thresholdNegative })
    .int(INVENTORY_TEXT.thresholdNegative)
    .min(0, INVENTORY_TEXT.thresholdNegative)
    .max(STOCK_MAX, INVENTORY_TEXT.thresholdNegative),
  /** Takes the senior-citizen / PWD discount at checkout: food does, baking supplies do not. */
  scPwdEligible: z.boolean({ error: INVENTORY_TEXT.scPwdNotBoolean }),
  expirationDate: optionalDate('Expiration date'),
  barcode: barcodeField,
};

export const itemFields = z.object({
  ...itemShape,
  /** Blank: the server makes one, INV- plus 6 digits. */
  itemId: itemShape.itemId.default(''),
  stock: itemShape.stock.default(0),
  categoryId: itemShape.categoryId.default(null),
  purchasePrice: itemShape.purchasePrice.default(0),
  unitPrice: itemShape.unitPrice.default(0),
  amount: itemShape.amount.default(0),
  unitId: itemShape.unitId.default(null),
  supplierId: itemShape.supplierId.default(null),
  restockThreshold: itemShape.restockThreshold.default(DEFAULT_RESTOCK_THRESHOLD),
  /** Baking supplies are not food: no SC/PWD discount unless the shop says so. */
  scPwdEligible: itemShape.scPwdEligible.default(false),
  expirationDate: itemShape.expirationDate.default(null),
  barcode: itemShape.barcode.default(null),
});
export type ItemFields = z.infer<typeof itemFields>;

export const itemIdInput = z.object({ id: recordId(INVENTORY_TEXT.notFound) });

/** An edit sends only what changes (the POS sends only stock); the rest stays as it is. */
export const updateItemInput = z.object({
  id: recordId(INVENTORY_TEXT.notFound),
  changes: z
    .object(itemShape)
    .partial()
    .refine((changes) => Object.values(changes).some((v) => v !== undefined), INVENTORY_TEXT.nothingToChange),
});
export type UpdateItemInput = z.infer<typeof updateItemInput>;

export const listItemsInput = listInput(10, ITEM_SORT_FIELDS).extend({
  /** Only the items of this status (shared/itemStatus.ts), e.g. Expiring soon. */
  status: z.enum(ITEM_STATUSES, { error: `status must be one of: ${ITEM_STATUSES.join(', ')}.` }).optional(),
});
export type ListItemsInput = z.infer<typeof listItemsInput>;

/** The ingredient lookup and the POS: every match at once, up to the POS cap. */
export const lookupItemsInput = z.object({
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(100, 'search is too long.')
    .regex(SEARCH_TEXT, SEARCH_CONTROL)
    .default(''),
});
