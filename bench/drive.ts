// How `npm run bench` drives its servers: autocannon over loopback from this process, each
// scenario warmed up on both sides and then measured on the app and on the baseline in turn
// (bench/measureShop.ts runs them over a seeded shop).
import { existsSync, statSync } from 'node:fs';
import autocannon from 'autocannon';
import type { SeededShop } from './bigShop';
import type { Server } from './processes';
import type { Measured } from './report';
import type { Scenario } from './scenarios';
import { lotsPair } from './targets';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARM_SECONDS = 2;

type Request = NonNullable<autocannon.Options['requests']>[number];

export async function drive(
  url: string,
  requests: Request[],
  connections: number,
  seconds: number,
  token?: string,
) {
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

export async function signIn(url: string, who: { email: string; password: string }) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** One scenario on the app and on the baseline, each warmed up first, with each one's peak memory. */
export async function measureBoth(s: Scenario, app: Server, bare: Server, tokens: Record<string, string>) {
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
export async function alternate(list: Scenario[], app: Server, shop: SeededShop, token: string, rounds = 4) {
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

/**
 * The app and the baseline write to one database file, so neither can always checkpoint the
 * other's writes, and after the checkout scenarios the log (WAL) had grown: a later read
 * scenario then ran 9× slower in one run. A shop runs one server, which checkpoints as it
 * goes. So each scenario starts from a checkpointed database; what was left is logged.
 */
export function walSettled(shop: SeededShop) {
  const wal = `${shop.dbFile}-wal`;
  const before = existsSync(wal) ? statSync(wal).size / 1e6 : 0;
  const [result] = shop.db.$client.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  if (before > 1)
    console.log(`  (WAL was ${before.toFixed(0)} MB; checkpointed${result?.busy ? ', busy' : ''})`);
}
