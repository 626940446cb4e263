import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { throttleHits } from '../../db/schema';
import { fail } from '../../lib/errors';

// One sliding window for every throttle: 15 minutes.
const WINDOW_MS = 15 * 60 * 1000;

// 5 failed sign-ins for one email, or 50 from one address, within the window.
export const LOGIN_PER_EMAIL = 5;
export const LOGIN_PER_ADDRESS = 50;
// The public request forms (registration, password reset): a handful per address.
export const REQUESTS_PER_ADDRESS = 5;

export interface Limit {
  kind: string;
  key: string;
  max: number;
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const waitTexts = {
  login: (ms: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(ms)}.`,
  requests: (ms: number) => `Too many requests from this device. Please try again in ${minutesText(ms)}.`,
};

/**
 * Counts one attempt against every limit, or refuses it with 429 and the wait.
 *
 * The check and the count are one synchronous step (better-sqlite3 is synchronous and
 * nothing here awaits), so attempts sent in parallel are counted one after another:
 * of any burst, only `max` get past. Returns the hit ids, for `forgive`.
 */
export function admit(db: Db, limits: Limit[], waitText: (ms: number) => string, now = Date.now()): number[] {
  const since = new Date(now - WINDOW_MS);
  return db.transaction(
    (tx) => {
      for (const { kind, key, max } of limits) {
        const row = tx
          .select({ n: count(), first: min(throttleHits.at) })
          .from(throttleHits)
          .where(and(eq(throttleHits.kind, kind), eq(throttleHits.key, key), gt(throttleHits.at, since)))
          .get();
        if (row && row.n >= max && row.first) {
          throw fail.tooMany(waitText(row.first.getTime() + WINDOW_MS - now));
        }
      }
      tx.delete(throttleHits).where(lt(throttleHits.at, since)).run();
      return limits.map(
        ({ kind, key }) =>
          tx
            .insert(throttleHits)
            .values({ kind, key, at: new Date(now) })
            .returning({ id: throttleHits.id })
            .get().id,
      );
    },
    { behavior: 'immediate' },
  );
}

/** Takes back attempts that turned out legitimate (a right password), so only failures count. */
export function forgive(db: Db, hitIds: number[]): void {
  if (hitIds.length > 0) db.delete(throttleHits).where(inArray(throttleHits.id, hitIds)).run();
}
