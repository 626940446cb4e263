import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, type TRPCLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/appRouter';
import { MAX_BATCH } from '../shared/constants';
import { httpStatusOf, isNetworkFailure } from './errors';
import { markReachable } from './offline/connection';
import { endSession, readRefreshToken, readToken, saveTokens } from './session';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** What each procedure answers, for typing screen props. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

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

let refreshing: Promise<Refreshed> | null = null;

/** refreshed: new tokens are stored; refused: the server said no; unreachable: no answer came. */
type Refreshed = 'refreshed' | 'refused' | 'unreachable';

/**
 * One refresh for however many calls were refused at once; they all wait on it. Tabs take
 * turns through a Web Lock (where the browser offers one: localhost or https), and a tab
 * whose stored token changed while it waited uses the one another tab just got.
 */
export function refreshSession(refusedToken: string | null): Promise<Refreshed> {
  refreshing ??= withRefreshLock(async (): Promise<Refreshed> => {
    const current = readToken();
    if (current && current !== refusedToken) return 'refreshed';
    const refreshToken = readRefreshToken();
    if (!refreshToken) return 'refused';
    try {
      saveTokens(await refreshClient.auth.refresh.mutate({ refreshToken }));
      return 'refreshed';
    } catch (error) {
      return isNetworkFailure(error) ? 'unreachable' : 'refused';
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('bakeshop-session-refresh', task) : task();
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
  // A reload or a link away cancels calls in flight: that is neither a refused token
  // nor a server that is down, and a refresh started now might lose its answer.
  if (leavingPage) return 'fail';
  // No answer: the server is down or the network dropped. The session stays (the counter sells
  // offline, docs/decisions.md, Selling offline); the call fails and its screen says so.
  if (isNetworkFailure(error)) {
    markReachable(false);
    return 'fail';
  }
  const status = httpStatusOf(error);
  if (status !== 401 && status !== 403) return 'fail';
  // A 403 after a fresh token is a real "not allowed", not a stale session.
  if (retried) return status === 401 ? 'end' : 'fail';
  if (!readRefreshToken()) return 'end';
  const current = readToken();
  if (current && current !== sentWith) return 'retry'; // another call already refreshed
  const refreshed = await refreshSession(sentWith);
  if (refreshed === 'refreshed') return 'retry';
  // No answer to the refresh (the server went down, or the page is going away): the session
  // stays, and the next call refreshes again; the server's grace hands it the same successor.
  return refreshed === 'unreachable' ? 'fail' : 'end';
}

/** On 401/403 refresh once and retry; if that cannot work, end the session. */
const sessionLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let current: Unsubscribable | undefined;
      let stopped = false;
      const attempt = (retried: boolean) => {
        const sentWith = readToken();
        current = next(op).subscribe({
          next: (result) => {
            markReachable(true);
            observer.next(result);
          },
          complete: () => observer.complete(),
          error: (error) => {
            if (!isNetworkFailure(error)) markReachable(true);
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
  // The server refuses batches above MAX_BATCH calls; the link splits larger ones.
  links: [
    sessionLink,
    httpBatchLink({ url, transformer: superjson, headers: authorization, maxItems: MAX_BATCH }),
  ],
});

/** The plain client, as hooks outside React Query's calls use it. */
export type TRPCClient = typeof trpcClient;

export const queryClient = new QueryClient({
  defaultOptions: {
    // The session link already retries what is worth retrying.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
