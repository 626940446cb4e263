// One shop measured by `npm run bench` (bench/run.ts): seeded, prepared (the counter's shifts,
// the piles the writes use, the BIR records), the read scenarios' SQL recorded, both servers
// started over it and every scenario picked measured, then the one-shot measurements.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BATCH_SCENARIO, PLAN_SCENARIO, seedBakery } from './bakery';
import { BENCH_ADMIN, cashier, type LARGE, ON_SALE, type SeededShop, seedShop } from './bigShop';
import { seedJournalYear, seedZDay, Z_SCENARIO } from './birSeed';
import { cartMaker } from './carts';
import { alternate, measureBoth, signIn, walSettled } from './drive';
import { oneShotLines, verifyJournals } from './oneShots';
import { pickupPiles } from './orders';
import { openShifts, orderedPurchaseOrders, recordCaptures, takeZReading } from './prepare';
import { startApp, startBare } from './processes';
import type { Measured } from './report';
import { type Inputs, type Scenario, scenarios } from './scenarios';

const megabytes = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('shop.sqlite'))
    .reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0) / 1e6;

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

/**
 * Seeds a shop, starts both servers over it and measures `list`. With `journal`, the shop's
 * journal holds a year of sales first (bench/birSeed.ts), for the one-shot verification.
 */
export async function measureShop(
  name: string,
  size: typeof LARGE,
  pick: (all: Scenario[]) => Scenario[],
  { journal = false } = {},
) {
  console.log(`Seeding the ${name} shop...`);
  const shop = await seedShop(name, size, { record: true });
  const cart = cartMaker(shop.db);
  const none = { app: [], bare: [] };
  const pickups = pickupPiles(shop);
  const inputs = (more: Partial<Inputs> = {}): Inputs => ({
    cart,
    refunds: none,
    shiftId: 0,
    deliveries: none,
    pickups,
    items: size.items,
    ...more,
  });
  const wanted = (test: (name: string) => boolean) => pick(scenarios(inputs())).some((s) => test(s.name));
  // The Z reading's day and the year of journal first, so the journal runs in time order.
  const zTerminal = wanted((n) => n === Z_SCENARIO) ? seedZDay(shop) : null;
  if (journal) {
    const started = performance.now();
    const rows = seedJournalYear(shop);
    console.log(`  journal: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const { shiftId } = await openShifts(shop, cart);
  const pile = shop.db.$client
    .prepare(
      "select id from sales where status = 'completed' and shift_id is null order by random() limit 100000",
    )
    .pluck()
    .all() as number[];
  const refunds = { app: pile.slice(0, pile.length / 2), bare: pile.slice(pile.length / 2) };
  // The purchase orders only when the delivery scenario runs (the growth shop is too small).
  const deliveries = wanted((n) => n.startsWith('receiving'))
    ? await orderedPurchaseOrders(shop, 2 * ON_SALE + 1)
    : none;
  const list = pick(scenarios(inputs({ refunds, shiftId, deliveries })));
  if (list.some((s) => s.name === BATCH_SCENARIO || s.name === PLAN_SCENARIO)) seedBakery(shop);
  const zTaken = zTerminal === null ? null : await takeZReading(shop, zTerminal);
  const { file } = await recordCaptures(shop, list);
  const dbMb = megabytes(shop.dir);

  const app = await startApp(shop.dir);
  const snapshotSeconds = await snapshotSettled(shop);
  const startupPeakMb = app.peakMb();
  const bare = await startBare(shop.dbFile, file);
  const tokens = { admin: await signIn(app.url, BENCH_ADMIN), cashier: await signIn(app.url, cashier(0)) };
  const rows: Measured[] = [];
  for (const s of list) {
    s.before?.();
    walSettled(shop);
    rows.push(await measureBoth(s, app, bare, tokens));
  }
  const alternated = await alternate(list, app, shop, tokens.admin);
  walSettled(shop);
  const verified = journal ? await verifyJournals(app, bare, tokens.admin) : null;
  const oneShots = (drain = false) => oneShotLines({ journal: verified, zTaken, drain });
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
    oneShots,
  };
}
