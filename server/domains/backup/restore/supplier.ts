import { z } from 'zod';
import { supplierFields } from '../../../../shared/schemas/suppliers';
import type { Tx } from '../../../db/open';
import { suppliers } from '../../../db/schema';
import type { Book } from './read';
import { restoreRecords } from './records';
import { cellText, instantCell, numberCell, orNull, type Tally } from './rows';

export const SUPPLIER_LAYOUT = {
  // Backups made before suppliers had a lead time have no such column: their suppliers take 7 days.
  supplier: ['supplierId', 'name', 'contact', 'company', 'leadTimeDays?', 'createdAt', 'updatedAt'],
} as const;

/** What a supplier without a lead time waits, as the table's default. */
const DEFAULT_LEAD_TIME_DAYS = 7;

const supplierRow = z.object({
  supplierId: cellText.pipe(supplierFields.shape.supplierId),
  name: cellText.pipe(supplierFields.shape.name),
  contact: cellText.pipe(supplierFields.shape.contact.unwrap()),
  company: cellText.pipe(supplierFields.shape.company.unwrap()),
  leadTimeDays: z.preprocess(
    (v) => (v === null || v === '' ? DEFAULT_LEAD_TIME_DAYS : v),
    numberCell.pipe(supplierFields.shape.leadTimeDays.unwrap()),
  ),
  createdAt: instantCell,
  updatedAt: orNull(instantCell),
});

/** Suppliers by supplierId: new ones added, the others set to the file's values. */
export function restoreSuppliers(tx: Tx, book: Book, tally: Tally): void {
  restoreRecords(tx, book, tally, {
    sheet: 'supplier',
    schema: supplierRow,
    idField: 'supplierId',
    table: suppliers,
    businessId: suppliers.supplierId,
  });
}
