import { toCentavos } from '../../../shared/money';
import { fromMilli, toMilli } from '../../../shared/quantity';
import type { ItemFields } from '../../../shared/schemas/inventory';
import { QUANTITY_TEXT } from '../../../shared/texts/fields';
import {
  barcodeCheckDigitOk,
  DEFAULT_RESTOCK_THRESHOLD,
  INVENTORY_TEXT,
} from '../../../shared/texts/inventory';
import { numberOf } from '../../ui/inputs';
import { type ItemRow, idOf } from './inventory';

/** The item form as typed: number inputs give '' when blank, selects give string ids. */
export interface ItemDraft {
  itemId: string;
  name: string;
  stock: number | string;
  categoryId: string | null;
  purchasePrice: number | string;
  unitPrice: number | string;
  amount: number | string;
  unitId: string | null;
  supplierId: string | null;
  restockThreshold: number | string;
  scPwdEligible: boolean;
  /** Takes the seniors' 5% on basic necessities. */
  basicNecessity: boolean;
  expirationDate: string;
  /** The EAN/UPC printed on the pack; blank is none. */
  barcode: string;
}
export type ItemErrors = Partial<Record<keyof ItemDraft, string>>;

export const BLANK_ITEM: ItemDraft = {
  itemId: '',
  name: '',
  stock: '',
  categoryId: null,
  purchasePrice: '',
  unitPrice: '',
  amount: '',
  unitId: null,
  supplierId: null,
  restockThreshold: DEFAULT_RESTOCK_THRESHOLD,
  /** Baking supplies are not food: no SC/PWD discount unless ticked. */
  scPwdEligible: false,
  basicNecessity: false,
  expirationDate: '',
  barcode: '',
};

const text = (id: number | null) => (id === null ? null : String(id));

export function draftOf(item: ItemRow): ItemDraft {
  return {
    itemId: item.itemId,
    name: item.name,
    stock: fromMilli(item.stock),
    categoryId: text(item.categoryId),
    purchasePrice: item.purchasePrice / 100,
    unitPrice: item.unitPrice / 100,
    amount: item.amount,
    unitId: text(item.unitId),
    supplierId: text(item.supplierId),
    restockThreshold: fromMilli(item.restockThreshold),
    scPwdEligible: item.scPwdEligible,
    basicNecessity: item.basicNecessity,
    expirationDate: item.expirationDate ?? '',
    barcode: item.barcode ?? '',
  };
}

/** A quantity the shop can keep: not negative, at most three decimals (shared/quantity.ts). */
const quantityOk = (n: number) => n >= 0 && toMilli(n) !== null;
const atLeastZero = (n: number) => Number.isFinite(n) && n >= 0;

/**
 * The item checks before anything is sent. A past expiration date is refused only
 * when it is set, so an item that has already expired can still be edited.
 */
export function checkItem(draft: ItemDraft, today: string, savedDate: string | null): ItemErrors {
  const errors: ItemErrors = {};
  if (!draft.name.trim()) errors.name = INVENTORY_TEXT.required;
  const stock = numberOf(draft.stock);
  if (!quantityOk(stock))
    errors.stock = stock < 0 ? INVENTORY_TEXT.stockNegative : QUANTITY_TEXT.decimals('Stock');
  if (!atLeastZero(numberOf(draft.purchasePrice)))
    errors.purchasePrice = INVENTORY_TEXT.purchasePriceNegative;
  if (!atLeastZero(numberOf(draft.unitPrice))) errors.unitPrice = INVENTORY_TEXT.unitPriceNegative;
  if (!atLeastZero(numberOf(draft.amount))) errors.amount = INVENTORY_TEXT.amountNegative;
  const threshold = numberOf(draft.restockThreshold, DEFAULT_RESTOCK_THRESHOLD);
  if (!quantityOk(threshold))
    errors.restockThreshold =
      threshold < 0 ? INVENTORY_TEXT.thresholdNegative : QUANTITY_TEXT.decimals('Restock threshold');
  const date = draft.expirationDate;
  if (date && date !== savedDate && date < today) errors.expirationDate = INVENTORY_TEXT.expiredDate;
  const barcode = draft.barcode.trim();
  if (barcode && !/^(\d{8}|\d{12}|\d{13})$/.test(barcode)) errors.barcode = INVENTORY_TEXT.barcodeShape;
  else if (barcode && !barcodeCheckDigitOk(barcode)) errors.barcode = INVENTORY_TEXT.barcodeCheckDigit;
  return errors;
}

/** What the server takes: centavos, thousandths, record ids, null for an empty select or date. */
export function fieldsOf(draft: ItemDraft): ItemFields {
  return {
    itemId: draft.itemId.trim(),
    name: draft.name.trim(),
    stock: toMilli(numberOf(draft.stock)) ?? 0,
    categoryId: idOf(draft.categoryId),
    purchasePrice: toCentavos(numberOf(draft.purchasePrice)),
    unitPrice: toCentavos(numberOf(draft.unitPrice)),
    amount: numberOf(draft.amount),
    unitId: idOf(draft.unitId),
    supplierId: idOf(draft.supplierId),
    restockThreshold: toMilli(numberOf(draft.restockThreshold, DEFAULT_RESTOCK_THRESHOLD)) ?? 0,
    scPwdEligible: draft.scPwdEligible,
    basicNecessity: draft.basicNecessity,
    expirationDate: draft.expirationDate || null,
    barcode: draft.barcode.trim() || null,
  };
}

/** An edit sends only the fields that changed; a blank Item ID keeps the current one. */
export function changesOf(fields: ItemFields, item: ItemRow): Partial<ItemFields> {
  const changes: Partial<Record<keyof ItemFields, unknown>> = {};
  for (const key of Object.keys(fields) as (keyof ItemFields)[]) {
    if (key === 'itemId' && !fields.itemId) continue;
    if (fields[key] !== item[key]) changes[key] = fields[key];
  }
  return changes as Partial<ItemFields>;
}
