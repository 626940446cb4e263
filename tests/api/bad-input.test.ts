import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/app';
import { type TestShop, testApp } from '../helpers/app';

// Every route of the foundation, fed what a broken client or a hostile script sends.
const ROUTES = [
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/request/register',
  '/api/resetRequest',
  '/api/resetRequest/reset-password',
];

const TRPC = [
  'auth.login',
  'auth.refresh',
  'auth.logout',
  'auth.setNewPassword',
  'requests.register',
  'resetRequests.create',
];

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await testApp();
  token = (await shop.signedIn('staff')).accessToken;
});
afterAll(() => shop.close());

function send(url: string, payload: string, contentType = 'application/json') {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
}

const WRONG_TYPES = [
  '{"email": 42, "password": true, "refreshToken": 7, "userId": "abc", "newPassword": null}',
  '[]',
  '"just a string"',
  'null',
  '{"email": {"$gt": ""}, "password": ["a"], "refreshToken": {}, "userId": [], "newPassword": {}}',
];

describe.each(ROUTES)('%s', (url) => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await send(url, '{"email": "a@b.co", ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each(WRONG_TYPES)('answers wrong types %s with a 4xx and a message, never 500', async (payload) => {
    const res = await send(url, payload);
    // logout takes an optional token and always succeeds; everything else refuses.
    if (url === '/api/auth/logout') expect([200, 400]).toContain(res.statusCode);
    else expect([400, 401, 403]).toContain(res.statusCode);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses an oversized body with 413 and a message before reading it', async () => {
    const res = await send(url, JSON.stringify({ email: 'a'.repeat(BODY_LIMIT) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses an oversized field that fits the body limit with 400', async () => {
    const big = 'a'.repeat(20_000);
    const res = await send(
      url,
      JSON.stringify({
        email: `${big}@x.com`,
        password: big,
        refreshToken: big,
        userId: 1,
        newPassword: big,
      }),
    );
    expect([400, 403]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers a body of the wrong content type with a 4xx', async () => {
    const res = await send(url, '<xml/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe.each(TRPC)('tRPC %s', (procedure) => {
  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    // A body without a "json" key is no input at all, which logout alone accepts.
    const noInput = procedure === 'auth.logout' ? [200] : [400, 403];
    for (const [payload, allowed] of [
      ['{"json": ', [400]],
      ['{"json": {"email": 1, "password": 2, "userId": "x", "refreshToken": 5}}', [400, 403]],
      ['[1,2]', noInput],
    ] as const) {
      const res = await send(`/trpc/${procedure}`, payload);
      expect(allowed, `${payload} -> ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) continue;
      expect(res.json().error.json.message).toEqual(expect.any(String));
    }
  });
});

describe('unknown routes', () => {
  it('answers an unknown /api route with JSON 404', async () => {
    const res = await shop.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/No such API route/);
  });
});

// docs/rules.md, Bad input: an id in a REST path that cannot name a record is 404 like any
// unknown id, not the schema's 400 (found by the authorisation matrix's seeded calls).
describe('a path id that names no record', () => {
  const po = { supplierId: 'SUP-001', lines: [{ itemId: 'INV-001', quantity: 1, unitCost: 1 }] };
  const delivery = { lines: [{ itemId: 'INV-001', quantity: 1, expirationDate: '2099-01-31' }] };
  /** Each route, with a body of the right shape: the id is all that is wrong. */
  const ROUTES_BY_ID: [route: string, body?: unknown][] = [
    ['GET /api/purchase-orders/:id'],
    ['PUT /api/purchase-orders/:id', po],
    ['POST /api/purchase-orders/:id/order', {}],
    ['POST /api/purchase-orders/:id/cancel', {}],
    ['POST /api/purchase-orders/:id/receive', delivery],
    ['POST /api/inventory/:id/write-off-expired', {}],
    ['POST /api/cake/:id/write-off-expired', {}],
  ];

  it.each(ROUTES_BY_ID)('%s is 404 with a message', async (route, body) => {
    const admin = await shop.adminSession();
    const [method, url] = route.split(' ') as ['GET', string];
    for (const id of ['abc', 'PO-000001', '0', '-1', '1.5', '1e3', '99999', '9007199254740993']) {
      const res = await shop.app.inject({
        method,
        url: url.replace(':id', encodeURIComponent(id)),
        headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.statusCode, `${route} with ${id}: ${res.body}`).toBe(404);
      expect(res.json().message).toMatch(/does not exist/);
    }
  });
});
