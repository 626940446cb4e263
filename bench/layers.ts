// `npm run bench:layers`: where one read's time goes, layer by layer, in one process
// (docs/decisions.md, Where a read's time goes). The Inventory screen's first page, asked
// over REST, over tRPC, and each layer on its own: Fastify's floor (GET /api/health), the
// session check, input validation, the service's read, the tRPC caller, the answer's JSON,
// compression and the request log. Each figure is the fastest of 7 rounds of ROUNDS calls,
// so a busy machine slows it less than it slows a throughput figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/open';
import { inventoryItems } from '../server/db/schema';
import { seedSystemAdmin } from '../server/db/seed';
import { viewerFromToken } from '../server/domains/auth/viewer';
import { listItems } from '../server/domains/inventory/queries';
import { inventoryRouter } from '../server/domains/inventory/router';
import { contextFrom, createCallerFactory } from '../server/trpc/procedures';
import { listItemsInput } from '../shared/schemas/inventory';

const ITEMS = Number(process.env.LAYERS_ITEMS ?? 5_000);
const ROUNDS = Number(process.env.LAYERS_ROUNDS ?? 2_000);
const ADMIN = { email: 'layers@bakeshop.test', password: 'layers-password-1' };

const dir = mkdtempSync(path.join(tmpdir(), 'bench-layers-'));
const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const db = openDb(config.dbFile);
await seedSystemAdmin(db, config);
db.transaction((tx) => {
  for (let n = 1; n <= ITEMS; n++)
    tx.insert(inventoryItems)
      .values({
        itemId: `INV-${String(n).padStart(6, '0')}`,
        name: `Item ${n}`,
        stock: 50_000,
        unitPrice: 1_000 + n,
        purchasePrice: 500,
      })
      .run();
});

let logged = 0;
const quiet = await buildApp({ db, config, logger: false });
// The request log as the server writes it, into a stream that only counts the lines.
const logging = await buildApp({
  db,
  config,
  logger: { level: 'info', stream: { write: () => void logged++ } },
});
const { accessToken } = (
  await quiet.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })
).json<{ accessToken: string }>();
const headers = { authorization: `Bearer ${accessToken}` };
const rest = '/api/inventory?page=1&limit=10';
const trpc = `/trpc/inventory.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1, limit: 10 } }))}`;
const input = listItemsInput.parse({ page: 1, limit: 10 });
const inventory = createCallerFactory(inventoryRouter);
const ctx = () => contextFrom({ db, config }, { ip: '127.0.0.1', headers });
const answer = await quiet.inject({ url: rest, headers });
if (answer.statusCode !== 200) throw new Error(`${rest}: ${answer.statusCode} ${answer.body}`);
const gzipped = promisify(gzip);

/** Microseconds a call, the fastest of 7 rounds. */
async function time(fn: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    for (let n = 0; n < ROUNDS; n++) await fn();
    best = Math.min(best, ((performance.now() - started) / ROUNDS) * 1000);
  }
  return best;
}

const measured = {
  floor: await time(() => quiet.inject({ url: '/api/health' })),
  session: await time(() => viewerFromToken(db, config, accessToken)),
  validation: await time(() => listItemsInput.parse({ page: 1, limit: 10 })),
  read: await time(() => listItems(db, input)),
  caller: await time(() => inventory(ctx()).list(input)),
  json: await time(() => JSON.stringify(answer.json())),
  restWhole: await time(() => quiet.inject({ url: rest, headers })),
  trpcWhole: await time(() => quiet.inject({ url: trpc, headers })),
  gzipWhole: await time(() =>
    quiet.inject({ url: rest, headers: { ...headers, 'accept-encoding': 'gzip' } }),
  ),
  gzip: await time(() => gzipped(answer.body)),
  loggedWhole: await time(() => logging.inject({ url: rest, headers })),
};
if (logged === 0) throw new Error('the logging app wrote no request lines');

const us = (n: number) => `${n.toFixed(1)} µs`;
const callerOwn = measured.caller - measured.session - measured.validation - measured.read;
const rows: [string, number, string][] = [
  ['Fastify, its hooks and the security headers (GET /api/health, in process)', measured.floor, 'floor'],
  ['the session check (token read from its cache, session and user row)', measured.session, ''],
  ['input validation (zod)', measured.validation, ''],
  ["the service's read (prepared statements, drizzle mapping)", measured.read, ''],
  ['the tRPC caller around them (middleware, context)', callerOwn, 'caller − the three above'],
  ['the answer as JSON (Fastify sends it with JSON.stringify)', measured.json, ''],
  ['REST: the whole request', measured.restWhole, ''],
  ['tRPC: the whole request (the transformer included)', measured.trpcWhole, ''],
  [
    'compression: gzip of the answer (a browser asks for it; the bench does not)',
    measured.gzip,
    `whole request ${us(measured.gzipWhole)}`,
  ],
  [
    'logging: the request line',
    measured.loggedWhole - measured.restWhole,
    `whole request ${us(measured.loggedWhole)}`,
  ],
];
console.log(
  `\nThe Inventory screen's first page (${ITEMS.toLocaleString('en-PH')} items), fastest of 7 rounds of ${ROUNDS}:\n`,
);
console.log('| layer | µs a request | |\n|---|---:|---|');
for (const [name, value, note] of rows) console.log(`| ${name} | ${value.toFixed(1)} | ${note} |`);

await quiet.close();
await logging.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
