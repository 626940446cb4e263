// The fastest one thread could check out on this machine, measured in the same run: the
// baseline's writes alone (bench/bareWrites.ts; no HTTP, no auth, no ORM), 32 sales to a
// commit, each in a savepoint, as the app's group commit runs them. With 32 sales in
// flight no server doing these writes on one thread can answer faster, on average, than
// 32 ÷ this rate: the floor under the checkout p99 target. run.ts adds the HTTP part: the
// bare server answering the same requests with nothing behind them (bare.ts's /echo).
import type Database from 'better-sqlite3';
import { type Body, bareWrites } from './bareWrites';

export interface Floor {
  usPerSale: number;
  perSecond: number;
  failed: number;
  /** Plain Fastify reading the same requests and answering small JSON: µs a request (bare.ts /echo). */
  httpUs?: number;
  /** The bare server doing these writes with the app's group commit, at 32 connections (bare.ts /sales/together). */
  together?: { rps: number; p50: number; p99: number };
}

export function checkoutFloor(
  sqlite: Database.Database,
  cart: () => Body,
  perCommit = 32,
  sales = 3200,
): Floor {
  const writes = bareWrites(sqlite);
  const one = sqlite.transaction(writes.sale);
  let failed = 0;
  const commit = sqlite.transaction((bodies: Body[]) => {
    for (const body of bodies) {
      try {
        one(body); // inside a transaction: a savepoint
      } catch {
        failed++;
      }
    }
  });
  const run = (count: number) => {
    const batches = Array.from({ length: Math.ceil(count / perCommit) }, () =>
      Array.from({ length: perCommit }, cart),
    );
    const started = performance.now();
    for (const batch of batches) commit.immediate(batch);
    return performance.now() - started;
  };
  run(perCommit * 10); // warm: statements prepared, pages cached
  failed = 0;
  const ms = run(sales);
  return { usPerSale: (ms * 1000) / sales, perSecond: (sales * 1000) / ms, failed };
}
