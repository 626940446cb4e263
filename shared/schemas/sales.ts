import { z } from 'zod';
import { ORDER_TYPES, PAGE_SIZE, PAYMENT_METHODS, VAT_RATES } from '../constants';
import { DISCOUNT_TYPES } from '../totals';
import { NAME_MAX, optionalDate, optionalRef, recordId } from './catalogue';
import { lookupItemsInput } from './inventory';
import { pageInput } from './paging';
import { storedText } from './text';

// The strings of the point of sale and the receipt, with the
// server's own messages for the shop's rules.
export const SALES_TEXT = {
  searchPlaceholder: 'Search products...',
  cartEmpty: 'Your cart is empty.',
  noProducts: 'No matching products found.',
  unknownCode: (code: string) => `No product has the ID or barcode "${code}".`,
  // The counter's quick tender buttons.
  exactTender: 'Exact',
  tenderLabel: (label: string) => `Cash tendered: ${label}`,
  // Today's sales at the counter, for a reprint or a refund.
  todaySearch: 'Sale ID, customer or amount',
  noSalesToday: 'No sales today match.',
  refundedWhen: (when: string, by: string) => `Refunded ${when} by ${by}`,
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
  saleIdReused: 'This sale ID was already used for a different sale.',
  futureDate: 'The sale date cannot be in the future.',
  notFound: 'That sale does not exist.',
  badCustomer: 'Please choose a customer from the list.',
  // SC/PWD discounts and split tender.
  discountName: 'Please enter the senior citizen or PWD holder’s name.',
  discountIdNumber: 'Please enter the senior citizen or PWD ID number.',
  discountType: 'The discount must be SC (senior citizen) or PWD.',
  paymentsSum: (total: string) => `The payments must add up to the total, ${total}.`,
  paymentAmount: 'Each payment must be more than ₱0.00.',
  oneCashPayment: 'Cash can be one payment of the sale; put the whole cash share in it.',
  cashTenderedWithoutCash: 'Cash tendered needs a Cash payment.',
  badTaxRate: 'Tax rate must be 0 or 12.',
  badSaleId: 'Sale ID must be SALE- followed by 8 letters A-Z or digits.',
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
const QUANTITY_MAX = 100_000;
/** ₱1,000,000,000.00: far above any day's trade, far below where centavo sums lose precision. */
export const SALE_TOTAL_MAX = 100_000_000_000;

export const saleLineInput = z
  .object({
    kind: z.enum(['item', 'cake'], { error: SALES_TEXT.invalidItem }),
    /** The product's database id (`_id`)... */
    id: recordId(SALES_TEXT.invalidItem).optional(),
    /** ...or its business id (INV-…, CK-…), as REST clients may send. */
    code: z
      .string({ error: SALES_TEXT.invalidItem })
      .trim()
      .min(1, SALES_TEXT.invalidItem)
      .max(40, SALES_TEXT.invalidItem)
      .optional(),
    quantity: z
      .number({ error: SALES_TEXT.quantityMin })
      .int(SALES_TEXT.quantityMin)
      .min(1, SALES_TEXT.quantityMin)
      .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-PH')}.`),
  })
  .refine((line) => line.id !== undefined || line.code !== undefined, SALES_TEXT.invalidItem);
export type SaleLineInput = z.infer<typeof saleLineInput>;

/** What the client believes the totals are; the server refuses the sale (409) if it disagrees. */
/** A sale-sized amount in whole centavos (totals, cash tendered). */
const saleAmount = (message: string, tooLarge: string = SALES_TEXT.tooLarge) =>
  z.number({ error: message }).int(message).min(0, message).max(SALE_TOTAL_MAX, tooLarge);

const discountInput = z.object(
  {
    type: z.enum(DISCOUNT_TYPES, { error: SALES_TEXT.discountType }),
    name: z
      .string({ error: SALES_TEXT.discountName })
      .trim()
      .min(1, SALES_TEXT.discountName)
      .max(NAME_MAX, `The holder's name must be at most ${NAME_MAX} characters.`)
      .check(storedText("The holder's name")),
    idNumber: z
      .string({ error: SALES_TEXT.discountIdNumber })
      .trim()
      .min(1, SALES_TEXT.discountIdNumber)
      .max(40, 'The ID number must be at most 40 characters.')
      .check(storedText('The ID number')),
  },
  { error: SALES_TEXT.discountType },
);

/** One payment of a split-tender sale, in centavos; card and e-wallet payments carry a reference. */
const paymentInput = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: SALES_TEXT.noPaymentMethod }),
    amount: saleAmount(SALES_TEXT.paymentAmount).refine((n) => n > 0, SALES_TEXT.paymentAmount),
    reference: z
      .string({ error: 'Reference number must be text.' })
      .trim()
      .max(60, 'Reference number must be at most 60 characters.')
      .check(storedText('Reference number'))
      .default(''),
  })
  .superRefine((p, ctx) => {
    if (NEEDS_REFERENCE.includes(p.method) && !p.reference)
      ctx.addIssue({ code: 'custom', message: SALES_TEXT.referenceRequired, path: ['reference'] });
  });

