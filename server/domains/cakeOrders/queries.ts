import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { ListOrdersInput } from '../../../shared/schemas/cakeOrders';
import { orderNumber } from '../../../shared/texts/cakeOrders';
import { daysBetween } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import {
  cakeOrderEvents,
  cakeOrderLines,
  cakeOrderPayments,
  cakeOrders,
  sales,
  users,
} from '../../db/schema';
import { usernameOf } from '../users/names';
import { paidOf, paidSql } from './money';

// Reading cake orders back: one with everything (its view), a page of them, the calendar.

export type OrderRow = typeof cakeOrders.$inferSelect;

const ph = sql.placeholder;

/**
 * An order's rows by its id, each statement prepared once: every order taken, paid, moved or
 * picked up answers with the whole order (getOrder), and compiling these five statements
 * cost more than running them (a third of taking an order, in the bench's profile).
 */
const byId = (db: Store) => ({
  order: prepared(db, 'cakeOrders.byId', () =>
    db
      .select()
      .from(cakeOrders)
      .where(eq(cakeOrders.id, ph('id')))
      .prepare(),
  ),
  lines: prepared(db, 'cakeOrders.lines', () =>
    db
      .select()
      .from(cakeOrderLines)
      .where(eq(cakeOrderLines.orderId, ph('id')))
      .orderBy(asc(cakeOrderLines.id))
      .prepare(),
  ),
  payments: prepared(db, 'cakeOrders.payments', () =>
    db
      .select({
        id: cakeOrderPayments.id,
        kind: cakeOrderPayments.kind,
        method: cakeOrderPayments.method,
        amount: cakeOrderPayments.amount,
        reference: cakeOrderPayments.reference,
        cashTendered: cakeOrderPayments.cashTendered,
        change: cakeOrderPayments.change,
        shiftId: cakeOrderPayments.shiftId,
        at: cakeOrderPayments.takenAt,
        by: users.username,
      })
      .from(cakeOrderPayments)
      .leftJoin(users, eq(users.id, cakeOrderPayments.takenBy))
      .where(eq(cakeOrderPayments.orderId, ph('id')))
      .orderBy(asc(cakeOrderPayments.id))
      .prepare(),
  ),
  events: prepared(db, 'cakeOrders.events', () =>
    db
      .select({ at: cakeOrderEvents.at, by: users.username, text: cakeOrderEvents.text })
      .from(cakeOrderEvents)
      .leftJoin(users, eq(users.id, cakeOrderEvents.userId))
      .where(eq(cakeOrderEvents.orderId, ph('id')))
      .orderBy(asc(cakeOrderEvents.id))
      .prepare(),
  ),
  sale: prepared(db, 'cakeOrders.sale', () =>
    db
      .select({ saleId: sales.saleId, status: sales.status })
      .from(sales)
      .where(eq(sales.id, ph('id')))
      .prepare(),
  ),
});

/** An order by its id, or by its number (ORD-000001, any case) as REST and people send it. */
export function findOrder(db: Store, ref: number | string): OrderRow | undefined {
  if (typeof ref === 'number') return byId(db).order.get({ id: ref });
  const match = /^ord-0*(\d{1,12})$/i.exec(ref.trim());
  if (!match) return undefined;
  return db
    .select()
    .from(cakeOrders)
    .where(eq(cakeOrders.number, Number(match[1])))
    .get();
}

/** An order as its view shows it: lines, payments, history, what is paid and due (centavos). */
export function getOrder(db: Store, id: number) {
  const rows = byId(db);
  const order = rows.order.get({ id });
  if (!order) return undefined;
  const lines = rows.lines.all({ id });
  const payments = rows.payments.all({ id });
  const events = rows.events.all({ id });
  const sale = order.saleId === null ? undefined : rows.sale.get({ id: order.saleId });
  const paid = paidOf(payments);
  return {
    id: order.id,
    orderNumber: orderNumber(order.number),
    status: order.status,
    customerId: order.customerId,
    customerName: order.customerName,
    phone: order.phone,
    pickupAt: order.pickupAt,
    pickupDate: order.pickupDate,
    inscription: order.inscription,
    notes: order.notes,
    taxRate: order.taxRate,
    subtotal: order.subtotal,
    taxAmount: order.taxAmount,
    total: order.total,
    paid,
    balanceDue: order.status === 'Cancelled' ? 0 : order.total - paid,
    lines: lines.map((l) => ({
      id: l.id,
      cakeRecordId: l.cakeId,
      cakeId: l.code,
      description: l.description,
      quantity: l.quantity,
      price: l.price,
      lineTotal: l.lineTotal,
    })),
    payments,
    events,
    saleId: sale?.saleId ?? null,
    /** The pickup's sale refunded since (at the counter): the money went back with it. */
    saleRefunded: sale?.status === 'refunded',
    createdAt: order.createdAt,
    createdBy: usernameOf(db, order.createdBy),
    pickedUpAt: order.pickedUpAt,
    pickedUpBy: usernameOf(db, order.pickedUpBy),
    cancelledAt: order.cancelledAt,
    cancelledBy: usernameOf(db, order.cancelledBy),
    cancelReason: order.cancelReason,
    depositRefunded: order.depositRefunded,
  };
}
export type ShownOrder = NonNullable<ReturnType<typeof getOrder>>;

