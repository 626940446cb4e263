import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { BUSINESS_ID_MAX, businessId, NAME_MAX, optionalText, recordId } from './catalogue';
import { listInput } from './paging';
import { storedText } from './text';

// The strings of Supplier Management, with the server's own messages
// for the shop's rules. The server, the screen and the tests all read them from here.
export const SUPPLIER_TEXT = {
  title: 'Supplier Management',
  add: 'Add Supplier',
  edit: 'Edit Supplier',
  view: 'Supplier Details',
  noun: 'suppliers',
  empty: 'No suppliers found.',
  searchPlaceholder: 'Search suppliers...',
  // Form checks.
  required: 'Please fill out required fields.',
  duplicateId: 'Supplier ID already exists.',
  // Toasts.
  saved: 'Supplier added or updated successfully!',
  saveFailed: 'Save failed.',
  deleteFailed: 'Delete failed.',
  // The server's own.
  deleted: 'Supplier deleted successfully!',
  notFound: 'That supplier does not exist.',
  unchanged: 'Nothing was changed.',
  inUse: (name: string, items: number) =>
    `Cannot delete "${name}": ${items} inventory ${items === 1 ? 'item uses' : 'items use'} this supplier.`,
} as const;

/** The filter dropdown: which field the search box looks in. */
export const SUPPLIER_SEARCH_FIELDS = ['supplierId', 'name', 'contact', 'company'] as const;
export type SupplierSearchField = (typeof SUPPLIER_SEARCH_FIELDS)[number];

export const SUPPLIER_SORT_FIELDS = [
  'supplierId',
  'name',
  'contact',
  'company',
  'createdAt',
  'updatedAt',
] as const;
export type SupplierSortField = (typeof SUPPLIER_SORT_FIELDS)[number];

/** How each field is named on the screen, in the action requests' details and in the log. */
export const SUPPLIER_LABELS = {
  supplierId: 'Supplier ID',
  name: 'Name',
  contact: 'Contact',
  company: 'Company',
} as const satisfies Record<SupplierSearchField, string>;

/** Text a person must fill in: a missing, null or blank value reads as the form's required-fields message. */
const requiredText = (label: string, message: string) =>
  z.string({ error: (issue) => (issue.input == null ? message : `${label} must be text.`) });

/** The supplier's fields; an edit sends the whole record again (absent optional fields become blank). */
export const supplierFields = z.object(
  {
    supplierId: requiredText('Supplier ID', SUPPLIER_TEXT.required).pipe(
      businessId('Supplier ID').min(1, SUPPLIER_TEXT.required),
    ),
    name: requiredText('Name', SUPPLIER_TEXT.required)
      .trim()
      .min(1, SUPPLIER_TEXT.required)
      .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`)
      .check(storedText('Name')),
    contact: optionalText('Contact', NAME_MAX),
    company: optionalText('Company', NAME_MAX),
  },
  { error: SUPPLIER_TEXT.required },
);
export type SupplierFields = z.infer<typeof supplierFields>;

/**
 * A supplier named by its record id (`_id`) or by its supplierId; digits are tried as
 * the record id first.
 */
const supplierRef = z.union(
  [
    recordId(SUPPLIER_TEXT.notFound),
    z.string().trim().min(1, SUPPLIER_TEXT.notFound).max(BUSINESS_ID_MAX, SUPPLIER_TEXT.notFound),
  ],
  { error: SUPPLIER_TEXT.notFound },
);

export const supplierIdInput = z.object({ id: supplierRef }, { error: SUPPLIER_TEXT.notFound });
export const updateSupplierInput = supplierFields.extend({ id: supplierRef });

export const supplierListInput = listInput(PAGE_SIZE, SUPPLIER_SORT_FIELDS).extend({
  searchField: z
    .enum(SUPPLIER_SEARCH_FIELDS, {
      error: `searchField must be one of ${SUPPLIER_SEARCH_FIELDS.join(', ')}.`,
    })
    .optional(),
});
