import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { formatPeso } from '../../../shared/money';
import type { CancelOrderInput } from '../../../shared/schemas/cakeOrders';
import { recordId } from '../../../shared/schemas/ids';
import { orderNumber, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import type { Db, Tx } from '../../db/open';
import { cakeOrderPayments, cakeOrders, shifts, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { type Approval, closeWaitingRequests, heldKind, holdOrApply } from '../actionRequests/held';
import type { Viewer } from '../auth/viewer';
import { releaseOrderLots } from '../cakes/cakeLots';
import { openShiftOf } from '../shifts/current';
import { terminalFor } from '../terminals/service';
import { paidOf } from './money';
import { findOrder, type OrderRow } from './queries';
import { MODULE, openOrder, recordEvent, shown } from './service';
import { orderSettings } from './settings';
import { insertOrderPayment } from './writes';

// Cancelling an order: the deposit refunded or kept. Admin, owner and manager choose; a staff
// cancellation follows the setting and waits for approval (docs/rules.md, Cake orders).

/** The deposits still held, by method: what a refund gives back, each the way it came. */
function heldByMethod(tx: Tx, orderId: number): Map<string, number> {
  const payments = tx.select().from(cakeOrderPayments).where(eq(cakeOrderPayments.orderId, orderId)).all();
  const held = new Map<string, number>();
  for (const p of payments) held.set(p.method, (held.get(p.method) ?? 0) + paidOf([p]));
  for (const [method, amount] of held) if (amount <= 0) held.delete(method);
  return held;
}

/**
 * Cancels in the caller's transaction. A refund gives each method's deposits back the way
 * they came; its cash leaves the drawer of `shiftId` (needed when there is cash to give back).
 */
function applyCancel(
  tx: Tx,
  actor: Viewer,
  order: OrderRow,
  reason: string,
  refund: boolean,
  shiftId: number | null,
  now: Date,
  askedBy?: string,
) {
  const held = heldByMethod(tx, order.id);
  const refunded = refund ? [...held.values()].reduce((s, a) => s + a, 0) : 0;
  if (refund && (held.get('Cash') ?? 0) > 0 && shiftId === null) throw fail.conflict(T.openShiftToRefund);
  if (refund)
    for (const [method, amount] of held)
      insertOrderPayment(tx).run({
        orderId: order.id,
        kind: 'refund',
        method,
        amount,
        reference: null,
        cashTendered: null,
        change: null,
        shiftId,
        terminalId: terminalFor(tx, null, shiftId).id,
        zPending: true,
        takenBy: actor.user.id,
        takenAt: now,
      });
  tx.update(cakeOrders)
    .set({
      status: 'Cancelled',
      cancelledAt: now,
      cancelledBy: actor.user.id,
      cancelReason: reason,
      depositRefunded: refund && refunded > 0,
    })
    .where(eq(cakeOrders.id, order.id))
    .run();
  releaseOrderLots(
    tx,
    order.id,
    { reason: 'edit', userId: actor.user.id, reference: orderNumber(order.number) },
    now,
  );
  const paid = [...held.values()].reduce((s, a) => s + a, 0);
  const deposit =
    paid === 0
      ? 'no deposit'
      : refund
        ? `deposit ${formatPeso(paid)} refunded`
        : `deposit ${formatPeso(paid)} kept`;
  recordEvent(
    tx,
    actor,
    order,
    'Cancel Cake Order',
    `Cancelled (${reason}); ${deposit}${askedBy ? `; asked by ${askedBy}` : ''}`,
    now,
  );
}

/** Cancels, or holds a staff cancellation for approval (the setting says whether its deposit is refunded). */
export function cancelOrder(db: Db, actor: Viewer, input: CancelOrderInput, now = new Date()) {
  return holdOrApply(db, actor, {
    find: (tx) => findOrder(tx, input.id),
    notFound: T.notFound,
    hold: (found, tx) => {
      const order = openOrder(tx, found.id);
      const refund = !orderSettings(tx).keepDepositOnStaffCancel;
      const paid = [...heldByMethod(tx, order.id).values()].reduce((s, a) => s + a, 0);
      const number = orderNumber(order.number);
      return {
        module: MODULE,
        requestType: 'cancel',
        targetId: number,
        details: {
          Order: number,
          Customer: order.customerName,
          Reason: input.reason,
          Deposit: paid === 0 ? 'None' : `${formatPeso(paid)} ${refund ? 'refunded' : 'kept'}`,
        },
        payload: {
          id: order.id,
          reason: input.reason,
          refundDeposit: refund,
          shiftId: openShiftOf(tx, actor.user.id)?.id ?? null,
        } satisfies z.input<typeof heldCancel>,
        summary: `cancel cake order ${number} (${input.reason})`,
      };
    },
    apply: (tx, found) => {
      const order = openOrder(tx, found.id);
      if (input.refundDeposit === undefined) throw fail.badRequest(T.refundDeposit);
      applyCancel(
        tx,
        actor,
        order,
        input.reason,
        input.refundDeposit,
        openShiftOf(tx, actor.user.id)?.id ?? null,
        now,
      );
      closeWaitingRequests(
        tx,
        actor,
        { module: MODULE, requestType: 'cancel', targetId: orderNumber(order.number) },
        `Cancelled directly by ${actor.user.username}.`,
      );
      return { message: T.cancelled(orderNumber(order.number)), order: shown(tx, order.id) };
    },
  });
}

const heldCancel = z.object({
  id: recordId(T.notFound),
  reason: z.string().min(1),
  refundDeposit: z.boolean(),
  shiftId: z.number().int().positive().nullable(),
});

/** The asker's shift if still open, else the approver's: a cash refund needs a drawer. */
function drawerOnApproval(tx: Tx, approver: Viewer, asked: number | null): number | null {
  if (asked !== null) {
    const open = tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.id, asked), isNull(shifts.closedAt)))
      .get();
    if (open) return asked;
  }
  return openShiftOf(tx, approver.user.id)?.id ?? null;
}

export const cancelApproval: Approval = {
  cancel: heldKind(heldCancel, (tx, approver, { payload, requestedBy }) => {
    const order = openOrder(tx, payload.id);
    const asker = tx.select({ name: users.username }).from(users).where(eq(users.id, requestedBy)).get();
    applyCancel(
      tx,
      approver,
      order,
      payload.reason,
      payload.refundDeposit,
      drawerOnApproval(tx, approver, payload.shiftId),
      new Date(),
      asker?.name ?? 'Unknown',
    );
  }),
  otherType: (type) => `Cake order requests cannot be of type ${type}.`,
};
