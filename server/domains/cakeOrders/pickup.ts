import { and, asc, eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { cashShareOf, cashTenderedProblem, tenderProblem } from '../../../shared/saleRules';
import type { PickupInput } from '../../../shared/schemas/cakeOrders';
import { CUSTOM_CODE, orderNumber, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { manilaDate } from '../../../shared/time';
import type { Db, Tx } from '../../db/open';
import { cakeLots, cakeOrderLines, cakeOrderPayments, cakeOrders, cakes, categories } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { releaseOrderLots } from '../cakes/cakeLots';
import { baseCostSql } from '../cakes/queries';
import { drawerFor } from '../sales/backdate';
import { journalSale, numberSale } from '../sales/invoice';
import { keepLineLots, takeForLine } from '../sales/lineStock';
import { type PricedLine, priceLines } from '../sales/lines';
import { getSale } from '../sales/records';
import { buyerOf, insertLine, insertPayment, insertSale, uniqueSaleId } from '../sales/saleRows';
import { findOrder, type OrderRow } from './queries';
import { openOrder, recordEvent, shown } from './service';
import { insertOrderPayment } from './writes';

// Pickup: the balance collected and one sale for the order's whole total, whose payments are
// the deposits (applied) and the balance (docs/decisions.md, Cake orders).

/** What tells a retried pickup from another one: the counter's key, or the very same tender. */
function pickupKeyOf(input: PickupInput): string {
  if (input.key) return `key:${input.key}`;
  const payments = input.payments.map((p) => `${p.method}:${p.amount}:${p.reference}`).join('|');
  return `tender:${payments}/${input.cashTendered ?? ''}`;
}

/** A sale line for each order line: a catalogue cake through checkout's pricing and stock; a custom cake takes none. */
function saleLinesOf(tx: Tx, order: OrderRow, now: Date) {
  const lines = tx
    .select()
    .from(cakeOrderLines)
    .where(eq(cakeOrderLines.orderId, order.id))
    .orderBy(asc(cakeOrderLines.id))
    .all();
  const catalogue = lines.filter((l) => l.cakeId !== null);
  // Cakes baked for the order go first; the rest come off the shelf by checkout's rules: an
  // expired cake or too few refuses the pickup (409, naming it).
  const priced = catalogue.map((l) => {
    const id = l.cakeId as number;
    const fromShelf = l.quantity - Math.min(reservedFor(tx, order.id, id, now), l.quantity);
    const [cake] =
      fromShelf > 0
        ? priceLines(tx, [{ kind: 'cake', id, quantity: fromShelf }], now)
        : [cakeAsPriced(tx, id)];
    return { ...cake!, quantity: l.quantity };
  });
  return lines.map((l) => {
    const cake = priced.find((p) => p.id === l.cakeId);
    return cake
      ? { ...cake, price: l.price }
      : {
          kind: 'custom' as const,
          id: 0,
          code: CUSTOM_CODE,
          name: l.description,
          price: l.price,
          purchasePrice: 0,
          quantity: l.quantity,
          stock: 0,
          status: 'Custom',
          category: null,
          scPwdEligible: false,
        };
  });
}

function answer(tx: Tx, order: OrderRow, saleId: number, repeated: boolean) {
  return {
    message: T.pickedUp(orderNumber(order.number)),
    order: shown(tx, order.id),
    sale: getSale(tx, saleId),
    repeated,
  };
}

/**
 * Picks an order up in one immediate transaction: the payments must be the balance exactly
 * (cash tendered above its share gives change); one sale of the order's total lands in the
 * picker's shift today; catalogue cakes leave the shelf. A retry (same key, or the same tender)
 * answers the same sale; any other pickup of a picked-up order is 409.
 */
export function pickUp(db: Db, actor: Viewer, input: PickupInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const key = pickupKeyOf(input);
      const done = findOrder(tx, input.id);
      if (done?.status === 'Picked up' && done.saleId !== null) {
        if (done.pickupKey === key) return answer(tx, done, done.saleId, true);
        throw fail.conflict(T.alreadyPickedUp(orderNumber(done.number)));
      }
      const order = openOrder(tx, input.id);
      const deposits = tx
        .select()
        .from(cakeOrderPayments)
        .where(and(eq(cakeOrderPayments.orderId, order.id), eq(cakeOrderPayments.kind, 'deposit')))
        .orderBy(asc(cakeOrderPayments.id))
        .all();
      const paid = deposits.reduce((s, p) => s + p.amount, 0);
      const balance = order.total - paid;
      const sum = input.payments.reduce((s, p) => s + p.amount, 0);
      if (sum !== balance) throw fail.badRequest(T.pickupPayments(formatPeso(balance)));
      // Nothing left to pay: cash tendered has nothing to cover (400), as at checkout.
      const problem =
        input.payments.length > 0
          ? tenderProblem(input.payments, balance, input.cashTendered, true)
          : cashTenderedProblem(input.payments, input.cashTendered, true);
      if (problem) throw fail.badRequest(problem);
      const shiftId = drawerFor(tx, actor);
      const lines = saleLinesOf(tx, order, now);
      const cashShare = cashShareOf(input.payments);
      const cashTendered = cashShare > 0 ? input.cashTendered : null;
      const all = [
        ...deposits.map((d) => ({
          method: d.method,
          amount: d.amount,
          reference: d.reference,
          appliedDeposit: true,
        })),
        ...input.payments.map((p) => ({
          method: p.method,
          amount: p.amount,
          reference: p.reference || null,
          appliedDeposit: false,
        })),
      ];
      const saleId = uniqueSaleId(tx);
      const invoice = numberSale(tx, input, shiftId, order.total);
      const sale = insertSale(tx).get({
        ...invoice,
        ...buyerOf(null),
        saleId,
        customerName: order.customerName,
        customerId: order.customerId,
        orderType: 'Walk-in',
        subtotal: order.subtotal,
        discountAmount: 0,
        vatExemptAmount: 0,
        discountType: null,
        discountName: null,
        discountIdNumber: null,
        shiftId,
        taxAmount: order.taxAmount,
        totalAmount: order.total,
        taxRate: order.taxRate,
        paymentMethod: [...new Set(all.map((p) => p.method))].join(' + ') || 'Cash',
        paymentReference:
          all
            .filter((p) => p.reference)
            .map((p) => `${p.method} ${p.reference}`)
            .join('; ') || null,
        cashTendered,
        change: cashTendered === null ? null : cashTendered - cashShare,
        linesKey: `order:${orderNumber(order.number)}`,
        soldBy: actor.user.id,
        soldAt: now,
        zPending: true,
        backdateReason: null,
        soldOffline: false,
        receivedAt: now,
      }) as { id: number };
      const move = { reason: 'sale', userId: actor.user.id, reference: saleId } as const;
      for (const line of lines) {
        const { cost, takes } =
          line.kind === 'cake'
            ? takeForLine(tx, line as PricedLine, move, now, order.id)
            : { cost: 0, takes: [] };
        const saved = insertLine(tx).get({
          saleId: sale.id,
          cost,
          kind: line.kind,
          itemId: null,
          cakeId: line.kind === 'cake' ? line.id : null,
          code: line.code,
          name: line.name,
          price: line.price,
          purchasePrice: line.purchasePrice,
          quantity: line.quantity,
          lineTotal: line.price * line.quantity,
          category: line.category,
          discount: 0,
          catalogPrice: null,
        }) as { id: number };
        keepLineLots(tx, saved.id, takes, line.kind === 'cake');
      }
      // Cakes baked for it beyond what it takes go on the shelf.
      releaseOrderLots(tx, order.id, { ...move, reason: 'edit' }, now);
      for (const p of all) insertPayment(tx).run({ saleId: sale.id, ...p });
      for (const p of input.payments)
        insertOrderPayment(tx).run({
          orderId: order.id,
          kind: 'balance',
          method: p.method,
          amount: p.amount,
          reference: p.reference || null,
          cashTendered: p.method === 'Cash' ? cashTendered : null,
          change: p.method === 'Cash' && cashTendered !== null ? cashTendered - cashShare : null,
          shiftId,
          terminalId: invoice.terminalId,
          zPending: false,
          takenBy: actor.user.id,
          takenAt: now,
        });
      tx.update(cakeOrders)
        .set({
          status: 'Picked up',
          saleId: sale.id,
          pickupKey: key,
          pickedUpAt: now,
          pickedUpBy: actor.user.id,
        })
        .where(eq(cakeOrders.id, order.id))
        .run();
      recordEvent(
        tx,
        actor,
        order,
        'Pick Up Cake Order',
        `Picked up as sale ${saleId}: ${formatPeso(order.total)}, deposits applied ${formatPeso(paid)}, balance ${formatPeso(balance)}${input.payments.length ? ` by ${input.payments.map((p) => p.method).join(' + ')}` : ''}`,
        now,
      );
      journalSale(tx, getSale(tx, sale.id), now);
      return answer(tx, order, sale.id, false);
    },
    { behavior: 'immediate' },
  );
}

