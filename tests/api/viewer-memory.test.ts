import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../server/db/open';
import { sessions, users } from '../../server/db/schema';
import { pauseSignInMemory, signInsStamp } from '../../server/db/signInWatch';
import { liveSession, REMEMBER_MS } from '../../server/domains/auth/viewer';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { type TestShop, testApp } from '../helpers/app';

// The session check remembers who a token speaks for until a user or a session is written
// (server/domains/auth/viewer.ts, server/db/signInWatch.ts). Each test signs in, asks once
// so the answer is remembered, changes something, and asks again: a remembered answer
// would still say 200.

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());
afterEach(() => vi.useRealTimers());

const me = (token: string) =>
  shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function rememberedSession(role: 'staff' | 'manager' = 'staff') {
  const session = await shop.signedIn(role);
  expect((await me(session.accessToken)).statusCode).toBe(200);
  expect((await me(session.accessToken)).statusCode).toBe(200);
  return session;
}

describe('the session check remembers who a token speaks for', () => {
  it('stamps the serving connection and moves the stamp on every write to users or sessions', async () => {
    const before = signInsStamp(shop.db.$client);
    expect(before).not.toBeNull();
    expect(signInsStamp(shop.db.$client)).toBe(before);
    await shop.addUser('staff');
    const afterInsert = signInsStamp(shop.db.$client);
    expect(afterInsert).not.toBe(before);
    shop.db.$client.prepare('update users set updated_at = updated_at').run();
    expect(signInsStamp(shop.db.$client)).not.toBe(afterInsert);
  });

  it('reads the session and its user once while nothing is written', async () => {
    const session = await shop.signedIn('staff');
    expect((await me(session.accessToken)).statusCode).toBe(200);
    const read = vi.spyOn(liveSession(shop.db), 'get');
    try {
      for (let n = 0; n < 5; n++) expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).not.toHaveBeenCalled();
      shop.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, session.user.id)).run();
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });

  it('sees a logout at once', async () => {
    const session = await rememberedSession();
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ refreshToken: session.refreshToken }),
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await me(session.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: AUTH_TEXT.sessionEnded });
  });

  it('sees a user deactivated by plain SQL on the same connection', async () => {
    const session = await rememberedSession();
    shop.db.$client.prepare("update users set status = 'inactive' where id = ?").run(session.user.id);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('sees a role changed through the ORM', async () => {
    const session = await rememberedSession('manager');
    shop.db.update(users).set({ role: 'staff' }).where(eq(users.id, session.user.id)).run();
    const after = await me(session.accessToken);
    expect(after.statusCode).toBe(200);
    expect(after.json().role).toBe('staff');
  });

  it('sees a session ended through another connection of this process', async () => {
    const session = await rememberedSession();
    const other = openDb(shop.config.dbFile);
    try {
      other.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).run();
    } finally {
      other.$client.close();
    }
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('sees a session run out while remembered', async () => {
    const session = await shop.signedIn('staff');
    const now = Date.now();
    shop.db
      .update(sessions)
      .set({ expiresAt: new Date(now + 5_000) })
      .where(eq(sessions.userId, session.user.id))
      .run();
    // Asked, and remembered with its end five seconds away; the access token lives longer.
    expect((await me(session.accessToken)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 6_000);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('uses nothing remembered while a restore worker may write, and drops it all after', async () => {
    const session = await rememberedSession();
    const read = vi.spyOn(liveSession(shop.db), 'get');
    try {
      const resume = pauseSignInMemory();
      expect(signInsStamp(shop.db.$client)).toBeNull();
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).toHaveBeenCalledTimes(2);
      resume();
      resume();
      expect(signInsStamp(shop.db.$client)).not.toBeNull();
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).toHaveBeenCalledTimes(3);
    } finally {
      read.mockRestore();
    }
  });

  it('asks again once a minute, for a writer outside this process', async () => {
    const session = await rememberedSession();
    const read = vi.spyOn(liveSession(shop.db), 'get');
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + REMEMBER_MS - 1_000);
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).not.toHaveBeenCalled();
      vi.setSystemTime(Date.now() + 2_000);
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});
