// The crash soak (`npm run soak`, and tests/api/soak.test.ts in a short form): the real
// server as a child process on a temp DATA_DIR, checkout load from several tills at once,
// SIGKILL at a random moment, restart on the same data, and bench/soakCheck.ts's checks.
//
// Why an acknowledged sale survives SIGKILL: server/db/open.ts runs WAL with
// synchronous=FULL, and server/db/groupCommit.ts answers a checkout only after its
// transaction has committed. Even synchronous=NORMAL would do against this test: in WAL a
// commit is a write() into the -wal file, which sits in the OS page cache, and SIGKILL ends
// the process, not the kernel, so the next open replays the WAL. NORMAL only risks the last
// commits on a power cut or OS crash; FULL (an fsync per commit, shared by a batch) covers
// those as well, which this soak cannot simulate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SALES_TEXT } from '../shared/texts/sales';
import {
  acknowledged,
  type CartLine,
  checkDatabase,
  type Product,
  type SaleAttempts,
  totalsOf,
} from './soakCheck';
import { type Answer, call, killLiveServers, ShopServer, SOAK_ADMIN } from './soakServer';

export { killLiveServers };

export interface SoakOptions {
  rounds: number;
  /** The PRNG seed: the same seed replays the same kill moments, carts and choices per till. */
  seed?: number;
  log?: (line: string) => void;
  /** Tills sending at once (default 12). */
  tills?: number;
  /** The kill comes this many ms after the round's first acknowledged sale, uniformly (default 50 to 1500). */
  killWindowMs?: [number, number];
  /** Keep the data folder when something failed, to look at it (the CLI does; the test does not). */
  keepDataOnFailure?: boolean;
}

interface RoundReport {
  round: number;
  killAfterMs: number;
  /** Requests sent and not yet answered when the kill was sent. */
  inFlightAtKill: number;
  /** Sales acknowledged (2xx) during this round's load. */
  acknowledged: number;
  /** Checkout and refund attempts that got no answer. */
  unanswered: number;
  /** Sales in the file after the kill that no client had heard about. */
  unacknowledgedPresent: number;
  refunds: number;
  refused: number;
  /** From the kill's aftermath to the restarted server answering /api/health. */
  restartMs: number;
  /** From the load's start to its first acknowledged sale (the kill's clock starts there). */
  firstAckMs: number;
  ms: number;
}

export interface SoakSummary {
  rounds: number;
  seed: number;
  /** Distinct saleIds acknowledged with 2xx, including those a till retried after a restart. */
  acknowledged: number;
  /** Of those, found in the database at the final check. */
  found: number;
  /** Sales found after a kill that no client had been told about (then settled by a retry). */
  unacknowledgedButPresent: number;
  /** After-crash retries answered "the sale already made" (200, repeated). */
  retriedRepeated: number;
  refunds: number;
  /** Rounds killed with requests in flight. */
  killedInFlight: number;
  perRound: RoundReport[];
  failures: string[];
  dataDir?: string;
  ms: number;
}

/** Twenty shelf items that never run out in a soak, and two that run out at once and come back with refunds. */
const ON_SALE = { items: 20, stock: 100_000, scarce: 2, scarceStock: 30 };
const STOCK_REFUSAL =
  /^("Soak Scarce Item \d+" is out of stock\.|Cannot add \d+ units\. Only \d+ in stock for "Soak Scarce Item \d+"\.)$/;

