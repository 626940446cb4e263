// The exact texts of the point of sale and the receipt, with the server's own messages
// for the sale's rules (shared/saleRules.ts), and the sale's id and limits.
export const SALES_TEXT = {
  searchPlaceholder: 'Search products...',
  cartEmpty: 'Your cart is empty.',
  noProducts: 'No matching products found.',
  unknownCode: (code: string) => `No product has the ID or barcode "${code}".`,
  // The counter's quick tender buttons.
  exactTender: 'Exact',
  tenderLabel: (label: string) => `Cash tendered: ${label}`,
  // Today's sales at the counter, for a reprint or a refund.
  todaySearch: 'Invoice no., sale ID, customer or amount',
  noSalesToday: 'No sales today match.',
  refundedWhen: (when: string, by: string) => `Refunded ${when} by ${by}`,
  // A sale made while the server could not be reached, and its lines charged at an older price.
  offline: 'Offline',
  madeOffline: (soldAt: string, receivedAt: string) => `Made offline at ${soldAt}, received ${receivedAt}`,
  chargedOther: (charged: string, now: string) => `charged ${charged} (price now ${now})`,
  noLines: 'Please add at least one item to the sale.',
  noOrderType: 'Please select an order type.',
  noPaymentMethod: 'Please select a payment method.',
  created: 'Sale created successfully!',
  createFailed: 'Failed to create sale.',
  somethingWrong: 'Something went wrong.',
  refunded: 'The sale has been refunded.',
  refundFailed: 'Refund failed.',
  confirmRefund: 'Are you sure you want to refund this sale?',
  alreadyRefunded: 'This sale has already been refunded.',
  invalidItem: 'Invalid item selected.',
  outOfStock: (name: string) => `"${name}" is out of stock.`,
  notEnough: (n: number, m: number, name: string) =>
    `Cannot add ${n} units. Only ${m} in stock for "${name}".`,
  quantityMin: 'Quantity must be at least 1.',
  unregistered: 'Unregistered',
  notOfficial: 'This is not an official receipt',
  // The server's own.
  expired: (name: string) => `"${name}" has expired and cannot be sold.`,
  notAvailable: (name: string, status: string) => `"${name}" cannot be sold: ${status.toLowerCase()}.`,
  repeatedLine: 'Each product can be listed once; change its quantity instead.',
  referenceRequired: 'Please enter the reference number.',
  cashTooLow: 'Cash tendered is less than the total.',
  // A split sale's cash covers its cash payment only, not the total.
  cashShareTooLow: (share: string) => `Cash tendered is less than the cash payment of ${share}.`,
  totalsDisagree: (expected: string) =>
    `The totals do not match the current prices. The server's totals are ${expected}; please review the cart.`,
  badInvoiceSeq: 'invoiceSeq must be a whole number from 1 to 999,999,999.',
  invoiceSeqTerminal: 'An invoice number from a reserved block needs its terminalId.',
  saleIdReused: 'This sale ID was already used for a different sale.',
  futureDate: 'The sale date cannot be in the future.',
  notFound: 'That sale does not exist.',
  badCustomer: 'Please choose a customer from the list.',
  // SC/PWD discounts and split tender.
  discountName: 'Please enter the senior citizen or PWD holder’s name.',
  discountIdNumber: 'Please enter the senior citizen or PWD ID number.',
  discountType:
    'The discount must be SC (senior citizen), PWD or SC5 (senior citizen 5% on basic necessities).',
  paymentsSum: (total: string) => `The payments must add up to the total, ${total}.`,
  paymentAmount: 'Each payment must be more than ₱0.00.',
  oneCashPayment: 'Cash can be one payment of the sale; put the whole cash share in it.',
  cashTenderedWithoutCash: 'Cash tendered needs a Cash payment.',
  badTaxRate: 'Tax rate must be 0 or 12.',
  badSaleId: 'Sale ID must be SALE- followed by 8 letters A-Z or digits.',
  buyer: 'The buyer must be {name, address, tin}.',
  buyerTin: "Buyer's TIN must be digits in groups, like 123-456-789-000.",
  tooLarge: 'A sale cannot exceed ₱1,000,000,000.00.',
  // A mistyped tendered amount is the cash's problem, not the sale's.
  tenderedTooLarge: 'Cash tendered cannot exceed ₱1,000,000,000.00.',
  // A retry of a saleId with the same lines but other terms; `parts` is "tax", "tax and payments"...
  saleIdOtherTerms: (saleId: string, parts: string) =>
    `Sale ${saleId} was already recorded with other ${parts}.`,
  // Staff sell inside their own shift; managers and up may sell without one (docs/decisions.md).
  openShiftFirst: 'You have no open shift. Press Open shift on the Counter bar before selling.',
  backdateBeforeToday: 'Only a manager or above may record a sale dated before today.',
  backdateBeforeZ: (n: number, when: string) =>
    `Only a manager or above may record a sale dated before the last Z reading (#${n}, ${when}).`,
  backdateReason: 'Please enter the reason for recording this sale on an earlier date.',
  backdateReasonTooLong: 'The reason for the earlier date must be at most 200 characters.',
  // Issue: a sale recorded for an earlier day says whether its cash is in today's drawer.
  inDrawerBadType: 'inDrawer must be true or false.',
  inDrawerToday: 'A sale of today is always in the drawer; inDrawer is for a sale of an earlier day.',
  inDrawerNoShift: 'Open a shift first to put this sale’s cash in today’s drawer.',
  backdateLabel: 'Reason for the earlier date',
  refundedDirectly: (username: string) => `The sale was refunded directly by ${username}.`,
  refundedByRestore: (username: string) => `A sales restore by ${username} recorded the sale as refunded.`,
  refundOutsideShift: (
    saleId: string,
    amount: string,
    cashier: string,
    approver: string,
    shiftId: number | null,
  ) =>
    `The refund of ${saleId} (${amount}) asked by ${cashier} and approved by ${approver} went to no drawer: ${
      shiftId === null ? `${cashier} had no open shift when asking` : `shift #${shiftId} had closed`
    }. It shows in the next Z reading as a refund outside any shift.`,
} as const;

export const SALE_ID = /^SALE-[A-Z0-9]{8}$/;

/** Methods that carry a reference number (the app asks for it). */
export const NEEDS_REFERENCE: readonly string[] = ['Credit Card', 'GCash', 'PayMaya'];

export const QUANTITY_MAX = 100_000;

/** ₱1,000,000,000.00: far above any day's trade, far below where centavo sums lose precision. */
export const SALE_TOTAL_MAX = 100_000_000_000;

/** SALE- plus 8 characters A-Z and 0-9. */
export function newSaleId(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = 'SALE-';
  for (let i = 0; i < 8; i++) id += alphabet[random(alphabet.length)];
  return id;
}
