import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { SQL_FOLDER } from './sqlFiles';

// Whether the users or sessions tables may have changed since a moment, without asking the
// tables: the session check remembers who a token speaks for until then (docs/decisions.md,
// "Who a token speaks for, remembered"). Writes through any connection this process opened
// with openDb are counted by TEMP triggers calling a function of this process. The restore
// worker writes on a connection of its own thread: while it may be writing, nothing is
// remembered (pauseSignInMemory). A writer outside the process is seen when what was
// remembered runs out (server/domains/auth/viewer.ts).

const WATCH_SQL = path.join(SQL_FOLDER, 'connection', 'sign-in-watch.sql');

/** Writes to users or sessions through a watched connection, process-wide. */
let writes = 0;
/** Restores that may be writing right now, on another thread's connection. */
let pauses = 0;
const watched = new WeakSet<Database.Database>();

/** Starts counting writes to users and sessions on `sqlite` (a migrated shop database). */
export function watchSignIns(sqlite: Database.Database): void {
  sqlite.function('sign_ins_changed', { deterministic: false }, () => {
    writes++;
    return null;
  });
  sqlite.exec(readFileSync(WATCH_SQL, 'utf8'));
  watched.add(sqlite);
}

/**
 * A stamp that moves whenever users or sessions are written; an equal stamp means nothing
 * was. Null when nothing may be remembered: the connection is not watched, or a restore
 * may be writing.
 */
export function signInsStamp(sqlite: Database.Database): number | null {
  return pauses === 0 && watched.has(sqlite) ? writes : null;
}

/** While a restore worker may write: nothing remembered is used; afterwards all of it is dropped. */
export function pauseSignInMemory(): () => void {
  pauses++;
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    writes++;
    pauses--;
  };
}
