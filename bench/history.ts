// Two years of a busy shop's sales for the bench, written straight into SQLite
// like the app's checkout writes them (a sale, then its lines as lineRow keeps them), so
// the roll-up triggers of drizzle/0005_reports.sql fire exactly as they do at the counter.
// Their lines cost purchase price x quantity, as sales made before lots existed do.
// Then about 1% are refunded by flipping their status, which the triggers take away again.
import type { Db } from '../server/db/open';
import { PAYMENT_METHODS } from '../shared/constants';
import { addDays, manilaDate, manilaDayStart } from '../shared/time';
import { saleTotals } from '../shared/totals';

const DAYS = 2 * 365;
const REFUND_SHARE = 0.01;
const CAKE_SHARE = 0.08;
const BATCH = 10_000;
const HOUR = 3_600_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Cash at most counters; e-wallets and cards after. */
const PAYMENT_WEIGHTS = [50, 12, 22, 10, 6];
/** Lines per sale, 1 to 6 (about 3 on average). */
const LINE_WEIGHTS = [20, 22, 20, 16, 12, 10];
const QUANTITY_WEIGHTS = [55, 25, 10, 5, 3, 2];

interface Product {
  kind: 'item' | 'cake';
  id: number;
  code: string;
  name: string;
  price: number;
  cost: number;
  category: string | null;
}

/** A small seeded generator (mulberry32), so every run sells the same history. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const weighted = (weights: number[]) => {
    let r = next() * weights.reduce((s, w) => s + w, 0);
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r < 0) return i;
    }
    return weights.length - 1;
  };
  return { next, int, weighted };
}

/** Picks products with Zipf-like popularity (weight 1/(rank + shift)), over a shuffled order. */
function zipf(products: Product[], shift: number, int: (n: number) => number, next: () => number) {
  const order = [...products];
  for (let i = order.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [order[i], order[j]] = [order[j] as Product, order[i] as Product];
  }
  const cdf = new Float64Array(order.length);
  let sum = 0;
  for (let r = 0; r < order.length; r++) {
    sum += 1 / (r + 1 + shift);
    cdf[r] = sum;
  }
  return () => {
    const u = next() * sum;
    let lo = 0;
    let hi = order.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return order[lo] as Product;
  };
}

/** The shop's items and cakes (bench/bigShop.ts seeds them first), as lines keep them. */
function products(db: Db): { items: Product[]; cakes: Product[] } {
  const sqlite = db.$client;
  const read = (table: string, kind: string, code: string, price: string, cost: string) =>
    sqlite
      .prepare(
        `select '${kind}' as kind, p.id, p.${code} as code, p.name, p.${price} as price, ${cost} as cost,
           c.name as category from ${table} p left join categories c on c.id = p.category_id`,
      )
      .all() as Product[];
  // A cake line keeps its ingredients' cost; about 45% of the price is close enough here.
  return {
    items: read('inventory_items', 'item', 'item_id', 'unit_price', 'p.purchase_price'),
    cakes: read('cakes', 'cake', 'cake_id', 'price', 'cast(p.price * 0.45 as integer)'),
  };
}

/** Busier on weekends and in December, growing over the years. */
function dayWeight(day: string, index: number): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const week = weekday === 0 || weekday === 6 ? 1.4 : weekday === 5 ? 1.15 : 1;
  const season = day.slice(5, 7) === '12' ? 1.5 : day.slice(5, 10) === '02-14' ? 2 : 1;
  return (0.7 + (0.6 * index) / DAYS) * week * season;
}

export interface History {
  sales: number;
  lines: number;
  refunded: number;
  insertSeconds: number;
  refundSeconds: number;
}