// ---- A small seeded PRNG (mulberry32), one stream per purpose, so a seed replays. ----
function prng(...parts: number[]): () => number {
  let a = 0x9e3779b9;
  for (const p of parts) a = Math.imul(a ^ (p >>> 0), 0x85ebca6b) ^ (a >>> 13);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

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

const pesos = (centavos: number) => centavos / 100;
const centavos = (pesos: unknown) => Math.round(Number(pesos) * 100);

// ---- One soak. ----

class Soak {
  readonly products = new Map<number, Product>();
  readonly sales = new Map<string, SaleAttempts>();
  readonly failures: string[] = [];
  /** Acknowledged, completed, no refund asked yet: what a till may refund. */
  refundable: SaleAttempts[] = [];
  /** The terminals the tills sell at: the first, and one the seed adds. */
  terminals: number[] = [1];
  token = '';
  stopping = false;
  inFlight = 0;
  round = 0;
  retriedRepeated = 0;
  refunds = 0;
  /** Per round counters. */
  count = { acknowledged: 0, unanswered: 0, refunds: 0, refused: 0 };

  constructor(
    readonly server: ShopServer,
    readonly log: (line: string) => void,
  ) {}

  private onAck?: () => void;
  /** Resolves at the next sale acknowledged. */
  nextAck(): Promise<void> {
    return new Promise((resolve) => {
      this.onAck = resolve;
    });
  }

  private seen = new Set<string>();
  /** A failure, reported once: a lost sale stays lost in every later round's check. */
  fail(text: string) {
    if (this.seen.has(text)) return;
    this.seen.add(text);
    const line = `round ${this.round}: ${text}`;
    this.failures.push(line);
    this.log(`  FAIL ${line}`);
  }

  /** A request of the load: counted in flight; no answer is fine only once the kill is under way. */
  async send(method: string, route: string, body?: unknown): Promise<Answer> {
    this.inFlight++;
    try {
      const answer = await call(this.server.url, method, route, this.token, body);
      if (answer.status === 0 && !this.stopping)
        this.fail(`${method} ${route} had no answer: ${answer.error}`);
      return answer;
    } finally {
      this.inFlight--;
    }
  }

  async signIn() {
    const answer = await call(this.server.url, 'POST', '/api/auth/login', undefined, SOAK_ADMIN);
    if (answer.status !== 200 || typeof answer.body.accessToken !== 'string')
      throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
    this.token = answer.body.accessToken;
  }

  /** Twenty-two items with known prices and stock, each answered 201 (the server is not killed meanwhile). */
  async seed() {
    for (let i = 0; i < ON_SALE.items + ON_SALE.scarce; i++) {
      const scarce = i >= ON_SALE.items;
      const price = 1_995 + i * 737; // centavos that make the 12% VAT round both ways
      const stock = scarce ? ON_SALE.scarceStock : ON_SALE.stock;
      const answer = await call(this.server.url, 'POST', '/api/inventory', this.token, {
        name: `Soak ${scarce ? 'Scarce' : 'Shelf'} Item ${i + 1}`,
        stock,
        unitPrice: pesos(price),
        purchasePrice: pesos(Math.floor(price * 0.6)),
      });
      const item = answer.status === 201 ? (answer.body.item as { _id: number; itemId: string }) : undefined;
      if (!item) throw new Error(`could not add an item: ${JSON.stringify(answer)}`);
      this.products.set(item._id, { id: item._id, code: item.itemId, price, initial: stock });
    }
    // A second terminal: half the tills sell there, so each series is checked under load.
    const added = await call(this.server.url, 'POST', '/api/terminals', this.token, {
      name: 'Soak Counter 2',
      invoicePrefix: 'S2-',
    });
    const terminal = added.status === 201 ? (added.body.terminal as { _id: number }) : undefined;
    if (!terminal) throw new Error(`could not add a terminal: ${JSON.stringify(added)}`);
    this.terminals = [1, terminal._id];
  }

  newSale(till: number, seq: number, rng: () => number): SaleAttempts {
    const ids = [...this.products.keys()];
    const shelf = ids.slice(0, ON_SALE.items);
    const scarce = ids.slice(ON_SALE.items);
    const chosen = new Set<number>();
    const lines = 1 + Math.floor(rng() * 3);
    while (chosen.size < lines) chosen.add(rng() < 0.08 ? pick(rng, scarce) : pick(rng, shelf));
    const cart = [...chosen].sort((a, b) => a - b).map((id) => ({ id, quantity: 1 + Math.floor(rng() * 3) }));
    const code = `${this.round.toString(36).padStart(3, '0')}${till.toString(36)}${seq.toString(36).padStart(4, '0')}`;
    const sale: SaleAttempts = {
      saleId: `SALE-${code.toUpperCase()}`,
      round: this.round,
      terminalId: this.terminals[till % this.terminals.length]!,
      cart,
      totals: totalsOf(cart, this.products),
      created: 0,
      repeated: 0,
      refused: 0,
      unanswered: 0,
      settled: false,
      refund: { ok: 0, conflict: 0, unanswered: 0, settled: false },
    };
    this.sales.set(sale.saleId, sale);
    return sale;
  }

  /** The legacy checkout body in pesos; half the tills send their own totals too. */
  body(sale: SaleAttempts, cart: CartLine[], withTotals: boolean) {
    const t = sale.totals;
    return {
      saleId: sale.saleId,
      customerName: 'Soak',
      orderType: 'Walk-in',
      items: cart.map((l) => ({ itemId: l.id, quantity: l.quantity })),
      taxRate: 12,
      paymentMethod: 'Cash',
      terminalId: sale.terminalId,
      ...(withTotals
        ? { subtotal: pesos(t.subtotal), taxAmount: pesos(t.taxAmount), totalAmount: pesos(t.totalAmount) }
        : {}),
    };
  }

  /** One checkout attempt of `sale`; every answer is held against the shop's rules (docs/rules.md). */
  async checkout(sale: SaleAttempts, withTotals: boolean): Promise<void> {
    if (this.stopping) return;
    const answer = await this.send('POST', '/api/sales', this.body(sale, sale.cart, withTotals));
    this.heard(sale, answer);
  }

  heard(sale: SaleAttempts, answer: Answer) {
    if (answer.status === 0) {
      sale.unanswered++;
      this.count.unanswered++;
      return;
    }
    if (answer.status === 201 || answer.status === 200) {
      const made = answer.body.sale as {
        _id: number;
        saleId: string;
        totalAmount: number;
        items: { _id: number; quantity: number }[];
      };
      const wasAcked = acknowledged(sale);
      if (answer.status === 201) sale.created++;
      else sale.repeated++;
      if (answer.body.repeated !== (answer.status === 200))
        this.fail(`${sale.saleId}: ${answer.status} with repeated=${answer.body.repeated}`);
      const items = made.items.map((l) => `${l._id}x${l.quantity}`).join(',');
      const want = sale.cart.map((l) => `${l.id}x${l.quantity}`).join(',');
      if (
        made.saleId !== sale.saleId ||
        items !== want ||
        centavos(made.totalAmount) !== sale.totals.totalAmount
      )
        this.fail(
          `${sale.saleId}: answered ${JSON.stringify(made)}; sent ${want}, total ${sale.totals.totalAmount}`,
        );
      if (sale.ref !== undefined && sale.ref !== made._id)
        this.fail(`${sale.saleId}: answered as _id ${made._id}, earlier as ${sale.ref}`);
      sale.ref = made._id;
      if (!wasAcked) {
        this.count.acknowledged++;
        this.onAck?.();
        this.onAck = undefined;
        this.refundable.push(sale);
      }
      return;
    }
    const message = String(answer.body.message ?? '');
    // Only the scarce items can run short; a shelf item refused for stock would be a bug.
    if (answer.status === 409 && STOCK_REFUSAL.test(message)) {
      sale.refused++;
      this.count.refused++;
      return;
    }
    this.fail(`${sale.saleId}: checkout answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** The same saleId with other lines: 409, and the sale already made is untouched. */
  async reuse(sale: SaleAttempts): Promise<void> {
    if (this.stopping) return;
    const other = sale.cart.map((l, i) => (i === 0 ? { ...l, quantity: l.quantity + 1 } : l));
    const answer = await this.send('POST', '/api/sales', this.body(sale, other, false));
    if (answer.status !== 0 && !(answer.status === 409 && answer.body.message === SALES_TEXT.saleIdReused))
      this.fail(`${sale.saleId} reused with other lines: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** A whole-sale refund, sometimes asked twice at once: one 200, the other "already refunded". */
  async refund(rng: () => number): Promise<void> {
    if (this.stopping || this.refundable.length === 0) return;
    const at = Math.floor(rng() * this.refundable.length);
    const sale = this.refundable[at]!;
    this.refundable.splice(at, 1);
    const times = rng() < 0.25 ? 2 : 1;
    await Promise.all(
      Array.from({ length: times }, async () => {
        this.tallyRefund(
          sale,
          await this.send('POST', `/api/sales/${sale.saleId}/refund`, { terminalId: sale.terminalId }),
        );
      }),
    );
  }

  tallyRefund(sale: SaleAttempts, answer: Answer) {
    if (answer.status === 0) sale.refund.unanswered++;
    else if (answer.status === 200 && (answer.body.sale as { status?: string })?.status === 'refunded') {
      sale.refund.ok++;
      this.count.refunds++;
      this.refunds++;
    } else if (answer.status === 409 && answer.body.message === SALES_TEXT.alreadyRefunded)
      sale.refund.conflict++;
    else this.fail(`refund of ${sale.saleId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** A till: checkouts with fresh saleIds, now and then a retry, a reuse, or a refund. */
  async till(till: number, rng: () => number): Promise<void> {
    let seq = 0;
    while (!this.stopping) {
      const roll = rng();
      if (roll < 0.06) {
        await this.refund(rng);
        continue;
      }
      const sale = this.newSale(till, seq++, rng);
      const withTotals = rng() < 0.5;
      if (roll < 0.14) {
        // Two of the same at once (a double tap): one sale, both answered with it.
        await Promise.all([this.checkout(sale, withTotals), this.checkout(sale, !withTotals)]);
        continue;
      }
      await this.checkout(sale, withTotals);
      if (roll < 0.2 && acknowledged(sale)) await this.checkout(sale, withTotals);
      else if (roll < 0.23 && acknowledged(sale)) await this.reuse(sale);
    }
  }

  /**
   * After a restart, each till retries what it sent without an answer, as a real till
   * would: a sale the file already holds must come back as the sale already made (200),
   * one it does not hold is made now (201) or refused for stock; a refund the file holds
   * is "already refunded" (409), one it does not is done now.
   */
  async settle(status: Map<string, string>) {
    for (const sale of this.sales.values()) {
      if (!acknowledged(sale) && sale.unanswered > 0 && !sale.settled) {
        const present = status.has(sale.saleId);
        const answer = await call(
          this.server.url,
          'POST',
          '/api/sales',
          this.token,
          this.body(sale, sale.cart, true),
        );
        if (answer.status === 0) throw new Error(`retry of ${sale.saleId} had no answer: ${answer.error}`);
        const expected = present ? [200] : [201, 409];
        if (!expected.includes(answer.status))
          this.fail(
            `${sale.saleId} was ${present ? '' : 'not '}in the database after the kill, but its retry answered ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        if (answer.status === 200) this.retriedRepeated++;
        this.heard(sale, answer);
        sale.settled = true;
      }
      const r = sale.refund;
      if (r.unanswered > 0 && r.ok === 0 && r.conflict === 0 && !r.settled) {
        const done = status.get(sale.saleId) === 'refunded';
        const answer = await call(this.server.url, 'POST', `/api/sales/${sale.saleId}/refund`, this.token, {
          terminalId: sale.terminalId,
        });
        if (answer.status === 0)
          throw new Error(`retry of refund ${sale.saleId} had no answer: ${answer.error}`);
        if (answer.status !== (done ? 409 : 200))
          this.fail(
            `refund of ${sale.saleId} was ${done ? '' : 'not '}in the database after the kill, but its retry answered ${answer.status}`,
          );
        this.tallyRefund(sale, answer);
        r.settled = true;
      }
    }
  }

  /**
   * The restarted server answers a sample of the last round's acknowledged sales with their
   * totals, and as refunded exactly when a refund of theirs was acknowledged (after settle()
   * every refund has a definite answer).
   */
  async verifyOverHttp(rng: () => number) {
    const recent = [...this.sales.values()].filter((s) => s.round === this.round - 1 && acknowledged(s));
    const sample = recent.filter(() => rng() < Math.min(1, 30 / Math.max(1, recent.length)));
    await Promise.all(
      sample.map(async (sale) => {
        const answer = await call(this.server.url, 'GET', `/api/sales/${sale.saleId}`, this.token);
        const got =
          answer.status === 200 ? (answer.body as { status: string; totalAmount: number }) : undefined;
        if (
          !got ||
          got.status !== (sale.refund.ok + sale.refund.conflict > 0 ? 'refunded' : 'completed') ||
          centavos(got.totalAmount) !== sale.totals.totalAmount
        )
          this.fail(`GET /api/sales/${sale.saleId} after restart: ${JSON.stringify(answer)}`);
      }),
    );
  }
}

/** Runs the soak; never throws for a failed check (those are in `failures`), only for a broken harness. */
export async function soak(options: SoakOptions): Promise<SoakSummary> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const log = options.log ?? (() => {});
  const tills = options.tills ?? 12;
  const [killMin, killMax] = options.killWindowMs ?? [50, 1500];
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-soak-'));
  const dbFile = path.join(dataDir, 'shop.sqlite');
  const server = new ShopServer(dataDir);
  const run = new Soak(server, log);
  const perRound: RoundReport[] = [];
  let unacknowledgedButPresent = 0;
  let found = 0;
  try {
    await server.start();
    await run.signIn();
    await run.seed();
    log(`seed ${seed}: ${run.products.size} items seeded in ${dataDir}`);
    let status = new Map<string, string>();
    for (let round = 1; round <= options.rounds; round++) {
      const roundStarted = Date.now();
      run.round = round;
      let restartMs = 0;
      if (!server.running) {
        await server.start();
        restartMs = Date.now() - roundStarted;
        await run.signIn();
        await run.settle(status);
        await run.verifyOverHttp(prng(seed, round, 999));
      }
      run.count = { acknowledged: 0, unanswered: 0, refunds: 0, refused: 0 };
      run.stopping = false;
      const killAfterMs = killMin + Math.floor(prng(seed, round, 0)() * (killMax - killMin + 1));
      const loadStarted = Date.now();
      const flowing = run.nextAck();
      const load = Array.from({ length: tills }, (_, till) => run.till(till, prng(seed, round, till + 1)));
      // The kill's moment counts from the round's first acknowledged sale, so every round has
      // load to cut into, however slowly the restarted server warms up.
      if (!(await within(flowing, 15_000)))
        run.fail('no sale was acknowledged within 15 s of the load starting');
      const firstAckMs = Date.now() - loadStarted;
      await sleep(killAfterMs);
      run.stopping = true;
      const inFlightAtKill = run.inFlight;
      await server.kill();
      await Promise.all(load);
      const check = checkDatabase(dbFile, run.products, run.sales);
      for (const failure of check.failures) run.fail(failure);
      status = check.status;
      unacknowledgedButPresent += check.unacknowledgedPresent.length;
      const report: RoundReport = {
        round,
        killAfterMs,
        inFlightAtKill,
        ...run.count,
        unacknowledgedPresent: check.unacknowledgedPresent.length,
        restartMs,
        firstAckMs,
        ms: Date.now() - roundStarted,
      };
      perRound.push(report);
      log(
        `round ${round}/${options.rounds}: killed after ${killAfterMs} ms with ${inFlightAtKill} in flight; ` +
          `${report.acknowledged} sales acknowledged, ${report.refunds} refunds, ${report.refused} refused for stock, ` +
          `${report.unanswered} unanswered, ${report.unacknowledgedPresent} unacknowledged but present; ` +
          `${check.failures.length === 0 ? 'ok' : `${check.failures.length} FAILURES`} ` +
          `(${report.ms} ms; restart ${restartMs} ms, first sale ${firstAckMs} ms)`,
      );
    }
    // Closing: restart once more, let the tills settle, stop cleanly, and check the file again.
    run.round = options.rounds + 1;
    await server.start();
    await run.signIn();
    await run.settle(status);
    await run.verifyOverHttp(prng(seed, run.round, 999));
    await server.stop();
    const last = checkDatabase(dbFile, run.products, run.sales);
    for (const failure of last.failures) run.fail(failure);
    for (const sale of run.sales.values()) if (acknowledged(sale) && last.status.has(sale.saleId)) found++;
  } finally {
    await server.kill();
    if (!(options.keepDataOnFailure && run.failures.length > 0))
      rmSync(dataDir, { recursive: true, force: true });
  }
  const failures = run.failures;
  const keep = options.keepDataOnFailure && failures.length > 0;
  return {
    rounds: perRound.length,
    seed,
    acknowledged: [...run.sales.values()].filter(acknowledged).length,
    found,
    unacknowledgedButPresent,
    retriedRepeated: run.retriedRepeated,
    refunds: run.refunds,
    killedInFlight: perRound.filter((r) => r.inFlightAtKill > 0).length,
    perRound,
    failures,
    ...(keep ? { dataDir } : {}),
    ms: Date.now() - started,
  };
}