/** What the client believes the totals are; the server refuses the sale (409) if it disagrees. */
const expectedTotals = z.object({
  subtotal: saleAmount('subtotal must be whole centavos.'),
  taxAmount: saleAmount('taxAmount must be whole centavos.'),
  totalAmount: saleAmount('totalAmount must be whole centavos.'),
  discountAmount: saleAmount('discountAmount must be whole centavos.').optional(),
});

export const checkoutInput = z
  .object({
    /** The idempotency key: the same saleId with the same lines is the same sale. */
    saleId: z.string({ error: SALES_TEXT.badSaleId }).regex(SALE_ID, SALES_TEXT.badSaleId).optional(),
    customerName: z
      .string({ error: 'Customer name must be text.' })
      .trim()
      .max(NAME_MAX, `Customer name must be at most ${NAME_MAX} characters.`)
      .check(storedText('Customer name'))
      .default(''),
    customerId: optionalRef(SALES_TEXT.badCustomer).default(null),
    orderType: z.enum(ORDER_TYPES, { error: SALES_TEXT.noOrderType }),
    lines: z
      .array(saleLineInput, { error: SALES_TEXT.noLines })
      .min(1, SALES_TEXT.noLines)
      .max(200, 'A sale can have at most 200 lines.')
      .refine(
        (lines) =>
          new Set(lines.map((l) => `${l.kind}:${l.id ?? l.code?.toLowerCase()}`)).size === lines.length,
        SALES_TEXT.repeatedLine,
      ),
    taxRate: z
      .number({ error: SALES_TEXT.badTaxRate })
      .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), SALES_TEXT.badTaxRate)
      .default(0),
    /** The one method of a sale paid one way; a split sale names its methods in `payments`. */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: SALES_TEXT.noPaymentMethod }).optional(),
    reference: z
      .string({ error: 'Reference number must be text.' })
      .trim()
      .max(60, 'Reference number must be at most 60 characters.')
      .check(storedText('Reference number'))
      .default(''),
    cashTendered: z
      .union(
        [z.null(), saleAmount('Cash tendered must be a non-negative amount.', SALES_TEXT.tenderedTooLarge)],
        {
          error: 'Cash tendered must be a non-negative amount.',
        },
      )
      .default(null),
    /** A sale made away from the counter: its Manila date, never in the future. */
    date: optionalDate('Sale date').default(null),
    /** Why a manager records a sale dated before the last Z reading; blank is none. */
    backdateReason: z
      .string({ error: SALES_TEXT.backdateReason })
      .trim()
      .max(200, SALES_TEXT.backdateReasonTooLong)
      .check(storedText(SALES_TEXT.backdateLabel))
      .nullable()
      .default(null)
      .transform((reason) => reason || null),
    /**
     * A sale of an earlier day: whether its cash is in today's drawer (then it counts in the
     * open shift); absent or false, it counts in no drawer. Only for an earlier date.
     */
    inDrawer: z.boolean({ error: SALES_TEXT.inDrawerBadType }).nullable().default(null),
    expected: expectedTotals.optional(),
    /** An SC or PWD discount, with the holder's name and ID number. */
    discount: discountInput.nullable().default(null),
    /** Split tender; absent, the sale is one payment of its total by paymentMethod. */
    payments: z
      .array(paymentInput, { error: 'payments must be a list of {method, amount, reference}.' })
      .min(1, 'payments must hold at least one payment.')
      .max(PAYMENT_METHODS.length, `A sale can have at most ${PAYMENT_METHODS.length} payments.`)
      .nullable()
      .default(null),
  })
  .superRefine((sale, ctx) => {
    if (!sale.payments && !sale.paymentMethod)
      ctx.addIssue({ code: 'custom', message: SALES_TEXT.noPaymentMethod, path: ['paymentMethod'] });
    if (
      !sale.payments &&
      sale.paymentMethod &&
      NEEDS_REFERENCE.includes(sale.paymentMethod) &&
      !sale.reference
    )
      ctx.addIssue({ code: 'custom', message: SALES_TEXT.referenceRequired, path: ['reference'] });
    if (sale.payments && sale.payments.filter((p) => p.method === 'Cash').length > 1)
      ctx.addIssue({ code: 'custom', message: SALES_TEXT.oneCashPayment, path: ['payments'] });
  });
export type CheckoutInput = z.output<typeof checkoutInput>;

/** A sale by its database id or its SALE- id (refunds take either). */
export const saleRefInput = z.object({
  id: z.union([recordId(SALES_TEXT.notFound), z.string().regex(SALE_ID, SALES_TEXT.notFound)], {
    error: SALES_TEXT.notFound,
  }),
});

export const listSalesInput = pageInput(20);

/** Today's sales at the counter: by sale id, customer or amount (blank: all of today's). */
export const todaySalesInput = z.object({ search: lookupItemsInput.shape.search });

/** A page of the counter's products: the search, the page and its size (ten by default). */
export const posPageInput = lookupItemsInput.extend(pageInput(PAGE_SIZE).shape);

/** SALE- plus 8 characters A-Z and 0-9. */
export function newSaleId(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = 'SALE-';
  for (let i = 0; i < 8; i++) id += alphabet[random(alphabet.length)];
  return id;
}
