import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import type { Db, Tx } from '../../db/open';
import { cakeOrderPayments, endOfDay, sales, shiftCash, shifts } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';
import { notify } from '../notifications/service';
import { terminalFor } from '../terminals/service';
import { type BirTotals, birTotals, type ReadingTotals, readingTotals } from './readings';
import { MODULE, openShifts } from './service';
import { voidsBetween } from './voids';

export interface ZReading extends ReadingTotals, BirTotals {
  number: number;
  /** The terminal it counted, and its Z counter there (1, 2, … on each terminal). */
  terminalId: number;
  zCounter: number;
  takenAt: Date;
  takenBy: number | null;
  /** The terminal's accumulated grand total at its previous Z reading, and with this one's sales. */
  previousGrandTotal: number;
  presentGrandTotal: number;
  /** presentGrandTotal, under its earlier name: never reset. */
  grandTotal: number;
  /** Over the terminal's shifts closed since its previous Z reading. */
  cashIn: number;
  cashOut: number;
  expectedCash: number;
  countedCash: number | null;
  /** Refunds this reading counts that left no drawer (no shift open to take them). */
  refundsOutsideShifts: number;
  refundsOutsideShiftsCount: number;
  /** Cash movements voided since the previous Z reading, shown as voided lines. */
  cashVoids: CashVoid[];
}

type CashVoid = ReturnType<typeof voidsBetween>[number];

type Stored = Partial<ZReading> &
  Omit<ReadingTotals, 'depositsTaken' | 'depositsApplied' | 'depositsRefunded'>;

export function zOf(db: Db, row: typeof endOfDay.$inferSelect): ZReading {
  const stored = JSON.parse(row.totals) as Stored;
  // Readings taken before the BIR fields were kept: their sales still carry the Z's number.
  const bir = stored.grossSales === undefined ? birTotals(db, { z: row.number }) : {};
  // Readings taken before refunds outside shifts (or cake order deposits) were counted hold none.
  return {
    refundsOutsideShifts: 0,
    refundsOutsideShiftsCount: 0,
    cashVoids: [],
    depositsTaken: 0,
    depositsApplied: 0,
    depositsRefunded: 0,
    previousGrandTotal: row.grandTotal - stored.salesTotal,
    cashIn: 0,
    cashOut: 0,
    expectedCash: 0,
    countedCash: 0,
    ...(bir as BirTotals),
    ...stored,
    number: row.number,
    terminalId: row.terminalId ?? 1,
    zCounter: row.zCounter ?? row.number,
    takenAt: row.takenAt,
    takenBy: row.takenBy,
    grandTotal: row.grandTotal,
    presentGrandTotal: row.grandTotal,
  };
}

/** The cash of a terminal's shifts closed in (after, until]: moved in and out, expected, counted. */
function shiftsCash(tx: Tx, terminalId: number, after: Date | null, until: Date) {
  const closed = and(
    eq(shifts.terminalId, terminalId),
    after ? gt(shifts.closedAt, after) : isNotNull(shifts.closedAt),
    lte(shifts.closedAt, until),
  );
  const drawer = tx
    .select({ expected: sum(shifts.expectedCash), counted: sum(shifts.countedCash) })
    .from(shifts)
    .where(closed)
    .get();
  const moved = (type: 'in' | 'out') =>
    Number(
      tx
        .select({ total: sum(shiftCash.amount) })
        .from(shiftCash)
        .innerJoin(shifts, eq(shifts.id, shiftCash.shiftId))
        .where(and(closed, eq(shiftCash.type, type), isNull(shiftCash.voidedAt)))
        .get()?.total ?? 0,
    );
  return {
    cashIn: moved('in'),
    cashOut: moved('out'),
    expectedCash: Number(drawer?.expected ?? 0),
    countedCash: Number(drawer?.counted ?? 0),
  };
}

/**
 * How many sales, refunds and deposits of the terminal wait for its next Z reading, and how
 * many of its shifts closed after `since` (their drawers are the Z's cash lines).
 */
function pendingOn(db: Db, terminalId: number, since: Date): number {
  // Inside the transaction: better-sqlite3 has one connection.
  const row = db.$client
    .prepare(
      `select (select count(*) from sales where z_pending = 1 and terminal_id = ?)
         + (select count(*) from sales where refund_z_pending = 1 and refund_terminal_id = ?)
         + (select count(*) from cake_order_payments where z_pending = 1 and terminal_id = ?)
         + (select count(*) from shifts where terminal_id = ? and closed_at > ?) as n`,
    )
    .get(terminalId, terminalId, terminalId, terminalId, since.getTime()) as { n: number };
  return row.n;
}

export interface ZInput {
  requestKey?: string | null;
  terminalId?: number | null;
  /** Take it even with nothing to count since the terminal's last Z reading. */
  allowEmpty?: boolean;
}

