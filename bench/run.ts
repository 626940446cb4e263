// `npm run bench`: a large shop (bench/bigShop.ts), the real server started
// as `npm start` starts it in a process of its own, and beside it the bare baseline
// (bench/bare.ts), both driven over loopback by autocannon from this process. Each
// scenario's req/s, p50, p99 and the server's peak memory go into bench/RESULTS.md with
// the targets, then how the figures grow from 10,000 to 100,000 items.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { manilaDate } from '../shared/time';
import { type AttackResult, signInUnderAttack } from './attack';
import { BATCH_SCENARIO, PLAN_SCENARIO, seedBakery } from './bakery';
import { BENCH_ADMIN, cashier, LARGE, ON_SALE, type SeededShop, seedShop } from './bigShop';
import { cartMaker } from './carts';
import { DRAIN_SCENARIO, drainAlone } from './drain';
import { checkoutFloor } from './floor';
import { type ApiSummary, disagreements, naiveQueries, rollUpDrift } from './naive';
import { openShifts, orderedPurchaseOrders, recordCaptures } from './prepare';
import { type Server, startApp, startBare } from './processes';
import { growthSection, lotsPair, type Measured, mainSection, onlySection, type RunFigures } from './report';
import { healthDuringRestore, restoreSection } from './restoreStall';
import { addToResults } from './results';
import { type Scenario, scenarios } from './scenarios';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_SECONDS = 2;
const GROWTH_ITEMS = 10_000;

type Request = NonNullable<autocannon.Options['requests']>[number];

async function drive(url: string, requests: Request[], connections: number, seconds: number, token?: string) {
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 60,
    requests: requests.map((r) => ({ ...r, headers: { ...r.headers, ...auth } })),
  });
  // Requests the server read before the time was up still run: wait for them to finish.
  await fetch(url).catch(() => undefined);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function signIn(url: string, who: { email: string; password: string }) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** One scenario on the app and on the baseline, each warmed up first, with each one's peak memory. */
async function measureBoth(s: Scenario, app: Server, bare: Server, tokens: Record<string, string>) {
  const token = s.as ? tokens[s.as] : undefined;
  await drive(app.url, s.app, s.connections, WARM_SECONDS, token);
  await drive(bare.url, s.bare, s.connections, WARM_SECONDS);
  const seconds = s.extra ? Math.max(3, SECONDS / 2) : SECONDS;
  app.resetPeak();
  const appFigures = {
    ...(await drive(app.url, s.app, s.connections, seconds, token)),
    peakMb: app.peakMb(),
  };
  bare.resetPeak();
  const bareFigures = { ...(await drive(bare.url, s.bare, s.connections, seconds)), peakMb: bare.peakMb() };
  const row: Measured = { scenario: s, app: appFigures, bare: bareFigures };
  console.log(
    `${s.name}: app ${row.app.rps} req/s p99 ${row.app.p99} ms, bare ${row.bare.rps} req/s p99 ${row.bare.p99} ms`,
  );
  return row;
}

/**
 * Plain checkout and checkout over lots on the app, in ALTERNATING windows of half the
 * scenario time (plain, lots, lots, plain, …): on a machine others share, the load moves
 * between windows, and alternating puts both under the same moves.
 */
async function alternate(list: Scenario[], app: Server, shop: SeededShop, token: string, rounds = 4) {
  const pair = lotsPair(list);
  if (!pair) return null;
  const seconds = Math.max(3, SECONDS / 2);
  const figures = { seconds, plain: [] as number[], lots: [] as number[], errors: 0 };
  for (let round = 0; round < rounds; round++)
    // Each kind goes first in every other round, so neither always follows the other.
    for (const kind of round % 2 === 0 ? (['plain', 'lots'] as const) : (['lots', 'plain'] as const)) {
      walSettled(shop);
      const s = pair[kind] as Scenario;
      const window = await drive(app.url, s.app, s.connections, seconds, token);
      figures[kind].push(window.rps);
      figures.errors += window.errors;
    }
  console.log(`alternating: plain ${figures.plain.join(', ')}; lots ${figures.lots.join(', ')} req/s`);
  return figures;
}

const megabytes = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('shop.sqlite'))
    .reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0) / 1e6;

