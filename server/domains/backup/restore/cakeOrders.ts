import { eq, sql } from 'drizzle-orm';
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
  orderNumber,
  CAKE_ORDERS_TEXT as T,
} from '../../../../shared/texts/cakeOrders';
import { NAME_MAX } from '../../../../shared/texts/fields';
import { SALE_TOTAL_MAX, SALES_TEXT } from '../../../../shared/texts/sales';
import { manilaDate } from '../../../../shared/time';
import { saleTotals } from '../../../../shared/totals';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import {
  cakeOrderEvents,
  cakeOrderLines,
  cakeOrderPayments,
  cakeOrders,
  cakes,
  customers,
  sales,
  shifts,
} from '../../../db/schema';
import type { Book, SheetRow } from './read';
import {
  cellText,
  changedFields,
  checkedRows,
  idLookup,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  readRow,
  type Tally,
  tableWriter,
  textCell,
  userLookup,
} from './rows';

// The cake-orders backup as the restore reads it: orders by their number (ORD-000001), their
// lines, payments and history by orderNumber; the customer, the cakes and the pickup's sale
// must already be on file (docs/decisions.md, Cake orders).

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

const SHEET = 'cake-orders';
const FINAL = ['Picked up', 'Cancelled'];

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

const orderRow = z
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
type Order = z.infer<typeof orderRow>;

