import { z } from 'zod';
import { PAYMENT_METHODS, VAT_RATES } from '../../../../shared/constants';
import { formatPeso } from '../../../../shared/money';
import { cashTenderedProblem, referenceProblem } from '../../../../shared/saleRules';
import { createOrderInput } from '../../../../shared/schemas/cakeOrders';
import {
  DESCRIPTION_MAX,
  INSCRIPTION_MAX,
  ORDER_LINES_MAX,
  ORDER_NOTES_MAX,
  ORDER_PAYMENT_KINDS,
  ORDER_STATUSES,
  CAKE_ORDERS_TEXT as T,
} from '../../../../shared/texts/cakeOrders';
import { NAME_MAX } from '../../../../shared/texts/fields';
import { SALE_TOTAL_MAX, SALES_TEXT } from '../../../../shared/texts/sales';
import { saleTotals } from '../../../../shared/totals';
import type { SheetRow } from './read';
import { cellText, instantCell, numberCell, orNull, pesosCell, readRow, type Tally, textCell } from './rows';

// The cake-orders workbook's sheets as the restore reads them, row by row, and the figures
// an order on file must add up to (restore/cakeOrders.ts applies them).

export const CAKE_ORDERS_LAYOUT = {
  'cake-orders': [
    'orderNumber',
    'customerName',
    'customerId',
    'phone',
    'pickupAt',
    'status',
    'taxRate',
    'subtotal',
    'taxAmount',
    'total',
    'inscription',
    'notes',
    'saleId',
    'pickedUpAt',
    'pickedUpBy',
    'cancelledAt',
    'cancelledBy',
    'cancelReason',
    'depositRefunded',
    'createdBy',
    'createdAt',
  ],
  lines: ['orderNumber', 'cakeId', 'description', 'quantity', 'price', 'lineTotal'],
  payments: [
    'orderNumber',
    'kind',
    'method',
    'amount',
    'reference',
    'cashTendered',
    'change',
    'takenAt',
    'takenBy',
    'shiftId',
  ],
  events: ['orderNumber', 'at', 'user', 'text'],
} as const;

export const SHEET = 'cake-orders';
export const FINAL = ['Picked up', 'Cancelled'];

/** ORD-000001 as the order's number (upper-case or not, as a person may type it). */
const orderNumberCell = cellText.pipe(
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^ORD-\d{6,15}$/, 'must be an order number like ORD-000001'))
    .transform((v) => Number(v.slice(4)))
    .pipe(z.number().int().positive('must be an order number like ORD-000001')),
);

const money = (least: number, message: string) =>
  pesosCell.pipe(z.number().min(least, message).max(SALE_TOTAL_MAX, SALES_TEXT.tooLarge));

const text = (max: number) => cellText.pipe(z.string().trim().max(max, `must be at most ${max} characters`));

/** yes, no, or blank (an order never cancelled has no answer). */
const yesNoOrBlank = orNull(
  cellText.pipe(z.enum(['yes', 'no'], { error: 'must be yes, no or blank' })),
).transform((v) => (v === null ? null : v === 'yes'));

export const orderRow = z
  .object({
    orderNumber: orderNumberCell,
    customerName: text(NAME_MAX),
    customerId: orNull(cellText),
    phone: textCell(createOrderInput.shape.phone),
    pickupAt: instantCell,
    status: cellText.pipe(z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` })),
    taxRate: numberCell.pipe(
      z.union(
        VAT_RATES.map((r) => z.literal(r)),
        { error: `must be ${VAT_RATES.join(' or ')}` },
      ),
    ),
    subtotal: money(0, 'cannot be negative'),
    taxAmount: money(0, 'cannot be negative'),
    total: money(0, 'cannot be negative'),
    inscription: text(INSCRIPTION_MAX),
    notes: text(ORDER_NOTES_MAX),
    saleId: orNull(
      cellText.pipe(
        z
          .string()
          .trim()
          .max(40, 'is too long')
          .transform((v) => v.toUpperCase()),
      ),
    ),
    pickedUpAt: orNull(instantCell),
    pickedUpBy: orNull(cellText),
    cancelledAt: orNull(instantCell),
    cancelledBy: orNull(cellText),
    cancelReason: orNull(text(300)),
    depositRefunded: yesNoOrBlank,
    createdBy: orNull(cellText),
    createdAt: instantCell,
  })
  .superRefine((order, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!order.customerName && !order.customerId)
      issue('customerName', 'is required when the order has no customerId');
    // What a pickup and a cancellation leave on an order, and only they.
    const pickedUp = order.status === 'Picked up';
    if (pickedUp && !order.saleId) issue('saleId', 'a picked-up order names the sale made at pickup');
    else if (pickedUp && !order.pickedUpAt) issue('pickedUpAt', 'a picked-up order has its pickup time');
    else if (!pickedUp && (order.saleId || order.pickedUpAt))
      issue(order.saleId ? 'saleId' : 'pickedUpAt', 'only a picked-up order has a sale and a pickup time');
    const cancelled = order.status === 'Cancelled';
    if (cancelled && !order.cancelledAt) issue('cancelledAt', 'a cancelled order has its cancellation time');
    else if (cancelled && !order.cancelReason) issue('cancelReason', T.reason);
    else if (!cancelled && (order.cancelledAt || order.cancelReason || order.depositRefunded !== null))
      issue('cancelledAt', 'only a cancelled order has cancelledAt, cancelReason and depositRefunded');
  });
export type Order = z.infer<typeof orderRow>;

export const lineRow = z.object({
  orderNumber: orderNumberCell,
  cakeId: orNull(cellText.pipe(z.string().trim().max(40, 'is too long'))),
  description: cellText.pipe(
    z
      .string()
      .trim()
      .min(1, T.description)
      .max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`),
  ),
  quantity: numberCell.pipe(z.number().int(SALES_TEXT.quantityMin).min(1, SALES_TEXT.quantityMin).max(1000)),
  price: money(0, 'cannot be negative'),
  lineTotal: money(0, 'cannot be negative'),
});
export type Line = z.infer<typeof lineRow> & { row: number };

