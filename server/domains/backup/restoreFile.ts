import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../../config';
import { openDb } from '../../db/open';
import { backupsFolder, databaseProblem, snapshotName } from './snapshot';

/** A refusal the restore script prints as is, with exit code 1; nothing was replaced. */
export class RestoreRefused extends Error {}

export interface Restored {
  /** Where the database that was replaced was kept; null when there was none. */
  keptAs: string | null;
  dbFile: string;
}

/** A sound SQLite file is not enough: it must be one of the shop's databases. */
function shopDatabaseProblem(file: string): string | null {
  const problem = databaseProblem(file);
  if (problem) return problem;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name in ('users', '__drizzle_migrations')",
      )
      .all();
    return tables.length === 2 ? null : "it is a SQLite database, but not the shop's";
  } finally {
    db.close();
  }
}

/**
 * Keeps a copy of the live database in backups/ and switches it to a rollback journal, which
 * folds any -wal into the main file. That switch needs the only connection: while the server
 * runs it is refused at once (busy timeout 0), so a running shop is never replaced under it.
 */
async function keepCurrent(dbFile: string, folder: string, now: Date): Promise<string | null> {
  if (!existsSync(dbFile)) return null;
  const live = new Database(dbFile, { fileMustExist: true, timeout: 0 });
  try {
    try {
      live.pragma('journal_mode = DELETE');
    } catch {
      throw new RestoreRefused('The shop is still running (its database is in use). Stop the server first.');
    }
    const stamp = snapshotName(now).slice(5, -'.sqlite'.length);
    let keptAs = path.join(folder, `before-restore-${stamp}.sqlite`);
    if (existsSync(keptAs)) keptAs = path.join(folder, `before-restore-${stamp}-${now.getTime()}.sqlite`);
    await live.backup(keptAs);
    chmodSync(keptAs, 0o600);
    return keptAs;
  } finally {
    live.close();
  }
}

/**
 * `npm run restore -- FILE`: replaces the shop's database with FILE, or refuses and changes
 * nothing. FILE is staged and checked beside the database, the current one kept in backups/,
 * then the checked copy renamed into place and opened once so migrations bring it up to date.
 */
export async function restoreDatabase(
  config: Pick<Config, 'dataDir' | 'dbFile'>,
  source: string,
  now = new Date(),
): Promise<Restored> {
  const from = path.resolve(source);
  if (!existsSync(from) || !statSync(from).isFile()) throw new RestoreRefused(`No such file: ${from}`);
  if (from === path.resolve(config.dbFile))
    throw new RestoreRefused('That file is the shop database itself.');
  const staged = `${config.dbFile}.restoring`;
  rmSync(staged, { force: true });
  try {
    copyFileSync(from, staged);
    chmodSync(staged, 0o600);
    // Checked on the staged copy: the file given is never written to.
    const problem = shopDatabaseProblem(staged);
    if (problem) throw new RestoreRefused(`${from} cannot be restored: ${problem}. Nothing was changed.`);
    const folder = backupsFolder(config);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const keptAs = await keepCurrent(config.dbFile, folder, now);
    // Stale -wal/-shm of the old database would be replayed onto the new one.
    for (const side of ['-wal', '-shm']) rmSync(config.dbFile + side, { force: true });
    renameSync(staged, config.dbFile);
    openDb(config.dbFile).$client.close();
    return { keptAs, dbFile: config.dbFile };
  } finally {
    rmSync(staged, { force: true });
  }
}
