import { can } from '../../../shared/roles';
import type { CheckoutInput } from '../../../shared/schemas/sales';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime, manilaDate, manilaDayStart } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { lastZReading, openShiftOf } from '../shifts/current';

/**
 * Who may sell when, and into which drawer (docs/decisions.md): staff only inside their own
 * open shift; managers and up without one too (the sale then counts in no drawer). A sale of an
 * earlier day (`inDrawer` not null) counts in the shift only when its cash is in today's drawer.
 */
export function drawerFor(tx: Tx, actor: Viewer, inDrawer: boolean | null = null): number | null {
  const shift = openShiftOf(tx, actor.user.id);
  if (!shift && !can(actor.user.role, 'salesOversee')) throw fail.conflict(SALES_TEXT.openShiftFirst);
  if (inDrawer === false) return null;
  if (inDrawer === true && !shift) throw fail.conflict(SALES_TEXT.inDrawerNoShift);
  return shift?.id ?? null;
}

/**
 * A sale dated before the last Z reading (before today when there is none) belongs to books
 * already closed: staff may not record one; managers and up may, with the reason kept on the
 * sale. Answers the reason to keep (null for a sale of the open period).
 */
export function backdateReasonFor(
  tx: Tx,
  actor: Viewer,
  soldAt: Date,
  now: Date,
  reason: CheckoutInput['backdateReason'],
): string | null {
  if (soldAt.getTime() >= now.getTime()) return null;
  const last = lastZReading(tx);
  const limit = last ? last.takenAt : manilaDayStart(manilaDate(now));
  if (soldAt.getTime() >= limit.getTime()) return null;
  if (!can(actor.user.role, 'salesOversee'))
    throw fail.forbidden(
      last
        ? SALES_TEXT.backdateBeforeZ(last.number, formatDateTime(last.takenAt))
        : SALES_TEXT.backdateBeforeToday,
    );
  if (!reason) throw fail.badRequest(SALES_TEXT.backdateReason);
  return reason;
}
