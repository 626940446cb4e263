import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { can } from '../../../shared/roles';
import { VARIANCE_ALERT } from '../../../shared/schemas/shifts';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { shiftCash, shifts, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';
import { notify } from '../notifications/service';
import { terminalFor } from '../terminals/service';
import { openShiftOf } from './current';
import { xReading } from './xReading';

export const MODULE = 'Sales Management';

export type ShiftRow = typeof shifts.$inferSelect;

/** A shift the actor may act on: their own, or any for a manager and above. */
function shiftFor(tx: Tx | Db, actor: Viewer, id: number): ShiftRow {
  const shift = prepared(tx, 'shifts.byId', () =>
    tx
      .select()
      .from(shifts)
      .where(eq(shifts.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  if (!shift) throw fail.notFound(SHIFT_TEXT.notFound);
  if (shift.cashierId !== actor.user.id && !can(actor.user.role, 'shiftsOversee'))
    throw fail.forbidden(SHIFT_TEXT.notYours);
  return shift;
}

export function openShift(
  db: Db,
  actor: Viewer,
  openingCash: number,
  now = new Date(),
  terminalId: number | null = null,
) {
  return db.transaction(
    (tx) => {
      if (openShiftOf(tx, actor.user.id)) throw fail.conflict(SHIFT_TEXT.alreadyOpen);
      const terminal = terminalFor(tx, terminalId);
      const shift = tx
        .insert(shifts)
        .values({
          cashierId: actor.user.id,
          openingCash,
          openedAt: now,
          terminalId: terminal.id,
          openingGrandTotal: terminal.grandTotal,
        })
        .returning()
        .get();
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Open Shift',
        module: MODULE,
        description: `Opened shift #${shift.id} at ${terminal.name} with ${formatPeso(openingCash)} in the drawer`,
      });
      return { message: SHIFT_TEXT.opened, shift };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Cash put into or taken out of an open drawer, in one immediate transaction with its activity
 * row. The cashier acts on their own shift; managers and up on anyone's (a manager tops up a
 * cashier's float), logged naming both. Cash out never takes the drawer below what it holds.
 */
export function moveCash(
  db: Db,
  actor: Viewer,
  input: { id: number; type: 'in' | 'out'; amount: number; reason: string },
) {
  return db.transaction(
    (tx) => {
      const shift = shiftFor(tx, actor, input.id);
      if (shift.closedAt) throw fail.conflict(SHIFT_TEXT.closed);
      const before = xReading(db, shift);
      if (input.type === 'out' && input.amount > before.expectedCash)
        throw fail.conflict(SHIFT_TEXT.cashOutTooLarge(formatPeso(before.expectedCash)));
      tx.insert(shiftCash)
        .values({
          shiftId: shift.id,
          type: input.type,
          amount: input.amount,
          reason: input.reason,
          userId: actor.user.id,
        })
        .run();
      logActivity(tx, {
        userId: actor.user.id,
        action: input.type === 'in' ? 'Cash In' : 'Cash Out',
        module: MODULE,
        description: SHIFT_TEXT.cashLogged(
          input.type,
          formatPeso(input.amount),
          shift.id,
          before.cashier,
          input.reason,
          actor.user.username,
        ),
      });
      return { message: SHIFT_TEXT.cashRecorded(input.type), reading: xReading(db, shift) };
    },
    { behavior: 'immediate' },
  );
}

/** The actor's open shift with its X reading, or null. */
export function currentShift(db: Db, actor: Viewer) {
  const shift = openShiftOf(db, actor.user.id);
  return shift ? { shift, reading: xReading(db, shift) } : { shift: null, reading: null };
}

export function shiftReading(db: Db, actor: Viewer, id: number) {
  return xReading(db, shiftFor(db, actor, id));
}

/**
 * Closes a shift with the cash counted: the expected cash and the variance are fixed on
 * it. A variance over ₱100.00 either way makes a warning notification.
 */
export function closeShift(
  db: Db,
  actor: Viewer,
  input: { id: number; countedCash: number; reason?: string | null },
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const shift = shiftFor(tx, actor, input.id);
      if (shift.closedAt) throw fail.conflict(SHIFT_TEXT.closed);
      const { expectedCash } = xReading(db, shift, now);
      const variance = input.countedCash - expectedCash;
      const closed = tx
        .update(shifts)
        .set({
          closedAt: now,
          countedCash: input.countedCash,
          expectedCash,
          variance,
          closeReason: input.reason ?? null,
          closedBy: actor.user.id,
        })
        .where(eq(shifts.id, shift.id))
        .returning()
        .get();
      const said = `counted ${formatPeso(input.countedCash)}, expected ${formatPeso(expectedCash)}, variance ${formatPeso(variance)}${input.reason ? ` (${input.reason})` : ''}`;
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Close Shift',
        module: MODULE,
        description: `Closed ${shift.cashierId === actor.user.id ? '' : `${xReading(db, shift, now).cashier}’s `}shift #${shift.id}: ${said}`,
      });
      if (Math.abs(variance) > VARIANCE_ALERT)
        notify(
          tx,
          'warning',
          `Shift #${shift.id} closed with a variance of ${formatPeso(variance)}: counted ${formatPeso(input.countedCash)}, expected ${formatPeso(expectedCash)}${input.reason ? ` (${input.reason})` : ''}.`,
          'shiftsOversee',
        );
      const reading = xReading(db, closed, now);
      appendJournal(
        tx,
        {
          terminalId: closed.terminalId,
          kind: 'x-reading',
          documentNumber: SHIFT_TEXT.xReadingNumber(closed.id),
          amount: reading.netSales,
          document: reading,
        },
        now,
      );
      return { message: SHIFT_TEXT.closedOk, reading };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Shifts opened in [start, end), and any still open whenever it was opened (a shift left open
 * on the tablet yesterday must be found to be closed), newest first: everyone's for a manager
 * and above, else one's own.
 */
export function listShifts(db: Db, actor: Viewer, start: Date, end: Date) {
  const mine = can(actor.user.role, 'shiftsOversee') ? undefined : eq(shifts.cashierId, actor.user.id);
  return db
    .select()
    .from(shifts)
    .where(and(or(and(gte(shifts.openedAt, start), lt(shifts.openedAt, end)), isNull(shifts.closedAt)), mine))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(500)
    .all()
    .map((shift) => xReading(db, shift));
}

/** Any open shifts (on one terminal, when named), with their cashiers' names (the end of day waits for them). */
export function openShifts(db: Db | Tx, terminalId: number | null = null) {
  return db
    .select({ id: shifts.id, cashier: users.username })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.cashierId))
    .where(and(isNull(shifts.closedAt), terminalId === null ? undefined : eq(shifts.terminalId, terminalId)))
    .all();
}
