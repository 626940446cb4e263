// "drain 500 offline sales": the counter's devices reconnecting after an outage
// (docs/decisions.md, Selling offline). Four devices (two on terminal 1, each with its own
// block, one each on terminals 2 and 3), four cashiers in their shifts, sold 500 sales
// between them while the server was unreachable, numbered from blocks reserved that morning;
// meanwhile some items ran out on the books and some prices went up. They reconnect at once,
// each sending its queue in order to POST /api/sales/offline. Measured: the time to drain and
// sales/s; then checked: none lost, none doubled, every invoice number once and each
// terminal's series gapless; then the whole batch is sent again and nothing may double.
// Beside it the bare baseline (bench/bareOffline.ts) drains the same carts from blocks of its
// own. `npm run bench:drain` runs it alone (BENCH_ITEMS, BENCH_SALE_LINES size the shop).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { adjustStock } from '../server/domains/inventory/lots';
import { saleTotals } from '../shared/totals';
import { BENCH_ADMIN, cashier, LARGE, ON_SALE, type SeededShop, seedShop } from './bigShop';
import { checkBooks, counts, gapless } from './drainBooks';
import { type Server, startApp, startBare } from './processes';
import { addToResults } from './results';

export const DRAIN_SCENARIO = 'drain 500 offline sales';
const SALES = 500;
/** The devices, and the cashier (bench/bigShop.ts) selling at each. */
const DEVICES = [
  { terminal: 1, cashier: 0 },
  { terminal: 1, cashier: 1 },
  { terminal: 2, cashier: 2 },
  { terminal: 3, cashier: 3 },
];
const OUTAGE_MS = 2 * 60 * 60_000;
/** Shelf items 1..12 have nothing left on the books by the time the sales arrive, 13..24 two units. */
const SOLD_OUT = 12;
const LOW = 24;
/** Items 25..34 went up 10% after the devices last loaded their prices. */
const REPRICED = 34;
/** Ordinary sales each device made online before the outage (the server numbered them). */
const ONLINE_BEFORE = 5;

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  ms: number;
  body: Json | null;
}

async function post(url: string, body: unknown, token?: string, method = 'POST'): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json | null = null;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // an answer that is no JSON is counted by its status only
  }
  return { status: res.status, ms: performance.now() - started, body: parsed };
}

async function ok(url: string, body: unknown, token?: string, method = 'POST'): Promise<Json> {
  const answer = await post(url, body, token, method);
  if (answer.status >= 300)
    throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Json;
}

/** A fixed sequence of numbers in [0, 1): the same carts every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Device {
  terminal: number;
  cashierId: number;
  shiftId: number;
  token: string;
  /** The first number of its block, for the app's queue and for the baseline's. */
  blocks: { app: number; bare: number };
}

/** Each device's carts, in the order it sold them: items, quantities, tax, payment. */
function carts(prices: Map<number, number>) {
  const next = random(20261206);
  const pick = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const per = SALES / DEVICES.length;
  return DEVICES.map(() =>
    Array.from({ length: per }, (_, k) => {
      const ids = new Set<number>();
      // One sale in eight sells an item the books ran out of, one in ten a repriced one.
      if (next() < 1 / 8) ids.add(pick(1, LOW));
      if (next() < 1 / 10) ids.add(pick(LOW + 1, REPRICED));
      while (ids.size < 1 + Math.floor(next() * 3)) ids.add(pick(REPRICED + 1, ON_SALE));
      const items = [...ids].map((id) => ({ itemId: id, quantity: 1 + Math.floor(next() * 3) }));
      return {
        items: items.map((l) => ({ ...l, price: (prices.get(l.itemId) as number) / 100 })),
        taxRate: k % 3 === 0 ? 12 : 0,
        gcash: k % 4 === 0,
        totals: saleTotals(
          items.map((l) => ({ price: prices.get(l.itemId) as number, quantity: l.quantity })),
          k % 3 === 0 ? 12 : 0,
        ),
      };
    }),
  );
}
type Cart = ReturnType<typeof carts>[number][number];

