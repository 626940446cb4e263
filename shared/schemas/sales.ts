import { z } from 'zod';
import { ORDER_TYPES, PAGE_SIZE, PAYMENT_METHODS, VAT_RATES } from '../constants';
import { oneCashProblem, referenceProblem } from '../saleRules';
import { NAME_MAX } from '../texts/fields';
import { QUANTITY_MAX, SALE_ID, SALE_TOTAL_MAX, SALES_TEXT } from '../texts/sales';
import { DISCOUNT_TYPES } from '../totals';
import { optionalDate, optionalRef, optionalText, recordId } from './fields';
import { lookupItemsInput } from './inventory';
import { pageInput } from './paging';
import { TIN } from './settings';
import { terminalRef } from './terminals';
import { storedText } from './text';

/** A cart line's fields; the offline sale adds the price it was charged at (./offline.ts). */
export const saleLineFields = z.object({
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
});
export const namesProduct = (line: { id?: number; code?: string }) =>
  line.id !== undefined || line.code !== undefined;
export const saleLineInput = saleLineFields.refine(namesProduct, SALES_TEXT.invalidItem);
export type SaleLineInput = z.infer<typeof saleLineInput>;

/** A sale-sized amount in whole centavos (totals, cash tendered). */
export const saleAmount = (message: string, tooLarge: string = SALES_TEXT.tooLarge) =>
  z.number({ error: message }).int(message).min(0, message).max(SALE_TOTAL_MAX, tooLarge);

const discountIdNumber = z
  .string({ error: SALES_TEXT.discountIdNumber })
  .trim()
  .min(1, SALES_TEXT.discountIdNumber)
  .max(40, 'The ID number must be at most 40 characters.')
  .check(storedText('The ID number'));

const discountInput = z.object(
  {
    type: z.enum(DISCOUNT_TYPES, { error: SALES_TEXT.discountType }),
    name: z
      .string({ error: SALES_TEXT.discountName })
      .trim()
      .min(1, SALES_TEXT.discountName)
      .max(NAME_MAX, `The holder's name must be at most ${NAME_MAX} characters.`)
      .check(storedText("The holder's name")),
    idNumber: discountIdNumber,
  },
  { error: SALES_TEXT.discountType },
);

/** The buyer's name, address and TIN printed on the invoice, when given (blank is none). */
const buyerInput = z
  .object(
    {
      name: optionalText("Buyer's name", NAME_MAX),
      address: optionalText("Buyer's address", 200),
      tin: optionalText("Buyer's TIN", 20).pipe(z.string().regex(TIN, SALES_TEXT.buyerTin)),
    },
    { error: SALES_TEXT.buyer },
  )
  .nullable()
  .default(null);

/** One payment of a split-tender sale, in centavos; card and e-wallet payments carry a reference. */
export const paymentInput = z
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
    const problem = referenceProblem(p.method, p.reference);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['reference'] });
  });

/** Cash handed over, in centavos, or none; the counter's ceiling applies. */
export const cashTenderedInput = z
  .union(
    [z.null(), saleAmount('Cash tendered must be a non-negative amount.', SALES_TEXT.tenderedTooLarge)],
    {
      error: 'Cash tendered must be a non-negative amount.',
    },
  )
  .default(null);

/** What the client believes the totals are; the server refuses the sale (409) if it disagrees. */
export const expectedTotals = z.object({
  subtotal: saleAmount('subtotal must be whole centavos.'),
  taxAmount: saleAmount('taxAmount must be whole centavos.'),
  totalAmount: saleAmount('totalAmount must be whole centavos.'),
  discountAmount: saleAmount('discountAmount must be whole centavos.').optional(),
});

/** Distinct products: the same product twice in one cart is one line. */
export const distinctLines = (lines: readonly { kind: string; id?: number; code?: string }[]) =>
  new Set(lines.map((l) => `${l.kind}:${l.id ?? l.code?.toLowerCase()}`)).size === lines.length;

/** A number from a block of invoice numbers its device holds (docs/decisions.md, Selling offline). */
export const invoiceSeqInput = z
  .number({ error: SALES_TEXT.badInvoiceSeq })
  .int(SALES_TEXT.badInvoiceSeq)
  .min(1, SALES_TEXT.badInvoiceSeq)
  .max(999_999_999, SALES_TEXT.badInvoiceSeq)
  .nullable()
  .default(null);

export const checkoutFields = z.object({
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
    .refine(distinctLines, SALES_TEXT.repeatedLine),
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
  cashTendered: cashTenderedInput,
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
  /** The till it is sold at; absent, the till of the cashier's shift, else the first. */
  terminalId: terminalRef,
  buyer: buyerInput,
  /** Split tender; absent, the sale is one payment of its total by paymentMethod. */
  payments: z
    .array(paymentInput, { error: 'payments must be a list of {method, amount, reference}.' })
    .min(1, 'payments must hold at least one payment.')
    .max(PAYMENT_METHODS.length, `A sale can have at most ${PAYMENT_METHODS.length} payments.`)
    .nullable()
    .default(null),
  /** A number from a block this terminal reserved (the device numbers its own sales). */
  invoiceSeq: invoiceSeqInput,
});

/** The rules across a sale's fields: how it is paid, and its references. */
export function checkoutRules(
  sale: Pick<
    z.output<typeof checkoutFields>,
    'payments' | 'paymentMethod' | 'reference' | 'invoiceSeq' | 'terminalId'
  >,
  ctx: z.RefinementCtx,
) {
  if (sale.invoiceSeq !== null && sale.terminalId === null)
    ctx.addIssue({ code: 'custom', message: SALES_TEXT.invoiceSeqTerminal, path: ['terminalId'] });
  if (!sale.payments && !sale.paymentMethod)
    ctx.addIssue({ code: 'custom', message: SALES_TEXT.noPaymentMethod, path: ['paymentMethod'] });
  const reference = sale.payments ? null : referenceProblem(sale.paymentMethod, sale.reference);
  if (reference) ctx.addIssue({ code: 'custom', message: reference, path: ['reference'] });
  const oneCash = sale.payments && oneCashProblem(sale.payments);
  if (oneCash) ctx.addIssue({ code: 'custom', message: oneCash, path: ['payments'] });
}
export const checkoutInput = checkoutFields.superRefine(checkoutRules);
export type CheckoutInput = z.output<typeof checkoutInput>;

/** A senior ID whose weekly 5% allowance the counter asks about. */
export const sc5AllowanceInput = z.object({ idNumber: discountIdNumber });

/** A sale by its database id or its SALE- id (refunds take either). */
export const saleRefInput = z.object({
  id: z.union([recordId(SALES_TEXT.notFound), z.string().regex(SALE_ID, SALES_TEXT.notFound)], {
    error: SALES_TEXT.notFound,
  }),
});

/** A refund: the sale, and the till it is given back at (absent: the refunder's shift's, else the first). */
export const refundInput = saleRefInput.extend({ terminalId: terminalRef });

export const listSalesInput = pageInput(20);

/** Today's sales at the counter: by sale id, customer or amount (blank: all of today's). */
export const todaySalesInput = z.object({ search: lookupItemsInput.shape.search });

/** A page of the counter's products: the search, the page and its size (ten by default). */
export const counterPageInput = lookupItemsInput.extend(pageInput(PAGE_SIZE).shape);
