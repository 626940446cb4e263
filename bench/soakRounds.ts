// The crash soak (`npm run soak`, and tests/api/soak.test.ts in a short form): the real
// server as a child process on a temp DATA_DIR, load from several tills at once, SIGKILL at a
// random moment, restart on the same data, and bench/soakCheck.ts's checks. The load: counter
// tills checking out and refunding (soakCounter.ts), and beside them a receiving till
// (soakReceiving.ts), a production till (soakBaking.ts), a cake-order till taking orders with
// deposits and picking them up (soakOrders.ts), and an offline device per terminal sending its
// queue of sales numbered from its invoice blocks (soakOffline.ts).
//
// Why an acknowledged write survives SIGKILL: server/db/open.ts runs WAL with
// synchronous=FULL, and every write answers only after its transaction has committed
// (server/db/groupCommit.ts shares one commit among the checkouts that arrive together).
// Even synchronous=NORMAL would do against this test: in WAL a commit is a write() into the
// -wal file, which sits in the OS page cache, and SIGKILL ends the process, not the kernel, so
// the next open replays the WAL. NORMAL only risks the last commits on a power cut or OS
// crash; FULL (an fsync per commit) covers those as well, which this soak cannot simulate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Baking } from './soakBaking';
import { type CheckResult, checkDatabase } from './soakCheck';
import { Counter } from './soakCounter';
import { OfflineDevices } from './soakOffline';
import { CakeOrders } from './soakOrders';
import { Receiving } from './soakReceiving';
import { KINDS, type Kind, noTally, prng, SoakRun, type Tally } from './soakRun';
import { killLiveServers, ShopServer } from './soakServer';
import { acknowledged, pickedUp, receiptKnown } from './soakTypes';

export { killLiveServers };

export interface SoakOptions {
  rounds: number;
  /** The PRNG seed: the same seed replays the same kill moments, carts and choices per till. */
  seed?: number;
  log?: (line: string) => void;
  /** Counter tills sending at once (default 12; at most 30), besides the back-office tills and devices. */
  tills?: number;
  /** The kill comes this many ms after the round's first acknowledged sale, uniformly (default 50 to 1500). */
  killWindowMs?: [number, number];
  /** Keep the data folder when something failed, to look at it (the CLI does; the test does not). */
  keepDataOnFailure?: boolean;
}

interface RoundReport extends Tally {
  round: number;
  killAfterMs: number;
  /** Requests sent and not yet answered when the kill was sent, and of which kinds. */
  inFlightAtKill: number;
  inFlightByKind: Partial<Record<Kind, number>>;
  /** Writes in the file after the kill that no client had heard about. */
  unacknowledgedPresent: number;
  /** From the kill's aftermath to the restarted server answering /api/health. */
  restartMs: number;
  /** From then to the load's start: the tills settling what got no answer, and the look over HTTP. */
  settleMs: number;
  /** From the load's start to its first acknowledged sale (the kill's clock starts there). */
  firstAckMs: number;
  ms: number;
}

export interface SoakSummary {
  rounds: number;
  seed: number;
  /** Distinct saleIds acknowledged with 2xx (offline ones too), including those retried after a restart. */
  acknowledged: number;
  /** Of those, found in the database at the final check. */
  found: number;
  /** Writes found after a kill that no client had been told about (then settled by a retry or the file). */
  unacknowledgedButPresent: number;
  /** After-crash retries of checkouts answered "the sale already made" (200, repeated). */
  retriedRepeated: number;
  refunds: number;
  /** Acknowledged over the whole run: deliveries received, batches baked (not the seeding's), cake orders taken and picked up, offline sales. */
  receipts: number;
  batches: number;
  orders: number;
  pickups: number;
  offline: number;
  /** Acknowledged offline sales sent again after a restart, each answered as already made with nothing written. */
  offlineResent: number;
  /** Rounds killed with requests in flight, and rounds killed with a request of each kind in flight. */
  killedInFlight: number;
  killedDuring: Record<Kind, number>;
  perRound: RoundReport[];
  failures: string[];
  dataDir?: string;
  ms: number;
}

