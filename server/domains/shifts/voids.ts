import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { formatPeso } from '../../../shared/money';
import { can } from '../../../shared/roles';
import { voidCashInput } from '../../../shared/schemas/shifts';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import type { Db, Tx } from '../../db/open';
import { shiftCash, shifts, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { type Approval, asStaffRequest, heldKind, mustRequest } from '../actionRequests/held';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { usernameOf } from '../users/names';
import { MODULE, type ShiftRow } from './service';
import { xReading } from './xReading';

// Voiding a cash in or out: managers and up at once, staff through an approval request.
// Voided movements stay on record and count for nothing (see docs/decisions.md).

/** The module of a held cash void (its own approval handler; refunds hold 'Sales Management'). */
export const CASH_MODULE = 'Cash Drawer';

const voider = alias(users, 'voider');

type CashRow = typeof shiftCash.$inferSelect;

/**
 * The movement and its shift, as a void sees it (inside the caller's transaction): 404 when
 * gone, 403 for staff on another cashier's shift, 409 when already voided or its shift closed.
 * `actor` null is an approval: the asker's shift was checked when they asked.
 */
function voidable(tx: Tx, actor: Viewer | null, id: number): { move: CashRow; shift: ShiftRow } {
  const move = tx.select().from(shiftCash).where(eq(shiftCash.id, id)).get();
  if (!move) throw fail.notFound(SHIFT_TEXT.cashNotFound);
  const shift = tx.select().from(shifts).where(eq(shifts.id, move.shiftId)).get();
  if (!shift) throw fail.notFound(SHIFT_TEXT.notFound);
  if (actor && shift.cashierId !== actor.user.id && !can(actor.user.role, 'shiftsOversee'))
    throw fail.forbidden(SHIFT_TEXT.voidOtherShift);
  if (move.voidedAt) throw fail.conflict(SHIFT_TEXT.cashVoided);
  if (shift.closedAt) throw fail.conflict(SHIFT_TEXT.voidClosedShift);
  return { move, shift };
}

function applyVoid(tx: Tx, actor: Viewer, move: CashRow, shift: ShiftRow, reason: string, asked?: string) {
  tx.update(shiftCash)
    .set({ voidedAt: new Date(), voidedBy: actor.user.id, voidReason: reason })
    .where(eq(shiftCash.id, move.id))
    .run();
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Void Cash',
    module: MODULE,
    description: `${SHIFT_TEXT.voidLogged(move.type, formatPeso(move.amount), shift.id, reason)}${asked ? ` (asked by ${asked})` : ''}`,
  });
}

/**
 * Voids a cash in or out of an open shift, with why: a manager and up at once (any shift), in
 * one immediate transaction with its activity row; staff (their own shift only) ask, and the
 * void is held as an action request a manager approves. The movement stays on
 * record, marked voided, and no longer counts in the expected cash.
 */
export function voidCash(db: Db, actor: Viewer, input: { id: number; reason: string }) {
  return db.transaction(
    (tx) => {
      const { move, shift } = voidable(tx, actor, input.id);
      const amount = formatPeso(move.amount);
      if (mustRequest(actor))
        return asStaffRequest(tx, actor, {
          module: CASH_MODULE,
          requestType: 'delete',
          targetId: `CASH-${move.id}`,
          details: {
            Shift: `#${shift.id}`,
            Movement: move.type === 'in' ? 'Cash in' : 'Cash out',
            Amount: amount,
            Reason: move.reason,
            'Void reason': input.reason,
          },
          payload: { id: move.id, reason: input.reason } satisfies z.input<typeof voidCashInput>,
          summary: SHIFT_TEXT.voidSummary(move.type, amount, shift.id),
        });
      applyVoid(tx, actor, move, shift, input.reason);
      return { message: SHIFT_TEXT.cashVoidedOk, reading: xReading(db, shift) };
    },
    { behavior: 'immediate' },
  );
}

/** A held void is what the void was asked with, the movement's id and why. */
export const cashVoidApproval: Approval = {
  delete: heldKind(voidCashInput, (tx, approver, { payload, requestedBy }) => {
    const { move, shift } = voidable(tx, null, payload.id);
    applyVoid(tx, approver, move, shift, payload.reason, usernameOf(tx, requestedBy) ?? 'Unknown');
  }),
  otherType: (type) => `Cash drawer requests cannot be of type ${type}.`,
};

/** Cash movements voided in (after, until]: what a Z reading lists as voided lines. */
export function voidsBetween(db: Db | Tx, after: Date | null, until: Date) {
  return db
    .select({
      id: shiftCash.id,
      shiftId: shiftCash.shiftId,
      type: shiftCash.type,
      amount: shiftCash.amount,
      reason: shiftCash.reason,
      voidReason: shiftCash.voidReason,
      voidedBy: voider.username,
    })
    .from(shiftCash)
    .leftJoin(voider, eq(voider.id, shiftCash.voidedBy))
    .where(
      and(
        after ? gte(shiftCash.voidedAt, new Date(after.getTime() + 1)) : undefined,
        lt(shiftCash.voidedAt, new Date(until.getTime() + 1)),
      ),
    )
    .orderBy(asc(shiftCash.id))
    .limit(500)
    .all();
}
