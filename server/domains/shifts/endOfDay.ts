import { and, count, desc, eq, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import type { Db } from '../../db/open';
import { cakeOrderPayments, endOfDay, sales } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { type ReadingTotals, readingTotals } from './readings';
import { MODULE, openShifts } from './service';
import { voidsBetween } from './voids';

export interface ZReading extends ReadingTotals {
  number: number;
  takenAt: Date;
  takenBy: number | null;
  /** Every sale counted by Z readings so far, this one included: never reset. */
  grandTotal: number;
  /** Refunds this reading counts that left no drawer (no shift open to take them). */
  refundsOutsideShifts: number;
  refundsOutsideShiftsCount: number;
  /** Cash movements voided since the previous Z reading, shown as voided lines. */
  cashVoids: CashVoid[];
}

type CashVoid = ReturnType<typeof voidsBetween>[number];

function zOf(row: typeof endOfDay.$inferSelect): ZReading {
  // Readings taken before refunds outside shifts (or cake order deposits) were counted hold none.
  return {
    refundsOutsideShifts: 0,
    refundsOutsideShiftsCount: 0,
    cashVoids: [],
    depositsTaken: 0,
    depositsApplied: 0,
    depositsRefunded: 0,
    ...(JSON.parse(row.totals) as Partial<ZReading> &
      Omit<ReadingTotals, 'depositsTaken' | 'depositsApplied' | 'depositsRefunded'>),
    number: row.number,
    takenAt: row.takenAt,
    takenBy: row.takenBy,
    grandTotal: row.grandTotal,
  };
}

/**
 * The end of day (docs/rules.md, The counter): with no shift open, counts every sale and refund the counter
 * recorded that no Z reading has counted yet (marking them with this reading's number),
 * numbered from 1 without gaps, and keeps the totals as they are now: a later refund counts
 * in the next. A restored sale or refund was never waiting, so no Z counts it (docs/decisions.md).
 * The same `requestKey` again answers the reading it took, marked `repeated`.
 */
export function takeEndOfDay(
  db: Db,
  actor: Viewer,
  now = new Date(),
  requestKey: string | null = null,
): ZReading & { repeated: boolean } {
  return db.transaction(
    (tx) => {
      if (requestKey !== null) {
        const taken = tx.select().from(endOfDay).where(eq(endOfDay.requestKey, requestKey)).get();
        if (taken) return { ...zOf(taken), repeated: true };
      }
      const open = openShifts(tx);
      if (open.length > 0) throw fail.conflict(SHIFT_TEXT.shiftsOpen(open.map((s) => s.cashier).join(', ')));
      const last = tx.select().from(endOfDay).orderBy(desc(endOfDay.number)).limit(1).get();
      const number = (last?.number ?? 0) + 1;
      // Literal `= 1` so SQLite uses the partial indexes on the waiting rows.
      tx.update(sales).set({ zNumber: number, zPending: false }).where(sql`${sales.zPending} = 1`).run();
      tx.update(sales)
        .set({ refundZNumber: number, refundZPending: false })
        .where(sql`${sales.refundZPending} = 1`)
        .run();
      tx.update(cakeOrderPayments)
        .set({ zNumber: number, zPending: false })
        .where(sql`${cakeOrderPayments.zPending} = 1`)
        .run();
      const outside = tx
        .select({ n: count(), total: sum(sales.totalAmount) })
        .from(sales)
        .where(and(eq(sales.refundZNumber, number), isNull(sales.refundShiftId)))
        .get();
      const totals = {
        ...readingTotals(db, { z: number }),
        refundsOutsideShifts: Number(outside?.total ?? 0),
        refundsOutsideShiftsCount: outside?.n ?? 0,
        cashVoids: voidsBetween(tx, last?.takenAt ?? null, now),
      };
      const grandTotal = (last?.grandTotal ?? 0) + totals.salesTotal;
      const row = tx
        .insert(endOfDay)
        .values({
          number,
          takenAt: now,
          takenBy: actor.user.id,
          totals: JSON.stringify(totals),
          grandTotal,
          requestKey,
        })
        .returning()
        .get();
      logActivity(tx, {
        userId: actor.user.id,
        action: 'End of Day',
        module: MODULE,
        description: `Took Z reading #${number}: ${totals.salesCount} sales, net ${formatPeso(totals.net)}, grand total ${formatPeso(grandTotal)}${totals.refundsOutsideShiftsCount ? `, refunds outside any shift ${formatPeso(totals.refundsOutsideShifts)}` : ''}${totals.cashVoids.length ? `, ${totals.cashVoids.length} voided cash ${totals.cashVoids.length === 1 ? 'movement' : 'movements'}` : ''}`,
      });
      notify(tx, 'info', `${SHIFT_TEXT.dayClosed(number)} Net ${formatPeso(totals.net)}.`, 'endOfDay');
      return { ...zOf(row), repeated: false };
    },
    { behavior: 'immediate' },
  );
}

/** Z readings taken in [start, end), newest first. */
export function listEndOfDay(db: Db, start: Date, end: Date): ZReading[] {
  return db
    .select()
    .from(endOfDay)
    .where(and(gte(endOfDay.takenAt, start), lt(endOfDay.takenAt, end)))
    .orderBy(desc(endOfDay.number))
    .limit(400)
    .all()
    .map(zOf);
}

/**
 * The SC/PWD sales book (BIR): every discounted sale made in [start, end), oldest first. The
 * seniors' 5% (SC5) has its own column; an SC5 sale past the weekly allowance shows with none.
 */
export function scPwdBook(db: Db, start: Date, end: Date) {
  const sc5 = sql`${sales.discountType} = 'SC5'`;
  // The discounted part of the sale: the 20%'s eligible lines, or the lines the 5% was taken on.
  const gross = sql<number>`case when ${sc5} then (select coalesce(sum(l.line_total + l.discount), 0) from sale_lines l where l.sale_id = sales.id and l.discount > 0) else ${sales.vatExemptAmount} end`;
  return db
    .select({
      soldAt: sales.soldAt,
      saleId: sales.saleId,
      type: sales.discountType,
      name: sales.discountName,
      idNumber: sales.discountIdNumber,
      gross,
      discount: sql<number>`case when ${sc5} then 0 else ${sales.discountAmount} end`,
      sc5Discount: sql<number>`case when ${sc5} then ${sales.discountAmount} else 0 end`,
      net: sql<number>`${gross} - ${sales.discountAmount}`,
      status: sales.status,
    })
    .from(sales)
    .where(and(sql`${sales.discountType} is not null`, gte(sales.soldAt, start), lt(sales.soldAt, end)))
    .orderBy(sales.soldAt, sales.id)
    .limit(10_000)
    .all();
}
