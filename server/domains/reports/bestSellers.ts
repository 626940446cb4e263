import { daysBetween } from '../../../shared/time';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import type { Days } from './period';

// The period's best sellers (most units, then most revenue) without summing every product
// sold: a long catalogue sells most products once or twice a day, so a month holds tens
// of thousands of product-days.
//
// Each day has a threshold: the quantity of its (K+1)-th best product, read from the rank
// index. A product above it is one of the day's leaders; any other sold at most the
// threshold that day. So the sum of the thresholds bounds every product that never led,
// and a leader's bound is its quantities on the days it led plus the other days'
// thresholds. Leaders are summed exactly, highest bound first, until none left can place;
// once the fifth also beats the bound of the products that never led, the answer is exact.
// Otherwise the days that weigh most in that bound (a day when many products sold alike)
// are read whole, and the check runs again.

/** Leaders per day at first. */
export const FIRST_LEADERS = 48;
/** A day that weighs in the bound is then read whole, up to this many products; past it, every product is summed. */
const MOST_LEADERS = 5_000;
/** Leaders summed one by one, highest bound first, before summing every product instead. */
const FIRST_CANDIDATES = 200;

export interface BestSeller {
  kind: string;
  code: string;
  name: string;
  quantity: number;
  revenue: number;
}

type Summed = BestSeller & { latest: string };

const statements = (db: Db) =>
  prepared(db, 'reports.bestSellers', () => {
    const sqlite = db.$client;
    return {
      threshold: sqlite
        .prepare<[string, number], number>(
          'select quantity from product_sales_by_day where day = ? order by quantity desc limit 1 offset ?',
        )
        .pluck(),
      // Every leader of the period with what it sold on the days it led and those days' thresholds.
      leaders: sqlite.prepare<[string, number, number], { kind: string; code: string; lead: number }>(
        `with t(day, threshold) as materialized (select value ->> 0, value ->> 1 from json_each(?))
         select p.kind, p.code, sum(p.quantity) - sum(t.threshold) + ? as lead
         from t join product_sales_by_day as p on p.day = t.day and p.quantity > t.threshold
         group by p.kind, p.code order by 3 desc limit ?`,
      ),
      total: sqlite.prepare<[string, string, string, string], Summed>(
        `select kind, code, name, max(day) as latest, sum(quantity) as quantity, sum(revenue) as revenue
         from product_sales_by_day where kind = ? and code = ? and day between ? and ?`,
      ),
      everyProduct: sqlite.prepare<[string, string, number], Summed>(
        `select kind, code, name, max(day) as latest, sum(quantity) as quantity, sum(revenue) as revenue
         from product_sales_by_day where day between ? and ? group by kind, code
         having sum(quantity) > 0 order by 5 desc, 6 desc, code limit ?`,
      ),
    };
  });

const ranked = (a: BestSeller, b: BestSeller) =>
  b.quantity - a.quantity || b.revenue - a.revenue || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const withoutLatest = ({ latest: _, ...seller }: Summed): BestSeller => seller;

interface Day {
  day: string;
  read: number;
  /** The most a product outside the day's leaders sold that day; 0 when every product is a leader. */
  threshold: number;
}

function readDay(db: Db, day: string, read: number): Day {
  return { day, read, threshold: statements(db).threshold.get(day, read) ?? 0 };
}

/**
 * The leaders summed exactly, highest bound first, while one could still reach the places
 * shown; or null when more than FIRST_CANDIDATES could: one lookup each would then cost more
 * than summing every product at once (a month whose last day sold a thousand products alike
 * took 50 ms this way, and 10 ms summed at once).
 */
function sumLeaders(db: Db, days: Days, period: Day[], bound: number, count: number): BestSeller[] | null {
  const { leaders, total } = statements(db);
  const thresholds = JSON.stringify(period.map((d) => [d.day, d.threshold]));
  const sellers: BestSeller[] = [];
  const candidates = leaders.all(thresholds, bound, FIRST_CANDIDATES + 1);
  for (const [i, c] of candidates.entries()) {
    if ((sellers[count - 1]?.quantity ?? -1) > c.lead) return sellers;
    if (i === FIRST_CANDIDATES) return null;
    const sum = total.get(c.kind, c.code, days.from, days.to);
    if (sum && sum.quantity > 0) {
      sellers.push(withoutLatest(sum));
      sellers.sort(ranked);
    }
  }
  return sellers;
}

export function bestSellers(db: Db, days: Days, count = 5): BestSeller[] {
  const period = daysBetween(days.from, days.to).map((day) => readDay(db, day, FIRST_LEADERS));
  for (;;) {
    const bound = period.reduce((sum, d) => sum + d.threshold, 0);
    const sellers = sumLeaders(db, days, period, bound, count);
    if (sellers === null) break;
    const last = sellers[count - 1];
    if (bound === 0 || (last && last.quantity > bound)) return sellers.slice(0, count);
    const heavy = period.filter((d) => d.threshold > 0 && d.threshold * period.length >= bound);
    if (heavy.some((d) => d.read >= MOST_LEADERS)) break;
    for (const d of heavy) Object.assign(d, readDay(db, d.day, MOST_LEADERS));
  }
  return statements(db).everyProduct.all(days.from, days.to, count).map(withoutLatest);
}
