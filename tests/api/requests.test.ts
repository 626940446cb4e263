import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, passwordResetRequests, registrationRequests } from '../../server/db/schema';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { ADMIN, postJson, type TestShop, testApp } from '../helpers/app';

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

describe('POST /api/request/register', () => {
  it('stores a pending request with a hashed password and notifies the admins', async () => {
    const res = await postJson(shop, '/api/request/register', {
      email: 'New.Baker@Example.com',
      password: 'flour-and-eggs',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXT.registerSubmitted });
    const row = shop.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.email, 'new.baker@example.com'))
      .get();
    expect(row?.status).toBe('pending');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const notes = shop.db.select().from(notifications).all();
    expect(notes.some((n) => n.type === 'info' && n.message.includes('new.baker@example.com'))).toBe(true);
  });

  it.each([
    [{ email: '', password: 'flour-and-eggs' }, AUTH_TEXT.registerBlank],
    [{ email: 'a@b.co', password: '   ' }, AUTH_TEXT.registerBlank],
    [{ password: 'flour-and-eggs' }, AUTH_TEXT.registerBlank],
    [{ email: 'baker..one@example.com', password: 'flour-and-eggs' }, AUTH_TEXT.registerInvalidEmail],
    [{ email: 'baker@example.c', password: 'flour-and-eggs' }, AUTH_TEXT.registerInvalidEmail],
    [{ email: 'baker @example.com', password: 'flour-and-eggs' }, AUTH_TEXT.registerInvalidEmail],
    [{ email: 'baker@example', password: 'flour-and-eggs' }, AUTH_TEXT.registerInvalidEmail],
    [{ email: 'baker@example.com', password: 'short' }, AUTH_TEXT.passwordTooShort],
  ])('refuses %j with 400 and its message, storing nothing', async (body, message) => {
    const before = await shop.db.$count(registrationRequests);
    const res = await postJson(shop, '/api/request/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await shop.db.$count(registrationRequests)).toBe(before);
  });

  it('refuses an email that has an account or a pending request, whatever its case', async () => {
    const taken = await postJson(shop, '/api/request/register', {
      email: ADMIN.email.toUpperCase(),
      password: 'flour-and-eggs',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: AUTH_TEXT.registerTaken });
    const again = await postJson(shop, '/api/request/register', {
      email: 'NEW.BAKER@example.com',
      password: 'flour-and-eggs',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /api/resetRequest', () => {
  it('answers the same for a known and an unknown email, and marks the unknown one', async () => {
    const known = await postJson(shop, '/api/resetRequest', { email: ADMIN.email });
    const unknown = await postJson(shop, '/api/resetRequest', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_TEXT.resetSent });
    expect(unknown.json()).toEqual(known.json());
    const rows = shop.db.select().from(passwordResetRequests).all();
    expect(rows.find((r) => r.email === ADMIN.email)?.userId).toEqual(expect.any(Number));
    expect(rows.find((r) => r.email === 'stranger@example.com')?.userId).toBeNull();
  });

  it('keeps one pending request per email', async () => {
    await postJson(shop, '/api/resetRequest', { email: 'twice@example.com' });
    await postJson(shop, '/api/resetRequest', { email: 'TWICE@example.com' });
    const rows = shop.db
      .select()
      .from(passwordResetRequests)
      .where(eq(passwordResetRequests.email, 'twice@example.com'))
      .all();
    expect(rows).toHaveLength(1);
  });

  it.each([[{ email: '' }], [{ email: '   ' }], [{}]])(
    'refuses %j with "Please enter your email."',
    async (body) => {
      const res = await postJson(shop, '/api/resetRequest', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_TEXT.resetBlank });
    },
  );
});
