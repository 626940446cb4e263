import { and, eq, isNull } from 'drizzle-orm';
import type { Store } from '../../db/open';
import { refreshTokens, sessions } from '../../db/schema';
import { newRefreshToken, newSessionId, SESSION_DAYS } from './tokens';

/**
 * Starts a session and returns its first refresh token. `mustSetPassword` marks a session
 * opened with a temporary or generated password: the only one that may set a new password.
 */
export function startSession(
  db: Store,
  userId: number,
  { mustSetPassword = false, now = Date.now() }: { mustSetPassword?: boolean; now?: number } = {},
): { sessionId: string; refreshToken: string } {
  const sessionId = newSessionId();
  const { token, hash } = newRefreshToken();
  db.insert(sessions)
    .values({ id: sessionId, userId, mustSetPassword, expiresAt: new Date(now + SESSION_DAYS * 86_400_000) })
    .run();
  db.insert(refreshTokens).values({ hash, sessionId }).run();
  return { sessionId, refreshToken: token };
}

export function endSession(db: Store, sessionId: string, reason: string): void {
  db.update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .run();
}

/** Logout everywhere: used by deactivation and password changes. */
export function endUserSessions(db: Store, userId: number, reason: string): void {
  db.update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .run();
}
