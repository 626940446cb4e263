import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ADMIN, postJson, type TestShop, testApp } from '../helpers/app';

let shop: TestShop;
const lines: string[] = [];
beforeAll(async () => {
  shop = await testApp();
  await shop.app.close();
  shop.app = await buildApp({
    db: shop.db,
    config: shop.config,
    logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
  });
});
afterAll(() => shop.close());

it('logs one line per request and never a password or token', async () => {
  const login = await postJson(shop, '/api/auth/login', ADMIN);
  const { accessToken, refreshToken } = login.json();
  await postJson(shop, '/api/auth/refresh', { refreshToken });
  await shop.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  await postJson(shop, '/api/auth/login', { email: ADMIN.email, password: 'wrong-secret-typed' });

  const log = lines.join('\n');
  const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
  expect(requests.map((r) => [r.method, r.url, r.status])).toEqual([
    ['POST', '/api/auth/login', 200],
    ['POST', '/api/auth/refresh', 200],
    ['GET', '/api/auth/me', 200],
    ['POST', '/api/auth/login', 401],
  ]);
  expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
  for (const secret of [ADMIN.password, 'wrong-secret-typed', accessToken, refreshToken]) {
    expect(log).not.toContain(secret);
  }
});