/** How many unexpired cakes of one cake are reserved for the order (baked for it). */
function reservedFor(tx: Tx, orderId: number, cakeId: number, now: Date): number {
  const today = manilaDate(now);
  return (
    tx
      .select({ n: sql<number>`coalesce(sum(${cakeLots.remaining}), 0)` })
      .from(cakeLots)
      .where(
        and(
          eq(cakeLots.orderId, orderId),
          eq(cakeLots.cakeId, cakeId),
          sql`(${cakeLots.expirationDate} is null or ${cakeLots.expirationDate} >= ${today})`,
        ),
      )
      .get()?.n ?? 0
  );
}

/** A cake the order's own batch covers, as checkout prices it (its shelf stock does not matter). */
function cakeAsPriced(tx: Tx, id: number): PricedLine {
  const cake = tx
    .select({
      id: cakes.id,
      code: cakes.cakeId,
      name: cakes.name,
      price: cakes.price,
      purchasePrice: baseCostSql,
      stock: cakes.stock,
      category: categories.name,
      scPwdEligible: cakes.scPwdEligible,
    })
    .from(cakes)
    .leftJoin(categories, eq(categories.id, cakes.categoryId))
    .where(eq(cakes.id, id))
    .get();
  if (!cake) throw fail.notFound(T.badCake);
  return { ...cake, kind: 'cake', quantity: 0, status: 'Available' };
}
