import { eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../../shared/money';
import { orderNumber, CAKE_ORDERS_TEXT as T } from '../../../../shared/texts/cakeOrders';
import { manilaDate } from '../../../../shared/time';
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
import {
  byOrder,
  eventRow,
  FINAL,
  figuresProblem,
  lineRow,
  numbersOf,
  orderRow,
  type Payment,
  paymentRow,
  SHEET,
} from './cakeOrderRows';
import type { Book } from './read';
import { changedFields, checkedRows, idLookup, type Tally, tableWriter, userLookup } from './rows';

// The cake-orders backup as the restore reads it: orders by their number (ORD-000001), their
// lines, payments and history by orderNumber; the customer, the cakes and the pickup's sale
// must already be on file (docs/decisions.md, Cake orders).

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
