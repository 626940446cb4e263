// Issue 8's target: checkout over loopback with 32 connections at p99 under 25 ms and at
// least half the throughput of a bare baseline (plain Fastify + better-sqlite3 running
// the same transaction: read prices and stock, write the sale, its lines, the guarded
// stock updates, the ledger and the activity row), measured in the same run.
import path from 'node:path';
import Fastify from 'fastify';
import type { Db } from '../server/db/open';
import { measure, type Row, resultSection } from './measure';

const CONNECTIONS = 32;
const P99_TARGET_MS = 25;
const SHARE_TARGET = 0.5;
/** Items the bench sells from, each with far more stock than the run can sell. */
const SHELF = 1000;
const REQUEST_SETUP = path.resolve(import.meta.dirname, 'checkout-request.cjs');

/** The same transaction, written by hand on better-sqlite3, behind a plain Fastify route. */
async function bareCheckout(db: Db, userId: number) {
  const sqlite = db.$client;
  const item = sqlite.prepare(
    'select id, item_id, name, unit_price, purchase_price, stock from inventory_items where id = ?',
  );
  const sale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, tax_rate, tax_amount, total_amount,
       payment_method, lines_key, sold_by, sold_at, shift_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  // Issue 11: the cashier's open shift, and the sale's payment row (with its roll-up trigger).
  const shift = sqlite.prepare('select id from shifts where cashier_id = ? and closed_at is null');
  const payment = sqlite.prepare(
    "insert into sale_payments (sale_id, method, amount, reference) values (?, 'Cash', ?, null)",
  );
  const line = sqlite.prepare(
    `insert into sale_lines (sale_id, kind, item_id, code, name, price, purchase_price, quantity, line_total)
       values (?, 'item', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const take = sqlite.prepare(
    'update inventory_items set stock = stock - ? where id = ? and stock >= ? returning stock',
  );
  const ledger = sqlite.prepare(
    `insert into stock_movements (item_id, record, reason, change, stock_before, stock_after, reference, user_id)
       values (?, ?, 'sale', ?, ?, ?, ?, ?)`,
  );
  const activity = sqlite.prepare(
    "insert into activity_logs (user_id, action, module, description) values (?, 'Create Sale', 'Sales Management', ?)",
  );
  type ItemRow = {
    id: number;
    item_id: string;
    name: string;
    unit_price: number;
    purchase_price: number;
    stock: number;
  };
  const run = sqlite.transaction((cart: { itemId: number; quantity: number }[], saleId: string) => {
    const rows = cart.map((l) => ({ ...(item.get(l.itemId) as ItemRow), quantity: l.quantity }));
    const subtotal = rows.reduce((s, r) => s + r.unit_price * r.quantity, 0);
    const tax = Math.floor((subtotal * 12 + 50) / 100);
    const key = rows
      .map((r) => `item:${r.id}x${r.quantity}`)
      .sort()
      .join(',');
    const { id } = sale.get(
      saleId,
      'Bench',
      'Walk-in',
      subtotal,
      12,
      tax,
      subtotal + tax,
      'Cash',
      key,
      userId,
      Date.now(),
      (shift.get(userId) as { id: number } | undefined)?.id ?? null,
    ) as { id: number };
    for (const r of rows) {
      line.run(
        id,
        r.id,
        r.item_id,
        r.name,
        r.unit_price,
        r.purchase_price,
        r.quantity,
        r.unit_price * r.quantity,
      );
      const after = take.get(r.quantity, r.id, r.quantity) as { stock: number };
      ledger.run(r.id, r.item_id, -r.quantity, after.stock + r.quantity, after.stock, saleId, userId);
    }
    payment.run(id, subtotal + tax);
    activity.run(userId, `Sold ${saleId}`);
    return { saleId, totalAmount: (subtotal + tax) / 100 };
  });
  const bare = Fastify({ logger: false });
  bare.post('/sales', (req) => {
    const b = req.body as { saleId: string; items: { itemId: number; quantity: number }[] };
    return run.immediate(b.items, b.saleId);
  });
  return { url: await bare.listen({ port: 0, host: '127.0.0.1' }), close: () => bare.close() };
}

/** Stocks the shelf, measures the app and the baseline, and answers the RESULTS.md section. */
export async function checkoutBench(db: Db, appUrl: string, token: string, userId: number, seconds: number) {
  db.$client
    .prepare('update inventory_items set stock = 10000000, expiration_date = null where id <= ?')
    .run(SHELF);
  const bare = await bareCheckout(db, userId);
  const post = (auth: boolean) => ({
    duration: seconds,
    connections: CONNECTIONS,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    // The load runs in a worker thread of its own, so the server's thread serves only requests.
    workers: 1,
    requests: [{ setupRequest: REQUEST_SETUP as never }],
  });
  await measure('warm-up', `${appUrl}/api/sales`, { ...post(true), duration: 2 });
  await measure('warm-up', `${bare.url}/sales`, { ...post(false), duration: 2 });
  const app = await measure('checkout (POST /api/sales)', `${appUrl}/api/sales`, post(true));
  const baseline = await measure('checkout (bare baseline)', `${bare.url}/sales`, post(false));
  await bare.close();
  const rows: Row[] = [app, baseline];
  const share = baseline.rps > 0 ? app.rps / baseline.rps : 0;
  return resultSection(
    `Checkout · ${CONNECTIONS} connections from a worker thread · 1 to 3 lines a sale, 12% VAT`,
    rows,
    [
      [`checkout p99 < ${P99_TARGET_MS} ms`, `${app.p99} ms`, app.p99 < P99_TARGET_MS && app.errors === 0],
      [
        `checkout ≥ ${SHARE_TARGET * 100}% of the baseline's req/s`,
        `${(share * 100).toFixed(0)}%`,
        share >= SHARE_TARGET,
      ],
    ],
  );
}