/** Every kind of till, over one run's shared state. */
class Shop {
  readonly counter: Counter;
  readonly receiving: Receiving;
  readonly baking: Baking;
  readonly orders: CakeOrders;
  readonly offline: OfflineDevices;

  constructor(readonly run: SoakRun) {
    this.counter = new Counter(run);
    this.receiving = new Receiving(run);
    this.baking = new Baking(run);
    this.orders = new CakeOrders(run);
    this.offline = new OfflineDevices(run, this.counter);
  }

  async seed() {
    await this.counter.seed();
    await this.receiving.seed();
    await this.baking.seed();
    this.offline.seed();
  }

  load(seed: number, round: number, tills: number): Promise<void>[] {
    const rng = (stream: number) => prng(seed, round, stream);
    return [
      ...Array.from({ length: tills }, (_, till) => this.counter.till(till, rng(till + 1))),
      this.receiving.receivingTill(rng(101)),
      this.baking.bakingTill(rng(102)),
      this.orders.till(rng(103)),
      ...this.run.known.devices.map((device) => this.offline.till(device, rng(110 + device.index))),
    ];
  }

  /**
   * After a restart: every till settles what it sent without an answer, then a look over HTTP.
   * Answers how long the server took to answer /api/health, and the settling after it.
   */
  async restart(found: CheckResult['found'], dbFile: string, seed: number) {
    const { run } = this;
    const started = Date.now();
    await run.server.start();
    const up = Date.now();
    await run.signIn();
    // First, while nothing else writes: acknowledged offline sales sent again write nothing.
    await this.offline.settle(found.status, dbFile, prng(seed, run.round, 998));
    await this.counter.settle(found.status);
    await this.receiving.settle(found.receipts);
    this.baking.settle(found.batches);
    await this.orders.settle(found.orders);
    await this.counter.verifyOverHttp(prng(seed, run.round, 999));
    await this.receiving.verifyOverHttp();
    await this.baking.verifyOverHttp();
    await this.orders.verifyOverHttp(prng(seed, run.round, 997));
    return { restartMs: up - started, settleMs: Date.now() - up };
  }
}