/**
 * The app and the baseline write to one database file, so neither can always checkpoint the
 * other's writes, and after the checkout scenarios the log (WAL) had grown: a later read
 * scenario then ran 9× slower in one run. A shop runs one server, which checkpoints as it
 * goes. So each scenario starts from a checkpointed database; what was left is logged.
 */
function walSettled(shop: SeededShop) {
  const wal = `${shop.dbFile}-wal`;
  const before = existsSync(wal) ? statSync(wal).size / 1e6 : 0;
  const [result] = shop.db.$client.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  if (before > 1)
    console.log(`  (WAL was ${before.toFixed(0)} MB; checkpointed${result?.busy ? ', busy' : ''})`);
}

/** The app's daily snapshot runs at its first start of the day: wait it out, timing it. */
async function snapshotSettled(shop: SeededShop) {
  const started = performance.now();
  const done = shop.db.$client.prepare(
    "select count(*) from activity_logs where action like 'Daily Full Backup%'",
  );
  while ((done.pluck().get() as number) === 0) {
    if (performance.now() - started > 600_000) return null;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (performance.now() - started) / 1000;
}

/** Seeds a shop, starts both servers over it and measures `list`. */
async function measureShop(name: string, size: typeof LARGE, pick: (all: Scenario[]) => Scenario[]) {
  console.log(`Seeding the ${name} shop...`);
  const shop = await seedShop(name, size, { record: true });
  const cart = cartMaker(shop.db);
  const { shiftId } = await openShifts(shop, cart);
  const pile = shop.db.$client
    .prepare(
      "select id from sales where status = 'completed' and shift_id is null order by random() limit 100000",
    )
    .pluck()
    .all() as number[];
  const refunds = { app: pile.slice(0, pile.length / 2), bare: pile.slice(pile.length / 2) };
  // The purchase orders only when the delivery scenario runs (the growth shop is too small).
  const none = { app: [], bare: [] };
  const receiving = pick(scenarios({ cart, refunds, shiftId, deliveries: none })).some((s) =>
    s.name.startsWith('receiving'),
  );
  const deliveries = receiving ? await orderedPurchaseOrders(shop, 2 * ON_SALE + 1) : none;
  const list = pick(scenarios({ cart, refunds, shiftId, deliveries }));
  if (list.some((s) => s.name === BATCH_SCENARIO || s.name === PLAN_SCENARIO)) seedBakery(shop);
  const { file } = await recordCaptures(shop, list);
  const dbMb = megabytes(shop.dir);

  const app = await startApp(shop.dir);
  const snapshotSeconds = await snapshotSettled(shop);
  const startupPeakMb = app.peakMb();
  const bare = await startBare(shop.dbFile, file);
  const tokens = { admin: await signIn(app.url, BENCH_ADMIN), cashier: await signIn(app.url, cashier(0)) };
  const rows: Measured[] = [];
  for (const s of list) {
    walSettled(shop);
    rows.push(await measureBoth(s, app, bare, tokens));
  }
  const alternated = await alternate(list, app, shop, tokens.admin);
  return {
    alternated,
    shop,
    app,
    bare,
    rows,
    tokens,
    dbMb,
    snapshotSeconds,
    startupPeakMb,
  };
}

// BENCH_ONLY='checkout (plain);checkout (plain, 5 lots an item)' measures only the scenarios
// so named (names separated by ';'), on the large shop, and records just those (BENCH_NOTE
// adds a note to the section).
const ONLY = process.env.BENCH_ONLY?.split(';')
  .map((s) => s.trim())
  .filter(Boolean);
// The drain after an outage is no autocannon scenario: it runs alone, on a shop of its own.
if (ONLY?.includes(DRAIN_SCENARIO)) {
  await drainAlone();
  ONLY.splice(ONLY.indexOf(DRAIN_SCENARIO), 1);
  if (ONLY.length === 0) process.exit(0);
}
if (ONLY?.length) {
  const only = await measureShop('bench', LARGE, (all) => all.filter((s) => ONLY.includes(s.name)));
  await only.bare.stop();
  await only.app.stop();
  only.shop.db.$client.close();
  rmSync(only.shop.dir, { recursive: true, force: true });
  const section = onlySection({
    seconds: SECONDS,
    size: LARGE,
    history: only.shop.history,
    seedSeconds: only.shop.seconds,
    rows: only.rows,
    alternated: only.alternated,
    note: process.env.BENCH_NOTE,
  });
  addToResults(section);
  console.log(section);
  process.exit(0);
}

// --- the large shop -----------------------------------------------------------------------
const large = await measureShop('bench', LARGE, (all) => all);
const { shop, app, bare } = large;

// The HTTP part of the checkout floor (bench/floor.ts): the same requests, answered bare;
// then the same sales written by the bare server sharing commits as the app's do.
const plainCart = cartMaker(shop.db);
const barePost = (path: string, seconds: number) =>
  drive(
    bare.url,
    [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: plainCart('plain') }),
      },
    ],
    32,
    seconds,
  );
