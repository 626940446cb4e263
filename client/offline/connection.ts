import { useSyncExternalStore } from 'react';

// Whether the server answers (docs/decisions.md, Selling offline). The tRPC link reports every
// answer and every call that got none; the browser's offline event says so sooner. Nothing
// here ends the session: a counter that lost the server keeps selling.

let reachable = typeof navigator === 'undefined' || navigator.onLine !== false;
const listeners = new Set<() => void>();

/** Records whether the last call reached the server; listeners hear only changes. */
export function markReachable(answered: boolean): void {
  if (answered === reachable) return;
  reachable = answered;
  for (const listener of listeners) listener();
}

export function serverReachable(): boolean {
  return reachable;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

window.addEventListener('offline', () => markReachable(false));

/** Whether the server answered the last call, for screens that change offline. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribe, serverReachable);
}

// How far the server's clock is ahead of the device's, learnt from the health route's Date
// header (to the second; half a second added for the part the header drops). A tablet whose
// clock runs slow still dates its offline sales by the server's clock, which the server checks.
let clockOffset = 0;

/** Now, by the server's clock as last learnt. */
export const serverNow = () => new Date(Date.now() + clockOffset);

/** Asks the server's health route (no sign-in, no session link): true when it answers 200. */
export async function probeServer(): Promise<boolean> {
  try {
    const sent = Date.now();
    const answer = await fetch('/api/health', { cache: 'no-store' });
    const date = Date.parse(answer.headers.get('date') ?? '');
    if (answer.ok && Number.isFinite(date)) clockOffset = date + 500 - (sent + Date.now()) / 2;
    markReachable(answer.ok);
    return answer.ok;
  } catch {
    markReachable(false);
    return false;
  }
}
