import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/schemas/auth';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { signInsStamp } from '../../db/signInWatch';
import { fail } from '../../lib/errors';
import { readAccessToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export interface Viewer {
  user: UserRow;
  sessionId: string;
  /** The session was opened with a temporary or generated password (see sessions.ts). */
  mustSetPassword: boolean;
}

/** The session and its user, if the session is still open: prepared once (exported for its test). */
export const liveSession = (db: Db) =>
  prepared(db, 'viewer.liveSession', () =>
    db
      .select({ user: users, mustSetPassword: sessions.mustSetPassword, expiresAt: sessions.expiresAt })
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

interface Remembered {
  viewer: Viewer;
  userId: number;
  /** The session's end, epoch milliseconds. */
  expiresAt: number;
  /** signInsStamp when it was read. */
  stamp: number;
  /** When it was read, epoch milliseconds. */
  readAt: number;
}

/** Who each session speaks for, per connection, while no user or session is written. */
const rememberedBy = new WeakMap<object, Map<string, Remembered>>();
/** More open sessions than a shop has; past it the memory starts again. */
const REMEMBER_AT_MOST = 10_000;
/** How long an answer is used at most: a writer outside this process is seen within it. */
export const REMEMBER_MS = 60_000;

/**
 * Who is calling. The session is checked on every call, so logout, deactivation and a
 * password change take effect at once rather than when the JWT expires. The answer is
 * remembered until any user or session is written (server/db/signInWatch.ts): reading
 * the session and its user was a tenth of a short read's time under load.
 */
export async function viewerFromToken(db: Db, config: Config, bearer: string | undefined): Promise<Viewer> {
  if (!bearer) throw fail.unauthorized(AUTH_TEXT.signInRequired);
  const claims = await readAccessToken(config.jwtSecret, bearer);
  if (!claims) throw fail.unauthorized(AUTH_TEXT.sessionEnded);
  const now = Date.now();
  const stamp = signInsStamp(db.$client);
  const remembered = stamp === null ? undefined : rememberedBy.get(db.$client);
  const hit = remembered?.get(claims.sessionId);
  if (
    hit &&
    hit.stamp === stamp &&
    hit.userId === claims.userId &&
    hit.expiresAt > now &&
    now - hit.readAt < REMEMBER_MS
  )
    return hit.viewer;
  const row = liveSession(db).get({ sessionId: claims.sessionId, userId: claims.userId, now });
  if (!row || row.user.status !== 'active') throw fail.unauthorized(AUTH_TEXT.sessionEnded);
  const viewer = { user: row.user, sessionId: claims.sessionId, mustSetPassword: row.mustSetPassword };
  if (stamp !== null) {
    const memory = remembered ?? new Map<string, Remembered>();
    if (memory.size >= REMEMBER_AT_MOST) memory.clear();
    memory.set(claims.sessionId, {
      viewer,
      userId: claims.userId,
      expiresAt: row.expiresAt.getTime(),
      stamp,
      readAt: now,
    });
    rememberedBy.set(db.$client, memory);
  }
  return viewer;
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
