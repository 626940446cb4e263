import { eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../../shared/money';
import { orderNumber } from '../../../../shared/texts/cakeOrders';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { cakeOrderEvents, cakeOrderLines, cakeOrderPayments, cakeOrders } from '../../../db/schema';
import { ORDER_LINE_FIELDS, ORDER_PAYMENT_FIELDS, ORDER_TAKEN_FIELDS } from '../../cakeOrders/writes';
import { FINAL } from './cakeOrderRows';
import { changedFields, type Tally, tableWriter } from './rows';

// What restoring a cake order writes once restore/cakeOrders.ts has checked it: a new order
// added whole, or the order on file matched to the file's, its payments one by one (money is
// never taken back), its lines replaced and its history only added.

const ORDER_FIELDS = [
  ...ORDER_TAKEN_FIELDS,
  'saleId',
  'pickedUpAt',
  'pickedUpBy',
  'cancelledAt',
  'cancelledBy',
  'cancelReason',
  'depositRefunded',
] as const;
const EVENT_FIELDS = ['orderId', 'at', 'userId', 'text'] as const;

type OrderOnFile = typeof cakeOrders.$inferSelect;
type PaymentOnFile = typeof cakeOrderPayments.$inferSelect;
type LineOnFile = typeof cakeOrderLines.$inferSelect;
type EventOnFile = typeof cakeOrderEvents.$inferSelect;

/** An order as the file gives it, its customer, sale, cakes, people and shifts looked up. */
export interface WantedOrder {
  order: Pick<OrderOnFile, (typeof ORDER_FIELDS)[number]>;
  lines: Omit<LineOnFile, 'id' | 'orderId'>[];
  payments: Pick<PaymentOnFile, Exclude<(typeof ORDER_PAYMENT_FIELDS)[number], 'orderId'>>[];
  events: Omit<EventOnFile, 'id' | 'orderId'>[];
}

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
 * Writes a checked order (its row `row` of the cake-orders sheet) and counts it in `tally`,
 * the statements prepared once per restore.
 */
export function cakeOrderWriter(tx: Tx, tally: Tally): (row: number, wanted: WantedOrder) => void {
  const orderOf = prepared(tx, 'restore.cake-orders.byNumber', () =>
    tx
      .select()
      .from(cakeOrders)
      .where(eq(cakeOrders.number, sql.placeholder('number')))
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
  const orderRows = tableWriter<OrderOnFile>(
    tx,
    'cake-orders',
    cakeOrders,
    cakeOrders.number,
    ORDER_FIELDS,
    'exact',
  );
  const lineRows = tableWriter(tx, 'cake-order-lines', cakeOrderLines, cakeOrderLines.id, ORDER_LINE_FIELDS);
  const paymentRows = tableWriter(
    tx,
    'cake-order-payments',
    cakeOrderPayments,
    cakeOrderPayments.id,
    ORDER_PAYMENT_FIELDS,
  );
  const eventRows = tableWriter(tx, 'cake-order-events', cakeOrderEvents, cakeOrderEvents.id, EVENT_FIELDS);

  return (row, { order: wanted, lines: wantedLines, payments: wantedPayments, events: wantedEvents }) => {
    const number = orderNumber(wanted.number);
    const refuse = (reason: string) => tally.reject(row, reason);
    const existing = orderOf.get({ number: wanted.number }) as OrderOnFile | undefined;
    if (!existing) {
      const orderId = orderRows.insert(wanted);
      for (const line of wantedLines) lineRows.insert({ ...line, orderId });
      for (const payment of wantedPayments) paymentRows.insert({ ...payment, orderId });
      for (const event of wantedEvents) eventRows.insert({ ...event, orderId });
      tally.added++;
      return;
    }

    const paymentsOnFile = onFile.payments.all({ order: existing.id }) as PaymentOnFile[];
    const taken = leftOver(paymentsOnFile, wantedPayments, paymentKey);
    const first = taken[0];
    if (first) {
      refuse(
        `${number}: a ${formatPeso(first.amount)} ${first.method} ${first.kind} taken ${first.takenAt.toISOString()} is on file but not in the file; a restore never takes back a payment.`,
      );
      return;
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
      return;
    }
    const newEvents = leftOver(
      wantedEvents,
      onFile.events.all({ order: existing.id }) as EventOnFile[],
      eventKey,
    );
    if (differs.length === 0 && newEvents.length === 0) {
      tally.unchanged++;
      return;
    }
    orderRows.update(existing.id, wanted);
    if (!sameLines) {
      tx.delete(cakeOrderLines).where(eq(cakeOrderLines.orderId, existing.id)).run();
      for (const line of wantedLines) lineRows.insert({ ...line, orderId: existing.id });
    }
    for (const payment of newPayments) paymentRows.insert({ ...payment, orderId: existing.id });
    for (const event of newEvents) eventRows.insert({ ...event, orderId: existing.id });
    tally.updated++;
  };
}
