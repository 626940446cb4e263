import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { BUSINESS_ID_MAX, NAME_MAX } from '../texts/fields';
import { LEAD_TIME_MAX, SUPPLIER_SEARCH_FIELDS, SUPPLIER_TEXT } from '../texts/suppliers';
import { businessId, optionalText, recordId } from './fields';
import { listInput } from './paging';
import { storedText } from './text';

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
    /** Left out: 7 for a new supplier, unchanged on an edit. */
    leadTimeDays: z
      .number({ error: SUPPLIER_TEXT.leadTime })
      .int(SUPPLIER_TEXT.leadTime)
      .min(0, SUPPLIER_TEXT.leadTime)
      .max(LEAD_TIME_MAX, SUPPLIER_TEXT.leadTime)
      .optional(),
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