export const paymentRow = z
  .object({
    orderNumber: orderNumberCell,
    kind: cellText.pipe(
      z.enum(ORDER_PAYMENT_KINDS, { error: `must be one of ${ORDER_PAYMENT_KINDS.join(', ')}` }),
    ),
    method: cellText.pipe(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` })),
    amount: money(1, SALES_TEXT.paymentAmount),
    reference: orNull(text(60)),
    cashTendered: orNull(money(0, 'cannot be negative')),
    change: orNull(money(0, 'cannot be negative')),
    takenAt: instantCell,
    takenBy: orNull(cellText),
    shiftId: orNull(numberCell.pipe(z.number().int().positive('must be a shift number'))),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // A refund goes back by whatever way the shop chose; the money taken follows checkout's rules.
    const reference = p.kind === 'refund' ? null : referenceProblem(p.method, p.reference ?? '');
    const tendered = cashTenderedProblem([p], p.cashTendered, true);
    if (reference) issue('reference', reference);
    else if (tendered) issue('cashTendered', tendered);
    else if ((p.change ?? null) !== (p.cashTendered === null ? null : p.cashTendered - p.amount))
      issue('change', 'must be cash tendered less the amount, blank without cash tendered');
  });
export type Payment = z.infer<typeof paymentRow> & { row: number };

export const eventRow = z.object({
  orderNumber: orderNumberCell,
  at: instantCell,
  user: orNull(cellText),
  text: cellText.pipe(z.string().trim().min(1, 'is required').max(1000, 'is too long')),
});

/** A sheet's rows by order, each read on its own; a row that cannot be is refused on its sheet. */
export function byOrder<T extends z.ZodType<{ orderNumber: number }>>(
  rows: readonly SheetRow[],
  schema: T,
  sheet: string,
  tally: Tally,
): Map<number, (z.infer<T> & { row: number })[]> {
  const grouped = new Map<number, (z.infer<T> & { row: number })[]>();
  for (const row of rows) {
    const read = readRow(schema, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, sheet);
      continue;
    }
    const value = { ...read.value, row: row.row };
    grouped.set(value.orderNumber, [...(grouped.get(value.orderNumber) ?? []), value]);
  }
  return grouped;
}

/** The orders a sheet's rows name, whether or not the rows can be read otherwise. */
export const numbersOf = (rows: readonly SheetRow[]) =>
  new Set(
    rows.flatMap((r) => {
      const n = orderNumberCell.safeParse(r.cells.orderNumber);
      return n.success ? [n.data] : [];
    }),
  );

const paidOf = (payments: readonly Payment[]) =>
  payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amount : p.amount), 0);

/** Why an order's figures are not what the counter makes of its lines and payments, or null. */
export function figuresProblem(
  order: Order,
  lines: readonly Line[],
  payments: readonly Payment[],
): string | null {
  if (lines.length === 0) return 'no lines in the lines sheet.';
  if (lines.length > ORDER_LINES_MAX) return T.tooManyLines;
  for (const line of lines)
    if (line.lineTotal !== line.price * line.quantity)
      return `line on row ${line.row}: lineTotal ${formatPeso(line.lineTotal)} is not price × quantity.`;
  const totals = saleTotals(lines, order.taxRate);
  if (order.subtotal !== totals.subtotal)
    return `subtotal ${formatPeso(order.subtotal)} is not the sum of its lines (${formatPeso(totals.subtotal)}).`;
  if (order.taxAmount !== totals.taxAmount)
    return `taxAmount ${formatPeso(order.taxAmount)} is not ${order.taxRate}% of the subtotal (${formatPeso(totals.taxAmount)}).`;
  if (order.total !== totals.totalAmount) return 'total is not subtotal + taxAmount.';
  if (order.total > SALE_TOTAL_MAX) return SALES_TEXT.tooLarge;
  if (order.status !== 'Cancelled' && payments.some((p) => p.kind === 'refund'))
    return 'only a cancelled order has a refund.';
  if (order.status !== 'Picked up' && payments.some((p) => p.kind === 'balance'))
    return 'only a picked-up order has its balance paid.';
  const paid = paidOf(payments);
  if (paid < 0) return `its refunds are more than was paid (${formatPeso(-paid)} more).`;
  if (paid > order.total) return `its payments (${formatPeso(paid)}) are more than its total.`;
  return null;
}
