import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { plainAndSecure } from './https/bothProtocols';
import { certificatePage } from './https/certificatePage';
import { certificatesFor, type ShopCertificates } from './https/shopCertificates';
import { SERVER_FAILED } from './lib/errors';
import { compressAnswers } from './transport/compress';
import { restApi } from './transport/rest';
import { sendSecurityHeaders } from './transport/securityHeaders';
import { type AppRouter, appRouter } from './trpc/appRouter';
import { contextFrom, type Deps, MAX_BATCH } from './trpc/procedures';

/** A URL without its query string: what the logs may hold. */
function pathOf(url: string): string {
  return url.split('?')[0] ?? '';
}

export interface AppOptions extends Deps {
  /** Pino options; tests pass false to keep their output readable, or a stream to read it. */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** With HTTPS on, the certificates (main.ts makes them first to report what it made); else made here. */
  certificates?: ShopCertificates | null;
}

/** A route the app serves, as registered: for the tests that call every one of them. */
export interface RouteRecord {
  method: string;
  url: string;
}
const routeTables = new WeakMap<FastifyInstance, RouteRecord[]>();

/** Every route `app` registered (HEAD twins left out), in the order they were added. */
export function routesOf(app: FastifyInstance): readonly RouteRecord[] {
  return routeTables.get(app) ?? [];
}

/** tRPC's error code names and JSON-RPC numbers for the statuses Fastify answers itself. */
const TRPC_CODES: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  404: ['NOT_FOUND', -32004],
  413: ['PAYLOAD_TOO_LARGE', -32413],
  415: ['UNSUPPORTED_MEDIA_TYPE', -32415],
  500: ['INTERNAL_SERVER_ERROR', -32603],
};

/** JSON bodies above this are refused with 413 before any parsing. */
export const BODY_LIMIT = 256 * 1024;

export async function buildApp({
  db,
  config,
  logger = { level: config.logLevel },
  certificates = certificatesFor(config, db),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // With HTTPS on, https and plain http on the one port (server/https/bothProtocols.ts).
    serverFactory: certificates
      ? plainAndSecure({ key: certificates.key, cert: certificates.cert })
      : undefined,
    logger: logger && {
      ...logger,
      // Never log credentials, even if a future serializer starts logging headers or bodies.
      // Never the query string: a GET /trpc call carries its input (a password, say) there.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: pathOf(req.url) }),
      },
      redact: [
        'req.headers.authorization',
        'req.body.password',
        'req.body.newPassword',
        'req.body.refreshToken',
      ],
    },
    bodyLimit: BODY_LIMIT,
    // One line per request, written when it completes (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // tRPC batches put every procedure name in the path.
    routerOptions: { maxParamLength: 5000 },
  });
  const deps: Deps = { db, config };
  const routes: RouteRecord[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  // Not even a no-op call per request when the level leaves the line out (the bench runs silent).
  if (['info', 'debug', 'trace'].includes(app.log.level))
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        {
          method: req.method,
          url: pathOf(req.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });

  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker that keeps the app's files for reopening offline (client/sw.ts).
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The shop runs over plain http on its own network; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  compressAnswers(app);

  await app.register(async (trpcScope) => {
    // Fastify itself refuses some /trpc requests before tRPC sees them (a body over the limit,
    // a content type it cannot read): answered in tRPC's shape so a tRPC client reads the message.
    trpcScope.setErrorHandler((error: FastifyError, req, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) req.log.error({ err: error }, 'request failed');
      const code = TRPC_CODES[status] ?? TRPC_CODES[status >= 500 ? 500 : 400];
      return reply.status(status).send({
        error: {
          json: {
            message: status >= 500 ? SERVER_FAILED : error.message,
            code: code?.[1],
            data: { code: code?.[0], httpStatus: status },
          },
        },
      });
    });
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_BATCH,
        createContext: ({ req }) => contextFrom(deps, req),
        onError: ({ error, path: procedure }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, procedure }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  await app.register(restApi, { prefix: '/api', deps });
  await app.register(certificatePage, { certificates });
  await serveClient(app, config.clientDir);
  return app;
}

/**
 * The built React app: / and /login answered by index.html (which preloads the login
 * screen's code; / goes on to /login), a screen's path (/inventory, /sales-management)
 * by pages/<screen>.html (the shell's skeleton with that screen's title, loading the
 * signed-in shell's code and that screen's), and any other client route by shell.html
 * (the skeleton without a title, the shell's code only): vite.config.ts, pagePreloads.
 * The build writes a .br and a .gz beside each file; a browser that accepts one gets it
 * (browsers ask for brotli only over https and on localhost, so the shop's tablets on
 * plain http get gzip), anything else the plain file.
 */
async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const shellPage = existsSync(path.join(clientDir, 'shell.html')) ? 'shell.html' : 'index.html';
  const pagesDir = path.join(clientDir, 'pages');
  const screenPages = new Set(
    existsSync(pagesDir) ? readdirSync(pagesDir).filter((f) => f.endsWith('.html')) : [],
  );
  const pageFor = (url: string) => {
    const at = pathOf(url);
    if (at === '/' || at === '/login') return 'index.html';
    // A page's skeleton shows its screen's title; a view of the Dashboard (?view=pricing) has
    // another, so it gets the shell's page, which names none.
    if (new URLSearchParams(url.split('?')[1] ?? '').has('view')) return shellPage;
    const screen = `${at.split('/')[1]}.html`;
    return screenPages.has(screen) ? `pages/${screen}` : shellPage;
  };
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false, // / is a page: the not-found handler below answers it
      preCompressed: true,
      // The compressed copies are served in place of their file, and shell.html for the
      // signed-in pages: none of them is a URL of its own.
      globIgnore: ['**/*.br', '**/*.gz', 'shell.html', 'pages/**'],
      cacheControl: false, // setHeaders decides: hashed assets forever, the rest revalidated
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding; a cache in between must keep the versions apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/trpc') &&
      !path.extname(req.url.split('?')[0] ?? '');
    if (isPage && hasClient) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(req.url));
    }
    if (isPage) return reply.type('text/plain').send('The client is not built yet: run `npm run build`.');
    return reply.status(404).send({ message: 'Not found' });
  });
}
