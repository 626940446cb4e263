// What every till of the soak shares (bench/soakRounds.ts): the server, the sign-in, the kill
// flag, the requests in flight by kind, the failures, and the clients' knowledge (soakTypes.ts).

import { type Answer, call, type ShopServer, SOAK_ADMIN } from './soakServer';
import type { Known } from './soakTypes';

/** What a request of the load does: counted in flight by kind when the kill comes. */
export type Kind = 'sale' | 'refund' | 'receipt' | 'batch' | 'order' | 'pickup' | 'offline' | 'other';
export const KINDS: Kind[] = ['sale', 'refund', 'receipt', 'batch', 'order', 'pickup', 'offline', 'other'];

/** Per round: what was acknowledged, refused, left unanswered. */
export type Tally = Record<
  | 'acknowledged'
  | 'unanswered'
  | 'refunds'
  | 'refused'
  | 'receipts'
  | 'batches'
  | 'orders'
  | 'pickups'
  | 'offline',
  number
>;
export const noTally = (): Tally => ({
  acknowledged: 0,
  unanswered: 0,
  refunds: 0,
  refused: 0,
  receipts: 0,
  batches: 0,
  orders: 0,
  pickups: 0,
  offline: 0,
});

// ---- A small seeded PRNG (mulberry32), one stream per purpose, so a seed replays. ----
export function prng(...parts: number[]): () => number {
  let a = 0x9e3779b9;
  for (const p of parts) a = Math.imul(a ^ (p >>> 0), 0x85ebca6b) ^ (a >>> 13);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
/** A copy of `list` in an order the PRNG chose (Fisher-Yates). */
export function shuffled<T>(rng: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
/** A whole number from `from` to `to`. */
export const between = (rng: () => number, from: number, to: number) =>
  from + Math.floor(rng() * (to - from + 1));

export const pesos = (centavos: number) => centavos / 100;
export const centavos = (pesos: unknown) => Math.round(Number(pesos) * 100);

export class SoakRun {
  readonly failures: string[] = [];
  readonly known: Known = {
    products: new Map(),
    sales: new Map(),
    ingredients: [],
    cakes: [],
    receipts: [],
    batches: [],
    orders: new Map(),
    devices: [],
  };
  /** The terminals the tills sell at: the first, and one the seeding adds. */
  terminals: number[] = [1];
  token = '';
  /** The admin's user id: the cashier of the offline devices' sales. */
  userId = 0;
  stopping = false;
  round = 0;
  readonly inFlight = new Map<Kind, number>();
  count: Tally = noTally();

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
  acked() {
    this.onAck?.();
    this.onAck = undefined;
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

  get inFlightTotal(): number {
    return [...this.inFlight.values()].reduce((sum, n) => sum + n, 0);
  }

  /** A request of the load: counted in flight; no answer is fine only once the kill is under way. */
  async send(kind: Kind, method: string, route: string, body?: unknown): Promise<Answer> {
    this.inFlight.set(kind, (this.inFlight.get(kind) ?? 0) + 1);
    try {
      const answer = await call(this.server.url, method, route, this.token, body);
      if (answer.status === 0 && !this.stopping)
        this.fail(`${method} ${route} had no answer: ${answer.error}`);
      return answer;
    } finally {
      this.inFlight.set(kind, this.inFlight.get(kind)! - 1);
    }
  }

  /** A request while nothing kills the server (seeding, settling): no answer breaks the harness. */
  async ask(method: string, route: string, body?: unknown): Promise<Answer> {
    const answer = await call(this.server.url, method, route, this.token, body);
    if (answer.status === 0) throw new Error(`${method} ${route} had no answer: ${answer.error}`);
    return answer;
  }

  /** `ask`, and the answer must be `status`: seeding cannot go on otherwise. */
  async must<T = Record<string, unknown>>(status: number, method: string, route: string, body?: unknown) {
    const answer = await this.ask(method, route, body);
    if (answer.status !== status)
      throw new Error(`${method} ${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  }

  async signIn() {
    const answer = await call(this.server.url, 'POST', '/api/auth/login', undefined, SOAK_ADMIN);
    if (answer.status !== 200 || typeof answer.body.accessToken !== 'string')
      throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
    this.token = answer.body.accessToken;
    this.userId = (answer.body.user as { id: number }).id;
  }
}
