import { and, desc, eq, like, ne } from 'drizzle-orm';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import type { Db, Store } from '../../db/open';
import { passwordResetRequests, registrationRequests, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { recordDecision } from './decide';

// The admin side of registration and reset requests (admin and owner).
const MODULE = 'User Management';

export function listRegistrations(db: Db) {
  return db
    .select({
      id: registrationRequests.id,
      email: registrationRequests.email,
      status: registrationRequests.status,
      createdAt: registrationRequests.createdAt,
    })
    .from(registrationRequests)
    .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
    .all();
}

function pendingRegistration(tx: Store, id: number) {
  const request = tx.select().from(registrationRequests).where(eq(registrationRequests.id, id)).get();
  if (!request) throw fail.notFound(ACCOUNT_TEXT.requestNotFound);
  if (request.status !== 'pending') throw fail.conflict(ACCOUNT_TEXT.requestDecided);
  return request;
}

/** The email's local part, with a number added if another account already has it. */
function freeUsername(tx: Store, email: string): string {
  const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
  const taken = new Set(
    tx
      .select({ username: users.username })
      .from(users)
      .where(like(users.username, `${base}%`))
      .all()
      .map((u) => u.username.toLowerCase()),
  );
  // LIKE and the taken set both ignore case, so "Baker" counts as taking "baker".
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
}

/** Approval creates the account with the requested password and no role yet. */
export function approveRegistration(db: Db, actor: Viewer, id: number): { message: string; userId: number } {
  return db.transaction(
    (tx) => {
      const request = pendingRegistration(tx, id);
      const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, request.email)).get();
      if (existing) throw fail.conflict(ACCOUNT_TEXT.emailTaken);
      const username = freeUsername(tx, request.email);
      const account = tx
        .insert(users)
        .values({ username, email: request.email, passwordHash: request.passwordHash, role: null })
        .returning({ id: users.id })
        .get();
      // The hash now lives on the account: the request keeps none (nor a copy of the database).
      recordDecision(
        tx,
        registrationRequests,
        id,
        'approved',
        actor,
        {
          action: 'Approve Registration',
          module: MODULE,
          description: `Approved the registration of ${request.email} as ${username}`,
        },
        { passwordHash: '' },
      );
      return { message: ACCOUNT_TEXT.registrationApproved, userId: account.id };
    },
    { behavior: 'immediate' },
  );
}

/** Rejection keeps the request, marked rejected, for the record; its password hash is wiped. */
export function rejectRegistration(db: Db, actor: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = pendingRegistration(tx, id);
      recordDecision(
        tx,
        registrationRequests,
        id,
        'rejected',
        actor,
        {
          action: 'Reject Registration',
          module: MODULE,
          description: `Rejected the registration of ${request.email}`,
        },
        { passwordHash: '' },
      );
    },
    { behavior: 'immediate' },
  );
  return { message: ACCOUNT_TEXT.registrationRejected };
}

export function listResets(db: Db) {
  return db
    .select({
      id: passwordResetRequests.id,
      email: passwordResetRequests.email,
      status: passwordResetRequests.status,
      createdAt: passwordResetRequests.createdAt,
      userId: passwordResetRequests.userId,
    })
    .from(passwordResetRequests)
    .orderBy(desc(passwordResetRequests.createdAt), desc(passwordResetRequests.id))
    .all()
    .map(({ userId, ...r }) => ({ ...r, hasAccount: userId !== null }));
}

export function rejectReset(db: Db, actor: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = tx.select().from(passwordResetRequests).where(eq(passwordResetRequests.id, id)).get();
      if (!request) throw fail.notFound(ACCOUNT_TEXT.requestNotFound);
      if (request.status !== 'pending') throw fail.conflict(ACCOUNT_TEXT.requestDecided);
      recordDecision(tx, passwordResetRequests, id, 'rejected', actor, {
        action: 'Reject Password Reset',
        module: MODULE,
        description: `Rejected the password reset of ${request.email}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: ACCOUNT_TEXT.resetRejected };
}

/** Decided requests may be cleared away; a pending one must be decided first (409). */
export function deleteReset(db: Db, actor: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = tx.select().from(passwordResetRequests).where(eq(passwordResetRequests.id, id)).get();
      if (!request) throw fail.notFound(ACCOUNT_TEXT.requestNotFound);
      if (request.status === 'pending') throw fail.conflict(ACCOUNT_TEXT.resetPendingDelete);
      tx.delete(passwordResetRequests)
        .where(and(eq(passwordResetRequests.id, id), ne(passwordResetRequests.status, 'pending')))
        .run();
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Delete Password Reset',
        module: MODULE,
        description: `Deleted the ${request.status} password reset request of ${request.email}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: ACCOUNT_TEXT.resetDeleted };
}