/** The REST body of device `d`'s `k`th sale, for the app's queue or the baseline's. */
function body(side: 'app' | 'bare', device: Device, d: number, k: number, cart: Cart, outageFrom: number) {
  const per = SALES / DEVICES.length;
  return {
    saleId: `SALE-${side === 'app' ? 'D' : 'B'}${d}${String(k).padStart(6, '0')}`,
    orderType: 'Walk-in',
    items: cart.items,
    taxRate: cart.taxRate,
    paymentMethod: cart.gcash ? 'GCash' : 'Cash',
    ...(cart.gcash ? { reference: `GC-${d}-${k}` } : {}),
    subtotal: cart.totals.subtotal / 100,
    taxAmount: cart.totals.taxAmount / 100,
    totalAmount: cart.totals.totalAmount / 100,
    soldAt: new Date(outageFrom + ((k + 1) / (per + 1)) * OUTAGE_MS).toISOString(),
    terminalId: device.terminal,
    invoiceSeq: device.blocks[side] + k,
    cashierId: device.cashierId,
    shiftId: device.shiftId,
  };
}
type Body = ReturnType<typeof body>;

/** Every device sends its queue in order, all devices at once; the wall time and each answer. */
async function drain(url: string, queues: Body[][], devices: Device[]) {
  const started = performance.now();
  const answers = await Promise.all(
    queues.map(async (queue, d) => {
      const mine: Answer[] = [];
      for (const sale of queue) mine.push(await post(url, sale, devices[d]?.token));
      return mine;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = answers.flat();
  const ms = all.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  const statuses: Record<number, number> = {};
  for (const a of all) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const failed = all.find((a) => a.status >= 300 && a.status !== 200);
  if (failed) console.log(`  a refusal: ${failed.status} ${JSON.stringify(failed.body).slice(0, 200)}`);
  return { seconds, perSecond: all.length / seconds, p50: at(0.5), p99: at(0.99), statuses };
}
type Drained = Awaited<ReturnType<typeof drain>>;

/** The books as the outage left them: the low items at 0 or 2 units (the lot writer, as a stock edit). */
function runOut(shop: SeededShop) {
  const code = shop.db.$client.prepare('select item_id from inventory_items where id = ?').pluck();
  shop.db.transaction(
    (tx) => {
      for (let id = 1; id <= LOW; id++)
        adjustStock(
          tx,
          { kind: 'item', id, record: code.get(id) as string },
          id <= SOLD_OUT ? 0 : 2_000,
          { reason: 'edit', userId: null },
          new Date(),
        );
    },
    { behavior: 'immediate' },
  );
}

/** The app's daily snapshot runs at its first start of the day: wait it out before measuring. */
async function snapshotSettled(shop: SeededShop) {
  const done = shop.db.$client
    .prepare("select count(*) from activity_logs where action like 'Daily Full Backup%'")
    .pluck();
  const started = performance.now();
  while ((done.get() as number) === 0 && performance.now() - started < 600_000)
    await new Promise((r) => setTimeout(r, 250));
}

export async function drainScenario(shop: SeededShop, app: Server, bare: Server) {
  const sql = shop.db.$client;
  const admin = ((await ok(`${app.url}/api/auth/login`, BENCH_ADMIN)) as { accessToken: string }).accessToken;
  for (const n of [2, 3])
    await ok(`${app.url}/api/terminals`, { name: `Counter ${n}`, invoicePrefix: `C${n}-` }, admin);
  const devices: Device[] = [];
  for (const [d, spec] of DEVICES.entries()) {
    const login = (await ok(`${app.url}/api/auth/login`, cashier(spec.cashier))) as {
      accessToken: string;
      user: { id: number };
    };
    const { shift } = (await ok(
      `${app.url}/api/shifts/open`,
      { openingCash: 2000, terminalId: spec.terminal },
      login.accessToken,
    )) as { shift: { id: number } };
    for (let k = 0; k < ONLINE_BEFORE; k++)
      await ok(
        `${app.url}/api/sales`,
        {
          orderType: 'Walk-in',
          paymentMethod: 'Cash',
          items: [{ itemId: ON_SALE - d * 10 - k, quantity: 1 }],
          terminalId: spec.terminal,
        },
        login.accessToken,
      );
    devices.push({
      terminal: spec.terminal,
      cashierId: login.user.id,
      shiftId: shift.id,
      token: login.accessToken,
      blocks: { app: 0, bare: 0 },
    });
  }
  // While online, each device sets aside a block for its queue, and one for the baseline's.
  const per = SALES / DEVICES.length;
  for (const side of ['app', 'bare'] as const)
    for (const device of devices) {
      const { block } = (await ok(
        `${app.url}/api/terminals/${device.terminal}/invoice-blocks`,
        { size: per },
        device.token,
      )) as { block: { first: number } };
      device.blocks[side] = block.first;
    }
  // That was in the morning: the outage began two hours ago.
  const outageFrom = Date.now() - OUTAGE_MS;
  sql.prepare('update invoice_blocks set reserved_at = ?').run(outageFrom - 60_000);
  const prices = new Map(
    (
      sql.prepare('select id, unit_price as price from inventory_items where id <= ?').all(ON_SALE) as {
        id: number;
        price: number;
      }[]
    ).map((r) => [r.id, r.price]),
  );
  const queued = carts(prices);
  const queues = (side: 'app' | 'bare') =>
    queued.map((list, d) => list.map((cart, k) => body(side, devices[d] as Device, d, k, cart, outageFrom)));
  // Meanwhile the prices went up, and other tills sold some items out.
  for (let id = LOW + 1; id <= REPRICED; id++)
    await ok(
      `${app.url}/api/pricing/item/${id}`,
      { price: Math.round((prices.get(id) as number) * 1.1) / 100 },
      admin,
      'PATCH',
    );
  const sides = {
    app: { url: `${app.url}/api/sales/offline`, queues: queues('app') },
    bare: { url: `${bare.url}/sales/offline`, queues: queues('bare') },
  };
  const figures = {} as Record<
    'app' | 'bare',
    { first: Drained; again: Drained; books: ReturnType<typeof checkBooks>; unchanged: boolean }
  >;
  for (const side of ['app', 'bare'] as const) {
    runOut(shop);
    sql.pragma('wal_checkpoint(TRUNCATE)');
    const { url, queues: q } = sides[side];
    const first = await drain(url, q, devices);
    const books = checkBooks(shop, q, SOLD_OUT);
    const before = counts(shop);
    const again = await drain(url, q, devices);
    const unchanged = JSON.stringify(counts(shop)) === JSON.stringify(before);
    figures[side] = { first, again, books, unchanged };
    console.log(
      `${side}: ${SALES} in ${first.seconds.toFixed(2)} s (${first.perSecond.toFixed(0)}/s); again ${again.seconds.toFixed(2)} s`,
      books,
      unchanged,
    );
  }
  return { figures, terminals: gapless(shop), devices: devices.length };
}

type Run = Awaited<ReturnType<typeof drainScenario>>;

const BASELINE_NOTE =
  "_The baseline (bench/bareOffline.ts) writes what the app writes for each sale, by hand, sharing commits as the app does (group commit): the block and used-number checks, the sale at its own time with the prices charged and the catalogue's, the shortfall lot and ledger row, the lot takes, payments, activity, the managers' notice and the journal row. It checks no token, validates nothing, answers three fields where the app answers the whole sale, and journals a smaller document. With four devices each waiting for its answer before sending the next, at most four sales share a commit, so both sides are bound by the round trip and the commit more than by throughput; the second send is read-only on both (a repeat writes nothing)._";

/** The run as a section of bench/RESULTS.md, the machine's conditions with it. */
export function drainSection(run: Run, shop: SeededShop, load: { before: number[]; after: number[] }) {
  const f = (n: number, d = 2) => n.toFixed(d);
  const statuses = (s: Record<number, number>) =>
    Object.entries(s)
      .map(([code, n]) => `${n} × ${code}`)
      .join(', ');
  const row = (side: 'app' | 'bare', label: string) => {
    const { first, again, books, unchanged } = run.figures[side];
    return `| ${label} | ${f(first.seconds)} | ${f(first.perSecond, 0)} | ${f(first.p50, 1)} | ${f(first.p99, 1)} | ${statuses(first.statuses)} | ${books.sales} | ${books.lost} | ${books.doubled} | ${books.misnumbered} | ${books.numbersOnce ? 'yes' : '**no**'} | ${books.totalsAgree ? 'yes' : '**no**'} | ${books.shortfalls} | ${books.soldOutStock} | ${books.lotsAgree ? 'yes' : '**no**'} | ${f(again.seconds)} | ${statuses(again.statuses)} | ${unchanged ? 'yes' : '**no**'} |`;
  };
  const cpu = os.cpus();
  const history = shop.history
    ? `${shop.size.items.toLocaleString('en-PH')} items, ${shop.size.saleLines.toLocaleString('en-PH')} sale lines of history`
    : `${shop.size.items.toLocaleString('en-PH')} items, no history`;
  return [
    `## ${new Date().toISOString()} · ${DRAIN_SCENARIO} · ${history} · app and baseline each in its own process · loopback`,
    '',
    `_Machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB; load average ${load.before.map((n) => f(n)).join(' / ')} (1/5/15 min) before, ${load.after.map((n) => f(n)).join(' / ')} after; shared with other work. ${run.devices} devices (two on terminal 1 with a block each, one each on terminals 2 and 3), each sending its queue of ${SALES / run.devices} in order, all four at once; one sale in eight sells an item the books ran out of, one in ten a price raised since. The baseline drains the same carts from blocks of its own, after the books' low items are put back as they were._`,
    '',
    BASELINE_NOTE,
    '',
    '| | drain s | sales/s | p50 ms | p99 ms | answers | on the books | lost | doubled | numbered otherwise | each number once | totals as charged | shortfalls booked | sold-out stock | lots agree | again: s | again: answers | again: nothing written |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---|---:|---:|---|---:|---|---|',
    row('app', 'app, POST /api/sales/offline'),
    row('bare', 'bare baseline'),
    '',
    `Each terminal's series after both drains (the server's own numbers before the outage, then the blocks): ${run.terminals.map((t) => `terminal ${t.terminal} 1 to ${t.last} ${t.gapless ? 'gapless, each once' : '**with gaps or repeats**'}`).join('; ')}.`,
    '',
  ].join('\n');
}

/** Alone: its own shop (BENCH_ITEMS, BENCH_SALE_LINES), the app and the baseline over it. */
export async function drainAlone() {
  console.log(`Seeding the shop for ${DRAIN_SCENARIO}...`);
  const shop = await seedShop('bench-drain', LARGE);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-drain-'));
  const captures = path.join(dir, 'captures.json');
  writeFileSync(captures, '{}');
  const app = await startApp(shop.dir);
  await snapshotSettled(shop);
  const bare = await startBare(shop.dbFile, captures);
  try {
    const before = os.loadavg();
    const run = await drainScenario(shop, app, bare);
    const section = drainSection(run, shop, { before, after: os.loadavg() });
    addToResults(section);
    console.log(section);
  } finally {
    await bare.stop();
    await app.stop();
    shop.db.$client.close();
    rmSync(shop.dir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await drainAlone();
