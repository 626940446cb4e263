// Before the servers start: the counter's state the scenarios need (open shifts, a day's
// sales on the cashier's), and the SQL each read scenario runs in the app, recorded for
// the bare baseline to replay (bench/capture.ts). Done in this process over the real app.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { addDays, manilaDate } from '../shared/time';
import { BENCH_ADMIN, cashier, type SeededShop } from './bigShop';
import type { Step } from './capture';
import type { CartKind } from './carts';
import type { Scenario } from './scenarios';

/** Sales already on the cashier's shift when the X reading is measured: a busy day. */
const SHIFT_SALES = 300;

export async function openShifts(shop: SeededShop, cart: (kind: CartKind) => string) {
  const config = loadConfig({ DATA_DIR: shop.dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: shop.db, config, logger: false });
  const call = async (method: 'GET' | 'POST', url: string, token: string | null, body?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const login = async (who: { email: string; password: string }) =>
    (await call('POST', '/api/auth/login', null, JSON.stringify(who))).accessToken as string;
  const admin = await login(BENCH_ADMIN);
  const till = await login(cashier(0));
  await call('POST', '/api/shifts/open', admin, JSON.stringify({ openingCash: 5000 }));
  const { shift } = await call('POST', '/api/shifts/open', till, JSON.stringify({ openingCash: 3000 }));
  const kinds: CartKind[] = ['plain', 'scPwd', 'split'];
  for (let n = 0; n < SHIFT_SALES; n++)
    await call('POST', '/api/sales', till, cart(kinds[n % 3] as CartKind));
  await app.close();
  return { shiftId: shift.id as number };
}

/** Ordered purchase orders the delivery scenario receives against: this many for each server. */
const ORDERS_EACH = 100;
/** Lines on each order, and so in each delivery. */
export const DELIVERY_LINES = 50;

export interface Delivery {
  /** The purchase order's `_id`. */
  id: number;
  /** The receive body: every line of the order, a dozen units each, expiring in 90 days. */
  body: string;
}

/**
 * 2 × ORDERS_EACH Ordered purchase orders of DELIVERY_LINES items each (items after the
 * checkout shelves, no two orders sharing one), made through the app's REST routes; a
 * delivery against each, half for the app and half for the baseline.
 */
export async function orderedPurchaseOrders(shop: SeededShop, firstItem: number) {
  const config = loadConfig({ DATA_DIR: shop.dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: shop.db, config, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
  const auth = { authorization: `Bearer ${login.json().accessToken}` };
  const items = shop.db.$client
    .prepare('select item_id from inventory_items where id >= ? order by id limit ?')
    .pluck()
    .all(firstItem, 2 * ORDERS_EACH * DELIVERY_LINES) as string[];
  const supplier = shop.db.$client
    .prepare('select supplier_id from suppliers order by id limit 1')
    .pluck()
    .get();
  const expires = addDays(manilaDate(), 90);
  const deliveries: Delivery[] = [];
  for (let n = 0; n < 2 * ORDERS_EACH; n++) {
    const mine = items.slice(n * DELIVERY_LINES, (n + 1) * DELIVERY_LINES);
    const made = await app.inject({
      method: 'POST',
      url: '/api/purchase-orders',
      headers: auth,
      payload: {
        supplierId: supplier,
        lines: mine.map((itemId) => ({ itemId, quantity: 100_000, unitCost: 12.5 })),
      },
    });
    if (made.statusCode !== 201)
      throw new Error(`a purchase order answered ${made.statusCode}: ${made.body}`);
    const id = made.json().purchaseOrder._id as number;
    const ordered = await app.inject({
      method: 'POST',
      url: `/api/purchase-orders/${id}/order`,
      headers: auth,
    });
    if (ordered.statusCode !== 200)
      throw new Error(`ordering answered ${ordered.statusCode}: ${ordered.body}`);
    deliveries.push({
      id,
      body: JSON.stringify({
        reference: `DR-${id}`,
        lines: mine.map((itemId) => ({ itemId, quantity: 12, expirationDate: expires })),
      }),
    });
  }
  await app.close();
  return { app: deliveries.slice(0, ORDERS_EACH), bare: deliveries.slice(ORDERS_EACH) };
}

/**
 * Runs each read scenario's requests twice in the app and keeps the second run's statements
 * (the steady state: what a request costs once caches and prepared statements are warm).
 * Writes them to `captures.json` in the shop's folder and answers that file.
 */
export async function recordCaptures(shop: SeededShop, list: Scenario[]) {
  const { rec } = shop;
  if (!rec) throw new Error('Seed the shop with { record: true } to record its statements.');
  const config = loadConfig({ DATA_DIR: shop.dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: shop.db, config, logger: false });
  const tokens: Record<string, string> = {};
  for (const [role, who] of [
    ['admin', BENCH_ADMIN],
    ['cashier', cashier(0)],
  ] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: who });
    tokens[role] = res.json().accessToken;
  }
  const captures: Record<string, Step[]> = {};
  for (const scenario of list)
    for (const [name, url] of Object.entries(scenario.captures ?? {})) {
      const request = async () => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${tokens[scenario.as ?? 'admin']}` },
        });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      };
      await rec.record(request);
      const steps = await rec.record(request);
      // The baseline gets them as JSON: the arguments must survive the trip unchanged.
      if (JSON.stringify(JSON.parse(JSON.stringify(steps))) !== JSON.stringify(steps))
        throw new Error(`${name}: its statements' arguments do not survive JSON`);
      captures[name] = steps;
    }
  await app.close();
  const file = path.join(shop.dir, 'captures.json');
  writeFileSync(file, JSON.stringify(captures));
  return { file, captures };
}

/**
 * Takes the Z reading of the terminal `terminalId` through the app's REST route, in this
 * process (bench/birSeed.ts seeds its day): the reading the Z scenario reads back. Answers the
 * time it took and how many sales it counted.
 */
export async function takeZReading(shop: SeededShop, terminalId: number) {
  const config = loadConfig({ DATA_DIR: shop.dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: shop.db, config, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/end-of-day',
    headers: { authorization: `Bearer ${login.json().accessToken}` },
    payload: { terminalId, requestKey: `bench-z-${terminalId}` },
  });
  const ms = performance.now() - started;
  await app.close();
  if (res.statusCode !== 201) throw new Error(`the Z reading answered ${res.statusCode}: ${res.body}`);
  return { ms, sales: res.json().salesCount as number };
}
