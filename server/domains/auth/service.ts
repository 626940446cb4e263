import { and, eq } from 'drizzle-orm';
import type { LoginInput, SessionUser } from '../../../shared/schemas/auth';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/open';
import { refreshTokens, registrationRequests, sessions, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import { checkPassword, decoyHash, hashPassword } from './passwords';
import { endSession, endUserSessions, startSession } from './sessions';
import { admit, forgive, LOGIN_PER_ADDRESS, LOGIN_PER_EMAIL, waitTexts } from './throttle';
import { hashRefreshToken, newRefreshToken, sealSuccessor, signAccessToken, unsealSuccessor } from './tokens';
import { toSessionUser, type Viewer } from './viewer';

const MODULE = 'Authentication';

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
  message: string;
}

/**
 * Signs in. The attempt is counted before the password is checked (and taken back when it
 * was right), so a burst of parallel guesses gets no more checks than one guess at a time.
 */
export async function login(db: Db, config: Config, input: LoginInput, ip: string): Promise<LoginResult> {
  const hits = admit(
    db,
    [
      { kind: 'login-email', key: input.email, max: LOGIN_PER_EMAIL },
      { kind: 'login-address', key: ip, max: LOGIN_PER_ADDRESS },
    ],
    waitTexts.login,
  );
  const user = db.select().from(users).where(eq(users.email, input.email)).get();
  // No account: a pending registration request for the email is checked instead (emails are
  // unique across both), else a decoy, so there is still exactly one check and every answer
  // takes as long as any other.
  const pending = user
    ? undefined
    : db
        .select({ passwordHash: registrationRequests.passwordHash })
        .from(registrationRequests)
        .where(and(eq(registrationRequests.email, input.email), eq(registrationRequests.status, 'pending')))
        .get();
  let ok: boolean;
  try {
    ok = await checkPassword(
      user?.passwordHash ?? pending?.passwordHash ?? (await decoyHash()),
      input.password,
      ip,
    );
  } catch (error) {
    forgive(db, hits); // the server was too busy to check: not the caller's failure
    throw error;
  }
  if (!user && pending && ok) {
    // The right password of a request not yet accepted: say so, and only then.
    forgive(db, hits);
    throw fail.forbidden(AUTH_TEXT.loginPending);
  }
  if (!user || !ok) {
    logActivity(db, {
      userId: user?.id ?? null,
      action: 'Failed Login',
      module: MODULE,
      description: `Failed sign-in for ${input.email}`,
    });
    throw fail.unauthorized(AUTH_TEXT.loginFailed);
  }
  forgive(db, hits);
  if (user.status !== 'active') throw fail.forbidden(AUTH_TEXT.deactivated);

  const { sessionId, refreshToken } = db.transaction(
    (tx) => {
      // Signing in while a new password is required means the temporary or generated one was used.
      const started = startSession(tx, user.id, { mustSetPassword: user.needsPasswordReset });
      logActivity(tx, {
        userId: user.id,
        action: 'Login',
        module: MODULE,
        description: `${user.username} signed in`,
      });
      return started;
    },
    { behavior: 'immediate' },
  );
  const accessToken = await signAccessToken(config.jwtSecret, { userId: user.id, sessionId });
  const message = user.needsPasswordReset ? AUTH_TEXT.mustReset : AUTH_TEXT.loginSuccess;
  return { accessToken, refreshToken, user: toSessionUser(user), message };
}

/** How long a used refresh token still yields its successor (a lost answer, two tabs at once). */
export const REFRESH_GRACE_MS = 10_000;
/** How many rotations a retry may follow to the live token (tabs that refreshed meanwhile). */
const MAX_CHAIN = 5;

type RefreshOutcome = { ok: false } | { ok: true; userId: number; sessionId: string; refreshToken: string };

/**
 * Trades a refresh token for a new pair. Each token works once; presenting a used one
 * means it was copied, so the whole session ends, except within a short grace
 * after its use, when the same successor is handed back instead.
 */
