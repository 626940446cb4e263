import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, sessions, users } from '../../server/db/schema';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { ADMIN, PASSWORD, postJson, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

describe('login', () => {
  it('signs in with the right password and answers the legacy shape', async () => {
    const res = await postJson(shop, '/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(AUTH_TEXT.loginSuccess);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(typeof body.refreshToken).toBe('string');
    expect(body.user).toEqual({
      id: expect.any(Number),
      _id: expect.any(Number),
      username: 'admin',
      email: ADMIN.email,
      role: 'admin',
      status: 'active',
      needsPasswordReset: false,
    });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('compares emails without regard to case or spaces', async () => {
    const res = await postJson(shop, '/api/auth/login', {
      email: `  ${ADMIN.email.toUpperCase()} `,
      password: ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    const wrong = await postJson(shop, '/api/auth/login', { email: ADMIN.email, password: 'not-it-at-all' });
    const unknown = await postJson(shop, '/api/auth/login', {
      email: 'nobody@bakeshop.test',
      password: 'whatever1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_TEXT.loginFailed });
    expect(unknown.json()).toEqual({ message: AUTH_TEXT.loginFailed });
  });

  it.each([
    [{ email: '', password: 'x' }],
    [{ email: '   ', password: 'x' }],
    [{ email: ADMIN.email, password: '' }],
    [{ email: ADMIN.email, password: '   ' }],
    [{}],
  ])('refuses blank credentials %j with 400', async (body) => {
    const res = await postJson(shop, '/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_TEXT.loginBlank });
  });

  it('refuses a deactivated account, and only once the password is right', async () => {
    const user = await shop.addUser('staff', { status: 'deactivated' });
    await expectTrpcError(shop.login(user.email), 'FORBIDDEN', AUTH_TEXT.deactivated);
    await expectTrpcError(shop.login(user.email, 'wrong-password'), 'UNAUTHORIZED', AUTH_TEXT.loginFailed);
  });

  it('records the sign-in in the activity log', async () => {
    const user = await shop.addUser('manager');
    await shop.login(user.email);
    const rows = shop.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id)).all();
    expect(rows.map((r) => r.action)).toContain('Login');
  });
});

describe('sessions', () => {
  it('accepts the access token and refuses a missing or forged one with 401', async () => {
    const { accessToken, user } = await shop.signedIn('staff');
    expect((await shop.caller(accessToken).auth.me()).email).toBe(user.email);
    await expectTrpcError(shop.caller().auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller(`${accessToken}x`).auth.me(), 'UNAUTHORIZED');
    const res = await shop.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_TEXT.sessionEnded);
  });

  it('rotates the refresh token on every refresh', async () => {
    const { refreshToken } = await shop.signedIn('staff');
    const first = await shop.caller().auth.refresh({ refreshToken });
    expect(first.refreshToken).not.toBe(refreshToken);
    expect((await shop.caller(first.accessToken).auth.me()).role).toBe('staff');
    const second = await shop.caller().auth.refresh({ refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
  });

  // A used refresh token coming back: tests/api/sign-in-hardening.test.ts, "refresh grace".

  it('refreshes over REST and refuses an unknown token with 401', async () => {
    const { refreshToken } = await shop.signedIn('owner');
    const ok = await postJson(shop, '/api/auth/refresh', { refreshToken });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['accessToken', 'refreshToken']);
    const bad = await postJson(shop, '/api/auth/refresh', { refreshToken: 'made-up' });
    expect(bad.statusCode).toBe(401);
  });

  it('logout ends the session at once, for the access token too', async () => {
    const { accessToken, refreshToken } = await shop.signedIn('staff');
    const res = await postJson(shop, '/api/auth/logout', { refreshToken });
    expect(res.statusCode).toBe(200);
    await expectTrpcError(shop.caller(accessToken).auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller().auth.refresh({ refreshToken }), 'UNAUTHORIZED');
  });

  it('a deactivated account loses its live session', async () => {
    const { accessToken, refreshToken, user } = await shop.signedIn('staff');
    shop.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.id)).run();
    await expectTrpcError(shop.caller(accessToken).auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller().auth.refresh({ refreshToken }), 'UNAUTHORIZED');
  });
});

describe('failed-login throttling', () => {
  it('answers 429 with the wait after 5 failures for one email, and spares other accounts', async () => {
    const victim = await shop.addUser('staff');
    const other = await shop.addUser('staff');
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      await expectTrpcError(
        shop.caller(undefined, ip).auth.login({ email: victim.email, password: 'wrong-guess' }),
        'UNAUTHORIZED',
      );
    }
    const res = await postJson(shop, '/api/auth/login', { email: victim.email, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/,
    );
    // The same till can still sign in a colleague.
    await expect(
      shop.caller(undefined, ip).auth.login({ email: other.email, password: PASSWORD }),
    ).resolves.toMatchObject({ user: { email: other.email } });
  });

  it('does not count successful sign-ins', async () => {
    const cashier = await shop.addUser('staff');
    for (let i = 0; i < 8; i++)
      await shop.caller(undefined, '10.8.8.8').auth.login({ email: cashier.email, password: PASSWORD });
  });

  it('answers 429 after 50 failures from one address across many emails', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 50; i++) {
      await expectTrpcError(
        shop.caller(undefined, ip).auth.login({ email: `guess${i}@bakeshop.test`, password: 'wrong-guess' }),
        'UNAUTHORIZED',
      );
    }
    await expectTrpcError(
      shop.caller(undefined, ip).auth.login({ email: ADMIN.email, password: ADMIN.password }),
      'TOO_MANY_REQUESTS',
    );
    // Another address is unaffected.
    await expect(
      shop.caller(undefined, '10.7.7.8').auth.login({ email: ADMIN.email, password: ADMIN.password }),
    ).resolves.toBeTruthy();
  });
});

describe('forced new password', () => {
  async function mustResetUser() {
    const user = await shop.addUser('manager', { needsPasswordReset: true });
    return shop.login(user.email);
  }

  it('signs in but says a reset is required', async () => {
    const { user, message } = await mustResetUser();
    expect(user.needsPasswordReset).toBe(true);
    expect(message).toBe(AUTH_TEXT.mustReset);
  });

  it('refuses the must-reset token everywhere but the reset call', async () => {
    const { accessToken } = await mustResetUser();
    await expectTrpcError(shop.caller(accessToken).auth.me(), 'FORBIDDEN', AUTH_TEXT.mustReset);
    const res = await shop.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_TEXT.mustReset });
  });

  it('sets the new password for oneself only, ends the session, and the old password stops working', async () => {
    const { user, accessToken } = await mustResetUser();
    const other = await shop.addUser('staff');
    const forOther = await postJson(
      shop,
      '/api/resetRequest/reset-password',
      { userId: other.id, newPassword: 'brand-new-pass' },
      accessToken,
    );
    expect(forOther.statusCode).toBe(403);

    const res = await postJson(
      shop,
      '/api/resetRequest/reset-password',
      { userId: user.id, newPassword: 'brand-new-pass' },
      accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXT.newPasswordDone });
    await expectTrpcError(shop.caller(accessToken).auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.login(user.email, PASSWORD), 'UNAUTHORIZED');
    const fresh = await shop.login(user.email, 'brand-new-pass');
    expect(fresh.user.needsPasswordReset).toBe(false);
    expect(fresh.message).toBe(AUTH_TEXT.loginSuccess);
  });

  it('is refused to a user who does not need a reset, and without a token', async () => {
    const { user, accessToken } = await shop.signedIn('staff');
    await expectTrpcError(
      shop.caller(accessToken).auth.setNewPassword({ userId: user.id, newPassword: 'another-pass-1' }),
      'FORBIDDEN',
      AUTH_TEXT.newPasswordNotAllowed,
    );
    const res = await postJson(shop, '/api/resetRequest/reset-password', {
      userId: user.id,
      newPassword: 'x-12345678',
    });
    expect(res.statusCode).toBe(401);
  });

  it('validates the new password', async () => {
    const { user, accessToken } = await mustResetUser();
    const short = await postJson(
      shop,
      '/api/resetRequest/reset-password',
      { userId: user.id, newPassword: 'short' },
      accessToken,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: AUTH_TEXT.passwordTooShort });
  });
});

describe('system admin seed', () => {
  it('generates a one-time password when ADMIN_PASSWORD is not set, and requires a new one', async () => {
    const fresh = await testApp({ ADMIN_PASSWORD: '' });
    try {
      const admin = fresh.db.select().from(users).where(eq(users.email, ADMIN.email)).get();
      expect(admin?.role).toBe('admin');
      expect(admin?.needsPasswordReset).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('stores only an argon2id hash', async () => {
    const admin = shop.db.select().from(users).where(eq(users.email, ADMIN.email)).get();
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await shop.db.$count(sessions)).toBeGreaterThan(0);
  });
});