/** Runs the soak; never throws for a failed check (those are in `failures`), only for a broken harness. */
export async function soak(options: SoakOptions): Promise<SoakSummary> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const log = options.log ?? (() => {});
  const tills = options.tills ?? 12;
  if (tills < 1 || tills > 30)
    throw new Error('The soak runs 1 to 30 counter tills (their sale ids have one letter each).');
  const [killMin, killMax] = options.killWindowMs ?? [50, 1500];
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-soak-'));
  const dbFile = path.join(dataDir, 'shop.sqlite');
  const server = new ShopServer(dataDir);
  const run = new SoakRun(server, log);
  const shop = new Shop(run);
  const perRound: RoundReport[] = [];
  let unacknowledgedButPresent = 0;
  let found = 0;
  try {
    await server.start();
    await run.signIn();
    await shop.seed();
    log(
      `seed ${seed}: ${run.known.products.size} items, ${run.known.cakes.length} cakes seeded in ${dataDir}`,
    );
    let last: CheckResult['found'] | undefined;
    for (let round = 1; round <= options.rounds; round++) {
      const roundStarted = Date.now();
      run.round = round;
      const { restartMs, settleMs } = last
        ? await shop.restart(last, dbFile, seed)
        : { restartMs: 0, settleMs: 0 };
      run.count = noTally();
      run.stopping = false;
      const killAfterMs = killMin + Math.floor(prng(seed, round, 0)() * (killMax - killMin + 1));
      const loadStarted = Date.now();
      const flowing = run.nextAck();
      const load = shop.load(seed, round, tills);
      // The kill's moment counts from the round's first acknowledged sale, so every round has
      // load to cut into, however slowly the restarted server warms up.
      if (!(await within(flowing, 15_000)))
        run.fail('no sale was acknowledged within 15 s of the load starting');
      const firstAckMs = Date.now() - loadStarted;
      await sleep(killAfterMs);
      run.stopping = true;
      const inFlightAtKill = run.inFlightTotal;
      const inFlightByKind = Object.fromEntries([...run.inFlight].filter(([, n]) => n > 0));
      await server.kill();
      await Promise.all(load);
      const check = checkDatabase(dbFile, run.known);
      for (const failure of check.failures) run.fail(failure);
      last = check.found;
      unacknowledgedButPresent += check.unacknowledgedPresent;
      const report: RoundReport = {
        round,
        killAfterMs,
        inFlightAtKill,
        inFlightByKind,
        ...run.count,
        unacknowledgedPresent: check.unacknowledgedPresent,
        restartMs,
        settleMs,
        firstAckMs,
        ms: Date.now() - roundStarted,
      };
      perRound.push(report);
      const kinds = Object.entries(inFlightByKind)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ');
      const c = report;
      log(
        `round ${round}/${options.rounds}: killed after ${killAfterMs} ms with ${inFlightAtKill} in flight${kinds ? ` (${kinds})` : ''}; ` +
          `acknowledged ${c.acknowledged} sales (${c.offline} offline), ${c.refunds} refunds, ${c.receipts} receipts, ${c.batches} batches, ` +
          `${c.orders} orders, ${c.pickups} pickups; ${c.refused} refused for stock, ${c.unanswered} unanswered, ` +
          `${c.unacknowledgedPresent} unacknowledged but present; ${check.failures.length === 0 ? 'ok' : `${check.failures.length} FAILURES`} ` +
          `(${c.ms} ms; restart ${restartMs} ms, settling ${settleMs} ms, first sale ${firstAckMs} ms)`,
      );
    }
    // Closing: restart once more, let the tills settle, stop cleanly, and check the file again.
    run.round = options.rounds + 1;
    if (last) await shop.restart(last, dbFile, seed);
    await server.stop();
    const closing = checkDatabase(dbFile, run.known);
    for (const failure of closing.failures) run.fail(failure);
    for (const sale of run.known.sales.values())
      if (acknowledged(sale) && closing.found.status.has(sale.saleId)) found++;
  } finally {
    await server.kill();
    if (!(options.keepDataOnFailure && run.failures.length > 0))
      rmSync(dataDir, { recursive: true, force: true });
  }
  const failures = run.failures;
  const keep = options.keepDataOnFailure && failures.length > 0;
  const sales = [...run.known.sales.values()];
  const orders = [...run.known.orders.values()];
  return {
    rounds: perRound.length,
    seed,
    acknowledged: sales.filter(acknowledged).length,
    found,
    unacknowledgedButPresent,
    retriedRepeated: shop.counter.retriedRepeated,
    refunds: shop.counter.refunds,
    receipts: run.known.receipts.filter(receiptKnown).length,
    batches: run.known.batches.filter((b) => b.answered && b.round > 0).length,
    orders: orders.filter((o) => o.created > 0).length,
    pickups: orders.filter((o) => pickedUp(o.pickup)).length,
    offline: sales.filter((s) => s.offline && acknowledged(s)).length,
    offlineResent: shop.offline.resent,
    killedInFlight: perRound.filter((r) => r.inFlightAtKill > 0).length,
    killedDuring: Object.fromEntries(
      KINDS.map((kind) => [kind, perRound.filter((r) => (r.inFlightByKind[kind] ?? 0) > 0).length]),
    ) as Record<Kind, number>,
    perRound,
    failures,
    ...(keep ? { dataDir } : {}),
    ms: Date.now() - started,
  };
}

/** Whether `promise` settles within `ms`; the timer does not outlive the answer. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
