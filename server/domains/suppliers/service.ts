import { count, eq } from 'drizzle-orm';
import { SUPPLIER_SORT_FIELDS, supplierFields } from '../../../shared/schemas/suppliers';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import {
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_SEARCH_FIELDS,
  SUPPLIER_TEXT,
} from '../../../shared/texts/suppliers';
import { inventoryItems, purchaseOrders, suppliers } from '../../db/schema';
import { contactService } from '../contacts/service';

export const SUPPLIER_MODULE = 'Supplier Management';

/**
 * Supplier Management: list, add, edit, delete; a staff edit or delete is held
 * for approval (docs/rules.md, Held changes). Approved as actions/approvals.ts lists.
 */
export const supplierService = contactService({
  module: SUPPLIER_MODULE,
  noun: 'supplier',
  title: 'Supplier',
  table: suppliers,
  businessId: 'supplierId',
  labels: SUPPLIER_FIELD_LABELS,
  fields: supplierFields,
  sortFields: SUPPLIER_SORT_FIELDS,
  searchFields: SUPPLIER_SEARCH_FIELDS,
  text: {
    notFound: SUPPLIER_TEXT.notFound,
    duplicateId: SUPPLIER_TEXT.duplicateId,
    saved: SUPPLIER_TEXT.saved,
    deleted: SUPPLIER_TEXT.deleted,
    unchanged: SUPPLIER_TEXT.unchanged,
  },
  // Items and purchase orders keep a reference to their supplier: a supplier in use stays.
  deleteRefusal: (db, supplier) => {
    const items =
      db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.supplierId, supplier.id)).get()
        ?.n ?? 0;
    if (items > 0) return SUPPLIER_TEXT.inUse(supplier.name, items);
    const orders =
      db.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.supplierId, supplier.id)).get()
        ?.n ?? 0;
    return orders > 0 ? PURCHASING_TEXT.supplierOnOrders(supplier.name, orders) : null;
  },
});
