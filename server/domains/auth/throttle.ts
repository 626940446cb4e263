import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Store } from '../../db/open';
import { loginFailures } from '../../db/schema';
import { fail } from '../../errors';

// PRODUCT.md: 5 failures for one email, or 50 from one address, within 15 minutes.
// Only failures count, so a cashier who signs in correctly is never slowed.
export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PER_EMAIL = 5;
export const MAX_PER_ADDRESS = 50;

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws 429 with the wait time when this email or address has failed too often. */
export function checkThrottle(db: Store, email: string, ip: string, now = Date.now()): void {
  const since = new Date(now - WINDOW_MS);
  for (const [column, value, limit] of [
    [loginFailures.email, email, MAX_PER_EMAIL],
    [loginFailures.ip, ip, MAX_PER_ADDRESS],
  ] as const) {
    const row = db
      .select({ n: count(), first: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.at, since)))
      .get();
    if (row && row.n >= limit && row.first) {
      throw fail.tooMany(waitText(row.first.getTime() + WINDOW_MS - now));
    }
  }
}

export function recordFailure(db: Store, email: string, ip: string, now = Date.now()): void {
  db.delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now - WINDOW_MS)))
    .run();
  db.insert(loginFailures)
    .values({ email, ip, at: new Date(now) })
    .run();
}
