// The service worker: it keeps the built app (index.html and every file of the build) so
// the counter reopens and renders with the shop's computer down. Browsers run it only on
// https or localhost (docs/decisions.md, Reopening offline). It never answers for the API:
// sales and data always come from the server or from the counter's own offline queue.

// A module, so the `self` below is this file's own.
export {};

// Filled in by the build (scripts/build/serviceWorker.mjs) from what Vite wrote.
declare const BUILD_FILES: string[];
declare const BUILD_VERSION: string;

// What this worker uses of the worker's scope (the DOM's types lack it; the webworker lib
// would clash with the DOM's for the whole client).
interface LastingEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends LastingEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
declare const self: {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: LastingEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};

const PREFIX = 'shop-app-';
/** One cache per build: a new deployment fills its own, then drops the old. */
const CACHE = `${PREFIX}${BUILD_VERSION}`;
const KEPT = new Set(BUILD_FILES);
/** Any page of the app renders from this one: the client routes the rest. */
const APP_PAGE = '/index.html';
/** Always the network: the API's answers, and the certificate page (it says what is true now). */
const NETWORK_ONLY = /^\/(trpc|api|setup)(\/|$)/;
/** A page waits this long for the server before the kept one is shown (a box that is off never answers). */
const PAGE_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  // All or nothing: a worker whose files did not all arrive never takes over.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The page that registered this worker is served by it from now on, not from its next load.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(pageFromServerOrKept(request));
  else if (KEPT.has(url.pathname)) event.respondWith(keptOrServer(request));
});

/** A file of the build: its name changes with its content, so the kept copy is right. */
async function keptOrServer(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
  return kept ?? fetch(request);
}

/** A page: the server's while it answers (a new deployment shows at once), else the kept one. */
async function pageFromServerOrKept(request: Request): Promise<Response> {
  try {
    const answer = await Promise.race([
      fetch(request),
      new Promise<never>((_, refuse) => setTimeout(() => refuse(new Error('no answer')), PAGE_WAIT_MS)),
    ]);
    if (answer.status < 500) return answer;
  } catch {
    // The server is down or unreachable: the kept page below.
  }
  const kept = await caches.match(APP_PAGE, { cacheName: CACHE, ignoreVary: true });
  return kept ?? Response.error();
}
