import { eq } from 'drizzle-orm';
import { minimumDeposit } from '../../../shared/cakeOrders';
import { formatPeso } from '../../../shared/money';
import { cashTenderedProblem, saleTotalProblem } from '../../../shared/saleRules';
import type { CreateOrderInput, OrderLineInput, PayOrderInput } from '../../../shared/schemas/cakeOrders';
import {
  type KitchenStatus,
  OPEN_ORDER_STATUSES,
  ORDER_DAYS_AHEAD_MAX,
  type OrderStatus,
  orderNumber,
  CAKE_ORDERS_TEXT as T,
} from '../../../shared/texts/cakeOrders';
import { formatDateTime, manilaDate } from '../../../shared/time';
import { saleTotals } from '../../../shared/totals';
import type { Db, Tx } from '../../db/open';
import { customers } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { cakeByRef } from '../cakes/queries';
import { drawerFor } from '../sales/backdate';
import { terminalFor } from '../terminals/service';
import { findOrder, getOrder, nextOrderNumber, type OrderRow, ordersOn, type ShownOrder } from './queries';
import { orderSettings } from './settings';
import {
  insertOrder,
  insertOrderEvent,
  insertOrderLine,
  insertOrderPayment,
  writeOrderStatus,
} from './writes';

// Cake orders: taken with or without a deposit, paid towards, moved through the kitchen
// (docs/rules.md, Cake orders). Pickup is pickup.ts, cancelling cancel.ts.

export const MODULE = 'Cake Orders';

/** Writes a line of the order's history and the activity log, in the caller's transaction. */
export function recordEvent(
  tx: Tx,
  actor: Viewer,
  order: { id: number; number: number },
  action: string,
  text: string,
  now: Date,
) {
  insertOrderEvent(tx).run({ orderId: order.id, at: now, userId: actor.user.id, text });
  logActivity(tx, {
    userId: actor.user.id,
    action,
    module: MODULE,
    description: `${orderNumber(order.number)}: ${text}`,
  });
}

/** The order as it stands, for an answer. */
export function shown(tx: Tx | Db, id: number): ShownOrder {
  const order = getOrder(tx, id);
  if (!order) throw fail.notFound(T.notFound);
  return order;
}

/** The order by id or number, still open to change (409 naming its state when not). */
export function openOrder(tx: Tx, ref: number | string): OrderRow {
  const order = findOrder(tx, ref);
  if (!order) throw fail.notFound(T.notFound);
  if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(order.status))
    throw fail.conflict(T.notOpen(orderNumber(order.number), order.status));
  return order;
}

interface OrderLine {
  cakeId: number | null;
  code: string | null;
  description: string;
  quantity: number;
  price: number;
}

/** Catalogue lines priced from the cake as it is now (like checkout); custom lines as given. */
function priceOrderLines(tx: Tx, given: readonly OrderLineInput[]): OrderLine[] {
  const lines = given.map((line): OrderLine => {
    if (line.cakeId === undefined)
      return {
        cakeId: null,
        code: null,
        description: line.description ?? '',
        quantity: line.quantity,
        price: line.price ?? 0,
      };
    const cake = cakeByRef(tx, line.cakeId);
    if (!cake) throw fail.badRequest(T.badCake);
    return {
      cakeId: cake.id,
      code: cake.cakeId,
      description: cake.name,
      quantity: line.quantity,
      price: cake.price,
    };
  });
  const ids = lines.filter((l) => l.cakeId !== null).map((l) => l.cakeId);
  if (new Set(ids).size !== ids.length) throw fail.badRequest(T.repeatedCake);
  return lines;
}