const lineRow = z.object({
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
type Line = z.infer<typeof lineRow> & { row: number };

const paymentRow = z
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
type Payment = z.infer<typeof paymentRow> & { row: number };

const eventRow = z.object({
  orderNumber: orderNumberCell,
  at: instantCell,
  user: orNull(cellText),
  text: cellText.pipe(z.string().trim().min(1, 'is required').max(1000, 'is too long')),
});

/** A sheet's rows by order, each read on its own; a row that cannot be is refused on its sheet. */
function byOrder<T extends z.ZodType<{ orderNumber: number }>>(
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
const numbersOf = (rows: readonly SheetRow[]) =>
  new Set(
    rows.flatMap((r) => {
      const n = orderNumberCell.safeParse(r.cells.orderNumber);
      return n.success ? [n.data] : [];
    }),
  );

const paidOf = (payments: readonly Payment[]) =>
  payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amount : p.amount), 0);

/** Why an order's figures are not what the counter makes of its lines and payments, or null. */
function figuresProblem(order: Order, lines: readonly Line[], payments: readonly Payment[]): string | null {
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

const ORDER_FIELDS = [
  'number',
  'customerId',
  'customerName',
  'phone',
  'pickupAt',
  'pickupDate',
  'inscription',
  'notes',
  'taxRate',
  'subtotal',
  'taxAmount',
  'total',
  'status',
  'createdBy',
  'createdAt',
  'saleId',
  'pickedUpAt',
  'pickedUpBy',
  'cancelledAt',
  'cancelledBy',
  'cancelReason',
  'depositRefunded',
] as const;
const LINE_FIELDS = ['orderId', 'cakeId', 'code', 'description', 'quantity', 'price', 'lineTotal'] as const;
const PAYMENT_FIELDS = [
  'orderId',
  'kind',
  'method',
  'amount',
  'reference',
  'cashTendered',
  'change',
  'shiftId',
  'zPending',
  'takenBy',
  'takenAt',
] as const;
const EVENT_FIELDS = ['orderId', 'at', 'userId', 'text'] as const;

type PaymentOnFile = typeof cakeOrderPayments.$inferSelect;
type LineOnFile = typeof cakeOrderLines.$inferSelect;
type EventOnFile = typeof cakeOrderEvents.$inferSelect;

/** A payment as money that happened: what, how much, when and by whom (never its shift or Z). */
const paymentKey = (p: {
  kind: string;
  method: string;
  amount: number;
  reference: string | null;
  cashTendered: number | null;
  change: number | null;
  takenAt: Date;
  takenBy: number | null;
}) =>
  JSON.stringify([
    p.kind,
    p.method,
    p.amount,
    p.reference || null,
    p.cashTendered ?? null,
    p.change ?? null,
    p.takenAt.getTime(),
    p.takenBy ?? null,
  ]);
const lineKey = (l: Omit<LineOnFile, 'id' | 'orderId'>) =>
  JSON.stringify([l.cakeId, l.code, l.description, l.quantity, l.price, l.lineTotal]);
const eventKey = (e: Pick<EventOnFile, 'at' | 'userId' | 'text'>) =>
  JSON.stringify([e.at.getTime(), e.userId ?? null, e.text]);

/** The items of `from` left over once each of `taken` is matched to one of them. */
function leftOver<A, B>(from: readonly A[], taken: readonly B[], key: (t: A | B) => string): A[] {
  const counts = new Map<string, number>();
  for (const t of taken) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  return from.filter((t) => {
    const n = counts.get(key(t)) ?? 0;
    if (n === 0) return true;
    counts.set(key(t), n - 1);
    return false;
  });
}

/**
 * Cake orders by number, with their lines, payments and history. A missing order is added; an
 * open one on file is set to the file's values and lines. Money is never taken back: every
 * payment on file must be in the file (those it adds count in no Z reading, as restored sales
 * do), and a picked-up or cancelled order on file is never changed. History the file holds
 * is added, none removed. No stock moves (the cakes backup holds stock).
 */
export function restoreCakeOrders(tx: Tx, book: Book, tally: Tally): void {
  const lines = byOrder(book.lines ?? [], lineRow, 'lines', tally);
  const payments = byOrder(book.payments ?? [], paymentRow, 'payments', tally);
  const events = byOrder(book.events ?? [], eventRow, 'events', tally);
  const customer = idLookup(tx, customers, customers.customerId);
  const cake = idLookup(tx, cakes, cakes.cakeId);
  const user = userLookup(tx);
  const saleOf = prepared(tx, 'restore.cake-orders.sale', () =>
    tx
      .select({ id: sales.id })
      .from(sales)
      .where(eq(sales.saleId, sql.placeholder('saleId')))
      .prepare(),
  );
  const orderOf = prepared(tx, 'restore.cake-orders.find', () =>
    tx
      .select()
      .from(cakeOrders)
      .where(eq(cakeOrders.number, sql.placeholder('number')))
      .prepare(),
  );
  const orderOfSale = prepared(tx, 'restore.cake-orders.of-sale', () =>
    tx
      .select({ number: cakeOrders.number })
      .from(cakeOrders)
      .where(eq(cakeOrders.saleId, sql.placeholder('sale')))
      .prepare(),
  );
  const shiftOf = prepared(tx, 'restore.cake-orders.shift', () =>
    tx
      .select()
      .from(shifts)
      .where(eq(shifts.id, sql.placeholder('id')))
      .prepare(),
  );
  const onFile = {
    lines: prepared(tx, 'restore.cake-orders.lines', () =>
      tx
        .select()
        .from(cakeOrderLines)
        .where(eq(cakeOrderLines.orderId, sql.placeholder('order')))
        .prepare(),
    ),
    payments: prepared(tx, 'restore.cake-orders.payments', () =>
      tx
        .select()
        .from(cakeOrderPayments)
        .where(eq(cakeOrderPayments.orderId, sql.placeholder('order')))
        .prepare(),
    ),
    events: prepared(tx, 'restore.cake-orders.events', () =>
      tx
        .select()
        .from(cakeOrderEvents)
        .where(eq(cakeOrderEvents.orderId, sql.placeholder('order')))
        .prepare(),
    ),
  };
  const orderRows = tableWriter<typeof cakeOrders.$inferSelect>(
    tx,
    'cake-orders',
    cakeOrders,
    cakeOrders.number,
    ORDER_FIELDS,
    'exact',
  );
  const lineRows = tableWriter(tx, 'cake-order-lines', cakeOrderLines, cakeOrderLines.id, LINE_FIELDS);
  const paymentRows = tableWriter(
    tx,
    'cake-order-payments',
    cakeOrderPayments,
    cakeOrderPayments.id,
    PAYMENT_FIELDS,
  );
  const eventRows = tableWriter(tx, 'cake-order-events', cakeOrderEvents, cakeOrderEvents.id, EVENT_FIELDS);

  /**
   * The shift a payment counted in, when that shift is on file and is the one it was taken in:
   * the taker's, open at the time. Another database's shift numbers name other drawers.
   */
  const shiftFor = (p: Payment, takenBy: number | null): number | null => {
    if (p.shiftId === null || takenBy === null) return null;
    const shift = shiftOf.get({ id: p.shiftId }) as typeof shifts.$inferSelect | undefined;
    const at = p.takenAt.getTime();
    const within =
      shift && shift.openedAt.getTime() <= at && (!shift.closedAt || at <= shift.closedAt.getTime());
    return within && shift.cashierId === takenBy ? shift.id : null;
  };

  const inFile = numbersOf(book[SHEET] ?? []);
  const linesNamed = numbersOf(book.lines ?? []);
  const salesTaken = new Map<number, string>();
  for (const { row, value: order } of checkedRows(book[SHEET] ?? [], orderRow, 'orderNumber', tally)) {
    const number = orderNumber(order.orderNumber);
    const refuse = (reason: string) => tally.reject(row, reason);
    const its = lines.get(order.orderNumber) ?? [];
    // Lines all refused already say what is wrong; the order has nothing more to add.
    if (its.length === 0 && linesNamed.has(order.orderNumber)) continue;
    const paid = payments.get(order.orderNumber) ?? [];
    const problem = figuresProblem(order, its, paid);
    if (problem) {
      refuse(`${number}: ${problem}`);
      continue;
    }
    const customerId = order.customerId ? customer(order.customerId) : null;
    if (customerId === undefined) {
      refuse(
        `customerId: ${order.customerId} is not a customer on file; restore the customers backup first.`,
      );
      continue;
    }
    let saleId: number | null = null;
    if (order.saleId) {
      const sale = saleOf.get({ saleId: order.saleId }) as { id: number } | undefined;
      if (!sale) {
        refuse(`saleId: ${order.saleId} is not a sale on file; restore the sales backup first.`);
        continue;
      }
      const other =
        salesTaken.get(sale.id) ??
        (orderOfSale.all({ sale: sale.id }) as { number: number }[])
          .map((o) => orderNumber(o.number))
          .find((n) => n !== number);
      if (other) {
        refuse(`saleId: ${order.saleId} is the sale of ${other}; a sale is one order's pickup.`);
        continue;
      }
      salesTaken.set(sale.id, number);
      saleId = sale.id;
    }
    // A cake no longer on file unlinks a finished order's line, as deleting the cake does; an
    // open order still needs it for its pickup.
    const final = FINAL.includes(order.status);
    const missing = its.find((l) => l.cakeId && cake(l.cakeId) === undefined);
    if (missing && !final) {
      tally.reject(
        missing.row,
        `cakeId: ${missing.cakeId} is not on file; restore the cakes backup first.`,
        'lines',
      );
      continue;
    }
    const repeated = its.find((l, n) => l.cakeId && its.findIndex((m) => m.cakeId === l.cakeId) !== n);
    if (repeated) {
      tally.reject(repeated.row, `${number}: ${T.repeatedCake}`, 'lines');
      continue;
    }

    const wanted = {
      number: order.orderNumber,
      customerId,
      customerName: order.customerName,
      phone: order.phone,
      pickupAt: order.pickupAt,
      pickupDate: manilaDate(order.pickupAt),
      inscription: order.inscription,
      notes: order.notes,
      taxRate: order.taxRate,
      subtotal: order.subtotal,
      taxAmount: order.taxAmount,
      total: order.total,
      status: order.status,
      createdBy: user(order.createdBy),
      createdAt: order.createdAt,
      saleId,
      pickedUpAt: order.pickedUpAt,
      pickedUpBy: user(order.pickedUpBy),
      cancelledAt: order.cancelledAt,
      cancelledBy: user(order.cancelledBy),
      cancelReason: order.cancelReason,
      depositRefunded: order.depositRefunded,
    };
    const wantedLines = its.map((l) => ({
      cakeId: l.cakeId ? (cake(l.cakeId) ?? null) : null,
      code: l.cakeId,
      description: l.description,
      quantity: l.quantity,
      price: l.price,
      lineTotal: l.lineTotal,
    }));
    const wantedPayments = paid.map((p) => {
      const takenBy = user(p.takenBy);
      return {
        kind: p.kind,
        method: p.method,
        amount: p.amount,
        reference: p.reference,
        cashTendered: p.cashTendered,
        change: p.change,
        takenAt: p.takenAt,
        takenBy,
        shiftId: shiftFor(p, takenBy),
        // Counted in no later Z reading, as a restored sale is not (docs/decisions.md).
        zPending: false,
      };
    });
    const wantedEvents = (events.get(order.orderNumber) ?? []).map((e) => ({
      at: e.at,
      userId: user(e.user),
      text: e.text,
    }));

    const existing = orderOf.get({ number: order.orderNumber }) as typeof cakeOrders.$inferSelect | undefined;
    if (!existing) {
      const orderId = orderRows.insert(wanted);
      for (const line of wantedLines) lineRows.insert({ ...line, orderId });
      for (const payment of wantedPayments) paymentRows.insert({ ...payment, orderId });
      for (const event of wantedEvents) eventRows.insert({ ...event, orderId });
      tally.added++;
      continue;
    }

    const paymentsOnFile = onFile.payments.all({ order: existing.id }) as PaymentOnFile[];
    const taken = leftOver(paymentsOnFile, wantedPayments, paymentKey);
    const first = taken[0];
    if (first) {
      refuse(
        `${number}: a ${formatPeso(first.amount)} ${first.method} ${first.kind} taken ${first.takenAt.toISOString()} is on file but not in the file; a restore never takes back a payment.`,
      );
      continue;
    }
    const newPayments = leftOver(wantedPayments, paymentsOnFile, paymentKey);
    const linesOnFile = onFile.lines.all({ order: existing.id }) as LineOnFile[];
    const sameLines =
      linesOnFile.length === wantedLines.length && leftOver(wantedLines, linesOnFile, lineKey).length === 0;
    const differs = changedFields(existing, wanted);
    if (!sameLines) differs.push('lines');
    if (newPayments.length > 0) differs.push('payments');
    if (FINAL.includes(existing.status) && differs.length > 0) {
      refuse(
        `${number} is ${existing.status} on file and the file differs (${differs.join(', ')}); a picked-up or cancelled order is never changed.`,
      );
      continue;
    }
    const newEvents = leftOver(
      wantedEvents,
      onFile.events.all({ order: existing.id }) as EventOnFile[],
      eventKey,
    );
    if (differs.length === 0 && newEvents.length === 0) {
      tally.unchanged++;
      continue;
    }
    orderRows.update(existing.id, wanted);
    if (!sameLines) {
      tx.delete(cakeOrderLines).where(eq(cakeOrderLines.orderId, existing.id)).run();
      for (const line of wantedLines) lineRows.insert({ ...line, orderId: existing.id });
    }
    for (const payment of newPayments) paymentRows.insert({ ...payment, orderId: existing.id });
    for (const event of newEvents) eventRows.insert({ ...event, orderId: existing.id });
    tally.updated++;
  }
  const orphans = [
    ['lines', lines],
    ['payments', payments],
    ['events', events],
  ] as const;
  for (const [sheet, rows] of orphans)
    for (const [n, its] of rows) {
      if (inFile.has(n)) continue;
      for (const r of its as { row: number }[])
        tally.reject(r.row, `orderNumber ${orderNumber(n)} is not in the cake-orders sheet.`, sheet);
    }
}
