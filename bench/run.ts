// `npm run bench`: a large shop (bench/bigShop.ts), the real server started
// as `npm start` starts it in a process of its own, and beside it the bare baseline
// (bench/bare.ts), both driven over loopback by autocannon from this process. Each
// scenario's req/s, p50, p99 and the server's peak memory go into bench/RESULTS.md with
// the targets and the one-shot measurements (bench/oneShots.ts), then how the figures grow
// from 10,000 to 100,000 items.
import { rmSync } from 'node:fs';
import { manilaDate } from '../shared/time';
import { type AttackResult, signInUnderAttack } from './attack';
import { cashier, LARGE } from './bigShop';
import { JOURNAL_ONE_SHOT } from './birSeed';
import { cartMaker } from './carts';
import { DRAIN_SCENARIO, drainAlone } from './drain';
import { drive, SECONDS, WARM_SECONDS } from './drive';
import { checkoutFloor } from './floor';
import { measureShop } from './measureShop';
import { type ApiSummary, disagreements, naiveQueries, rollUpDrift } from './naive';
import { startApp } from './processes';
import { growthSection, mainSection, onlySection, type RunFigures } from './report';
import { healthDuringRestore, restoreSection } from './restoreStall';
import { addToResults } from './results';

const GROWTH_ITEMS = 10_000;

// BENCH_ONLY='checkout (plain);checkout (plain, 5 lots an item)' measures only the scenarios
// so named (names separated by ';'), on the large shop, and records just those (BENCH_NOTE
// adds a note to the section). JOURNAL_ONE_SHOT and DRAIN_SCENARIO may be named too.
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
  const only = await measureShop('bench', LARGE, (all) => all.filter((s) => ONLY.includes(s.name)), {
    journal: ONLY.includes(JOURNAL_ONE_SHOT),
  });
  await only.bare.stop();
  await only.app.stop();
  only.shop.db.$client.close();
  rmSync(only.shop.dir, { recursive: true, force: true });
  const section = onlySection({
    only: ONLY,
    seconds: SECONDS,
    size: LARGE,
    history: only.shop.history,
    seedSeconds: only.shop.seconds,
    rows: only.rows,
    alternated: only.alternated,
    note: process.env.BENCH_NOTE,
    oneShots: only.oneShots(),
  });
  addToResults(section);
  console.log(section);
  process.exit(0);
}

// --- the large shop -----------------------------------------------------------------------
const large = await measureShop('bench', LARGE, (all) => all, { journal: true });
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
  oneShots: large.oneShots(true),
  note: process.env.BENCH_NOTE,
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