const echo = await barePost('/echo', 5);
await barePost('/sales/together', WARM_SECONDS);
const together = await barePost('/sales/together', SECONDS);
console.log(`bare with group commit: ${together.rps} req/s p99 ${together.p99} ms`);

const attacks: AttackResult[] = [];
attacks.push(
  await signInUnderAttack(app.url, cashier(1), { label: 'no attack', attackers: 0, legitimate: 20 }),
);
attacks.push(
  await signInUnderAttack(app.url, cashier(1), {
    label: '200 parallel wrong logins from another address',
    attackers: 200,
    legitimate: 20,
  }),
);

// The earlier issues' naive baselines, and the check that the roll-ups equal the sales.
const to = manilaDate();
const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
const naive = {
  search: await drive(bare.url, [{ method: 'GET', path: '/naive/search?search=flour' }], 16, 5),
  dashboard: await drive(bare.url, [{ method: 'GET', path: '/naive/dashboard' }], 16, 5),
  summary: await drive(bare.url, [{ method: 'GET', path: `/naive/summary?from=${from}&to=${to}` }], 16, 5),
};
const answer = await fetch(`${app.url}/api/salesReport/summary?range=custom&from=${from}&to=${to}`, {
  headers: { authorization: `Bearer ${large.tokens.admin}` },
});
const problems = [
  ...disagreements((await answer.json()) as ApiSummary, naiveQueries(shop.db).summary(from, to)),
  ...rollUpDrift(shop.db),
];
// Last on the running app, since it adds 50,000 items: the tills during a big restore.
const stall = await healthDuringRestore(app.url, large.tokens.admin);
await bare.stop();
await app.stop();

// A restart on the large database, now that the day's snapshot exists: the startup a shop sees.
const restarted = await startApp(shop.dir);
const restartMs = restarted.startupMs;
await restarted.stop();
// Last on this shop, with both servers stopped: it adds its own sales.
const floor = {
  ...checkoutFloor(shop.db.$client, () => JSON.parse(plainCart('plain'))),
  httpUs: 1e6 / echo.rps,
  together,
};
console.log(`checkout floor: ${floor.usPerSale.toFixed(0)} µs a sale, ${floor.perSecond.toFixed(0)} sales/s`);
shop.db.$client.close();
rmSync(shop.dir, { recursive: true, force: true });

// --- growth: the item scenarios again over 10,000 items -----------------------------------
const growthNames = [
  'inventory search',
  'POS product list',
  'inventory first page',
  'inventory sorted, deep page',
];
const small = await measureShop('bench-growth', { ...LARGE, items: GROWTH_ITEMS, saleLines: 0 }, (all) =>
  all.filter((s) => growthNames.includes(s.name)),
);
await small.bare.stop();
await small.app.stop();
const smallRestart = await startApp(small.shop.dir);
await smallRestart.stop();
small.shop.db.$client.close();
rmSync(small.shop.dir, { recursive: true, force: true });

const figures: RunFigures = {
  seconds: SECONDS,
  size: LARGE,
  history: shop.history,
  seedSeconds: shop.seconds,
  dbMb: large.dbMb,
  firstStartMs: app.startupMs,
  restartMs,
  snapshotSeconds: large.snapshotSeconds,
  startupPeakMb: large.startupPeakMb,
  rows: large.rows,
  alternated: large.alternated,
  attacks,
  naive,
  problems,
  floor,
};
const section = [
  mainSection(figures),
  restoreSection(stall, 'the large shop'),
  growthSection({
    small: { items: GROWTH_ITEMS, dbMb: small.dbMb, restartMs: smallRestart.startupMs, rows: small.rows },
    large: { items: LARGE.items, dbMb: large.dbMb, restartMs, rows: large.rows },
  }),
].join('\n');
addToResults(section);
console.log(section);
