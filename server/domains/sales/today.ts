import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { addDays, manilaDate, manilaDayStart } from '../../../shared/time';
import type { Db } from '../../db/open';
import { sales, users } from '../../db/schema';
import { likePattern } from '../../lib/paging';

/** How many of today's sales the counter's lookup lists: the newest matches. */
const TODAY_LIMIT = 20;

/** "1,250", "₱1,250.50", "1250.5": an amount as a cashier types it, in centavos; null if it is none. */
export function amountOf(search: string): number | null {
  const typed = search.replace(/^₱\s*/, '').replaceAll(',', '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(typed)) return null;
  return Math.round(Number(typed) * 100);
}

/**
 * Today's sales (the Manila day) at the counter, newest first: every sale, or those whose
 * invoice number, sale id or customer contains `search`, or whose total is the amount it spells. For a
 * reprint or a refund without walking the Sales Report.
 */
export function todaysSales(db: Db, search: string, now = new Date()) {
  const today = manilaDate(now);
  const within = and(
    gte(sales.soldAt, manilaDayStart(today)),
    lt(sales.soldAt, manilaDayStart(addDays(today, 1))),
  );
  let matches: SQL | undefined;
  if (search) {
    const pattern = likePattern(search);
    const amount = amountOf(search);
    matches = or(
      sql`${sales.saleId} like ${pattern} escape '\\'`,
      sql`${sales.invoiceNumber} like ${pattern} escape '\\'`,
      sql`${sales.customerName} like ${pattern} escape '\\'`,
      amount === null ? undefined : eq(sales.totalAmount, amount),
    );
  }
  return db
    .select({
      id: sales.id,
      saleId: sales.saleId,
      invoiceNumber: sales.invoiceNumber,
      customerName: sales.customerName,
      totalAmount: sales.totalAmount,
      paymentMethod: sales.paymentMethod,
      status: sales.status,
      soldAt: sales.soldAt,
      soldOffline: sales.soldOffline,
      receivedAt: sales.receivedAt,
      cashier: users.username,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.soldBy))
    .where(and(within, matches))
    .orderBy(desc(sales.soldAt), desc(sales.id))
    .limit(TODAY_LIMIT)
    .all();
}
