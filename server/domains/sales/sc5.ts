import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Centavos } from '../../../shared/money';
import { addDays, manilaDayStart, manilaWeek } from '../../../shared/time';
import { SC5_WEEKLY_PURCHASES } from '../../../shared/totals';
import type { Store } from '../../db/open';
import { saleLines, sales } from '../../db/schema';

export interface Sc5Allowance {
  /** The purchases the ID may still take the 5% on this week, in centavos. */
  allowanceLeft: Centavos;
  /** The Manila week's Monday and Sunday (YYYY-MM-DD). */
  weekStart: string;
  weekEnd: string;
}

/**
 * What is left of a senior ID's weekly 5% allowance (docs/decisions.md, the 5% rule): the
 * purchases the week's completed SC5 sales under that ID (trimmed, any case) took it on.
 * A line took it if it got a discount; one covered only in part used up the allowance, so
 * the sum is capped. Read inside the checkout's transaction, so two sales cannot both spend
 * the same allowance.
 */
export function sc5Allowance(db: Store, idNumber: string, at: Date): Sc5Allowance {
  const week = manilaWeek(at);
  // Both sides folded by SQLite's own lower(), so an ID matches itself however it is typed.
  const id = idNumber.trim();
  const row = db
    .select({ covered: sql<number>`coalesce(sum(${saleLines.lineTotal} + ${saleLines.discount}), 0)` })
    .from(sales)
    .innerJoin(saleLines, eq(saleLines.saleId, sales.id))
    .where(
      and(
        eq(sales.discountType, 'SC5'),
        eq(sales.status, 'completed'),
        gte(sales.soldAt, manilaDayStart(week.start)),
        lt(sales.soldAt, manilaDayStart(addDays(week.end, 1))),
        sql`lower(trim(${sales.discountIdNumber})) = lower(${id})`,
        gt(saleLines.discount, 0),
      ),
    )
    .get();
  const used = Math.min(SC5_WEEKLY_PURCHASES, Number(row?.covered ?? 0));
  return { allowanceLeft: SC5_WEEKLY_PURCHASES - used, weekStart: week.start, weekEnd: week.end };
}
