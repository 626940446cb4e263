import { initTRPC } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { MAX_BATCH } from '../../shared/constants';
import { ACCESS, type AccessRule, can, type ProcedureAccess } from '../../shared/roles';
import type { CurrentLine } from '../../shared/saleRules';
import { AUTH_TEXT } from '../../shared/texts/auth';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { type Viewer, viewerFromToken } from '../domains/auth/viewer';
import { CheckoutRefused } from '../domains/sales/refused';
import { DATABASE_BUSY, databaseBusy, fail, readableMessage } from '../lib/errors';
import { isFields, NOT_AN_OBJECT } from '../transport/restShapes';
import { serializeAnswer } from './wire';

export interface Deps {
  db: Db;
  config: Config;
}

export interface Context extends Deps {
  /** The caller's address, for sign-in throttling. */
  ip: string;
  /** The bearer token as sent, checked lazily by the procedures that need a viewer. */
  bearer: string | undefined;
}

/** Every procedure carries the role rule it was built with; a test walks the router to enforce it. */
export interface Meta {
  access: ProcedureAccess;
}

export function contextFrom(deps: Deps, req: Pick<FastifyRequest, 'ip' | 'headers'>): Context {
  const header = req.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
  // Named, not spread: a spread copies by a generic path on every request.
  return { db: deps.db, config: deps.config, ip: req.ip, bearer };
}

/** What a client is told when its input cannot even be decoded (before any schema sees it). */
export const INPUT_UNREADABLE = 'The request input could not be read.';

/**
 * superjson, but a hostile `meta` (deep nesting, __proto__ paths) answers one plain 400
 * instead of passing the decoder's internal text ("Maximum call stack size exceeded").
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      try {
        return superjson.deserialize(value as never);
      } catch {
        throw fail.badRequest(INPUT_UNREADABLE);
      }
    },
  },
  output: {
    serialize: serializeAnswer,
    deserialize: superjson.deserialize,
  },
};

export { MAX_BATCH };

/** A refused checkout's lines as they are now, which the cart re-prices from (sales/refused.ts). */
const currentLinesOf = (cause: unknown): { currentLines?: CurrentLine[] } =>
  cause instanceof CheckoutRefused ? { currentLines: cause.lines } : {};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer,
    // Stacks stay in the server log, never in answers.
    isDev: false,
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: readableMessage(error),
      data: { ...shape.data, ...currentLinesOf(error.cause) },
    }),
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A write that met a restore's write lock answers 503 with a plain message, not a 500. */
function notBusy<Result extends { ok: boolean }>(result: Result): Result {
  if (!result.ok && databaseBusy((result as { error?: { cause?: unknown } }).error?.cause))
    throw fail.unavailable(DATABASE_BUSY);
  return result;
}

export const publicProcedure = t.procedure
  .meta({ access: 'public' })
  .use(async ({ next }) => notBusy(await next()));

/**
 * A procedure for callers `access` admits. Who calls, the refusal and the busy answer are
 * one middleware: tRPC copies the context for each, and on a short read the three copies
 * cost more than the read (docs/decisions.md, Where a read's time goes).
 */
function guarded(access: Exclude<ProcedureAccess, 'public'>) {
  return t.procedure.meta({ access }).use(async ({ ctx, next }) => {
    let viewer: Viewer;
    try {
      viewer = await viewerFromToken(ctx.db, ctx.config, ctx.bearer);
    } catch (error) {
      throw databaseBusy(error) ? fail.unavailable(DATABASE_BUSY) : error;
    }
    const why = refusal(viewer, access);
    if (why) throw why;
    return notBusy(await next({ ctx: { ...ctx, viewer } }));
  });
}

/** The one procedure a must-reset token may call: setting the new password. */
export const passwordResetProcedure = guarded('passwordReset');

/** Any signed-in account, including one still waiting for a role; not a session that must set a new password. */
export const signedInProcedure = guarded('signedIn');

/** Only the roles the shared table gives this rule. */
export const allow = (rule: AccessRule) => guarded(rule);

/**
 * Why `viewer` may not call a procedure of `access`, or null: the one rule the middlewares
 * above and admitTo below apply. A must-reset session may only set its new password.
 */
function refusal(viewer: Viewer, access: Exclude<ProcedureAccess, 'public'>) {
  if (access === 'passwordReset') return null;
  if (viewer.user.needsPasswordReset || viewer.mustSetPassword) return fail.forbidden(AUTH_TEXT.mustReset);
  if (access === 'signedIn') return null;
  const role = viewer.user.role;
  if (!role) return fail.forbidden(AUTH_TEXT.noRole);
  if (!can(role, access)) return fail.forbidden(AUTH_TEXT.forbidden);
  return null;
}

/**
 * A preHandler for the REST routes that translate their body before calling `procedure`:
 * a body that is not a JSON object, or one `translate` refuses (money that is not pesos),
 * would be refused (400) before the procedure could check the caller, so such a caller is
 * checked here first, exactly as the procedure would (401, 403), and then a body that is
 * not a JSON object is refused (400); with `optionalBody`, no body (or null) reads as {}.
 * A body the translation takes goes straight on: the procedure checks it.
 */
export function admitTo(
  deps: Deps,
  procedure: { _def: { meta?: unknown } },
  translate: (body: unknown) => unknown = () => undefined,
  options: { optionalBody?: boolean } = {},
) {
  return async (req: FastifyRequest) => {
    const body = req.body;
    const object = isFields(body);
    if (object && translates(translate, body)) return;
    const access = (procedure._def.meta as Meta | undefined)?.access;
    if (access && access !== 'public') {
      const ctx = contextFrom(deps, req);
      const why = refusal(await viewerFromToken(ctx.db, ctx.config, ctx.bearer), access);
      if (why) throw why;
    }
    if (object || (options.optionalBody && (body === undefined || body === null))) return;
    throw fail.badRequest(NOT_AN_OBJECT);
  };
}

/** Whether the route's translation takes `body` (it throws the 400 it would answer). */
function translates(translate: (body: unknown) => unknown, body: unknown): boolean {
  try {
    translate(body);
    return true;
  } catch {
    return false;
  }
}

export type { Viewer };
export const KNOWN_ACCESS: ReadonlySet<string> = new Set([
  ...Object.keys(ACCESS),
  'public',
  'signedIn',
  'passwordReset',
]);

/** What every domain's REST plugin receives. Its routes call the domain's own
 * procedures through createCallerFactory(domainRouter)(contextFrom(deps, req)), with
 * call() and a Loose input (server/transport/restShapes.ts), so roles and input schemas apply to /api
 * exactly as to /trpc. */
export interface RestOptions {
  deps: Deps;
}
