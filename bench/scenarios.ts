// What `npm run bench` measures: each scenario as the app serves it and as the bare
// baseline (bench/bare.ts) does the same work, driven alike by autocannon.
import type autocannon from 'autocannon';
import { addDays, manilaDate } from '../shared/time';
import { BAKE_CAKES, BATCH_SCENARIO, dueDate, PLAN_SCENARIO } from './bakery';
import { CASHIERS, cashier, LOTS_EACH } from './bigShop';
import { Z_SCENARIO } from './birSeed';
import type { CartKind } from './carts';
import { PICKUP_SCENARIO, type Pickup, type PickupPiles, TAKE_SCENARIO, takeBody } from './orders';
import { DELIVERY_LINES, type Delivery } from './prepare';

type Request = NonNullable<autocannon.Options['requests']>[number];

export interface Scenario {
  name: string;
  connections: number;
  /** Who the app's requests are made as (the bare baseline asks no one). */
  as?: 'admin' | 'cashier';
  app: Request[];
  bare: Request[];
  /** Read scenarios: the app requests whose SQL the baseline replays, by capture name. */
  captures?: Record<string, string>;
  /** Shown beside its name: why it is measured (such a scenario is measured half as long). */
  extra?: string;
  /** Run just before the scenario is measured (in this process, both servers up). */
  before?: () => void;
}

/** A tRPC query's URL as the client's httpLink sends it. */
const trpcGet = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const json = { 'content-type': 'application/json' };
const EARLIER = 'earlier issue';
const replay = (name: string): Request => ({ method: 'GET', path: `/replay/${encodeURIComponent(name)}` });

export interface Inputs {
  cart: (kind: CartKind) => string;
  /** Completed sales to refund, a separate pile for the app and for the baseline. */
  refunds: { app: number[]; bare: number[] };
  /** The cashier's open shift with a day's sales, for the X reading. */
  shiftId: number;
  /** Ordered purchase orders and a delivery against each, for the app and for the baseline. */
  deliveries: { app: Delivery[]; bare: Delivery[] };
  /** Open cake orders to pick up, seeded just before the pickups run (bench/orders.ts). */
  pickups: PickupPiles;
  /** The shop's items: the reorder suggestions' name says how many. */
  items: number;
}

/** The reorder suggestions over `items` items (100,000 in the large shop). */
const reorderScenario = (items: number) => `reorder suggestions at ${items.toLocaleString('en-PH')} items`;

