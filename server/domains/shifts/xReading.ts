import { and, asc, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { endOfDay, shiftCash, users } from '../../db/schema';
import { usernameOf } from '../users/names';
import { type BirTotals, birTotals, type ReadingTotals, readingTotals } from './readings';
import type { ShiftRow } from './service';

// A shift's X reading: its totals now, its cash movements and the cash the drawer should
// hold (docs/decisions.md, BIR records: the readings). Every statement is prepared once:
// the counter asks for the reading after each cash movement and on every open.

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
