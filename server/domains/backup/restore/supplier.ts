import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { supplierFields } from '../../../../shared/schemas/suppliers';
import type { Tx } from '../../../db/open';
import { suppliers } from '../../../db/schema';
import type { Book } from './read';
import { cellText, changedFields, firstSeen, instantCell, orNull, readRow, type Tally } from './rows';

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
  const seen = firstSeen();
  for (const row of book.supplier ?? []) {
    const read = readRow(supplierRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason);
      continue;
    }
    const wanted = read.value;
    const earlier = seen(wanted.supplierId, row.row);
    if (earlier !== null) {
      tally.reject(row.row, `supplierId ${wanted.supplierId} is also on row ${earlier}.`);
      continue;
    }
    const existing = tx
      .select()
      .from(suppliers)
      .where(eq(sql`lower(${suppliers.supplierId})`, wanted.supplierId.toLowerCase()))
      .get();
    if (!existing) {
      tx.insert(suppliers).values(wanted).run();
      tally.added++;
    } else if (changedFields(existing, wanted).length > 0) {
      tx.update(suppliers).set(wanted).where(eq(suppliers.id, existing.id)).run();
      tally.updated++;
    } else tally.unchanged++;
  }
}
