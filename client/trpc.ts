import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/router';
import { httpStatusOf, isNetworkFailure } from './errors';
import { endSession, readRefreshToken, readToken, saveTokens } from './session';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const url = '/trpc';

function authorization(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls the login screen makes for itself: their failures are shown there, never a redirect. */
const LOGIN_SCREEN_CALLS = new Set([
  'auth.login',
  'auth.refresh',
  'auth.logout',
  'auth.setNewPassword',
  'requests.register',
  'resetRequests.create',
  'settings.shopProfile',
]);

// A plain client for the refresh itself, so it never passes through the session link.
const refreshClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url, transformer: superjson })],
});

let refreshing: Promise<boolean> | null = null;

/** One refresh for however many calls were refused at once; they all wait on it. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = readRefreshToken();
    if (!refreshToken) return false;
    try {
      saveTokens(await refreshClient.auth.refresh.mutate({ refreshToken }));
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// Reloading or leaving the page aborts calls in flight; that is not the server being unreachable.
let leavingPage = false;
let leaveTimer: ReturnType<typeof setTimeout> | undefined;
function markLeaving() {
  leavingPage = true;
  clearTimeout(leaveTimer);
  // If the page stays after all (a cancelled unload, a restore from the back-forward cache), forget it.
  leaveTimer = setTimeout(() => {
    leavingPage = false;
  }, 5_000);
}
window.addEventListener('beforeunload', markLeaving);
window.addEventListener('pagehide', markLeaving);

type Recovery = 'retry' | 'end' | 'fail';

async function recover(error: unknown, retried: boolean, sentWith: string | null): Promise<Recovery> {
  if (isNetworkFailure(error)) return readToken() && !leavingPage ? 'end' : 'fail';
  const status = httpStatusOf(error);
  if (status !== 401 && status !== 403) return 'fail';
  // A 403 after a fresh token is a real "not allowed", not a stale session.
  if (retried) return status === 401 ? 'end' : 'fail';
  if (!readRefreshToken()) return 'end';
  const current = readToken();
  if (current && current !== sentWith) return 'retry'; // another call already refreshed
  return (await refreshSession()) ? 'retry' : 'end';
}

/** On 401/403 refresh once and retry; if that cannot work, end the session (SPEC.md §7, §8). */
const sessionLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let current: Unsubscribable | undefined;
      let stopped = false;
      const attempt = (retried: boolean) => {
        const sentWith = readToken();
        current = next(op).subscribe({
          next: (result) => observer.next(result),
          complete: () => observer.complete(),
          error: (error) => {
            if (stopped || op.signal?.aborted || LOGIN_SCREEN_CALLS.has(op.path)) {
              observer.error(error);
              return;
            }
            void recover(error, retried, sentWith).then((recovery) => {
              // A dead session ends even if the screen that asked has gone meanwhile.
              if (recovery === 'end') endSession();
              if (stopped) return;
              if (recovery === 'retry') return attempt(true);
              observer.error(error);
            });
          },
        });
      };
      attempt(false);
      return () => {
        stopped = true;
        current?.unsubscribe();
      };
    });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [sessionLink, httpBatchLink({ url, transformer: superjson, headers: authorization })],
});

export const queryClient = new QueryClient({
  defaultOptions: {
    // The session link already retries what is worth retrying.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
