import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { rankOf } from '../../../shared/roles';
import type { UpdateAccountInput } from '../../../shared/schemas/accounts';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import type { Db, Store } from '../../db/open';
import { users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import { endUserSessions } from '../auth/sessions';
import type { UserRow, Viewer } from '../auth/viewer';

const MODULE = 'User Management';

export interface Account {
  id: number;
  username: string;
  email: string;
  role: UserRow['role'] | null;
  status: UserRow['status'];
  createdAt: Date;
  /** The fixed admin account from config: no one may change it. */
  isSystem: boolean;
  /** Whether the viewer may edit, deactivate or reactivate it (strictly lower rank). */
  canManage: boolean;
}

export function listAccounts(db: Db, actor: Viewer, systemEmail: string): Account[] {
  return db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .all()
    .map((u) => {
      const isSystem = u.email === systemEmail;
      return {
        id: u.id,
        username: u.username,
        email: u.email,
        role: u.role ?? null,
        status: u.status,
        createdAt: u.createdAt,
        isSystem,
        canManage: !isSystem && u.id !== actor.user.id && rankOf(u.role) < rankOf(actor.user.role),
      };
    });
}

/** The account, if the actor may change it: never the system account, only strictly lower ranks. */
function manageable(db: Store, actor: Viewer, id: number, systemEmail: string): UserRow {
  const target = db.select().from(users).where(eq(users.id, id)).get();
  if (!target) throw fail.notFound(ACCOUNT_TEXT.accountNotFound);
  if (target.email === systemEmail) throw fail.forbidden(ACCOUNT_TEXT.systemUntouchable);
  if (rankOf(target.role) >= rankOf(actor.user.role)) throw fail.forbidden(ACCOUNT_TEXT.outranked);
  return target;
}

export function updateAccount(
  db: Db,
  actor: Viewer,
  input: UpdateAccountInput,
  systemEmail: string,
): { message: string } {
  if (input.role && rankOf(input.role) >= rankOf(actor.user.role))
    throw fail.forbidden(ACCOUNT_TEXT.roleTooHigh);
  db.transaction(
    (tx) => {
      const target = manageable(tx, actor, input.id, systemEmail);
      // Names are compared without case: "STAFF1" beside "staff1" would be two people to a reader.
      const clash = (column: typeof users.username | typeof users.email, value: string) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${column}) = lower(${value})`, ne(users.id, target.id)))
          .get();
      if (clash(users.username, input.username)) throw fail.conflict(ACCOUNT_TEXT.usernameTaken);
      if (clash(users.email, input.email)) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
      tx.update(users)
        .set({ username: input.username, email: input.email, role: input.role, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .run();
      const changes = [
        target.username !== input.username && `username ${target.username} → ${input.username}`,
        target.email !== input.email && `email ${target.email} → ${input.email}`,
        (target.role ?? null) !== input.role && `role ${target.role ?? 'User'} → ${input.role ?? 'User'}`,
      ].filter(Boolean);
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Edit Account',
        module: MODULE,
        description: `Edited ${target.username}${changes.length ? `: ${changes.join(', ')}` : ' (no changes)'}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: ACCOUNT_TEXT.updated };
}

/** Deactivation ends the account's sessions at once; its live access token is refused on its next call. */
export function setAccountStatus(
  db: Db,
  actor: Viewer,
  id: number,
  status: 'active' | 'deactivated',
  systemEmail: string,
): { message: string } {
  db.transaction(
    (tx) => {
      if (id === actor.user.id) throw fail.forbidden(ACCOUNT_TEXT.notYourself);
      const target = manageable(tx, actor, id, systemEmail);
      if (target.status === status) {
        throw fail.conflict(
          status === 'active' ? ACCOUNT_TEXT.alreadyActive : ACCOUNT_TEXT.alreadyDeactivated,
        );
      }
      tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id)).run();
      if (status === 'deactivated') endUserSessions(tx, id, 'account deactivated');
      logActivity(tx, {
        userId: actor.user.id,
        action: status === 'active' ? 'Reactivate Account' : 'Deactivate Account',
        module: MODULE,
        description: `${status === 'active' ? 'Reactivated' : 'Deactivated'} ${target.username}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: status === 'active' ? ACCOUNT_TEXT.reactivated : ACCOUNT_TEXT.deactivated };
}
