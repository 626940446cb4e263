import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/open';
import { users } from '../../server/db/schema';
import { seedSystemAdmin } from '../../server/db/seed';
import { hashPassword } from '../../server/domains/auth/passwords';
import type { Viewer } from '../../server/domains/auth/viewer';
import { createCaller } from '../../server/trpc/appRouter';
import { contextFrom } from '../../server/trpc/procedures';
import type { Role } from '../../shared/roles';

export const ADMIN = { email: 'admin@bakeshop.test', password: 'admin-pass-123' };
export const PASSWORD = 'correct-horse-9';

/**
 * A whole app over a fresh database in a temp folder: one per test file.
 * Use `caller` for logic and `app.inject` for the REST contract.
 */
export async function testApp(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = openDb(config.dbFile);
  await seedSystemAdmin(db, config);
  const app = await buildApp({ db, config, logger: false });
  let nextIp = 1;

  const shop = {
    app,
    db,
    config,
    /** A tRPC caller as a client at `ip` holding `token` would be. */
    caller(token?: string, ip = '10.0.0.1') {
      return createCaller(
        contextFrom({ db, config }, { ip, headers: token ? { authorization: `Bearer ${token}` } : {} }),
      );
    },
    /** Adds an active account directly; `role: null` is an approved registration without a role. */
    async addUser(role: Role | null, overrides: Partial<typeof users.$inferInsert> = {}) {
      const n = (await db.$count(users)) + 1;
      const email = overrides.email ?? `${role ?? 'user'}${n}@bakeshop.test`;
      return db
        .insert(users)
        .values({
          username: `${role ?? 'user'}${n}`,
          email,
          passwordHash: await hashPassword(PASSWORD),
          role,
          ...overrides,
        })
        .returning()
        .get();
    },
    /** Signs in through the API; each call comes from its own address so throttling stays out of the way. */
    async login(email: string, password = PASSWORD) {
      return shop.caller(undefined, `10.1.0.${nextIp++}`).auth.login({ email, password });
    },
    /** A new account of `role`, signed in: its tokens and a caller holding them. */
    async signedIn(role: Role | null) {
      const user = await shop.addUser(role);
      const session = await shop.login(user.email);
      return { ...session, api: shop.caller(session.accessToken) };
    },
    /** The seeded system admin, signed in: its tokens and a caller holding them. */
    async adminSession() {
      const session = await shop.login(ADMIN.email, ADMIN.password);
      return { ...session, api: shop.caller(session.accessToken) };
    },
    /** The system admin as a service sees its caller, for calling services directly (with a chosen `now`). */
    adminViewer(): Viewer {
      const user = db.select().from(users).where(eq(users.email, ADMIN.email)).get();
      if (!user) throw new Error('no system admin');
      return { user, sessionId: 'test', mustSetPassword: false };
    },
    async close() {
      await app.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return shop;
}

export type TestShop = Awaited<ReturnType<typeof testApp>>;
/** A signed-in account as `shop.signedIn(role)` answers it: its tokens and a caller. */
export type Session = Awaited<ReturnType<TestShop['signedIn']>>;

/** POSTs JSON through the REST contract. */
export function postJson(shop: TestShop, url: string, body: unknown, token?: string) {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
}
