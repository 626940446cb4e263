import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { SQL_FOLDER } from './sqlFiles';

// Whether the users or sessions tables may have changed since a moment, without asking the
// tables: the session check remembers who a token speaks for until then (docs/decisions.md,
// "Who a token speaks for, remembered"). This connection's own writes are counted by TEMP
// triggers calling a function of this process; another connection's commits (the restore
// worker, a tool) move SQLite's data_version.

const WATCH_SQL = path.join(SQL_FOLDER, 'connection', 'sign-in-watch.sql');

interface Watch {
  writes: number;
  dataVersion: Database.Statement<[], number>;
}

const watches = new WeakMap<Database.Database, Watch>();

/** Starts counting writes to users and sessions on `sqlite` (a migrated shop database). */
export function watchSignIns(sqlite: Database.Database): void {
  const watch: Watch = { writes: 0, dataVersion: sqlite.prepare<[], number>('PRAGMA data_version').pluck() };
  sqlite.function('sign_ins_changed', { deterministic: false }, () => {
    watch.writes++;
    return null;
  });
  sqlite.exec(readFileSync(WATCH_SQL, 'utf8'));
  watches.set(sqlite, watch);
}

/**
 * A stamp that changes whenever users or sessions may have been written; equal stamps mean
 * nothing was. Null for a connection not watched: nothing may then be remembered.
 */
export function signInsStamp(sqlite: Database.Database): string | null {
  const watch = watches.get(sqlite);
  return watch ? `${watch.writes}:${watch.dataVersion.get()}` : null;
}
