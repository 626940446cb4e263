import { z } from 'zod';
import { supplierFields } from '../../../../shared/schemas/suppliers';
import type { Tx } from '../../../db/open';
import { suppliers } from '../../../db/schema';
import type { Book } from './read';
import { restoreRecords } from './records';
import { cellText, instantCell, orNull, type Tally } from './rows';

export const SUPPLIER_LAYOUT = {
  supplier: ['supplierId', 'name', 'contact', 'company', 'createdAt', 'updatedAt'],
} as const;

const supplierRow = z.object({
  supplierId: cellText.pipe(supplierFields.shape.supplierId),
  name: cellText.pipe(supplierFields.shape.name),
  contact: cellText.pipe(supplierFields.shape.contact.unwrap()),
  company: cellText.pipe(supplierFields.shape.company.unwrap()),
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
