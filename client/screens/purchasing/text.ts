// The Purchasing screen's own words; the shop's texts and the server's messages are
// PURCHASING_TEXT (shared/texts/purchasing.ts).

export const PO_SCREEN_TEXT = {
  saveDraft: 'Save as Draft',
  saved: 'Purchase order saved.',
  ordered: 'Purchase order marked as ordered.',
  cancelled: 'Purchase order cancelled.',
  addItem: 'Add item',
  addItemPlaceholder: 'Search inventory to add an item',
  noLines: 'No items yet.',
  loadFailed: 'This purchase order could not be loaded. Please try again.',
  saveFailed: 'The purchase order could not be saved. Please try again.',
  orderFailed: 'The purchase order could not be marked as ordered. Please try again.',
  cancelFailed: 'The purchase order could not be cancelled. Please try again.',
  suppliersFailed: 'The suppliers could not be loaded. Please try again.',
  clearSupplier: 'Clear supplier',
  cancelledAt: 'Cancelled',
  printTitle: 'PURCHASE ORDER',
  orderDate: 'Date',
  preparedBy: 'Prepared by',
  approvedBy: 'Approved by',
  draftMark: 'DRAFT: not yet ordered',
  cancelledMark: 'CANCELLED',
} as const;
