import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/schemas/auth';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { readAccessToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export interface Viewer {
  user: UserRow;
  sessionId: string;
  /** The session was opened with a temporary or generated password (see sessions.ts). */
  mustSetPassword: boolean;
}

/** The session and its user, if the session is still open: checked on every call, so prepared once. */
const liveSession = (db: Db) =>
  prepared(db, 'viewer.liveSession', () =>
    db
      .select({ user: users, mustSetPassword: sessions.mustSetPassword })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.endedAt),
          // Epoch milliseconds, as the column stores them (placeholders skip the column's mapping).
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare(),
  );

/**
 * Who is calling. The session is checked on every call, so logout, deactivation
 * and a password change take effect at once rather than when the JWT expires.
 */
export async function viewerFromToken(db: Db, config: Config, bearer: string | undefined): Promise<Viewer> {
  if (!bearer) throw fail.unauthorized(AUTH_TEXT.signInRequired);
  const claims = await readAccessToken(config.jwtSecret, bearer);
  if (!claims) throw fail.unauthorized(AUTH_TEXT.sessionEnded);
  const row = liveSession(db).get({ sessionId: claims.sessionId, userId: claims.userId, now: Date.now() });
  if (!row || row.user.status !== 'active') throw fail.unauthorized(AUTH_TEXT.sessionEnded);
  return { user: row.user, sessionId: claims.sessionId, mustSetPassword: row.mustSetPassword };
}

/** The user as the login response, /me and local storage carry it: never the hash. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    email: user.email,
    role: user.role ?? null,
    status: user.status,
    needsPasswordReset: user.needsPasswordReset,
  };
}