export function scenarios({ cart, refunds, shiftId, deliveries, pickups, items }: Inputs): Scenario[] {
  let turn = 0;
  const signIn = (): Request => ({
    method: 'POST',
    headers: json,
    setupRequest: (req) => ({ ...req, body: JSON.stringify(cashier(turn++ % CASHIERS)) }),
  });
  const checkout = (path: string, kind: CartKind): Request => ({
    method: 'POST',
    path,
    headers: json,
    setupRequest: (req) => ({ ...req, body: cart(kind) }),
  });
  const refund = (prefix: string, pile: number[]): Request => ({
    method: 'POST',
    setupRequest: (req) => ({ ...req, path: `${prefix}/sales/${pile.pop()}/refund` }),
  });
  // Each request a whole delivery against the next order, round the pile: the orders hold
  // far more than a run receives.
  const receive = (prefix: string, pile: Delivery[]): Request => {
    let next = 0;
    return {
      method: 'POST',
      headers: json,
      setupRequest: (req) => {
        const d = pile[next++ % pile.length] as Delivery;
        return { ...req, path: `${prefix}/purchase-orders/${d.id}/receive`, body: d.body };
      },
    };
  };
  const bake = (cakeId: string) => JSON.stringify({ cakeId, quantity: 1 });
  const takeOrder = (path: string): Request => {
    let n = 0;
    return { method: 'POST', path, headers: json, setupRequest: (req) => ({ ...req, body: takeBody(n++) }) };
  };
  const pickUp = (prefix: string, pile: Pickup[]): Request => ({
    method: 'POST',
    headers: json,
    setupRequest: (req) => {
      const order = pile.pop();
      return { ...req, path: `${prefix}/cake-orders/${order?.id}/pickup`, body: order?.body ?? '{}' };
    },
  });
  const read = (name: string, path: string, connections = 16, extra?: string): Scenario => ({
    name,
    connections,
    as: 'admin',
    app: [{ method: 'GET', path }],
    bare: [replay(name)],
    captures: { [name]: path },
    extra,
  });
  const to = manilaDate();
  const from = addDays(to, -29);
  return [
    {
      name: 'login',
      connections: 10,
      app: [{ ...signIn(), path: '/api/auth/login' }],
      bare: [{ ...signIn(), path: '/login' }],
    },
    read('inventory search', '/api/inventory?search=flour&page=1&limit=10'),
    // What Sales Management loads on opening and after each sale: the first page of items and
    // cakes in shelf order (before the run of 2026-11-23 04:26, every product up to the cap).
    read('POS product list', trpcGet('sales.productsPage', { search: '', page: 1 })),
    { ...read('X reading', `/api/shifts/${shiftId}/reading`), as: 'cashier' },
    // The day's Z reading as End of Day lists it: bench/birSeed.ts seeds the day, prepare.ts
    // takes the reading (a write, once), and the section says so (bench/oneShots.ts).
    read(Z_SCENARIO, `/api/end-of-day?from=${to}&to=${to}`),
    read('dashboard', '/api/dashboard'),
    read('sales report summary, 30 days', `/api/salesReport/summary?range=custom&from=${from}&to=${to}`),
    read('sales report records page', '/api/salesReport/sales?page=1&limit=6&range=month'),
    // Every supplier's items to reorder: two years of sales, of which the last 28 days count.
    read(reorderScenario(items), '/api/reorder-suggestions'),
    read('inventory first page', '/api/inventory?page=1&limit=10', 16, EARLIER),
    read(
      'inventory sorted, deep page',
      '/api/inventory?limit=10&field=status&order=desc&page=300',
      16,
      EARLIER,
    ),
    read('dashboard revenue chart, 90 days', '/api/dashboard/revenue-cost-by-day?days=90', 16, EARLIER),
    read('sales report summary, year', '/api/salesReport/summary?range=year', 16, EARLIER),
    // The writes come last. In ten seconds they sell some 10,000 times from the same 1,000
    // shelf items, evenly: a day like no shop's, which the reads above would otherwise see
    // as today (the month's best sellers then have no leaders to find, and are summed whole).
    // What a shop's own counter sees: four tills checking out at once, each as fast as it can.
    {
      name: 'checkout (plain), four tills',
      connections: 4,
      as: 'admin' as const,
      app: [checkout('/api/sales', 'plain')],
      bare: [checkout('/sales', 'plain')],
      extra: "a shop's own counter",
    },
    // 'lots' is the plain checkout from the shelf whose items hold LOTS_EACH lots each
    // (bench/bigShop.ts), right after the plain one so both see the same machine.
    ...(['plain', 'lots', 'scPwd', 'split'] as const).map((kind) => ({
      name: `checkout (${{ plain: 'plain', lots: `plain, ${LOTS_EACH} lots an item`, scPwd: 'SC/PWD', split: 'split tender' }[kind]})`,
      connections: 32,
      as: 'admin' as const,
      app: [checkout('/api/sales', kind)],
      bare: [checkout('/sales', kind)],
    })),
    {
      name: 'refund',
      connections: 32,
      as: 'admin',
      app: [refund('/api', refunds.app)],
      bare: [refund('', refunds.bare)],
    },
    {
      name: `receiving a ${DELIVERY_LINES}-line delivery`,
      connections: 8,
      as: 'admin',
      app: [receive('/api', deliveries.app)],
      bare: [receive('', deliveries.bare)],
    },
    // The kitchen (bench/bakery.ts): one cake each a batch, app and baseline each its own cake
    // and ingredients, so neither takes from lots the other has worn down.
    {
      name: BATCH_SCENARIO,
      connections: 8,
      as: 'admin',
      app: [{ method: 'POST', path: '/api/production', headers: json, body: bake(BAKE_CAKES.app) }],
      bare: [{ method: 'POST', path: '/production', headers: json, body: bake(BAKE_CAKES.bare) }],
    },
    read(PLAN_SCENARIO, `/api/bake-plan?date=${dueDate()}`),
    // Cake orders (bench/orders.ts) last: each order taken stays open, and the pickups' pile is
    // 60,000 open orders, which the dashboard's Deposits Held would otherwise sum.
    {
      name: TAKE_SCENARIO,
      connections: 8,
      as: 'admin',
      app: [takeOrder('/api/cake-orders')],
      bare: [takeOrder('/cake-orders')],
    },
    {
      name: PICKUP_SCENARIO,
      connections: 8,
      as: 'admin',
      app: [pickUp('/api', pickups.app)],
      bare: [pickUp('', pickups.bare)],
      before: pickups.fill,
    },
  ];
}