/** Sells `lineCount` lines over the DAYS Manila days ending today, then refunds about 1% of the sales. */
export function seedSalesHistory(db: Db, lineCount: number, userId: number, now = new Date()): History {
  const sqlite = db.$client;
  const { next, int, weighted } = generator(20240901);
  const { items, cakes } = products(db);
  if (items.length === 0 || cakes.length === 0) throw new Error('Seed the items and cakes first.');
  const customers = sqlite.prepare('select id, name from customers').all() as { id: number; name: string }[];
  const pickItem = zipf(items, 10, int, next);
  const pickCake = zipf(cakes, 0, int, next);
  const started = performance.now();

  // Every sale's number of lines first, so the history holds exactly lineCount lines.
  const sizes: number[] = [];
  for (let left = lineCount; left > 0; left -= sizes.at(-1) as number)
    sizes.push(Math.min(left, 1 + weighted(LINE_WEIGHTS)));
  const today = manilaDate(now);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS + 1));
  const weights = days.map(dayWeight);
  const weightSum = weights.reduce((s, w) => s + w, 0);

  const taken = new Set(sqlite.prepare('select sale_id from sales').pluck().all() as string[]);
  const saleId = () => {
    for (;;) {
      let id = 'SALE-';
      for (let i = 0; i < 8; i++) id += ALPHABET[int(ALPHABET.length)];
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, tax_rate, tax_amount, total_amount, payment_method,
       payment_reference, cash_tendered, change, status, lines_key, sold_by, sold_at, created_at, customer_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?, ?)`,
  );
  const insertLine = sqlite.prepare(
    `insert into sale_lines (sale_id, kind, item_id, cake_id, code, name, price, purchase_price, quantity, line_total, category,
       cost) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Each sale's one payment, as checkout writes it (payments_by_day follows by trigger).
  const insertPayment = sqlite.prepare(
    'insert into sale_payments (sale_id, method, amount, reference) values (?, ?, ?, ?)',
  );
  const refunds: { id: number; soldAt: number }[] = [];

  const sellDay = (dayIndex: number, first: number, count: number) => {
    const day = days[dayIndex] as string;
    // Open 07:00 to 20:00 Manila; today only up to now (from midnight if the shop has not opened yet).
    const midnight = manilaDayStart(day).getTime();
    const end = Math.min(midnight + 20 * HOUR, now.getTime());
    const start = Math.min(midnight + 7 * HOUR, end) === end ? midnight : midnight + 7 * HOUR;
    const times = Array.from({ length: count }, () => start + int(end - start)).sort((a, b) => a - b);
    for (let k = 0; k < count; k++) {
      const chosen = new Map<string, { product: Product; quantity: number }>();
      while (chosen.size < (sizes[first + k] as number)) {
        const product = next() < CAKE_SHARE ? pickCake() : pickItem();
        const quantity =
          product.kind === 'cake' ? 1 + (next() < 0.1 ? 1 : 0) : 1 + weighted(QUANTITY_WEIGHTS);
        chosen.set(`${product.kind}:${product.id}`, { product, quantity });
      }
      const lines = [...chosen.values()].map(({ product, quantity }) => ({ ...product, quantity }));
      const taxRate = next() < 0.75 ? 12 : 0;
      const totals = saleTotals(lines, taxRate);
      const method = PAYMENT_METHODS[weighted(PAYMENT_WEIGHTS)] as string;
      const cash = method === 'Cash' ? Math.ceil(totals.totalAmount / 10_000) * 10_000 : null;
      const key = [...chosen.keys()]
        .map((k, i) => `${k}x${lines[i]?.quantity}`)
        .sort()
        .join(',');
      const soldAt = times[k] as number;
      // Three sales in four are to walk-in customers who give no name.
      const customer = next() < 0.75 ? null : (customers[int(customers.length)] ?? null);
      const { lastInsertRowid } = insertSale.run(
        saleId(),
        customer?.name ?? 'Unregistered',
        next() < 0.85 ? 'Walk-in' : 'Online',
        totals.subtotal,
        taxRate,
        totals.taxAmount,
        totals.totalAmount,
        method,
        cash === null ? `REF-${100_000 + int(900_000)}` : null,
        cash,
        cash === null ? null : cash - totals.totalAmount,
        key,
        userId,
        soldAt,
        soldAt,
        customer?.id ?? null,
      );
      const id = Number(lastInsertRowid);
      insertPayment.run(id, method, totals.totalAmount, cash === null ? `REF-${id}` : null);
      for (const l of lines)
        insertLine.run(
          id,
          l.kind,
          l.kind === 'item' ? l.id : null,
          l.kind === 'cake' ? l.id : null,
          l.code,
          l.name,
          l.price,
          l.cost,
          l.quantity,
          l.price * l.quantity,
          l.category,
          // Sales from before lots cost purchase price x quantity; no lots are kept for them.
          l.cost * l.quantity,
        );
      if (next() < REFUND_SHARE) refunds.push({ id, soldAt });
    }
  };

  // Sales go to the days in proportion to their weights, in time order, BATCH sales a transaction.
  const perDay = weights.map((w) => (w / weightSum) * sizes.length);
  let sold = 0;
  let owed = 0;
  const batch = sqlite.transaction((fromDay: number, toDay: number) => {
    for (let d = fromDay; d < toDay; d++) {
      owed += perDay[d] as number;
      const count = d === DAYS - 1 ? sizes.length - sold : Math.min(Math.round(owed), sizes.length - sold);
      owed -= count;
      sellDay(d, sold, count);
      sold += count;
    }
  });
  const daysPerBatch = Math.max(1, Math.floor((BATCH / sizes.length) * DAYS));
  for (let d = 0; d < DAYS; d += daysPerBatch) batch(d, Math.min(DAYS, d + daysPerBatch));
  const inserted = performance.now();

  // A refund flips the status (as server/domains/sales/refund.ts does); the update trigger takes it away.
  const refund = sqlite.prepare(
    "update sales set status = 'refunded', refunded_at = ?, refunded_by = ? where id = ? and status = 'completed'",
  );
  sqlite.transaction(() => {
    for (const r of refunds) refund.run(Math.min(r.soldAt + int(72 * HOUR), now.getTime()), userId, r.id);
  })();
  const refunded = performance.now();
  return {
    sales: sizes.length,
    lines: lineCount,
    refunded: refunds.length,
    insertSeconds: (inserted - started) / 1000,
    refundSeconds: (refunded - inserted) / 1000,
  };
}