/**
 * The end of day of one terminal (docs/rules.md, The counter): with no shift open on it,
 * counts every sale, refund and deposit the terminal recorded that no Z reading has counted
 * yet (marking them with this reading's number), and keeps the totals as they are now: a
 * later refund counts in the next. `number` runs over all terminals without gaps; `zCounter`
 * on each terminal. A restored sale or refund was never waiting, so no Z counts it
 * (docs/decisions.md). The same `requestKey` again answers the reading it took, marked
 * `repeated`. With nothing to count after an earlier Z (no sale, refund or deposit waiting,
 * no shift closed since) it is refused unless `allowEmpty`.
 */
export function takeEndOfDay(
  db: Db,
  actor: Viewer,
  now = new Date(),
  input: ZInput = {},
): ZReading & { repeated: boolean } {
  const requestKey = input.requestKey ?? null;
  return db.transaction(
    (tx) => {
      if (requestKey !== null) {
        const taken = tx.select().from(endOfDay).where(eq(endOfDay.requestKey, requestKey)).get();
        if (taken) return { ...zOf(db, taken), repeated: true };
      }
      const terminal = terminalFor(tx, input.terminalId ?? null);
      const open = openShifts(tx, terminal.id);
      if (open.length > 0) throw fail.conflict(SHIFT_TEXT.shiftsOpen(open.map((s) => s.cashier).join(', ')));
      const previous = tx
        .select()
        .from(endOfDay)
        .where(eq(endOfDay.terminalId, terminal.id))
        .orderBy(desc(endOfDay.number))
        .limit(1)
        .get();
      if (previous && !input.allowEmpty && pendingOn(db, terminal.id, previous.takenAt) === 0)
        throw fail.conflict(SHIFT_TEXT.nothingToCount(terminal.name));
      const last = tx.select().from(endOfDay).orderBy(desc(endOfDay.number)).limit(1).get();
      const number = (last?.number ?? 0) + 1;
      const zCounter = (previous?.zCounter ?? 0) + 1;
      // Literal `= 1` so SQLite uses the partial indexes on the waiting rows.
      tx.update(sales)
        .set({ zNumber: number, zPending: false })
        .where(and(sql`${sales.zPending} = 1`, eq(sales.terminalId, terminal.id)))
        .run();
      tx.update(sales)
        .set({ refundZNumber: number, refundZPending: false })
        .where(and(sql`${sales.refundZPending} = 1`, eq(sales.refundTerminalId, terminal.id)))
        .run();
      tx.update(cakeOrderPayments)
        .set({ zNumber: number, zPending: false })
        .where(and(sql`${cakeOrderPayments.zPending} = 1`, eq(cakeOrderPayments.terminalId, terminal.id)))
        .run();
      const outside = tx
        .select({ n: count(), total: sum(sales.totalAmount) })
        .from(sales)
        .where(and(eq(sales.refundZNumber, number), isNull(sales.refundShiftId)))
        .get();
      const since = previous?.takenAt ?? null;
      const voids = voidsBetween(tx, since, now);
      const voidShifts = new Set(
        voids.length === 0
          ? []
          : tx
              .select({ id: shifts.id })
              .from(shifts)
              .where(
                and(
                  inArray(
                    shifts.id,
                    voids.map((v) => v.shiftId),
                  ),
                  eq(shifts.terminalId, terminal.id),
                ),
              )
              .all()
              .map((s) => s.id),
      );
      const reading = readingTotals(db, { z: number });
      const previousGrandTotal = previous?.grandTotal ?? 0;
      const totals = {
        ...reading,
        ...birTotals(db, { z: number }),
        ...shiftsCash(tx, terminal.id, since, now),
        previousGrandTotal,
        refundsOutsideShifts: Number(outside?.total ?? 0),
        refundsOutsideShiftsCount: outside?.n ?? 0,
        cashVoids: voids.filter((v) => voidShifts.has(v.shiftId)),
      };
      const grandTotal = previousGrandTotal + totals.salesTotal;
      const row = tx
        .insert(endOfDay)
        .values({
          number,
          takenAt: now,
          takenBy: actor.user.id,
          totals: JSON.stringify(totals),
          grandTotal,
          requestKey,
          terminalId: terminal.id,
          zCounter,
        })
        .returning()
        .get();
      const z = zOf(db, row);
      appendJournal(
        tx,
        {
          terminalId: terminal.id,
          kind: 'z-reading',
          documentNumber: SHIFT_TEXT.zReadingNumber(terminal.invoicePrefix, zCounter),
          amount: z.netSales,
          document: z,
        },
        now,
      );
      logActivity(tx, {
        userId: actor.user.id,
        action: 'End of Day',
        module: MODULE,
        description: `Took Z reading #${number} (${terminal.name} Z-${zCounter}): ${totals.salesCount} sales, net ${formatPeso(totals.net)}, grand total ${formatPeso(grandTotal)}${totals.refundsOutsideShiftsCount ? `, refunds outside any shift ${formatPeso(totals.refundsOutsideShifts)}` : ''}${totals.cashVoids.length ? `, ${totals.cashVoids.length} voided cash ${totals.cashVoids.length === 1 ? 'movement' : 'movements'}` : ''}`,
      });
      notify(tx, 'info', `${SHIFT_TEXT.dayClosed(number)} Net ${formatPeso(totals.net)}.`, 'endOfDay');
      return { ...z, repeated: false };
    },
    { behavior: 'immediate' },
  );
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
