// Temporary: four tills against a running app (PORT, TOKEN); not committed.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { cartMaker } from '../carts';
const sqlite = new Database('/tmp/zshop/shop.sqlite', { readonly: true });
const cart = cartMaker({ $client: sqlite } as never);
const conns = Number(process.env.CONNS ?? 4);
const result = await autocannon({
  url: `http://127.0.0.1:${process.env.PORT}${process.env.PATH_ ?? '/api/sales'}`,
  connections: conns,
  duration: Number(process.env.SECS ?? 10),
  requests: [{ method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.TOKEN}` }, setupRequest: (r) => ({ ...r, body: cart('plain') }) }],
});
console.log(JSON.stringify({ rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, non2xx: result.non2xx }));