/** A registered customer by id, or the name typed (required then). */
function customerOf(tx: Tx, input: CreateOrderInput): { id: number | null; name: string } {
  if (input.customerId !== null) {
    const customer = tx.select().from(customers).where(eq(customers.id, input.customerId)).get();
    if (!customer) throw fail.badRequest(T.badCustomer);
    return { id: customer.id, name: input.customerName || customer.name };
  }
  if (!input.customerName) throw fail.badRequest(T.customerName);
  return { id: null, name: input.customerName };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deposits taken now: each a payment row counted in the taker's open shift and the next Z reading. */
function takeDeposits(
  tx: Tx,
  actor: Viewer,
  orderId: number,
  payments: CreateOrderInput['payments'],
  cashTendered: number | null,
  now: Date,
): void {
  if (payments.length === 0) return;
  const shiftId = drawerFor(tx, actor);
  // The till of the drawer it went into: that terminal's Z reading counts it.
  const terminalId = terminalFor(tx, null, shiftId).id;
  for (const p of payments) {
    const cash = p.method === 'Cash' && cashTendered !== null ? cashTendered : null;
    insertOrderPayment(tx).run({
      orderId,
      kind: 'deposit',
      method: p.method,
      amount: p.amount,
      reference: p.reference || null,
      cashTendered: cash,
      change: cash === null ? null : cash - p.amount,
      shiftId,
      terminalId,
      zPending: true,
      takenBy: actor.user.id,
      takenAt: now,
    });
  }
}

/** Payments toward `balance`: within it (400), with cash tendered covering the cash (400). */
function refusePayments(
  payments: readonly { method: string; amount: number }[],
  balance: number,
  cashTendered: number | null,
) {
  const sum = payments.reduce((s, p) => s + p.amount, 0);
  if (sum > balance) throw fail.badRequest(T.overBalance(formatPeso(balance)));
  const problem = cashTenderedProblem(payments, cashTendered, true);
  if (problem) throw fail.badRequest(problem);
}

/** Pending until the payments reach the minimum deposit; Confirmed from then on. */
function statusAfterPaying(
  order: { status: OrderStatus; total: number },
  paid: number,
  percent: number,
): OrderStatus {
  if (order.status !== 'Pending') return order.status;
  return paid >= minimumDeposit(order.total, percent) ? 'Confirmed' : 'Pending';
}

const described = (payments: readonly { method: string; amount: number; reference: string }[]) =>
  payments
    .map((p) => `${formatPeso(p.amount)} by ${p.method}${p.reference ? ` (${p.reference})` : ''}`)
    .join(', ');

/**
 * Takes an order in one immediate transaction: the pickup in the future and within a year,
 * the day not full, the lines priced, its number the next one, any deposits in the taker's
 * drawer. Pending or Confirmed by the minimum deposit.
 */
export function createOrder(db: Db, actor: Viewer, input: CreateOrderInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      if (input.pickupAt.getTime() <= now.getTime()) throw fail.badRequest(T.pickupPast);
      if (input.pickupAt.getTime() > now.getTime() + ORDER_DAYS_AHEAD_MAX * DAY_MS)
        throw fail.badRequest(T.pickupTooFar);
      const customer = customerOf(tx, input);
      const lines = priceOrderLines(tx, input.lines);
      const totals = saleTotals(
        lines.map((l) => ({ price: l.price, quantity: l.quantity, scPwdEligible: false })),
        input.taxRate,
      );
      const tooLarge = saleTotalProblem(totals.totalAmount);
      if (tooLarge) throw fail.badRequest(tooLarge);
      refusePayments(input.payments, totals.totalAmount, input.cashTendered);
      const settings = orderSettings(tx);
      const pickupDate = manilaDate(input.pickupAt);
      if (settings.maxOrdersPerDay !== null && ordersOn(tx, pickupDate) >= settings.maxOrdersPerDay)
        throw fail.conflict(T.full(pickupDate));
      const paid = input.payments.reduce((s, p) => s + p.amount, 0);
      const number = nextOrderNumber(tx);
      const order = insertOrder(tx).get({
        number,
        customerId: customer.id,
        customerName: customer.name,
        phone: input.phone,
        pickupAt: input.pickupAt,
        pickupDate,
        inscription: input.inscription,
        notes: input.notes,
        taxRate: input.taxRate,
        subtotal: totals.subtotal,
        taxAmount: totals.taxAmount,
        total: totals.totalAmount,
        status: statusAfterPaying(
          { status: 'Pending', total: totals.totalAmount },
          paid,
          settings.minimumDepositPercent,
        ),
        createdBy: actor.user.id,
        createdAt: now,
      }) as { id: number; number: number };
      for (const line of lines)
        insertOrderLine(tx).run({ orderId: order.id, ...line, lineTotal: line.price * line.quantity });
      takeDeposits(tx, actor, order.id, input.payments, input.cashTendered, now);
      recordEvent(
        tx,
        actor,
        order,
        'Take Cake Order',
        `Taken for ${customer.name}, pickup ${formatDateTime(input.pickupAt)}, total ${formatPeso(totals.totalAmount)}${paid ? `, deposit ${described(input.payments)}` : ''}`,
        now,
      );
      return { message: T.created(orderNumber(number)), order: shown(tx, order.id) };
    },
    { behavior: 'immediate' },
  );
}

/** A payment toward an open order's balance (never above it), counted in the taker's drawer. */
export function payOrder(db: Db, actor: Viewer, input: PayOrderInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const order = openOrder(tx, input.id);
      const before = shown(tx, order.id);
      if (before.balanceDue <= 0) throw fail.badRequest(T.nothingDue);
      refusePayments([input.payment], before.balanceDue, input.cashTendered);
      takeDeposits(tx, actor, order.id, [input.payment], input.cashTendered, now);
      const paid = before.paid + input.payment.amount;
      const status = statusAfterPaying(order, paid, orderSettings(tx).minimumDepositPercent);
      if (status !== order.status) writeOrderStatus(tx).run({ status, id: order.id });
      recordEvent(
        tx,
        actor,
        order,
        'Cake Order Payment',
        `Paid ${described([input.payment])}; balance due ${formatPeso(order.total - paid)}${status !== order.status ? `; now ${status}` : ''}`,
        now,
      );
      return {
        message: T.paid(formatPeso(input.payment.amount), orderNumber(order.number)),
        order: shown(tx, order.id),
      };
    },
    { behavior: 'immediate' },
  );
}

/** The kitchen's states: In production, Ready; any open order may move to either. */
export function setOrderStatus(
  db: Db,
  actor: Viewer,
  input: { id: number | string; status: KitchenStatus },
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const order = openOrder(tx, input.id);
      if (order.status !== input.status) {
        writeOrderStatus(tx).run({ status: input.status, id: order.id });
        recordEvent(tx, actor, order, 'Cake Order Status', `${order.status} → ${input.status}`, now);
      }
      return { message: T.statusSet(orderNumber(order.number), input.status), order: shown(tx, order.id) };
    },
    { behavior: 'immediate' },
  );
}