export async function refresh(
  db: Db,
  config: Config,
  presented: string,
  now = Date.now(),
): Promise<{ accessToken: string; refreshToken: string }> {
  const outcome = db.transaction(
    (tx): RefreshOutcome => {
      const row = tx
        .select({ token: refreshTokens, session: sessions, user: users })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.hash, hashRefreshToken(presented)))
        .get();
      if (!row) return { ok: false };
      const live =
        !row.session.endedAt && row.session.expiresAt.getTime() > now && row.user.status === 'active';
      if (!live) return { ok: false };
      const granted = { ok: true as const, userId: row.user.id, sessionId: row.session.id };
      if (row.token.usedAt) {
        const successor =
          now - row.token.usedAt.getTime() <= REFRESH_GRACE_MS
            ? liveSuccessor(tx, presented, row.token)
            : null;
        if (successor) return { ...granted, refreshToken: successor };
        endSession(tx, row.session.id, 'refresh token reused');
        return { ok: false };
      }
      const next = newRefreshToken();
      tx.update(refreshTokens)
        .set({ usedAt: new Date(now), successorSealed: sealSuccessor(presented, next.token) })
        .where(eq(refreshTokens.hash, row.token.hash))
        .run();
      tx.insert(refreshTokens).values({ hash: next.hash, sessionId: row.session.id }).run();
      return { ...granted, refreshToken: next.token };
    },
    { behavior: 'immediate' },
  );
  // A reuse must end the family even though the caller gets an error, so decide after commit.
  if (!outcome.ok) throw fail.unauthorized(AUTH_TEXT.refreshInvalid);
  const accessToken = await signAccessToken(config.jwtSecret, outcome);
  return { accessToken, refreshToken: outcome.refreshToken };
}

/** Follows the sealed successors from a used token to the one not yet used, if any. */
function liveSuccessor(
  tx: Tx,
  usedToken: string,
  used: { successorSealed: string | null; sessionId: string },
): string | null {
  let token = usedToken;
  let sealed = used.successorSealed;
  for (let step = 0; step < MAX_CHAIN && sealed; step++) {
    const next = unsealSuccessor(token, sealed);
    if (!next) return null;
    const row = tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.hash, hashRefreshToken(next)))
      .get();
    if (!row || row.sessionId !== used.sessionId) return null;
    if (!row.usedAt) return next;
    token = next;
    sealed = row.successorSealed;
  }
  return null;
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored: logout always succeeds. */
export function logout(db: Db, presented: string): { message: string } {
  db.transaction(
    (tx) => {
      const row = tx
        .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId, username: users.username })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.hash, hashRefreshToken(presented)))
        .get();
      if (!row) return;
      endSession(tx, row.sessionId, 'logout');
      logActivity(tx, {
        userId: row.userId,
        action: 'Logout',
        module: MODULE,
        description: `${row.username} signed out`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: 'Logged out.' };
}

/** The forced new password: only for oneself, only while a reset is required. Ends every session. */
export async function setNewPassword(
  db: Db,
  viewer: Viewer,
  ip: string,
  input: { userId: number; newPassword: string },
): Promise<{ message: string }> {
  // Only the session opened with the temporary or generated password holds this right:
  // a session that was already open when a reset was approved has been ended, and never had it.
  if (input.userId !== viewer.user.id || !viewer.user.needsPasswordReset || !viewer.mustSetPassword) {
    throw fail.forbidden(AUTH_TEXT.newPasswordNotAllowed);
  }
  const passwordHash = await hashPassword(input.newPassword, ip);
  db.transaction(
    (tx) => {
      tx.update(users)
        .set({ passwordHash, needsPasswordReset: false, updatedAt: new Date() })
        .where(eq(users.id, viewer.user.id))
        .run();
      endUserSessions(tx, viewer.user.id, 'password changed');
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Set New Password',
        module: MODULE,
        description: `${viewer.user.username} set a new password`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: AUTH_TEXT.newPasswordDone };
}
