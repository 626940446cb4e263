import type { Db, Tx } from './open';

interface Job {
  work: (tx: Tx) => unknown;
  done: (result: { value: unknown } | { error: unknown }) => void;
}

const queues = new WeakMap<Db, Job[]>();

/**
 * Group commit: writes that arrive together run in one immediate transaction, each in a
 * savepoint of its own, and share one commit, so one fsync (synchronous=FULL) serves many
 * counters. Each write is still all or nothing: a failure rolls back its savepoint only and
 * reaches only its caller. Every caller hears back only after the commit, so nothing is
 * acknowledged that a power cut could take away.
 */
export function writeTogether<T>(db: Db, work: (tx: Tx) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const queue = queues.get(db) ?? [];
    queues.set(db, queue);
    queue.push({
      work,
      done: (result) => ('error' in result ? reject(result.error) : resolve(result.value as T)),
    });
    // The first write of a batch schedules the flush; the writes that arrive meanwhile join it.
    if (queue.length === 1) setImmediate(() => flush(db));
  });
}

function flush(db: Db): void {
  const jobs = queues.get(db)?.splice(0) ?? [];
  if (jobs.length === 0) return;
  const outcomes: ({ value: unknown } | { error: unknown })[] = [];
  try {
    db.transaction(
      (tx) => {
        for (const job of jobs) {
          try {
            outcomes.push({ value: tx.transaction((savepoint) => job.work(savepoint)) });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // The commit itself failed: nothing of the batch was written.
    for (const job of jobs) job.done({ error });
    return;
  }
  for (const [i, job] of jobs.entries()) job.done(outcomes[i]!);
}
