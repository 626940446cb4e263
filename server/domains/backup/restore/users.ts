import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, rankOf } from '../../../../shared/roles';
import { updateAccountInput } from '../../../../shared/schemas/accounts';
import { ACCOUNT_TEXT } from '../../../../shared/texts/accounts';
import type { Tx } from '../../../db/open';
import { users } from '../../../db/schema';
import { endUserSessions } from '../../auth/sessions';
import type { Viewer } from '../../auth/viewer';
import type { Book } from './read';
import { cellText, changedFields, checkedRows, instantCell, orNull, type Tally } from './rows';

export const USERS_LAYOUT = { users: ['email', 'username', 'role', 'status', 'createdAt'] } as const;

/**
 * What an account restored without its password holds instead of a hash: no password
 * verifies against it, and the account must set a new one after an admin approves its
 * reset request (backups never hold a secret).
 */
export const NO_PASSWORD = '!restored-without-password';

const a = updateAccountInput.shape;
const userRow = z.object({
  email: cellText.pipe(a.email),
  username: cellText.pipe(a.username),
  role: orNull(cellText.pipe(z.enum(ROLES, { error: 'must be admin, owner, manager, staff or blank' }))),
  status: cellText.pipe(z.enum(['active', 'deactivated'], { error: 'must be active or deactivated' })),
  createdAt: instantCell,
});

/** Why the actor may not make this change to an account, or null (the rules of User Management). */
function refusal(
  actor: Viewer,
  target: typeof users.$inferSelect | null,
  role: string | null,
  systemEmail: string,
) {
  if (target?.email === systemEmail) return ACCOUNT_TEXT.systemUntouchable;
  if (target?.id === actor.user.id) return 'Your own account is not changed by a restore.';
  if (target && rankOf(target.role) >= rankOf(actor.user.role)) return ACCOUNT_TEXT.outranked;
  if (role && rankOf(role as never) >= rankOf(actor.user.role)) return ACCOUNT_TEXT.roleTooHigh;
  return null;
}

/**
 * Accounts by email. New ones come back without a password (NO_PASSWORD) and must have
 * a reset approved before they sign in; existing ones take the file's username, role and
 * status, within the rules of User Management. Passwords are never touched.
 */
export function restoreUsers(tx: Tx, book: Book, tally: Tally, actor: Viewer, systemEmail: string): void {
  for (const { row, value } of checkedRows(book.users ?? [], userRow, 'email', tally)) {
    const { createdAt, ...wanted } = value;
    const existing = tx.select().from(users).where(eq(users.email, wanted.email)).get() ?? null;
    if (existing && changedFields(existing, wanted).length === 0) {
      tally.unchanged++;
      continue;
    }
    const refused = refusal(actor, existing, wanted.role, systemEmail);
    // Without case, as User Management compares: "STAFF1" beside "staff1" reads as one person.
    const clash = tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${wanted.username})`, ne(users.email, wanted.email)))
      .get();
    if (refused || clash) {
      tally.reject(row, `${wanted.email}: ${refused ?? ACCOUNT_TEXT.usernameTaken}`);
      continue;
    }
    if (!existing) {
      tx.insert(users)
        .values({ ...wanted, createdAt, passwordHash: NO_PASSWORD, needsPasswordReset: true })
        .run();
      tally.added++;
      continue;
    }
    tx.update(users)
      .set({ ...wanted, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .run();
    if (wanted.status === 'deactivated' && existing.status !== 'deactivated')
      endUserSessions(tx, existing.id, 'account deactivated by a restore');
    tally.updated++;
  }
}
