import { STORAGE } from '../shared/constants';
import type { SessionUser } from '../shared/schemas/auth';

// The session lives in localStorage under the keys the legacy client used, so a reload keeps it.

export interface SignIn {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}

export function readToken(): string | null {
  return localStorage.getItem(STORAGE.token);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(STORAGE.refreshToken);
}

export function readUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

/** Signed in: the login flag is the string true and a token is stored. */
export function hasSession(): boolean {
  return localStorage.getItem(STORAGE.isLoggedIn) === 'true' && Boolean(readToken());
}

export function saveSignIn({ accessToken, refreshToken, user }: SignIn): void {
  localStorage.setItem(STORAGE.token, accessToken);
  localStorage.setItem(STORAGE.refreshToken, refreshToken);
  localStorage.setItem(STORAGE.user, JSON.stringify(user));
  localStorage.setItem(STORAGE.isLoggedIn, 'true');
}

/** Refresh tokens rotate, so both are replaced every time. */
export function saveTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(STORAGE.token, tokens.accessToken);
  localStorage.setItem(STORAGE.refreshToken, tokens.refreshToken);
}

export function saveUser(user: SessionUser): void {
  localStorage.setItem(STORAGE.user, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE.token);
  localStorage.removeItem(STORAGE.refreshToken);
  localStorage.removeItem(STORAGE.user);
  localStorage.removeItem(STORAGE.isLoggedIn);
}

// The tRPC link ends sessions outside React; the app registers how to get back to /login.
let goToLogin: () => void = () => window.location.assign('/login');

export function whenSessionEnds(handler: () => void): void {
  goToLogin = handler;
}

/** Refresh failed, or the token is refused, or the server is unreachable: back to /login. */
export function endSession(): void {
  clearSession();
  goToLogin();
}
