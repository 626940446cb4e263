import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { postJson, type TestShop, testApp } from '../helpers/app';

// Someone who requested registration and signs in before an admin accepted it is told that
// it awaits approval, but only with the password they registered: anyone else learns nothing.
let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

const PENDING = { email: 'newbaker@bakeshop.test', password: 'flour-and-sugar-9' };

describe('signing in with a pending registration', () => {
  beforeAll(async () => {
    const res = await postJson(shop, '/api/request/register', PENDING);
    expect(res.statusCode).toBeLessThan(300);
  });

  it('with the right password, says the request awaits approval and opens no session', async () => {
    const res = await postJson(shop, '/api/auth/login', PENDING);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_TEXT.loginPending });
  });

  it('with a wrong password, answers the generic message', async () => {
    const res = await postJson(shop, '/api/auth/login', { email: PENDING.email, password: 'not-the-one-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_TEXT.loginFailed });
  });

  it('over tRPC as well', async () => {
    const res = await postJson(shop, '/trpc/auth.login', { json: PENDING });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).toContain(AUTH_TEXT.loginPending);
  });
});
