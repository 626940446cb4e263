import { z } from 'zod';
import { PAGE_SIZE, PAYMENT_METHODS, VAT_RATES } from '../constants';
import { oneCashProblem } from '../saleRules';
import {
  DESCRIPTION_MAX,
  INSCRIPTION_MAX,
  KITCHEN_STATUSES,
  ORDER_LINES_MAX,
  ORDER_NOTES_MAX,
  ORDER_STATUSES,
  PHONE_MAX,
  CAKE_ORDERS_TEXT as T,
} from '../texts/cakeOrders';
import { NAME_MAX } from '../texts/fields';
import { SEARCH_CONTROL, SEARCH_MAX } from '../texts/paging';
import { SALE_TOTAL_MAX, SALES_TEXT } from '../texts/sales';
import { calendarDate, optionalRef, optionalText, recordRef } from './fields';
import { pageInput, SEARCH_TEXT } from './paging';
import { cashTenderedInput, invoiceSeqInput, paymentInput } from './sales';
import { terminalRef } from './terminals';
import { storedText } from './text';

// Cake orders over tRPC: money in centavos (REST converts pesos at its edge), pickupAt an
// instant (a Date, or an ISO text with its offset as REST sends it).

const QUANTITY_PER_LINE_MAX = 100;

/** The order: its id, or its number (ORD-000001) as REST sends it. */
export const orderRef = recordRef(T.notFound);

const instant = z.union(
  [
    z.date({ error: T.pickupAt }),
    z.iso.datetime({ offset: true, error: T.pickupAt }).transform((s) => new Date(s)),
  ],
  { error: T.pickupAt },
);

const amount = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(SALE_TOTAL_MAX, SALES_TEXT.tooLarge);

/** A line: a catalogue cake by its id or CK- code, or a custom cake with a description and a price. */
const orderLineInput = z
  .object(
    {
      cakeId: recordRef(T.badCake).optional(),
      description: z
        .string({ error: T.description })
        .trim()
        .max(DESCRIPTION_MAX, `The description must be at most ${DESCRIPTION_MAX} characters.`)
        .check(storedText('The description'))
        .optional(),
      quantity: z
        .number({ error: SALES_TEXT.quantityMin })
        .int(SALES_TEXT.quantityMin)
        .min(1, SALES_TEXT.quantityMin)
        .max(QUANTITY_PER_LINE_MAX, `Quantity must be at most ${QUANTITY_PER_LINE_MAX}.`),
      price: amount(T.price).optional(),
    },
    { error: T.lineKind },
  )
  .superRefine((line, ctx) => {
    if (line.cakeId !== undefined) return;
    if (!line.description) ctx.addIssue({ code: 'custom', message: T.description, path: ['description'] });
    else if (!line.price) ctx.addIssue({ code: 'custom', message: T.price, path: ['price'] });
  });
export type OrderLineInput = z.infer<typeof orderLineInput>;

const payments = z
  .array(paymentInput, { error: 'payments must be a list of {method, amount, reference}.' })
  .max(PAYMENT_METHODS.length, `At most ${PAYMENT_METHODS.length} payments at once.`)
  .superRefine((list, ctx) => {
    const oneCash = oneCashProblem(list);
    if (oneCash) ctx.addIssue({ code: 'custom', message: oneCash });
  });

const cashTendered = cashTenderedInput;

export const createOrderInput = z.object({
  customerId: optionalRef(T.badCustomer).default(null),
  customerName: z
    .string({ error: T.customerName })
    .trim()
    .max(NAME_MAX, `The customer's name must be at most ${NAME_MAX} characters.`)
    .check(storedText("The customer's name"))
    .default(''),
  phone: z
    .string({ error: T.phone })
    .trim()
    .min(1, T.phone)
    .max(PHONE_MAX, `The phone number must be at most ${PHONE_MAX} characters.`)
    .regex(/^[0-9+()\-\s.]*$/, 'The phone number may hold digits, spaces and + ( ) - only.'),
  pickupAt: instant,
  lines: z
    .array(orderLineInput, { error: T.linesRequired })
    .min(1, T.linesRequired)
    .max(ORDER_LINES_MAX, T.tooManyLines),
  inscription: optionalText('The inscription', INSCRIPTION_MAX),
  notes: optionalText('Notes', ORDER_NOTES_MAX),
  taxRate: z
    .number({ error: SALES_TEXT.badTaxRate })
    .refine((r) => (VAT_RATES as readonly number[]).includes(r), SALES_TEXT.badTaxRate)
    .default(0),
  payments: payments.default([]),
  cashTendered,
});
export type CreateOrderInput = z.infer<typeof createOrderInput>;

export const payOrderInput = z.object({
  id: orderRef,
  payment: paymentInput,
  cashTendered,
});
export type PayOrderInput = z.infer<typeof payOrderInput>;

export const orderStatusInput = z.object({
  id: orderRef,
  status: z.enum(KITCHEN_STATUSES, { error: T.status }),
});

export const pickupInput = z
  .object({
    id: orderRef,
    payments: payments.default([]),
    cashTendered,
    /** The counter's key for this pickup: the same key again is a retry, answered with the same sale. */
    key: z.string().trim().min(1).max(60).check(storedText('key')).optional(),
    /** The till the pickup's sale is made at; absent, the picker's shift's, else the first. */
    terminalId: terminalRef,
    /** A number from a block the device holds for terminalId (docs/decisions.md, Selling offline). */
    invoiceSeq: invoiceSeqInput,
  })
  .refine((pickup) => pickup.invoiceSeq === null || pickup.terminalId !== null, {
    message: SALES_TEXT.invoiceSeqTerminal,
    path: ['terminalId'],
  });
export type PickupInput = z.infer<typeof pickupInput>;

export const cancelOrderInput = z.object({
  id: orderRef,
  reason: z
    .string({ error: T.reason })
    .trim()
    .min(1, T.reason)
    .max(300, 'The reason must be at most 300 characters.')
    .check(storedText('The reason')),
  /** Admin, owner and manager choose; a staff cancellation follows the setting. */
  refundDeposit: z.boolean({ error: T.refundDeposit }).optional(),
});
export type CancelOrderInput = z.infer<typeof cancelOrderInput>;

export const listOrdersInput = pageInput(PAGE_SIZE).extend({
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters.`)
    .regex(SEARCH_TEXT, SEARCH_CONTROL)
    .default(''),
});
export type ListOrdersInput = z.infer<typeof listOrdersInput>;

const CALENDAR_DAYS_MAX = 62;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar's days, from and to included: at most two months at once. */
export const calendarInput = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .refine((r) => r.from <= r.to, 'from must not be after to.')
  .refine(
    (r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS < CALENDAR_DAYS_MAX,
    `The calendar shows at most ${CALENDAR_DAYS_MAX} days at once.`,
  );

export const orderSettingsInput = z.object({
  minimumDepositPercent: z
    .number({ error: T.minimumDepositPercent })
    .int(T.minimumDepositPercent)
    .min(0, T.minimumDepositPercent)
    .max(100, T.minimumDepositPercent),
  maxOrdersPerDay: z.union(
    [z.null(), z.number().int(T.maxOrdersPerDay).min(1, T.maxOrdersPerDay).max(10_000, T.maxOrdersPerDay)],
    { error: T.maxOrdersPerDay },
  ),
  keepDepositOnStaffCancel: z.boolean({ error: T.keepDeposit }),
});
export type OrderSettings = z.infer<typeof orderSettingsInput>;
