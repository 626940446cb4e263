// The counter during a big restore: /api/health's latency while a 50,000-row inventory
// restore runs, beside the same probe with the server idle, and how a till's write is
// answered meanwhile. Part of `npm run bench` (on the large shop); `npm run bench:restore`
// runs it alone on an empty shop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inventoryWorkbook } from '../tests/helpers/zip';
import { BENCH_ADMIN } from './bigShop';
import { startApp } from './processes';
import { addToResults } from './results';

const ROWS = 50_000;
const PROBES = 4;

export interface RestoreStall {
  rows: number;
  restoreSeconds: number;
  status: number;
  idle: Latency;
  during: Latency;
  writes: { answered: number; busy: number; other: number };
}

interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** Health probes, PROBES at a time, until `until` says stop; their latencies in ms. */
async function probe(url: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      while (!until()) {
        const started = performance.now();
        await fetch(`${url}/api/health`);
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples;
}

/** An item to sell while the restore runs, added over REST. */
async function benchItem(url: string, auth: Record<string, string>): Promise<string> {
  const res = await fetch(`${url}/api/inventory`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Restore Bench Flour', stock: 1_000_000, unitPrice: 50, purchasePrice: 30 }),
  });
  const body = (await res.json()) as { _id?: string; item?: { _id: string } };
  const id = body.item?._id ?? body._id;
  if (!res.ok || !id) throw new Error(`adding the bench item answered ${res.status}`);
  return id;
}

export async function healthDuringRestore(
  url: string,
  token: string,
  from = 9_000_000,
): Promise<RestoreStall> {
  const auth = { authorization: `Bearer ${token}` };
  const file = inventoryWorkbook(ROWS, from);
  const idleUntil = performance.now() + 3000;
  const idle = latency(await probe(url, () => performance.now() > idleUntil));

  let done = false;
  const started = performance.now();
  const restoring = fetch(`${url}/api/backup/inventory/restore`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(file),
  }).finally(() => {
    done = true;
  });
  // A till selling meanwhile, one sale at a time.
  const writes = { answered: 0, busy: 0, other: 0 };
  const sale = JSON.stringify({
    customerName: '',
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    taxRate: 0,
    items: [{ itemId: await benchItem(url, auth), quantity: 1 }],
  });
  const writing = (async () => {
    while (!done) {
      const res = await fetch(`${url}/api/sales`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: sale,
      });
      if (res.status === 503) writes.busy++;
      else if (res.ok) writes.answered++;
      else writes.other++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const during = latency(await probe(url, () => done));
  const answer = await restoring;
  await writing;
  return {
    rows: ROWS,
    restoreSeconds: (performance.now() - started) / 1000,
    status: answer.status,
    idle,
    during,
    writes,
  };
}

export function restoreSection(figures: RestoreStall, shop: string): string {
  const f = (n: number) => n.toFixed(1);
  return [
    `/api/health while a ${figures.rows.toLocaleString('en-PH')}-row inventory restore runs (${shop}; ${PROBES} probes at a time; the restore answered ${figures.status} in ${f(figures.restoreSeconds)} s):`,
    '',
    '| health | probes | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    `| idle | ${figures.idle.count} | ${f(figures.idle.p50)} | ${f(figures.idle.p99)} | ${f(figures.idle.max)} |`,
    `| during the restore | ${figures.during.count} | ${f(figures.during.p50)} | ${f(figures.during.p99)} | ${f(figures.during.max)} |`,
    '',
    `A till selling meanwhile (one sale every 20 ms): ${figures.writes.answered} sales went through, ${figures.writes.busy} were told at once that a restore is being applied (503), ${figures.writes.other} other answers.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-restore-'));
  const app = await startApp(dir);
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const figures = await healthDuringRestore(app.url, accessToken);
    const section = `## ${new Date().toISOString()} · restore stall alone · empty shop · loopback\n\n${restoreSection(figures, 'an empty shop')}`;
    addToResults(section);
    console.log(section);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
