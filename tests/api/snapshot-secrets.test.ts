import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/open';
import { registrationRequests } from '../../server/db/schema';
import { seedSystemAdmin } from '../../server/db/seed';
import { NO_PASSWORD } from '../../server/domains/backup/restore/users';
import { restoreDatabase } from '../../server/domains/backup/restoreFile';
import { ADMIN, type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// The downloadable copy of the database leaves the machine: it holds no password hash, no
// token, and a decided registration request keeps no hash in the live database either.

let shop: TestShop;
let admin: Session;
let scratch: string;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  scratch = mkdtempSync(path.join(tmpdir(), 'secrets-'));
  await shop.signedIn('staff');
  for (const email of ['approved@bakeshop.test', 'pending@bakeshop.test', 'rejected@bakeshop.test'])
    await shop
      .caller(undefined, `10.9.0.${email.length}`)
      .requests.register({ email, password: 'long-enough-1' });
  const id = (email: string) =>
    shop.db.select().from(registrationRequests).where(eq(registrationRequests.email, email)).get()!.id;
  await admin.api.requests.approve({ id: id('approved@bakeshop.test') });
  await admin.api.requests.reject({ id: id('rejected@bakeshop.test') });
});

afterAll(async () => {
  await shop.close();
  rmSync(scratch, { recursive: true, force: true });
});

const hashOf = (email: string) =>
  shop.db.select().from(registrationRequests).where(eq(registrationRequests.email, email)).get()!
    .passwordHash;

describe('registration requests', () => {
  it('an approved request keeps no password hash (the account has it); a pending one keeps its own', () => {
    expect(hashOf('approved@bakeshop.test')).toBe('');
    expect(hashOf('rejected@bakeshop.test')).toBe('');
    expect(hashOf('pending@bakeshop.test')).toMatch(/^\$argon2id\$/);
  });
});

describe('GET /api/backup/database', () => {
  it('holds no password hash, session, token or throttle row, anywhere in its bytes', async () => {
    const res = await rest(shop, 'GET', '/api/backup/database', admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.includes('$argon2')).toBe(false);
    const file = path.join(scratch, 'download.sqlite');
    writeFileSync(file, res.rawPayload);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const hashes = copy.prepare('select distinct password_hash from users').pluck().all();
      expect(hashes).toEqual([NO_PASSWORD]);
      expect(
        copy.prepare("select count(*) from registration_requests where password_hash <> ''").pluck().get(),
      ).toBe(0);
      for (const table of ['sessions', 'refresh_tokens', 'throttle_hits'])
        expect(copy.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(0);
      // The data itself is all there.
      expect(copy.prepare('select count(*) from users').pluck().get()).toBe(3);
    } finally {
      copy.close();
    }
    // The live database keeps its secrets: everyone still signs in.
    expect((await shop.login(ADMIN.email, ADMIN.password)).accessToken).toBeTruthy();
  });

  it('restored with npm run restore, the system admin signs in with its configured password again', async () => {
    const res = await rest(shop, 'GET', '/api/backup/database', admin.accessToken);
    const file = path.join(scratch, 'to-restore.sqlite');
    writeFileSync(file, res.rawPayload);
    const dir = mkdtempSync(path.join(tmpdir(), 'restored-shop-'));
    const config = loadConfig({
      DATA_DIR: dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: 'new-admin-pass-9',
    });
    await restoreDatabase(config, file);
    const db = openDb(config.dbFile);
    try {
      const seeded = await seedSystemAdmin(db, config);
      expect(seeded.created).toBe(true);
      const { hashes } = {
        hashes: db.$client.prepare('select email, password_hash from users order by id').all() as {
          email: string;
          password_hash: string;
        }[],
      };
      expect(hashes.find((u) => u.email === ADMIN.email)?.password_hash).toMatch(/^\$argon2id\$/);
      expect(
        hashes.filter((u) => u.email !== ADMIN.email).every((u) => u.password_hash === NO_PASSWORD),
      ).toBe(true);
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
