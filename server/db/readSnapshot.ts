import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from './open';
import * as schema from './schema';

/** A read of the database as it stood at one instant, however long the reading takes. */
export interface ReadSnapshot {
  db: Db;
  /** Whether the reader may yield between chunks: a snapshot of its own stands still meanwhile. */
  standsStill: boolean;
  release: () => void;
}

/**
 * One read transaction on a connection of its own: in WAL mode it sees the database as at its
 * first read, while the main connection keeps selling. A backup that yields between sheets
 * therefore never holds a line whose sale came after the sales sheet was written. An
 * in-memory database has no second connection: its reader must not yield.
 */
export function readSnapshot(db: Db): ReadSnapshot {
  const main = db.$client;
  if (main.memory) return { db, standsStill: false, release: () => {} };
  const sqlite = new Database(main.name, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('query_only = ON');
  sqlite.exec('BEGIN');
  // The snapshot is taken at the first read, not at BEGIN.
  sqlite.prepare('select count(*) from sqlite_master').get();
  let released = false;
  return {
    db: drizzle(sqlite, { schema }) as Db,
    standsStill: true,
    release: () => {
      if (released) return;
      released = true;
      sqlite.exec('COMMIT');
      sqlite.close();
    },
  };
}
