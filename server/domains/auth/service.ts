import { eq } from 'drizzle-orm';
import { AUTH_TEXT, type LoginInput, type SessionUser } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { refreshTokens, sessions, users } from '../../db/schema';
import { fail } from '../../errors';
import { logActivity } from '../activity/service';
import { checkPassword, decoyHash, hashPassword } from './passwords';
import { endSession, endUserSessions, startSession } from './sessions';
import { checkThrottle, recordFailure } from './throttle';
import { hashRefreshToken, newRefreshToken, signAccessToken } from './tokens';
import { toSessionUser, type Viewer } from './viewer';

const MODULE = 'Authentication';

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
  message: string;
}

export async function login(db: Db, config: Config, input: LoginInput, ip: string): Promise<LoginResult> {
  checkThrottle(db, input.email, ip);
  const user = db.select().from(users).where(eq(users.email, input.email)).get();
  // Verify against a decoy when there is no account, so the answer takes as long either way.
  const ok = await checkPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) {
    recordFailure(db, input.email, ip);
    throw fail.unauthorized(AUTH_TEXT.loginFailed);
  }
  if (user.status !== 'active') throw fail.forbidden(AUTH_TEXT.deactivated);

  const { sessionId, refreshToken } = db.transaction(
    (tx) => {
      const started = startSession(tx, user.id);
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

/**
 * Trades a refresh token for a new pair. Each token works once; presenting a used
 * one means it was copied, so the whole session ends (PRODUCT.md).
 */
export async function refresh(
  db: Db,
  config: Config,
  presented: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const outcome = db.transaction(
    (tx) => {
      const row = tx
        .select({ token: refreshTokens, session: sessions, user: users })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.hash, hashRefreshToken(presented)))
        .get();
      if (!row) return { ok: false as const };
      if (row.token.usedAt) {
        endSession(tx, row.session.id, 'refresh token reused');
        return { ok: false as const };
      }
      const live = !row.session.endedAt && row.session.expiresAt > new Date() && row.user.status === 'active';
      if (!live) return { ok: false as const };
      tx.update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(eq(refreshTokens.hash, row.token.hash))
        .run();
      const next = newRefreshToken();
      tx.insert(refreshTokens).values({ hash: next.hash, sessionId: row.session.id }).run();
      return { ok: true as const, userId: row.user.id, sessionId: row.session.id, refreshToken: next.token };
    },
    { behavior: 'immediate' },
  );
  // A reuse must end the family even though the caller gets an error, so decide after commit.
  if (!outcome.ok) throw fail.unauthorized(AUTH_TEXT.refreshInvalid);
  const accessToken = await signAccessToken(config.jwtSecret, outcome);
  return { accessToken, refreshToken: outcome.refreshToken };
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
  input: { userId: number; newPassword: string },
): Promise<{ message: string }> {
  if (input.userId !== viewer.user.id || !viewer.user.needsPasswordReset) {
    throw fail.forbidden(AUTH_TEXT.newPasswordNotAllowed);
  }
  const passwordHash = await hashPassword(input.newPassword);
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
