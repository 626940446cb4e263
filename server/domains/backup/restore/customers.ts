import { z } from 'zod';
import { customerFields } from '../../../../shared/schemas/customers';
import type { Tx } from '../../../db/open';
import { customers } from '../../../db/schema';
import type { Book } from './read';
import { restoreRecords } from './records';
import { instantCell, orNull, type Tally, textCell } from './rows';

export const CUSTOMERS_LAYOUT = {
  customers: ['customerId', 'name', 'email', 'phoneNumber', 'address', 'createdAt', 'updatedAt'],
} as const;

const c = customerFields.shape;
const customerRow = z.object({
  customerId: textCell(c.customerId),
  name: textCell(c.name),
  email: textCell(c.email),
  phoneNumber: textCell(c.phoneNumber),
  address: textCell(c.address),
  createdAt: instantCell,
  updatedAt: orNull(instantCell),
});

/** Customers by customerId: new ones added, the others set to the file's values. */
export function restoreCustomers(tx: Tx, book: Book, tally: Tally): void {
  restoreRecords(tx, book, tally, {
    sheet: 'customers',
    schema: customerRow,
    idField: 'customerId',
    table: customers,
    businessId: customers.customerId,
  });
}