function listWhere(input: ListOrdersInput): SQL | undefined {
  const search = input.search.toLowerCase();
  const numbered = /^(ord-)?0*(\d{1,12})$/i.exec(search);
  return and(
    input.from ? gte(cakeOrders.pickupDate, input.from) : undefined,
    input.to ? lte(cakeOrders.pickupDate, input.to) : undefined,
    input.status ? eq(cakeOrders.status, input.status) : undefined,
    search
      ? or(
          sql`instr(lower(${cakeOrders.customerName}), ${search}) > 0`,
          sql`instr(${cakeOrders.phone}, ${search}) > 0`,
          numbered ? eq(cakeOrders.number, Number(numbered[2])) : undefined,
        )
      : undefined,
  );
}

/** A page of orders, soonest pickup first, each with its lines and what is paid and due. */
export function listOrders(db: Store, input: ListOrdersInput) {
  const where = listWhere(input);
  const total = db.select({ n: count() }).from(cakeOrders).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: cakeOrders.id,
      number: cakeOrders.number,
      status: cakeOrders.status,
      customerName: cakeOrders.customerName,
      phone: cakeOrders.phone,
      pickupAt: cakeOrders.pickupAt,
      taxRate: cakeOrders.taxRate,
      taxAmount: cakeOrders.taxAmount,
      total: cakeOrders.total,
      paid: paidSql,
    })
    .from(cakeOrders)
    .where(where)
    .orderBy(asc(cakeOrders.pickupAt), asc(cakeOrders.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .all();
  const lines =
    rows.length === 0
      ? []
      : db
          .select()
          .from(cakeOrderLines)
          .where(
            inArray(
              cakeOrderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(cakeOrderLines.id))
          .all();
  const orders = rows.map(({ number, ...r }) => ({
    ...r,
    orderNumber: orderNumber(number),
    balanceDue: r.status === 'Cancelled' ? 0 : r.total - r.paid,
    lines: lines
      .filter((l) => l.orderId === r.id)
      .map((l) => ({
        cakeId: l.code,
        description: l.description,
        quantity: l.quantity,
        price: l.price,
        lineTotal: l.lineTotal,
      })),
  }));
  return { orders, total, totalPages: Math.max(1, Math.ceil(total / input.limit)) };
}

/** Each day from `from` to `to`: how many orders (not cancelled) are picked up, and their total. */
export function orderCalendar(db: Store, from: string, to: string) {
  const days = daysBetween(from, to);
  const counted = db
    .select({ date: cakeOrders.pickupDate, orders: count(), total: sum(cakeOrders.total) })
    .from(cakeOrders)
    .where(
      and(
        gte(cakeOrders.pickupDate, from),
        lte(cakeOrders.pickupDate, to),
        ne(cakeOrders.status, 'Cancelled'),
      ),
    )
    .groupBy(cakeOrders.pickupDate)
    .all();
  const byDate = new Map(counted.map((d) => [d.date, d]));
  return {
    days: days.map((date) => ({
      date,
      orders: byDate.get(date)?.orders ?? 0,
      total: Number(byDate.get(date)?.total ?? 0),
    })),
  };
}

/** How many orders (not cancelled) are picked up on a day: the capacity rule's count. */
export function ordersOn(db: Store, date: string): number {
  return (
    prepared(db, 'cakeOrders.on', () =>
      db
        .select({ n: count() })
        .from(cakeOrders)
        .where(and(eq(cakeOrders.pickupDate, ph('date')), ne(cakeOrders.status, 'Cancelled')))
        .prepare(),
    ).get({ date })?.n ?? 0
  );
}

/** The next order number: one above the highest, so numbers never skip (inside the insert's transaction). */
export function nextOrderNumber(db: Store): number {
  const last = prepared(db, 'cakeOrders.last', () =>
    db.select({ n: cakeOrders.number }).from(cakeOrders).orderBy(desc(cakeOrders.number)).limit(1).prepare(),
  ).get();
  return (last?.n ?? 0) + 1;
}
