import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: short-lived HS256 JWTs naming the user and the session.
// The algorithm is pinned on verify so a token cannot choose its own.
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const SESSION_DAYS = 30;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(secret);
}

/** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
export async function readAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** Refresh tokens are random; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}
