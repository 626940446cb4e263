import { parentPort } from 'node:worker_threads';
import { TRPCError } from '@trpc/server';
import type { BackupArea } from '../../../../shared/schemas/backup';
import { connect, shopDb } from '../../../db/open';
import type { Viewer } from '../../auth/viewer';
import { scrubSecrets } from '../scrub';
import { restoreFromFile } from './index';

// The backup worker: parses an uploaded workbook and applies it on a connection of its own,
// or scrubs a downloaded copy of the database, so the serving thread keeps answering the
// counters meanwhile. One job at a time.

export interface RestoreJob {
  dbFile: string;
  actor: Viewer;
  area: BackupArea;
  file: Uint8Array;
  options: { dryRun: boolean; systemEmail: string };
}

export type FromWorker =
  | { type: 'writing' }
  | { type: 'done'; outcome: Awaited<ReturnType<typeof restoreFromFile>> | null }
  | { type: 'failed'; code: TRPCError['code'] | null; message: string };

const port = parentPort;
if (!port) throw new Error('The restore worker runs only as a worker thread.');

let go: (() => void) | null = null;

export type ToWorker = { type: 'job'; job: RestoreJob } | { type: 'scrub'; file: string } | { type: 'go' };

port.on('message', async (message: ToWorker) => {
  if (message.type === 'go') {
    go?.();
    return;
  }
  if (message.type === 'scrub') {
    try {
      scrubSecrets(message.file);
      port.postMessage({ type: 'done', outcome: null } satisfies FromWorker);
    } catch (error) {
      port.postMessage({ type: 'failed', code: null, message: String(error) } satisfies FromWorker);
    }
    return;
  }
  const { job } = message;
  const sqlite = connect(job.dbFile);
  try {
    const outcome = await restoreFromFile(shopDb(sqlite), job.actor, job.area, job.file, job.options, {
      // The serving thread answers its writes "busy" while this one holds the write lock.
      beforeWrite: () =>
        new Promise<void>((resolve) => {
          go = resolve;
          port.postMessage({ type: 'writing' } satisfies FromWorker);
        }),
      afterWrite: () => {},
    });
    port.postMessage({ type: 'done', outcome } satisfies FromWorker);
  } catch (error) {
    const known = error instanceof TRPCError;
    port.postMessage({
      type: 'failed',
      code: known ? error.code : null,
      message: error instanceof Error ? error.message : String(error),
    } satisfies FromWorker);
  } finally {
    go = null;
    sqlite.close();
  }
});
