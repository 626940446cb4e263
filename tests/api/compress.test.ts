import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { acceptsGzip, COMPRESS_FROM } from '../../server/transport/compress';
import { type TestShop, testApp } from '../helpers/app';

// JSON answers go gzipped to a browser that accepts it (server/transport/compress.ts). The
// counter's product list was 716 kB on the wire, most of Lighthouse's 7.4 s LCP on /sales-management.

let shop: TestShop;
let token: string;
const PRODUCTS = `/trpc/sales.products?input=${encodeURIComponent(JSON.stringify({ json: { search: '' } }))}`;

beforeAll(async () => {
  shop = await testApp();
  token = (await shop.signedIn('staff')).accessToken;
  shop.db
    .insert(inventoryItems)
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        itemId: `INV-${100 + n}`,
        name: `Bread Flour ${n}`,
        stock: 40_000,
        unitPrice: 16000,
        purchasePrice: 12000,
        restockThreshold: 5_000,
      })),
    )
    .run();
});
afterAll(() => shop.close());

const get = (url: string, acceptEncoding?: string) =>
  shop.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('compressed answers', () => {
  it('sends a large tRPC answer gzipped, reading back exactly the plain answer', async () => {
    const plain = await get(PRODUCTS);
    const packed = await get(PRODUCTS, 'gzip, deflate');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
    expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends a large REST answer gzipped too', async () => {
    const plain = await get('/api/inventory?page=1&limit=100');
    const packed = await get('/api/inventory?page=1&limit=100', 'br, gzip');
    expect(plain.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('keeps the status of a refusal and sends a small answer as it is', async () => {
    const refused = await shop.app.inject({
      method: 'GET',
      url: PRODUCTS,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().error.json.data.httpStatus).toBe(401);
    const health = await get('/api/health', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.statusCode).toBe(200);
  });

  it('sends it plain to a client that refuses gzip', async () => {
    for (const header of ['gzip;q=0', 'identity', 'br', 'deflate']) {
      const answer = await get(PRODUCTS, header);
      expect(answer.headers['content-encoding'], header).toBeUndefined();
      expect(answer.json()[0]?.result ?? answer.json().result).toBeDefined();
    }
  });

  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.0')).toBe(false);
    expect(acceptsGzip('x-gzip-not')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});
