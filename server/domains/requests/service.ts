import { and, eq } from 'drizzle-orm';
import { AUTH_TEXT, type RegisterInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/open';
import { passwordResetRequests, registrationRequests, users } from '../../db/schema';
import { fail } from '../../errors';
import { logActivity } from '../activity/service';
import { hashPassword } from '../auth/passwords';
import { notify } from '../notifications/service';

const MODULE = 'User Management';

/** A visitor asks for an account; an admin or owner approves it later. */
export async function requestRegistration(db: Db, input: RegisterInput): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
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
      notify(tx, 'info', `New registration request from ${input.email}.`);
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
export function requestPasswordReset(db: Db, email: string): { message: string } {
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
      notify(tx, 'info', `New password reset request from ${email}.`);
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
