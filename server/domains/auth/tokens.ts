import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: short-lived HS256 JWTs naming the user and the session.
// The algorithm is pinned on verify so a token cannot choose its own.
const ALGORITHM = 'HS256';
const ACCESS_TOKEN_SECONDS = 15 * 60;
export const SESSION_DAYS = 30;
/** A signing key shorter than this is refused at start (HS256 wants at least 256 bits). */
export const MIN_SECRET_BYTES = 32;

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

/** The secret imported once as a WebCrypto key: jose would import raw bytes again on every call. */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      secret as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, with their claims, until they expire: a counter sends the same
 * token with every call for 15 minutes, and checking its signature each time is most of
 * a call's cost. Only verified tokens enter; the session itself is still checked on every
 * call (viewer.ts), so logout and deactivation take effect at once.
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid token, or null for a missing, forged, expired, malformed or incomplete one. */
export async function readAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  const known = verified.get(secret) ?? new Map<string, { claims: AccessClaims; expiresAt: number }>();
  verified.set(secret, known);
  const hit = known.get(token);
  if (hit) {
    if (Date.now() < hit.expiresAt) return hit.claims;
    known.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
    const claims = { userId, sessionId: payload.sid };
    if (known.size >= VERIFIED_MAX) known.clear();
    known.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
    return claims;
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

// A used refresh token keeps its successor sealed (AES-256-GCM) under a key derived from
// the used token itself. The database never holds a usable token, yet whoever presents
// the used token again inside the grace period (a retry after a lost answer, a second
// tab) can be handed the very same successor.
function sealingKey(token: string): Buffer {
  return createHash('sha256').update(`refresh-successor:${token}`).digest();
}

export function sealSuccessor(usedToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(usedToken), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function unsealSuccessor(usedToken: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(usedToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
