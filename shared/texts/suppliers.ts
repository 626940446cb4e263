import type { SupplierSearchField } from '../schemas/suppliers';

// The exact texts of Supplier Management, with the server's own messages for its rules. The server, the screen and the tests all read them from here.
export const SUPPLIER_TEXT = {
  title: 'Supplier Management',
  add: 'Add Supplier',
  edit: 'Edit Supplier',
  view: 'Supplier Details',
  noun: 'suppliers',
  empty: 'No suppliers found.',
  searchPlaceholder: 'Search suppliers...',
  required: 'Please fill out required fields.',
  duplicateId: 'Supplier ID already exists.',
  saved: 'Supplier added or updated successfully!',
  saveFailed: 'Save failed.',
  deleteFailed: 'Delete failed.',
  // The server's own.
  deleted: 'Supplier deleted successfully!',
  notFound: 'That supplier does not exist.',
  unchanged: 'Nothing was changed.',
  leadTime: 'Lead time must be a whole number of days from 0 to 365.',
  inUse: (name: string, items: number) =>
    `Cannot delete "${name}": ${items} inventory ${items === 1 ? 'item uses' : 'items use'} this supplier.`,
} as const;

/** The longest lead time a supplier may have, in days. */
export const LEAD_TIME_MAX = 365;

/** The filter dropdown: which field the search box looks in. */
export const SUPPLIER_SEARCH_FIELDS = ['supplierId', 'name', 'contact', 'company'] as const;

/** How each field is named on the screen, in the action requests' details and in the log. */
export const SUPPLIER_LABELS = {
  supplierId: 'Supplier ID',
  name: 'Name',
  contact: 'Contact',
  company: 'Company',
} as const satisfies Record<SupplierSearchField, string>;

/** Every field's name, the lead time too (days from ordering to delivery, 7 unless set). */
export const SUPPLIER_FIELD_LABELS = { ...SUPPLIER_LABELS, leadTimeDays: 'Lead Time (days)' } as const;
