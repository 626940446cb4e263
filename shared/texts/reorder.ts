import { PO_LINES_MAX } from './purchasing';

// The exact texts of reorder suggestions (inside Purchasing), with the server's own messages.
// The server, the screen and the tests all read them from here.

/** The days of sales the daily rate is taken over, today included. */
export const REORDER_SALES_DAYS = 28;
/** Suggested when stock will not last the supplier's lead time plus this many days. */
export const REORDER_RUN_OUT_MARGIN_DAYS = 7;
/** A suggestion covers the supplier's lead time plus this many days of sales. */
export const REORDER_COVER_DAYS = 14;

export const REORDER_TEXT = {
  title: 'Reorder suggestions',
  open: 'Reorder Suggestions',
  createDraft: 'Create draft PO',
  empty:
    'Nothing to reorder: every item has stock for its supplier’s lead time and is above its restock threshold.',
  intro: `Items that will run out within their supplier’s lead time plus ${REORDER_RUN_OUT_MARGIN_DAYS} days at the last ${REORDER_SALES_DAYS} days’ sales, or are at or below their restock threshold. The suggestion covers the lead time plus ${REORDER_COVER_DAYS} days, less stock and what is on order.`,
  leadTime: (days: number) => `Lead time ${days} ${days === 1 ? 'day' : 'days'}`,
  labels: {
    item: 'Item',
    stock: 'Stock',
    sold: 'Sold (28 days)',
    daysLeft: 'Days Left',
    suggested: 'Suggested',
  },
  notSold: 'No sales',
  drafted: 'Draft purchase order created.',
  loadFailed: 'The reorder suggestions could not be loaded. Please try again.',
  draftFailed: 'The draft purchase order could not be created. Please try again.',
  // The server's own.
  draftNotes: 'Drafted from reorder suggestions.',
  supplierNotFound: 'That supplier does not exist.',
  supplierRequired: 'Choose a supplier.',
  nothingToReorder: (name: string) => `No items of ${name} need reordering.`,
  /** A supplier with more suggested items than one purchase order holds. */
  mostUrgent: (created: string, total: number) =>
    `${created} It holds the ${PO_LINES_MAX} most urgent of ${total} suggested items; once it is ordered, draft again for the rest.`,
} as const;
