// The bare baseline server, run as its own process beside the app's (bench/processes.ts):
// plain Fastify routes on plain better-sqlite3, no auth, no validation, no ORM.
// - GET /replay/:name replays the statements the app ran for that scenario (bench/capture.ts).
// - POST /login, /sales, /sales/offline, /sales/:id/refund, /purchase-orders/:id/receive,
//   /production, /cake-orders and /cake-orders/:id/pickup write what the app's transactions
//   write, by hand.
// - GET /journal/verify walks the journal's hash chain in plain code (bench/bareJournal.ts).
// - GET /naive/* are the earlier issues' naive baselines (bench/naive.ts).
import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import { writeTogether } from '../server/db/groupCommit';
import { openDb } from '../server/db/open';
import { bareVerify } from './bareJournal';
import { bareOffline, type OfflineBody } from './bareOffline';
import { bareOrders, type TakeBody } from './bareOrders';
import type { PickupBody } from './barePickup';
import { type Body, bareWrites } from './bareWrites';
import { replayer, type Step } from './capture';
import { naiveQueries, naiveSearch } from './naive';

const db = openDb(process.env.BENCH_DB as string);
const sqlite = db.$client;
const captures = JSON.parse(readFileSync(process.env.BENCH_CAPTURES as string, 'utf8')) as Record<
  string,
  Step[]
>;
const replay = replayer(sqlite);
const naive = naiveQueries(db);
const search = naiveSearch(db);

const writes = bareWrites(sqlite);
const checkout = sqlite.transaction(writes.sale);
const refund = sqlite.transaction(writes.refund);
const receive = sqlite.transaction(writes.receive);
const bake = sqlite.transaction(writes.bake);
const offline = bareOffline(sqlite, writes.parts);
const orders = bareOrders(sqlite, writes.parts);
const takeOrder = sqlite.transaction(orders.take);
const pickUp = sqlite.transaction(orders.pickup);
const verifyJournal = bareVerify(sqlite);

const lookup = sqlite.prepare('select password_hash from users where email = ?');
const bare = Fastify({ logger: false });
bare.get('/health', () => ({ status: 'ok' }));
bare.get<{ Params: { name: string } }>('/replay/:name', (req) => {
  const steps = captures[req.params.name];
  if (!steps) throw new Error(`No capture named ${req.params.name}`);
  // Wrapped: the last statement may answer a bare number or undefined, which is no JSON body.
  return { result: replay(steps) ?? null };
});
bare.post('/login', async (req) => {
  const { email, password } = req.body as { email: string; password: string };
  const row = lookup.get(email) as { password_hash: string };
  return { ok: await verify(row.password_hash, password) };
});
bare.post('/sales', (req) => checkout.immediate(req.body as Body));
// The same writes sharing commits as the app's do (server/db/groupCommit.ts): the fastest
// plain server doing them, beside which the checkout p99 target is judged (bench/floor.ts).
bare.post('/sales/together', (req) => writeTogether(db, () => writes.sale(req.body as Body)));
// HTTP alone: the checkout's request read and a small JSON answer, nothing else (bench/floor.ts).
bare.post('/echo', (req) => ({ saleId: (req.body as Body).saleId }));
// A sale made offline (bench/drain.ts), sharing commits as the app's offline sales do: answered
// 201, or 200 when its sale id is on file already.
bare.post('/sales/offline', async (req, reply) => {
  const answer = await writeTogether(db, () => offline(req.body as OfflineBody));
  return reply.status('repeated' in answer ? 200 : 201).send(answer);
});
bare.post<{ Params: { id: string } }>('/sales/:id/refund', (req) => refund.immediate(Number(req.params.id)));
bare.post<{ Params: { id: string } }>('/purchase-orders/:id/receive', (req) =>
  receive.immediate(Number(req.params.id), req.body as Parameters<typeof writes.receive>[1]),
);
bare.post('/production', (req) => bake.immediate(req.body as Parameters<typeof writes.bake>[0]));
bare.post('/cake-orders', (req, reply) => reply.status(201).send(takeOrder.immediate(req.body as TakeBody)));
bare.post<{ Params: { id: string } }>('/cake-orders/:id/pickup', (req, reply) => {
  const answer = pickUp.immediate(Number(req.params.id), req.body as PickupBody);
  return reply.status(answer.repeated ? 200 : 201).send(answer);
});
bare.get('/journal/verify', () => verifyJournal());
bare.get<{ Querystring: { search: string } }>('/naive/search', (req) => search(req.query.search));
bare.get<{ Querystring: { from: string; to: string } }>('/naive/summary', (req) =>
  naive.summary(req.query.from, req.query.to),
);
bare.get('/naive/dashboard', () => naive.dashboard());
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
