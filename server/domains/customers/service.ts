import { asc, desc, eq, sql } from 'drizzle-orm';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { CUSTOMER_SORT_FIELDS, customerFields } from '../../../shared/schemas/customers';
import {
  CUSTOMER_LABELS,
  CUSTOMER_SEARCH_FIELDS,
  CUSTOMER_TEXT,
  PURCHASES_SHOWN,
} from '../../../shared/texts/customers';
import type { Db } from '../../db/open';
import { customers, sales } from '../../db/schema';
import { contactService } from '../contacts/service';

export const CUSTOMER_MODULE = 'Customer Management';

/**
 * Customer Management: list, add, edit, delete; a staff edit or delete is held
 * for approval (docs/rules.md, Held changes). Approved as actions/approvals.ts lists.
 * Sales keep the customer's name as text, so a customer can always be deleted.
 */
export const customerService = contactService({
  module: CUSTOMER_MODULE,
  noun: 'customer',
  title: 'Customer',
  table: customers,
  businessId: 'customerId',
  labels: CUSTOMER_LABELS,
  fields: customerFields,
  sortFields: CUSTOMER_SORT_FIELDS,
  searchFields: CUSTOMER_SEARCH_FIELDS,
  text: {
    notFound: CUSTOMER_TEXT.notFound,
    duplicateId: CUSTOMER_TEXT.duplicateId,
    saved: CUSTOMER_TEXT.saved,
    deleted: CUSTOMER_TEXT.deleted,
    unchanged: CUSTOMER_TEXT.unchanged,
  },
});

/**
 * A customer's purchases, newest first: the sales recorded for them at the counter (by
 * record id or their customer ID). A sale whose customer was deleted keeps only the name.
 */
export function purchasesOf(db: Db, ref: number | string) {
  const customer = customerService.find(db, ref);
  return db
    .select({
      id: sales.id,
      saleId: sales.saleId,
      soldAt: sales.soldAt,
      orderType: sales.orderType,
      paymentMethod: sales.paymentMethod,
      totalAmount: sales.totalAmount,
      status: sales.status,
    })
    .from(sales)
    .where(eq(sales.customerId, customer.id))
    .orderBy(desc(sales.soldAt), desc(sales.id))
    .limit(PURCHASES_SHOWN)
    .all();
}

/**
 * The counter's customers: the first COUNTER_FETCH_CAP by name (as the cart's select lists
 * them), with only what the counter shows and keeps for selling offline. The full rows'
 * dates came back as a thousand Date annotations that the tablet revived one by one (15 to
 * 30 ms in one task); these are a quarter of the bytes and plain JSON.
 */
export function counterCustomers(db: Db) {
  const rows = db
    .select({ id: customers.id, customerId: customers.customerId, name: customers.name })
    .from(customers)
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
    .limit(COUNTER_FETCH_CAP)
    .all();
  return { rows };
}
