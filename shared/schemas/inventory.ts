import { z } from 'zod';
import { QUANTITY_SCALE } from '../quantity';
import { NAME_MAX } from '../texts/fields';
import {
  barcodeCheckDigitOk,
  DEFAULT_RESTOCK_THRESHOLD,
  INVENTORY_TEXT,
  ITEM_STATUSES,
} from '../texts/inventory';
import { SEARCH_CONTROL } from '../texts/paging';
import { businessId, centavos, itemQuantity, optionalDate, optionalRef, recordId } from './fields';
import { listInput, SEARCH_TEXT } from './paging';
import { storedText } from './text';

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

export const AMOUNT_MAX = 1_000_000;

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
  stock: itemQuantity(INVENTORY_TEXT.stockNegative, 'Stock'),
  categoryId: optionalRef(INVENTORY_TEXT.badCategory),
  purchasePrice: centavos(INVENTORY_TEXT.purchasePriceNegative),
  unitPrice: centavos(INVENTORY_TEXT.unitPriceNegative),
  amount: z
    .number({ error: INVENTORY_TEXT.amountNegative })
    .min(0, INVENTORY_TEXT.amountNegative)
    .max(AMOUNT_MAX, INVENTORY_TEXT.amountNegative),
  unitId: optionalRef(INVENTORY_TEXT.badUnit),
  supplierId: optionalRef(INVENTORY_TEXT.badSupplier),
  restockThreshold: itemQuantity(INVENTORY_TEXT.thresholdNegative, 'Restock threshold'),
  /** Takes the senior-citizen / PWD discount at checkout: food does, baking supplies do not. */
  scPwdEligible: z.boolean({ error: INVENTORY_TEXT.scPwdNotBoolean }),
  /** A basic necessity or prime commodity (flour, sugar, oil, milk): takes the seniors' 5% at checkout. */
  basicNecessity: z.boolean({ error: INVENTORY_TEXT.basicNecessityNotBoolean }),
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
  restockThreshold: itemShape.restockThreshold.default(DEFAULT_RESTOCK_THRESHOLD * QUANTITY_SCALE),
  /** Baking supplies are not food: no SC/PWD discount unless the shop says so. */
  scPwdEligible: itemShape.scPwdEligible.default(false),
  basicNecessity: itemShape.basicNecessity.default(false),
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
