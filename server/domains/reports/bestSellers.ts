import { sql } from 'drizzle-orm';
import { daysBetween } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { productSalesByDay } from '../../db/schema';
import type { Days } from './period';

// The period's best sellers (most units, then most revenue) without summing every product
// sold: a long catalogue sells most products once or twice a day, so a month holds tens
// of thousands of product-days. Each day's leaders are read from the rank index; their
// exact totals over the period are summed; and a product that led no day cannot have sold
// more than the sum, over the days, of the quantity just below each day's leaders. When the
// fifth candidate beats that bound the answer is exact; otherwise more leaders are read.

const p = productSalesByDay;
const ph = sql.placeholder;
/** Leaders read per day on the first try; each retry reads four times as many. */
const FIRST_LEADERS = 12;
const MOST_LEADERS = 3_000;

export interface BestSeller {
  kind: string;
  code: string;
  name: string;
  quantity: number;
  revenue: number;
}

const statements = (db: Store) =>
  prepared(db, 'reports.bestSellers', () => ({
    leaders: db
      .select({ kind: p.kind, code: p.code, quantity: p.quantity })
      .from(p)
      .where(sql`${p.day} = ${ph('day')}`)
      .orderBy(sql`${p.quantity} desc`)
      .limit(ph('limit'))
      .prepare(),
    total: db
      .select({
        name: p.name,
        latest: sql`max(${p.day})`,
        quantity: sql<number>`sum(${p.quantity})`,
        revenue: sql<number>`sum(${p.revenue})`,
      })
      .from(p)
      .where(
        sql`${p.kind} = ${ph('kind')} and ${p.code} = ${ph('code')} and ${p.day} between ${ph('from')} and ${ph('to')}`,
      )
      .prepare(),
    everyProduct: db
      .select({
        kind: p.kind,
        code: p.code,
        name: p.name,
        latest: sql`max(${p.day})`,
        quantity: sql<number>`sum(${p.quantity})`,
        revenue: sql<number>`sum(${p.revenue})`,
      })
      .from(p)
      .where(sql`${p.day} between ${ph('from')} and ${ph('to')}`)
      .groupBy(p.kind, p.code)
      .having(sql`sum(${p.quantity}) > 0`)
      .orderBy(sql`5 desc, 6 desc, ${p.code}`)
      .limit(ph('count'))
      .prepare(),
  }));

const ranked = (a: BestSeller, b: BestSeller) =>
  b.quantity - a.quantity || b.revenue - a.revenue || a.code.localeCompare(b.code);

interface Candidate {
  kind: string;
  code: string;
  /** The most it can have sold: its quantities on the days it led, and each other day's threshold. */
  upper: number;
}

/** Each day's leaders, and the most any product outside them can have sold in the period. */
function readLeaders(db: Store, period: string[], perDay: number) {
  const { leaders } = statements(db);
  const led = new Map<string, { kind: string; code: string; quantity: number; threshold: number }>();
  let bound = 0;
  for (const day of period) {
    const rows = leaders.all({ day, limit: perDay + 1 });
    // A product not among the day's leaders sold at most the first quantity below them.
    const threshold = rows.length > perDay ? (rows[perDay]?.quantity ?? 0) : 0;
    bound += threshold;
    for (const row of rows.slice(0, perDay)) {
      const key = `${row.kind}:${row.code}`;
      const seen = led.get(key) ?? { kind: row.kind, code: row.code, quantity: 0, threshold: 0 };
      seen.quantity += row.quantity;
      seen.threshold += threshold;
      led.set(key, seen);
    }
  }
  const candidates: Candidate[] = [...led.values()].map((c) => ({
    kind: c.kind,
    code: c.code,
    upper: c.quantity + bound - c.threshold,
  }));
  return { candidates: candidates.sort((a, b) => b.upper - a.upper), bound };
}

export function bestSellers(db: Store, days: Days, count = 5): BestSeller[] {
  const { total, everyProduct } = statements(db);
  const period = daysBetween(days.from, days.to);
  for (let perDay = FIRST_LEADERS; perDay < MOST_LEADERS; perDay *= 4) {
    const { candidates, bound } = readLeaders(db, period, perDay);
    const sellers: BestSeller[] = [];
    // Sum exactly only while a candidate could still reach the places shown.
    for (const [n, candidate] of candidates.entries()) {
      const last = sellers.length >= count ? sellers[count - 1] : undefined;
      if (last && last.quantity > candidate.upper) break;
      const { kind, code } = candidate;
      const sum = total.get({ kind, code, from: days.from, to: days.to });
      if (sum && sum.quantity > 0)
        sellers.push({ kind, code, name: sum.name, quantity: sum.quantity, revenue: sum.revenue });
      sellers.sort(ranked);
      if (n === candidates.length - 1) break;
    }
    const last = sellers[count - 1];
    // Exact once nothing unread can reach the last place shown (ties included), or nothing is unread.
    if (bound === 0 || (last && last.quantity > bound)) return sellers.slice(0, count);
  }
  // Days so even that leaders cannot settle it: sum every product once.
  return everyProduct.all({ from: days.from, to: days.to, count }).map(({ latest: _, ...seller }) => seller);
}
