import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { passwordResetRequests, refreshTokens, users } from '../../server/db/schema';
import { REFRESH_GRACE_MS } from '../../server/domains/auth/service';
import { hashRefreshToken } from '../../server/domains/auth/tokens';
import { INPUT_UNREADABLE, MAX_BATCH } from '../../server/trpc/procedures';
import { AUTH_TEXT, REQUEST_TEXT } from '../../shared/texts/auth';
import { ADMIN, PASSWORD, postJson, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

const LOGIN_THROTTLED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;
const REQUESTS_THROTTLED = /^Too many requests from this device\. Please try again in \d+ minutes?\.$/;

function loginFrom(ip: string, body: unknown) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** One batched tRPC call of `count` sign-ins, as a script would send it. */
function batchedLogins(ip: string, count: number, body: { email: string; password: string }) {
  const input = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { json: body }]));
  return shop.app.inject({
    method: 'POST',
    url: `/trpc/${Array(count).fill('auth.login').join(',')}?batch=1`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
}

function statusesOf(batchBody: unknown): number[] {
  return (batchBody as Array<{ result?: unknown; error?: { json: { data: { httpStatus: number } } } }>).map(
    (entry) => (entry.error ? entry.error.json.data.httpStatus : 200),
  );
}

describe('the sign-in throttle under parallel attempts', () => {
  it('verifies at most 5 of 30 parallel wrong passwords, refuses the rest with 429, then the right one', async () => {
    const victim = await shop.addUser('staff');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        loginFrom('10.50.0.1', { email: victim.email, password: 'guess-1234' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toMatch(LOGIN_THROTTLED);
    // The right password, from another address too, is refused while the email is throttled.
    const right = await loginFrom('10.50.0.2', { email: victim.email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  it('verifies at most 5 across parallel tRPC batches, whatever their size', async () => {
    const victim = await shop.addUser('staff');
    const body = { email: victim.email, password: 'guess-1234' };
    const batches = await Promise.all(
      Array.from({ length: 5 }, () => batchedLogins('10.51.0.1', MAX_BATCH, body)),
    );
    const statuses = batches.flatMap((b) => statusesOf(b.json()));
    expect(statuses).toHaveLength(5 * MAX_BATCH);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5 * MAX_BATCH - 5);
    const right = await batchedLogins('10.51.0.2', 1, { email: victim.email, password: PASSWORD });
    expect(statusesOf(right.json())).toEqual([429]);
  });

  it('refuses a batch above the cap with 400 before checking any password', async () => {
    const victim = await shop.addUser('staff');
    const res = await batchedLogins('10.52.0.1', 50, { email: victim.email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    const over = await batchedLogins('10.52.0.1', MAX_BATCH + 1, { email: victim.email, password: PASSWORD });
    expect(over.statusCode).toBe(400);
    // Nothing was counted: the account still signs in.
    expect((await loginFrom('10.52.0.1', { email: victim.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('still signs a cashier in while another address floods the login', async () => {
    const cashier = await shop.addUser('staff');
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        loginFrom('10.53.0.1', { email: `nobody${i}@bakeshop.test`, password: 'guess-1234' }),
      ),
    );
    const mine = await loginFrom('10.53.0.2', { email: cashier.email, password: PASSWORD });
    expect(mine.statusCode).toBe(200);
    const statuses = (await flood).map((a) => a.statusCode);
    // 50 per address in the window: the rest are refused without a check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('the public request forms are throttled per address', () => {
  function from(ip: string, url: string, body: unknown) {
    return shop.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  }

  it('takes 5 registrations from one address in 15 minutes, in parallel too, then answers 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from('10.60.0.1', '/api/request/register', {
          email: `flood${i}@example.com`,
          password: 'flour-and-eggs',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toMatch(REQUESTS_THROTTLED);
    const elsewhere = await from('10.60.0.2', '/api/request/register', {
      email: 'honest@example.com',
      password: 'flour-and-eggs',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('takes 5 reset requests from one address in 15 minutes, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await from('10.61.0.1', '/api/resetRequest', { email: `who${i}@example.com` })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await from('10.61.0.2', '/api/resetRequest', { email: 'who9@example.com' })).statusCode).toBe(
      200,
    );
  });
});

describe('the right to set a new password belongs to the session opened with the temporary one', () => {
  async function approveResetFor(email: string) {
    await postJson(shop, '/api/resetRequest', { email });
    const request = shop.db
      .select()
      .from(passwordResetRequests)
      .where(eq(passwordResetRequests.email, email))
      .all()
      .at(-1);
    const admin = await shop.login(ADMIN.email, ADMIN.password);
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/resetRequest/${request?.id}/approve`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { message: string; temporaryPassword: string };
  }

  const setPassword = (token: string, userId: number, newPassword: string) =>
    postJson(shop, '/api/resetRequest/reset-password', { userId, newPassword }, token);

  it('ends the sessions open at approval, refuses a normal session, and lets the temporary one set it', async () => {
    const user = await shop.addUser('staff');
    const before = await shop.login(user.email);
    const approved = await approveResetFor(user.email);
    expect(approved.message).toBe(REQUEST_TEXT.resetApproved);
    expect(approved.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);

    // The session that was open is over, access token and refresh token alike.
    await expectTrpcError(shop.caller(before.accessToken).auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller().auth.refresh({ refreshToken: before.refreshToken }), 'UNAUTHORIZED');
    expect((await setPassword(before.accessToken, user.id, 'chosen-by-thief')).statusCode).toBe(401);

    // The old password no longer works; the temporary one opens a must-set session.
    await expectTrpcError(shop.login(user.email, PASSWORD), 'UNAUTHORIZED');
    const temp = await shop.login(user.email, approved.temporaryPassword);
    expect(temp.message).toBe(AUTH_TEXT.mustReset);
    // That session survives a refresh with its mark, and can do nothing else.
    const refreshed = await shop.caller().auth.refresh({ refreshToken: temp.refreshToken });
    await expectTrpcError(shop.caller(refreshed.accessToken).auth.me(), 'FORBIDDEN', AUTH_TEXT.mustReset);
    expect((await setPassword(refreshed.accessToken, user.id, 'my-own-new-pass')).statusCode).toBe(200);
    await expectTrpcError(shop.login(user.email, approved.temporaryPassword), 'UNAUTHORIZED');
    expect((await shop.login(user.email, 'my-own-new-pass')).message).toBe(AUTH_TEXT.loginSuccess);
  });

  it('refuses reset-password to a session that was open when the account was marked', async () => {
    const user = await shop.addUser('staff');
    const session = await shop.login(user.email);
    // Marked without ending sessions (as the flaw needed): the old session still cannot choose the password.
    shop.db.update(users).set({ needsPasswordReset: true }).where(eq(users.id, user.id)).run();
    const refreshed = await shop.caller().auth.refresh({ refreshToken: session.refreshToken });
    await expectTrpcError(
      shop
        .caller(refreshed.accessToken)
        .auth.setNewPassword({ userId: user.id, newPassword: 'chosen-by-thief' }),
      'FORBIDDEN',
      AUTH_TEXT.newPasswordNotAllowed,
    );
    await expectTrpcError(shop.caller(refreshed.accessToken).auth.me(), 'FORBIDDEN', AUTH_TEXT.mustReset);
  });

  it('is approved by admin and owner only, never for the system account or an account that outranks', async () => {
    const owner = await shop.signedIn('owner');
    const manager = await shop.signedIn('manager');
    const otherAdmin = await shop.addUser('admin');
    for (const email of [ADMIN.email, otherAdmin.email]) await postJson(shop, '/api/resetRequest', { email });
    const idOf = (email: string) =>
      shop.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.email, email)).get()?.id ??
      0;
    await expectTrpcError(manager.api.resetRequests.approve({ id: idOf(otherAdmin.email) }), 'FORBIDDEN');
    await expectTrpcError(
      owner.api.resetRequests.approve({ id: idOf(otherAdmin.email) }),
      'FORBIDDEN',
      REQUEST_TEXT.resetOutranks,
    );
    // An owner does not learn a fellow owner's password; an admin may reset another admin.
    const otherOwner = await shop.addUser('owner');
    await postJson(shop, '/api/resetRequest', { email: otherOwner.email });
    await expectTrpcError(
      owner.api.resetRequests.approve({ id: idOf(otherOwner.email) }),
      'FORBIDDEN',
      REQUEST_TEXT.resetOutranks,
    );
    const admin = await shop.login(ADMIN.email, ADMIN.password);
    await expectTrpcError(
      shop.caller(admin.accessToken).resetRequests.approve({ id: idOf(ADMIN.email) }),
      'FORBIDDEN',
      REQUEST_TEXT.resetSystemAccount,
    );
    await expectTrpcError(shop.caller(admin.accessToken).resetRequests.approve({ id: 999_999 }), 'NOT_FOUND');
    const approved = await shop
      .caller(admin.accessToken)
      .resetRequests.approve({ id: idOf(otherAdmin.email) });
    expect(approved.temporaryPassword).toHaveLength(12);
  });
});

describe('refresh grace', () => {
  it('answers two refreshes with the same token at once with the same successor, and the session lives', async () => {
    const { refreshToken } = await shop.signedIn('staff');
    const [a, b] = await Promise.all([
      postJson(shop, '/api/auth/refresh', { refreshToken }),
      postJson(shop, '/api/auth/refresh', { refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refreshToken).toBe(b.json().refreshToken);
    for (const answer of [a, b]) {
      expect((await shop.caller(answer.json().accessToken).auth.me()).role).toBe('staff');
    }
    const next = await shop.caller().auth.refresh({ refreshToken: a.json().refreshToken });
    expect((await shop.caller(next.accessToken).auth.me()).role).toBe('staff');
  });

  it('follows the rotations a second tab already made, inside the grace', async () => {
    const { refreshToken } = await shop.signedIn('staff');
    const first = await shop.caller().auth.refresh({ refreshToken });
    const second = await shop.caller().auth.refresh({ refreshToken: first.refreshToken });
    const late = await shop.caller().auth.refresh({ refreshToken });
    expect(late.refreshToken).toBe(second.refreshToken);
  });

  it('ends the family when the used token comes back after the grace', async () => {
    const { refreshToken } = await shop.signedIn('staff');
    const rotated = await shop.caller().auth.refresh({ refreshToken });
    shop.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1) })
      .where(eq(refreshTokens.hash, hashRefreshToken(refreshToken)))
      .run();
    await expectTrpcError(shop.caller().auth.refresh({ refreshToken }), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller(rotated.accessToken).auth.me(), 'UNAUTHORIZED');
    await expectTrpcError(shop.caller().auth.refresh({ refreshToken: rotated.refreshToken }), 'UNAUTHORIZED');
  });

  it('keeps no usable token in the database', async () => {
    const { refreshToken } = await shop.signedIn('staff');
    const rotated = await shop.caller().auth.refresh({ refreshToken });
    const dump = JSON.stringify(shop.db.select().from(refreshTokens).all());
    expect(dump).not.toContain(refreshToken);
    expect(dump).not.toContain(rotated.refreshToken);
  });
});

describe('look-alike emails', () => {
  const LOOK_ALIKES = [
    ['a zero-width space', 'admin\u200b@bakeshop.ph', AUTH_TEXT.emailHidden],
    ['a Cyrillic а', '\u0430dmin@bakeshop.ph', AUTH_TEXT.registerInvalidEmail],
    ['a NUL', 'admin\u0000@bakeshop.ph', AUTH_TEXT.emailHidden],
    ['an RTL override', 'admin\u202e@bakeshop.ph', AUTH_TEXT.emailHidden],
    ['markup', '"><svg/onload=alert(1)>@evil.co', AUTH_TEXT.registerInvalidEmail],
    ['a formula', '=HYPERLINK("http://evil.co","x")@x.co', AUTH_TEXT.registerInvalidEmail],
    ['a leading formula sign', '=cmd@x.co', AUTH_TEXT.registerInvalidEmail],
  ] as const;

  it.each(LOOK_ALIKES)(
    'refuses %s with 400 on registration and reset requests, writing nothing',
    async (_, email, message) => {
      const before = await shop.db.$count(passwordResetRequests);
      const register = await postJson(shop, '/api/request/register', { email, password: 'flour-and-eggs' });
      expect(register.statusCode).toBe(400);
      expect(register.json()).toEqual({ message });
      const reset = await postJson(shop, '/api/resetRequest', { email });
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toEqual({ message });
      expect(await shop.db.$count(passwordResetRequests)).toBe(before);
    },
  );

  it('folds full-width letters to the plain address (NFKC)', async () => {
    const res = await postJson(shop, '/api/request/register', {
      email: 'ｂａｋｅｒ@example.com',
      password: 'flour-and-eggs',
    });
    expect(res.statusCode).toBe(200);
    const dupe = await postJson(shop, '/api/request/register', {
      email: 'baker@example.com',
      password: 'x-12345678',
    });
    expect(dupe.statusCode).toBe(409);
  });

  it('refuses hidden characters at sign-in too', async () => {
    const res = await postJson(shop, '/api/auth/login', {
      email: 'admin\u200b@bakeshop.test',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_TEXT.emailHidden });
  });
});

describe('input that cannot be decoded', () => {
  function trpcPost(url: string, payload: string) {
    return shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
  }

  it('answers a deeply nested superjson meta with one plain 400', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await trpcPost(
      '/trpc/auth.login',
      `{"json":{"email":"a@b.co","password":"x"},"meta":{"values":${deep}}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe(INPUT_UNREADABLE);
    expect(res.body).not.toContain('stack');
  });

  it('answers a __proto__ path with the same plain 400', async () => {
    const res = await trpcPost(
      '/trpc/auth.login',
      '{"json":{"email":"a@b.co","password":"x"},"meta":{"values":{"__proto__.polluted":["undefined"]}}}',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe(INPUT_UNREADABLE);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('stricter tokens', () => {
  async function forged(claims: Record<string, unknown>, withExp: boolean) {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (withExp) jwt.setExpirationTime('5m');
    return jwt.sign(shop.config.jwtSecret);
  }

  it('refuses a correctly signed token without exp, sub or sid', async () => {
    const { user, accessToken } = await shop.signedIn('staff');
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;
    const tokens = [
      await forged({ sub: String(user.id), sid }, false),
      await forged({ sid }, true),
      await forged({ sub: String(user.id) }, true),
    ];
    for (const token of tokens) await expectTrpcError(shop.caller(token).auth.me(), 'UNAUTHORIZED');
    // The same claims with all three present are accepted, so the refusals are about the missing claim.
    const whole = await forged({ sub: String(user.id), sid }, true);
    expect((await shop.caller(whole).auth.me()).id).toBe(user.id);
  });

  it('refuses to start with a signing key under 32 bytes, saying what to do', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-key-'));
    writeFileSync(path.join(dir, 'jwt-secret'), Buffer.alloc(16, 7).toString('base64'));
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/at least 32 are needed.*Delete the file/);
  });
});

describe('files on disk', () => {
  it('keeps the data folder 0700 and the database, its -wal and -shm and the key 0600', () => {
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(shop.config.dataDir)).toBe(0o700);
    for (const file of ['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'jwt-secret']) {
      const full = path.join(shop.config.dataDir, file);
      expect(existsSync(full), file).toBe(true);
      expect(mode(full), file).toBe(0o600);
    }
  });
});

describe('logs', () => {
  it('never holds a password sent in a query string', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      db: shop.db,
      config: shop.config,
      logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
    });
    const secret = 'query-string-secret-42';
    const input = encodeURIComponent(JSON.stringify({ json: { email: ADMIN.email, password: secret } }));
    const res = await logged.inject({ url: `/trpc/auth.login?input=${input}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await logged.inject({ url: `/api/no-such-route?password=${secret}` });
    await logged.inject({ url: `/dashboard?password=${secret}` });
    await logged.close();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.some((l) => l.includes('"url":"/trpc/auth.login"'))).toBe(true);
  });
});
