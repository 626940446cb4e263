import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { PROJECT_ROOT } from '../lib/projectRoot';
import * as schema from './schema';
import { watchSignIns } from './signInWatch';
import { applySqlFiles, SQL_FOLDER } from './sqlFiles';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Migrations ship beside the code; found from the project's folder, not the working directory. */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/**
 * Opens the shop's database with the pragmas every connection needs (better-sqlite3
 * does not keep synchronous=FULL across reopen) and brings the schema up to date: the
 * numbered migrations, then the SQL files (server/db/sqlFiles.ts). The files describe the
 * latest schema, so a database migrated with other migrations (a test's older shop) gets
 * none unless `sqlFolder` says so; null skips them.
 */
export function openDb(
  file: string,
  migrationsFolder = MIGRATIONS_FOLDER,
  sqlFolder: string | null = migrationsFolder === MIGRATIONS_FOLDER ? SQL_FOLDER : null,
): Db {
  // Readable by the app's user only. SQLite gives the -wal and -shm files the main file's mode.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = connect(file);
  // Drizzle rebuilds tables in some migrations; foreign keys must be off meanwhile.
  sqlite.pragma('foreign_keys = OFF');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  if (sqlFolder) applySqlFiles(sqlite, sqlFolder);
  sqlite.pragma('foreign_keys = ON');
  const violations = sqlite.pragma('foreign_key_check') as unknown[];
  if (violations.length > 0) throw new Error(`Database has ${violations.length} broken references.`);
  for (const side of ['-wal', '-shm']) if (existsSync(file + side)) chmodSync(file + side, 0o600);
  if (hasSignInTables(sqlite)) watchSignIns(sqlite);
  return db as Db;
}

/** An older shop (a test's own migrations) may lack them: its session checks then ask every time. */
const hasSignInTables = (sqlite: Database.Database) =>
  sqlite
    .prepare("select count(*) from sqlite_master where type = 'table' and name in ('users', 'sessions')")
    .pluck()
    .get() === 2;

/** How long a write waits for another connection's write to finish. */
export const BUSY_TIMEOUT_MS = 5000;

/** A connection with the pragmas every connection needs, for a database already migrated. */
export function connect(file: string): Database.Database {
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  // A savepoint's copy of the pages it changes stays in memory: on disk (SQLite's default) each
  // sale of a shared commit opened, wrote and deleted a temporary file (docs/decisions.md,
  // Four tills). Set before anything temporary exists: changing it drops temporary objects.
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** The shop's tables over a connection `connect` opened. */
export const shopDb = (sqlite: Database.Database) => drizzle(sqlite, { schema }) as Db;

/** A transaction handle; helpers that must join the caller's transaction take a Store. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Store = Db | Tx;
