import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { manilaDate, manilaDayStart } from '../../../shared/time';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { logActivity } from '../activity/service';
import { notify } from '../notifications/service';

export const SNAPSHOT_MODULE = 'Backup and Restore';
/** The daily snapshots keep the last 14. */
const SNAPSHOTS_KEPT = 14;
/** Only files of this shape are counted and pruned; anything else in backups/ is left alone. */
export const SNAPSHOT_NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{4}\.sqlite$/;
/** The daily check runs hourly so a laptop that slept through midnight still gets its snapshot. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** shop-YYYY-MM-DDTHHmm.sqlite in Manila time. */
export function snapshotName(at = new Date()): string {
  const day = manilaDate(at);
  const minutes = Math.floor((at.getTime() - manilaDayStart(day).getTime()) / 60_000);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `shop-${day}T${hhmm}.sqlite`;
}

export const backupsFolder = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'backups');

/**
 * Null when `file` is a sound SQLite database, else what is wrong with it. The file is first
 * switched from WAL to a rollback journal so it is one self-contained file: no -wal or -shm
 * has to travel with it, and opening it read-only leaves none behind. Self-contained (the
 * driver is its argument) because a worker thread runs it from its source text.
 */
function problemOf(Driver: typeof Database, file: string): string | null {
  try {
    const writable = new Driver(file, { fileMustExist: true });
    try {
      writable.pragma('journal_mode = DELETE');
    } finally {
      writable.close();
    }
    const copy = new Driver(file, { readonly: true, fileMustExist: true });
    try {
      const result = copy.pragma('integrity_check', { simple: true });
      return result === 'ok' ? null : `integrity check: ${String(result)}`;
    } finally {
      copy.close();
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export const databaseProblem = (file: string) => problemOf(Database, file);

/**
 * The same check on a worker thread: on a big shop the integrity check takes seconds (six on
 * the bench's two years of sales), and the daily snapshot runs while the counter sells.
 */
export function databaseProblemAside(file: string): Promise<string | null> {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
    parentPort.postMessage((${problemOf.toString()})(require(workerData.driver), workerData.file));`;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const worker = new Worker(source, { eval: true, workerData: { file, driver } });
    worker.once('message', (problem: string | null) => resolve(problem));
    worker.once('error', (err) => resolve(err.message));
    worker.once('exit', (code) => resolve(code === 0 ? null : `the check stopped (exit ${code})`));
  });
}

/**
 * A consistent copy of the live database through SQLite's online backup, which copies a
 * few pages per turn of the event loop while the shop keeps selling. It is written beside
 * `file` and renamed into place only once checked, so a half-written copy never counts.
 */
export async function takeSnapshot(db: Db, file: string): Promise<void> {
  const part = `${file}.part`;
  // Created 600 before any page lands in it: it holds everything the database holds.
  closeSync(openSync(part, 'w', 0o600));
  try {
    await db.$client.backup(part);
    chmodSync(part, 0o600);
    const problem = await databaseProblemAside(part);
    if (problem) throw new Error(`The snapshot failed its check: ${problem}`);
    renameSync(part, file);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
}

/** A snapshot with its activity row and notification; a failure is announced too, then rethrown. */
export async function recordedSnapshot(
  db: Db,
  file: string,
  by: { userId: number | null; action: string },
): Promise<void> {
  try {
    await takeSnapshot(db, file);
  } catch (err) {
    // Everyone sees notifications: the details go to the server log, not here.
    notify(db, 'error', `${by.action} failed. Please try again.`, 'backupRestore');
    throw err;
  }
  db.transaction(
    (tx) => {
      logActivity(tx, {
        userId: by.userId,
        action: by.action,
        module: SNAPSHOT_MODULE,
        description: `${by.action}: whole database copied and checked (${path.basename(file)})`,
      });
      notify(tx, 'success', `${by.action} completed.`, 'backupRestore');
    },
    { behavior: 'immediate' },
  );
}

/** Deletes all but the newest `keep` snapshot files in `folder`; returns the names deleted. */
export function pruneSnapshots(folder: string, keep = SNAPSHOTS_KEPT): string[] {
  // The name carries the Manila minute, so name order is age order.
  const snapshots = readdirSync(folder)
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort();
  const old = snapshots.slice(0, Math.max(0, snapshots.length - keep));
  for (const name of old) rmSync(path.join(folder, name), { force: true });
  return old;
}

const takenOn = (folder: string, day: string) =>
  readdirSync(folder).some((name) => SNAPSHOT_NAME.test(name) && name.startsWith(`shop-${day}T`));

/**
 * The daily snapshot into DATA_DIR/backups: now if none was taken today (Manila), then at
 * the first hourly check of each new day; keeps the newest 14. Returns the stopper.
 */
export function scheduleSnapshots(
  db: Db,
  config: Pick<Config, 'dataDir'>,
  onError: (err: unknown) => void,
  now = () => new Date(),
): () => void {
  const folder = backupsFolder(config);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const at = now();
      if (!takenOn(folder, manilaDate(at))) {
        await recordedSnapshot(db, path.join(folder, snapshotName(at)), {
          userId: null,
          action: 'Daily Full Backup',
        });
      }
      pruneSnapshots(folder);
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
