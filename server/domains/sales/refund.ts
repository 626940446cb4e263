import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { formatPeso } from '../../../shared/money';
import { recordId } from '../../../shared/schemas/ids';
import { SALES_TEXT } from '../../../shared/texts/sales';
import type { Db, Tx } from '../../db/open';
import { saleLines, sales, shifts } from '../../db/schema';
import { fail } from '../../lib/errors';
import { type Approval, closeWaitingRequests, heldKind, holdOrApply } from '../actionRequests/held';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';
import { notify } from '../notifications/service';
import { openShiftOf } from '../shifts/current';
import { issueRefund, terminalFor } from '../terminals/service';
import { usernameOf } from '../users/names';
import { returnLine } from './lineStock';
import { findSale, getSale, type SaleRow } from './records';
import { MODULE } from './service';

/** Whose drawer a refund leaves: a shift, or none; `asked` says who asked, for an approved request. */
interface Drawer {
  shiftId: number | null;
  asked?: string;
  /** The till asked for; absent, the shift's, else the first. */
  terminalId?: number | null;
}

/**
 * A held refund: the sale's id, and the shift open when the cashier asked (null: none open;
 * absent in requests held before shifts were kept on them).
 */
const heldRefund = z.object({
  id: recordId(SALES_TEXT.notFound),
  shiftId: z.number().int().positive().nullable().optional(),
  terminalId: z.number().int().positive().nullable().optional(),
});

/** A refund is the whole sale, once; stock and ledger come back in the same transaction. */
function applyRefund(tx: Tx, actor: Viewer, sale: SaleRow, now: Date, drawer: Drawer) {
  // Re-read inside the transaction: ten refunds at once see one "completed".
  const current = findSale(tx, sale.id);
  if (!current) throw fail.notFound(SALES_TEXT.notFound);
  if (current.status === 'refunded') throw fail.conflict(SALES_TEXT.alreadyRefunded);
  const lines = tx.select().from(saleLines).where(eq(saleLines.saleId, sale.id)).all();
  const number = issueRefund(tx, terminalFor(tx, drawer.terminalId, drawer.shiftId).id);
  tx.update(sales)
    .set({
      ...number,
      status: 'refunded',
      refundedAt: now,
      refundedBy: actor.user.id,
      refundShiftId: drawer.shiftId,
      refundZPending: true,
    })
    .where(eq(sales.id, sale.id))
    .run();
  const move = { reason: 'refund', userId: actor.user.id, reference: sale.saleId } as const;
  for (const line of lines) returnLine(tx, line, move, now);
  const where = drawer.shiftId === null ? 'outside any shift' : `into shift #${drawer.shiftId}`;
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Refund Sale',
    module: MODULE,
    description: `Refunded ${sale.saleId} (${formatPeso(sale.totalAmount)}) to ${sale.customerName}${drawer.asked ? `, asked by ${drawer.asked}, ${where}` : ''}`,
  });
  notify(
    tx,
    'info',
    `Sale ${sale.saleId} (${formatPeso(sale.totalAmount)}) was refunded by ${actor.user.username}.`,
  );
  appendJournal(
    tx,
    {
      terminalId: number.refundTerminalId,
      kind: 'refund',
      documentNumber: number.refundNumber,
      amount: sale.totalAmount,
      document: getSale(tx, sale.id),
    },
    now,
  );
}

export function refund(
  db: Db,
  actor: Viewer,
  ref: number | string,
  now = new Date(),
  terminalId: number | null = null,
) {
  return holdOrApply(db, actor, {
    find: (tx) => findSale(tx, ref),
    notFound: SALES_TEXT.notFound,
    hold: (sale, tx) => {
      if (sale.status === 'refunded') throw fail.conflict(SALES_TEXT.alreadyRefunded);
      return {
        module: MODULE,
        requestType: 'refund',
        targetId: sale.saleId,
        details: { 'Sale ID': sale.saleId, Customer: sale.customerName, Total: formatPeso(sale.totalAmount) },
        // The money goes back from the asking cashier's drawer: the shift open when asked.
        payload: {
          id: sale.id,
          shiftId: openShiftOf(tx, actor.user.id)?.id ?? null,
          terminalId,
        } satisfies z.input<typeof heldRefund>,
        summary: `refund sale ${sale.saleId} (${formatPeso(sale.totalAmount)})`,
      };
    },
    apply: (tx, sale) => {
      applyRefund(tx, actor, sale, now, { shiftId: openShiftOf(tx, actor.user.id)?.id ?? null, terminalId });
      // A staff request for this refund can only fail now: close it, saying why.
      closeWaitingRequests(
        tx,
        actor,
        { module: MODULE, requestType: 'refund', targetId: sale.saleId },
        SALES_TEXT.refundedDirectly(actor.user.username),
      );
      return { message: SALES_TEXT.refunded, sale: getSale(tx, sale.id) };
    },
  });
}

/**
 * An approved refund belongs to the asking cashier's shift if it is still open; if it closed
 * (or none was open), to no drawer, and managers are told: the money left no counted drawer.
 * Requests held before shifts were kept on them use the cashier's open shift now.
 */
function askersDrawer(
  tx: Tx,
  approver: Viewer,
  sale: SaleRow,
  requestedBy: number,
  asked: number | null | undefined,
): Drawer {
  const name = usernameOf(tx, requestedBy) ?? 'Unknown';
  const shiftId = asked === undefined ? (openShiftOf(tx, requestedBy)?.id ?? null) : asked;
  const open =
    shiftId !== null &&
    tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.id, shiftId), isNull(shifts.closedAt)))
      .get() !== undefined;
  if (open) return { shiftId, asked: name };
  notify(
    tx,
    'warning',
    SALES_TEXT.refundOutsideShift(
      sale.saleId,
      formatPeso(sale.totalAmount),
      name,
      approver.user.username,
      shiftId,
    ),
    'shiftsOversee',
  );
  return { shiftId: null, asked: name };
}

export const refundApproval: Approval = {
  refund: heldKind(heldRefund, (tx, approver, { payload, requestedBy }) => {
    const sale = findSale(tx, payload.id);
    if (!sale) throw fail.notFound(SALES_TEXT.notFound);
    if (sale.status === 'refunded') throw fail.conflict(SALES_TEXT.alreadyRefunded);
    applyRefund(tx, approver, sale, new Date(), {
      ...askersDrawer(tx, approver, sale, requestedBy, payload.shiftId),
      terminalId: payload.terminalId,
    });
  }),
  otherType: (type) => `Sales requests cannot be of type ${type}.`,
};
