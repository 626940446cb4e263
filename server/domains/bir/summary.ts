import { and, asc, gte, lt } from 'drizzle-orm';
import { manilaDate } from '../../../shared/time';
import type { Db } from '../../db/open';
import { endOfDay } from '../../db/schema';
import { type ZReading, zOf } from '../shifts/endOfDay';
import type { DiscountsByType } from '../shifts/readings';

// The sales summary (the backend sales report; docs/decisions.md, BIR records): one row per
// Manila day and terminal, made from that terminal's Z readings of the day. Several Z
// readings in a day add up; the ranges and grand totals run from the first to the last.

/** The Z reading's figures that add up over a day's readings, in centavos (counts as counts). */
const SUMMED = [
  'salesCount',
  'grossSales',
  'vatableSales',
  'vatAmount',
  'vatExemptSales',
  'zeroRatedSales',
  'refundsCount',
  'refundsAmount',
  'netSales',
  'depositsTaken',
  'depositsApplied',
  'depositsRefunded',
  'cashIn',
  'cashOut',
  'expectedCash',
  'countedCash',
] as const;

type Summed = Record<(typeof SUMMED)[number], number>;

export interface SummaryDay extends Summed {
  /** Manila date, YYYY-MM-DD. */
  date: string;
  terminalId: number;
  /** How many Z readings the day holds on the terminal. */
  readings: number;
  beginningInvoice: string | null;
  endingInvoice: string | null;
  beginningRefund: string | null;
  endingRefund: string | null;
  /** The last Z reading's counter that day. */
  zCounter: number;
  resetCounter: 0;
  previousGrandTotal: number;
  presentGrandTotal: number;
  discounts: DiscountsByType;
  payments: Record<string, number>;
}

function dayOf(z: ZReading): SummaryDay {
  const summed = Object.fromEntries(SUMMED.map((k) => [k, Number(z[k] ?? 0)])) as Summed;
  return {
    date: manilaDate(z.takenAt),
    terminalId: z.terminalId,
    readings: 1,
    beginningInvoice: z.beginningInvoice,
    endingInvoice: z.endingInvoice,
    beginningRefund: z.beginningRefund,
    endingRefund: z.endingRefund,
    zCounter: z.zCounter,
    resetCounter: 0,
    previousGrandTotal: z.previousGrandTotal,
    presentGrandTotal: z.presentGrandTotal,
    ...summed,
    discounts: { ...z.discounts },
    payments: { ...z.payments },
  };
}

/** A later Z reading of the same day and terminal added to the day. */
function add(day: SummaryDay, z: ZReading) {
  const next = dayOf(z);
  for (const k of SUMMED) day[k] += next[k];
  for (const k of Object.keys(day.discounts) as (keyof DiscountsByType)[])
    day.discounts[k] += next.discounts[k];
  for (const [method, amount] of Object.entries(next.payments))
    day.payments[method] = (day.payments[method] ?? 0) + amount;
  day.readings++;
  day.beginningInvoice ??= next.beginningInvoice;
  day.beginningRefund ??= next.beginningRefund;
  day.endingInvoice = next.endingInvoice ?? day.endingInvoice;
  day.endingRefund = next.endingRefund ?? day.endingRefund;
  day.zCounter = next.zCounter;
  day.presentGrandTotal = next.presentGrandTotal;
}

/** The summary of the Z readings taken in [start, end): oldest day first, then by terminal. */
export function salesSummary(db: Db, start: Date, end: Date): SummaryDay[] {
  const days = new Map<string, SummaryDay>();
  const rows = db
    .select()
    .from(endOfDay)
    .where(and(gte(endOfDay.takenAt, start), lt(endOfDay.takenAt, end)))
    .orderBy(asc(endOfDay.number))
    .all();
  for (const row of rows) {
    const z = zOf(db, row);
    const key = `${manilaDate(z.takenAt)} ${z.terminalId}`;
    const day = days.get(key);
    if (day) add(day, z);
    else days.set(key, dayOf(z));
  }
  return [...days.values()].sort((a, b) =>
    a.date === b.date ? a.terminalId - b.terminalId : a.date < b.date ? -1 : 1,
  );
}
