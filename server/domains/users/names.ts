import { eq, sql } from 'drizzle-orm';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { users } from '../../db/schema';

/**
 * An account's username by its id, or null once the account is gone: what receipts, readings
 * and approvals print. Asked on every invoice and reading, so prepared once.
 */
export function usernameOf(db: Store, id: number | null): string | null {
  if (id === null) return null;
  return (
    prepared(db, 'users.usernameOf', () =>
      db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id })?.username ?? null
  );
}
