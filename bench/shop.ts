// The real app over a fresh database in a temp folder, as `npm start` serves it: one
// for each bench script. The data folder is removed again by close().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/open';
import { seedSystemAdmin } from '../server/db/seed';

export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-password-1' };

/** Opens and seeds the database; `listen()` then starts the app on a free loopback port. */
export async function benchShop(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'silent',
  });
  const db = openDb(config.dbFile);
  await seedSystemAdmin(db, config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  return {
    config,
    db,
    /** Builds the app (after any seeding) and answers its base URL. */
    async listen() {
      app = await buildApp({ db, config, logger: false });
      return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    },
    async close() {
      await app?.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
