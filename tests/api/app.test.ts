import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../server/app';
import { openDb } from '../../server/db/open';
import { registrationRequests } from '../../server/db/schema';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { type TestShop, testApp } from '../helpers/app';

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

describe('server', () => {
  it('answers GET /api/health without a token', async () => {
    const res = await shop.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a CSP that allows only its own scripts', async () => {
    const res = await shop.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The service worker that keeps the app's files is the app's own script.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer: REST, tRPC, a refusal and a 404', async () => {
    const expected = {
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    };
    const first = await shop.app.inject({ url: '/api/health' });
    for (const url of ['/api/health', '/trpc/auth.me', '/api/nothing', '/trpc/no.such']) {
      const res = await shop.app.inject({ url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['content-security-policy'], url).toBe(first.headers['content-security-policy']);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('never leaks a stack trace in a tRPC error', async () => {
    const res = await shop.app.inject({ url: '/trpc/auth.me' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/stack|\.ts:\d+/);
  });
});

describe('client routes', () => {
  let withClient: TestShop;
  beforeAll(async () => {
    // A stand-in build, so this test does not depend on `npm run build` having run.
    const dir = path.join(shop.config.dataDir, 'client');
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root">shop</div>');
    writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'shell.html'), '<!doctype html><div id="root">shell</div>');
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    mkdirSync(path.join(dir, 'pages'));
    writeFileSync(path.join(dir, 'pages', 'inventory.html'), '<!doctype html><div id="root">inventory</div>');
    withClient = await testApp();
    await withClient.app.close();
    withClient.config.clientDir = dir;
    const { buildApp } = await import('../../server/app');
    withClient.app = await buildApp({ db: withClient.db, config: withClient.config, logger: false });
  });
  afterAll(() => withClient.close());

  it.each([
    ['/', 'shop'],
    ['/login', 'shop'],
    ['/login?next=x', 'shop'],
    ['/dashboard', 'shell'],
    ['/activity-log', 'shell'],
    ['/inventory', 'inventory'],
    ['/inventory?page=2', 'inventory'],
    ['/inventory/anything', 'inventory'],
  ])('serves the page that preloads the code of %s', async (url, page) => {
    const res = await withClient.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root">${page}</div>`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the pages only at their paths, never as files of their own', async () => {
    for (const url of ['/pages/inventory.html', '/shell.html']) {
      const res = await withClient.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers HEAD for a page as the page would, not as a missing API route', async () => {
    const res = await withClient.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves hashed assets as immutable and a missing asset as 404', async () => {
    const asset = await withClient.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await withClient.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the service worker as JavaScript that browsers check for a new version on every visit', async () => {
    const res = await withClient.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown /api routes as JSON 404, not the app page', async () => {
    const res = await withClient.app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});

describe('database', () => {
  it('sets WAL, synchronous=FULL and foreign keys on every open, including a reopen', () => {
    const file = path.join(shop.config.dataDir, 'reopen.sqlite');
    for (let i = 0; i < 2; i++) {
      const db = openDb(file);
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.$client.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      db.$client.close();
    }
  });
});

describe('the JSON content type on a call that carries no body', () => {
  const EMPTY_REFUSED = /Body cannot be empty/;

  it('approves a registration sent with the JSON header and no body, as the contract sends it', async () => {
    const admin = await shop.adminSession();
    await shop
      .caller(undefined, '10.9.0.1')
      .requests.register({ email: 'new.baker@example.com', password: 'flour-and-eggs' });
    const { id } = shop.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.email, 'new.baker@example.com'))
      .get()!;
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/request/approve/${id}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.json()).toMatchObject({ message: ACCOUNT_TEXT.registrationApproved });
    expect(res.statusCode).toBe(200);
  });

  it('is never refused for the missing body itself, on any route that writes', async () => {
    const admin = await shop.adminSession();
    const writes = routesOf(shop.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const res = await shop.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:\w+/g, '999999'),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(res.body, `${route.method} ${route.url}`).not.toMatch(EMPTY_REFUSED);
    }
  });

  it('still refuses a body that is not JSON, with 400 and a message', async () => {
    const admin = await shop.adminSession();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      payload: '{"lines": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
