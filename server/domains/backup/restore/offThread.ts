import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { TRPCError } from '@trpc/server';
import type { BackupArea, RestoreOutcome } from '../../../../shared/schemas/backup';
import { BUSY_TIMEOUT_MS, type Db } from '../../../db/open';
import { pauseSignInMemory } from '../../../db/signInWatch';
import type { Viewer } from '../../auth/viewer';
import { scrubSecrets } from '../scrub';
import { restoreFromFile } from './index';
import type { FromWorker, RestoreJob, ToWorker } from './worker';

// The serving thread's side of a restore (and of scrubbing a downloaded database copy). Parsing a big workbook and applying it took the
// event loop for seconds (every counter waited); now a worker does both on its own connection.
// While the worker holds the write lock, this thread's writes fail at once as "busy" (busy
// timeout 0; the counters are told a restore is running) instead of freezing the loop in
// SQLite's wait. Reads go on: WAL lets them read beside the writer.

const inSource = import.meta.url.endsWith('.ts');

function startWorker(): Worker {
  if (!inSource) return new Worker(new URL('./restoreWorker.js', import.meta.url));
  // Tests and `npm run dev` run the TypeScript itself: the worker loads it through tsx too.
  const tsx = createRequire(import.meta.url).resolve('tsx/esm/api');
  const entry = new URL('./worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
}

let worker: Worker | null = null;
/** Restores run one after another: the write lock takes one at a time anyway. */
let queue: Promise<unknown> = Promise.resolve();

function runInWorker<T>(db: Db, message: ToWorker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker ??= startWorker();
    const current = worker;
    current.ref();
    // The worker may write users and sessions on its own connection, which no trigger here sees.
    let resumeSignIns: (() => void) | null = null;
    const settle = () => {
      resumeSignIns?.();
      db.$client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      // Kept for the next restore, but never holding the process open.
      current.unref();
    };
    const onMessage = (message: FromWorker) => {
      if (message.type === 'writing') {
        resumeSignIns ??= pauseSignInMemory();
        db.$client.pragma('busy_timeout = 0');
        current.postMessage({ type: 'go' });
        return;
      }
      settle();
      if (message.type === 'done') resolve(message.outcome as T);
      else if (message.code) reject(new TRPCError({ code: message.code, message: message.message }));
      else reject(new Error(message.message));
    };
    const onError = (error: Error) => {
      settle();
      worker = null;
      reject(error);
    };
    // A worker that ends without a word (killed, out of memory) fails its job, never hangs it.
    const onExit = (code: number) => onError(new Error(`The backup worker stopped (exit code ${code}).`));
    current.on('message', onMessage);
    current.on('error', onError);
    current.once('exit', onExit);
    if (message.type !== 'job') return current.postMessage(message);
    // A copy the worker owns: the request's buffer may be a slice of a shared pool.
    const file = new Uint8Array(message.job.file);
    current.postMessage({ type: 'job', job: { ...message.job, file } }, [file.buffer]);
  });
}

/** Runs after the jobs already queued: one job at a time. */
function queued<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run);
  queue = next.catch(() => {});
  return next;
}

/** Takes the secrets out of a downloaded copy of `db` (see ../scrub.ts), off the serving thread. */
export function scrubOffThread(db: Db, file: string): Promise<void> {
  if (db.$client.memory) return Promise.resolve(scrubSecrets(file));
  return queued(() => runInWorker<null>(db, { type: 'scrub', file })).then(() => {});
}

/**
 * Restores an area from its backup file (see ./index.ts for the rules), off the serving
 * thread. An in-memory database has no second connection: it is restored here.
 */
export function restoreArea(
  db: Db,
  actor: Viewer,
  area: BackupArea,
  file: Uint8Array,
  options: { dryRun: boolean; systemEmail: string },
): Promise<RestoreOutcome> {
  if (db.$client.memory) return restoreFromFile(db, actor, area, file, options);
  const job: RestoreJob = { dbFile: db.$client.name, actor, area, file, options };
  return queued(() => runInWorker<RestoreOutcome>(db, { type: 'job', job }));
}
