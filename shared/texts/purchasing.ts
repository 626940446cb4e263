// The exact texts of Purchasing (purchase orders), with the server's own messages for its
// rules. The server, the screen and the tests all read them from here.

/** A purchase order's states, in the order an order moves through them. */
export const PO_STATUSES = ['Draft', 'Ordered', 'Partly received', 'Received', 'Cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

/** Lines on one purchase order. */
export const PO_LINES_MAX = 200;
export const PO_NOTES_MAX = 500;
export const LOT_CODE_MAX = 40;

export const PURCHASING_TEXT = {
  title: 'Purchasing',
  noun: 'purchase orders',
  add: 'New Purchase Order',
  edit: 'Edit Purchase Order',
  view: 'Purchase Order',
  empty: 'No purchase orders found.',
  searchPlaceholder: 'Search PO number or supplier...',
  allStatuses: 'All statuses',
  order: 'Mark as Ordered',
  cancel: 'Cancel Order',
  print: 'Print',
  addLine: 'Add Line',
  labels: {
    poNumber: 'PO Number',
    status: 'Status',
    supplier: 'Supplier',
    expectedDate: 'Expected Date',
    notes: 'Notes',
    item: 'Item',
    quantity: 'Quantity',
    received: 'Received',
    unitCost: 'Unit Cost',
    lineTotal: 'Line Total',
    total: 'Total',
    lines: 'Lines',
    createdAt: 'Created',
    createdBy: 'Created By',
    orderedAt: 'Ordered',
  },
  confirmOrder: (poNumber: string) => `Mark ${poNumber} as ordered? It can no longer be edited.`,
  confirmCancel: (poNumber: string) => `Cancel ${poNumber}?`,
  // The server's own.
  created: (poNumber: string) => `Purchase order ${poNumber} created.`,
  updated: (poNumber: string) => `Purchase order ${poNumber} updated.`,
  ordered: (poNumber: string) => `Purchase order ${poNumber} marked as ordered.`,
  cancelled: (poNumber: string) => `Purchase order ${poNumber} cancelled.`,
  notFound: 'That purchase order does not exist.',
  supplierRequired: 'Choose a supplier.',
  supplierNotFound: 'That supplier does not exist.',
  itemNotFound: 'That inventory item does not exist.',
  itemRequired: 'Each line needs an item.',
  linesRequired: 'A purchase order needs at least one line.',
  linesMax: `A purchase order holds at most ${PO_LINES_MAX} lines.`,
  duplicateItem: (name: string) => `"${name}" is on more than one line; put it on one line.`,
  quantity: 'Quantity must be more than 0, with at most three decimals.',
  unitCost: 'Unit cost must be an amount of at least 0.',
  lineTooLarge: (name: string) => `The line for "${name}" comes to more than ₱10,000,000; split the order.`,
  notDraft: (poNumber: string, status: PoStatus) =>
    `${poNumber} is ${status}: only a Draft purchase order can be edited.`,
  cannotOrder: (poNumber: string, status: PoStatus) =>
    `${poNumber} is ${status}: only a Draft purchase order can be marked as ordered.`,
  cannotCancel: (poNumber: string, status: PoStatus) =>
    `${poNumber} is ${status}: only a Draft or Ordered purchase order with nothing received can be cancelled.`,
  /** Deleting a supplier or an item that purchase orders name. */
  supplierOnOrders: (name: string, n: number) =>
    `Cannot delete "${name}": ${n} purchase ${n === 1 ? 'order names' : 'orders name'} this supplier.`,
  itemOnOrders: (name: string, n: number) =>
    `Cannot delete "${name}": it is on ${n} purchase ${n === 1 ? 'order' : 'orders'}.`,
  status: `status must be one of ${PO_STATUSES.join(', ')}.`,
  // Receiving.
  receive: 'Receive',
  receiveTitle: (poNumber: string) => `Receive ${poNumber}`,
  received: (poNumber: string, n: number) => `Received ${n} ${n === 1 ? 'line' : 'lines'} on ${poNumber}.`,
  receiveLinesRequired: 'A delivery needs at least one line.',
  expirationRequired: (name: string) => `Enter the expiration date of "${name}".`,
  notOnOrder: (name: string, poNumber: string) => `"${name}" is not on ${poNumber}.`,
  overReceived: (name: string, open: string) =>
    `Cannot receive more "${name}" than is still open on the order (${open}).`,
  cannotReceive: (poNumber: string, status: PoStatus) =>
    `${poNumber} is ${status}: only an Ordered or Partly received purchase order can be received.`,
  duplicateReceived: (name: string) => `"${name}" is on more than one delivered line; put it on one.`,
} as const;
