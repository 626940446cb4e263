import { and, eq } from 'drizzle-orm';
import { rankOf } from '../../../shared/roles';
import type { RegisterInput } from '../../../shared/schemas/auth';
import { AUTH_TEXT, REQUEST_TEXT } from '../../../shared/texts/auth';
import type { Db } from '../../db/open';
import { passwordResetRequests, registrationRequests, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import { hashPassword, temporaryPassword } from '../auth/passwords';
import { endUserSessions } from '../auth/sessions';
import { admit, REQUESTS_PER_ADDRESS, waitTexts } from '../auth/throttle';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { recordDecision } from './decide';

const MODULE = 'User Management';

/** A visitor asks for an account; an admin or owner approves it later. */
export async function requestRegistration(
  db: Db,
  input: RegisterInput,
  ip: string,
): Promise<{ message: string }> {
  admit(db, [{ kind: 'register-address', key: ip, max: REQUESTS_PER_ADDRESS }], waitTexts.requests);
  const passwordHash = await hashPassword(input.password, ip);
  db.transaction(
    (tx) => {
      const account = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      const pending = tx
        .select({ id: registrationRequests.id })
        .from(registrationRequests)
        .where(and(eq(registrationRequests.email, input.email), eq(registrationRequests.status, 'pending')))
        .get();
      if (account || pending) throw fail.conflict(AUTH_TEXT.registerTaken);
      tx.insert(registrationRequests).values({ email: input.email, passwordHash }).run();
      notify(tx, 'info', `New registration request from ${input.email}.`, 'reviewRegistrations');
      logActivity(tx, {
        userId: null,
        action: 'Request Registration',
        module: MODULE,
        description: `Registration requested for ${input.email}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: AUTH_TEXT.registerSubmitted };
}

/**
 * Stores a reset request and answers the same whether or not the email has an
 * account, so the form cannot be used to find out who works here.
 */
export function requestPasswordReset(db: Db, email: string, ip: string): { message: string } {
  admit(db, [{ kind: 'reset-address', key: ip, max: REQUESTS_PER_ADDRESS }], waitTexts.requests);
  db.transaction(
    (tx) => {
      const pending = tx
        .select({ id: passwordResetRequests.id })
        .from(passwordResetRequests)
        .where(and(eq(passwordResetRequests.email, email), eq(passwordResetRequests.status, 'pending')))
        .get();
      if (pending) return; // one pending request per email is enough for the admin
      const account = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      tx.insert(passwordResetRequests)
        .values({ email, userId: account?.id ?? null })
        .run();
      notify(tx, 'info', `New password reset request from ${email}.`, 'reviewPasswordResets');
      logActivity(tx, {
        userId: null,
        action: 'Request Password Reset',
        module: MODULE,
        description: `Password reset requested for ${email}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: AUTH_TEXT.resetSent };
}

/**
 * Approves a reset: the account gets a one-time password, shown once to the approver to
 * hand over, must choose a new one at its next sign-in, and every open session ends,
 * so only the session opened with the temporary password can set the new one.
 */
export async function approvePasswordReset(
  db: Db,
  actor: Viewer,
  requestId: number,
  systemEmail: string,
): Promise<{ message: string; temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  db.transaction(
    (tx) => {
      const request = tx
        .select()
        .from(passwordResetRequests)
        .where(eq(passwordResetRequests.id, requestId))
        .get();
      if (!request) throw fail.notFound(REQUEST_TEXT.resetNotFound);
      if (request.status !== 'pending') throw fail.conflict(REQUEST_TEXT.resetNotPending);
      const account = request.userId
        ? tx.select().from(users).where(eq(users.id, request.userId)).get()
        : undefined;
      if (!account) throw fail.conflict(REQUEST_TEXT.resetNoAccount);
      if (account.email === systemEmail) throw fail.forbidden(REQUEST_TEXT.resetSystemAccount);
      // Whoever approves learns the temporary password, so only for accounts below their rank;
      // admins, having no one above them, may also reset another admin.
      const below = rankOf(account.role) < rankOf(actor.user.role);
      const adminForAdmin = account.role === 'admin' && actor.user.role === 'admin';
      if (!below && !adminForAdmin) throw fail.forbidden(REQUEST_TEXT.resetOutranks);
      tx.update(users)
        .set({ passwordHash, needsPasswordReset: true, updatedAt: new Date() })
        .where(eq(users.id, account.id))
        .run();
      endUserSessions(tx, account.id, 'password reset approved');
      recordDecision(tx, passwordResetRequests, request.id, 'approved', actor, {
        action: 'Approve Password Reset',
        module: MODULE,
        description: `Password reset approved for ${account.email}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: REQUEST_TEXT.resetApproved, temporaryPassword: password };
}
