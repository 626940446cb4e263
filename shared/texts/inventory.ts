// The exact texts of the Inventory screen's items, with the server's own messages for
// its rules.
export const INVENTORY_TEXT = {
  required: 'Please fill up the required fields!',
  stockNegative: 'Stock must be a non-negative number.',
  unitPriceNegative: 'Unit price must be a non-negative number.',
  purchasePriceNegative: 'Purchase price must be a non-negative number.',
  thresholdNegative: 'Restock threshold must be a non-negative number.',
  amountNegative: 'Amount must be a non-negative number.',
  scPwdNotBoolean: 'SC/PWD eligible must be true or false.',
  basicNecessityNotBoolean: 'Basic necessity must be true or false.',
  expiredDate: 'Expiration date cannot be in the past.',
  addedExpired: 'Stock added now would already be expired: set a new expiration date first.',
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

/** Derived on every read, in this order of precedence (shared/itemStatus.ts). */
export const ITEM_STATUSES = [
  'Expired',
  'Out of stock',
  'Expiring soon',
  'Low stock',
  'Well-stocked',
] as const;

/** A new item's default restock threshold: a low-stock warning before the shelf is empty. */
export const DEFAULT_RESTOCK_THRESHOLD = 5;

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
