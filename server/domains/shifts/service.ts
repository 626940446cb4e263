import { and, asc, desc, eq, gte, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { formatPeso } from '../../../shared/money';
import { can } from '../../../shared/roles';
import { VARIANCE_ALERT } from '../../../shared/schemas/shifts';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { endOfDay, shiftCash, shifts, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';
import { notify } from '../notifications/service';
import { terminalFor } from '../terminals/service';
import { usernameOf } from '../users/names';
import { openShiftOf } from './current';
import { type BirTotals, birTotals, type ReadingTotals, readingTotals } from './readings';

export const MODULE = 'Sales Management';

export type ShiftRow = typeof shifts.$inferSelect;

/** A cash movement as the readings list it: voided ones stay, marked, and count for nothing. */
interface CashMovement {
  id: number;
  type: 'in' | 'out';
  amount: number;
  reason: string;
  by: string | null;
  at: Date;
  voidedAt: Date | null;
  voidedBy: string | null;
  voidReason: string | null;
}

const mover = alias(users, 'mover');
const voider = alias(users, 'voider');

/** A shift's cash movements, oldest first, voided ones included. */
function cashMovements(db: Db | Tx, shiftId: number): CashMovement[] {
  return prepared(db, 'shifts.cashMovements', () =>
    db
      .select({
        id: shiftCash.id,
        type: shiftCash.type,
        amount: shiftCash.amount,
        reason: shiftCash.reason,
        by: mover.username,
        at: shiftCash.createdAt,
        voidedAt: shiftCash.voidedAt,
        voidedBy: voider.username,
        voidReason: shiftCash.voidReason,
      })
      .from(shiftCash)
      .leftJoin(mover, eq(mover.id, shiftCash.userId))
      .leftJoin(voider, eq(voider.id, shiftCash.voidedBy))
      .where(eq(shiftCash.shiftId, sql.placeholder('shiftId')))
      .orderBy(asc(shiftCash.id))
      .prepare(),
  ).all({ shiftId });
}

export interface XReading extends ReadingTotals, BirTotals {
  shiftId: number;
  terminalId: number;
  /** The Z counter the shift's terminal takes next. */
  zCounter: number;
  /** The terminal's accumulated grand total when the shift opened, and with its sales added. */
  previousGrandTotal: number;
  presentGrandTotal: number;
  cashier: string;
  openedAt: Date;
  closedAt: Date | null;
  openingCash: number;
  cashIn: number;
  cashOut: number;
  /** opening + cash taken - change given - cash refunded + cash in - cash out. */
  expectedCash: number;
  countedCash: number | null;
  variance: number | null;
  /** Why it was closed, and by whom (a manager closing a shift left open names both). */
  closeReason: string | null;
  closedBy: string | null;
  /** Every cash in and out, voided ones marked (they count in no total). */
  movements: CashMovement[];
  takenAt: Date;
}

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

/** The Z counter a terminal takes next: its last plus one. */
function nextZCounter(db: Db | Tx, terminalId: number | null): number {
  const last = prepared(db, 'shifts.lastZ', () =>
    db
      .select({ zCounter: endOfDay.zCounter })
      .from(endOfDay)
      .where(eq(endOfDay.terminalId, sql.placeholder('terminalId')))
      .orderBy(desc(endOfDay.number))
      .limit(1)
      .prepare(),
  ).get({ terminalId: terminalId ?? 1 });
  return (last?.zCounter ?? 0) + 1;
}

/** The X reading of a shift: its totals now, and the cash the drawer should hold. */
export function xReading(db: Db, shift: ShiftRow, now = new Date()): XReading {
  const totals = readingTotals(db, { shift: shift.id });
  const bir = birTotals(db, { shift: shift.id });
  const moved = (type: 'in' | 'out') =>
    Number(
      prepared(db, 'shifts.moved', () =>
        db
          .select({ total: sum(shiftCash.amount) })
          .from(shiftCash)
          .where(
            and(
              eq(shiftCash.shiftId, sql.placeholder('shiftId')),
              eq(shiftCash.type, sql.placeholder('type')),
              isNull(shiftCash.voidedAt),
            ),
          )
          .prepare(),
      ).get({ shiftId: shift.id, type })?.total ?? 0,
    );
  const cashIn = moved('in');
  const cashOut = moved('out');
  const expectedCash =
    shift.expectedCash ??
    shift.openingCash + totals.cashTaken - totals.changeGiven - totals.cashRefunded + cashIn - cashOut;
  return {
    shiftId: shift.id,
    terminalId: shift.terminalId ?? 1,
    zCounter: nextZCounter(db, shift.terminalId),
    previousGrandTotal: shift.openingGrandTotal,
    presentGrandTotal: shift.openingGrandTotal + totals.salesTotal,
    cashier: usernameOf(db, shift.cashierId) ?? 'Unknown',
    openedAt: shift.openedAt,
    closedAt: shift.closedAt,
    openingCash: shift.openingCash,
    cashIn,
    cashOut,
    expectedCash,
    countedCash: shift.countedCash,
    variance: shift.variance,
    closeReason: shift.closeReason,
    closedBy: usernameOf(db, shift.closedBy),
    movements: cashMovements(db, shift.id),
    takenAt: now,
    ...totals,
    ...bir,
  };
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
