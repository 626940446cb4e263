import type { FastifyInstance } from 'fastify';
import { type RouteRecord, routesOf } from '../../server/app';
import { appRouter } from '../../server/trpc/appRouter';
import type { Meta } from '../../server/trpc/procedures';
import type { ProcedureAccess } from '../../shared/roles';

/** Every REST route under /api, as the app registered it ("GET /api/inventory/:id"). */
export function apiRoutes(app: FastifyInstance): RouteRecord[] {
  return routesOf(app).filter((r) => r.url.startsWith('/api/'));
}

export interface ProcedureRecord {
  /** "inventory.list" */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: ProcedureAccess;
}

/** Every tRPC procedure of the app router with its type and declared role rule. */
export const PROCEDURES: readonly ProcedureRecord[] = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: Meta; type: ProcedureRecord['type'] } }
  >,
).map(([path, p]) => ({ path, type: p._def.type, access: p._def.meta?.access as ProcedureAccess }));

/** A route's URL with each `:param` (and a trailing `*`) filled in by `fill`. */
export function urlOf(route: RouteRecord, fill: (param: string) => string): string {
  return route.url
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(fill(name)))
    .replace(/\*$/, fill('*'));
}

/** One call of a procedure of the app router, however it came (REST or /trpc). */
export interface ProcedureCall {
  path: string;
  input: unknown;
}

type Middleware = (opts: { getRawInput: () => Promise<unknown>; next: () => unknown }) => unknown;
const watchers = new Set<(call: ProcedureCall) => void>();
let watching = false;

/**
 * Calls `fn`, answering what it answers and every procedure of the app router it reached
 * (before any role check), with its raw input. It finds the procedure a REST route calls:
 * each procedure gets a first middleware that reports its path, once per test process.
 */
export async function procedureCalls<T>(fn: () => Promise<T>): Promise<[T, ProcedureCall[]]> {
  if (!watching) {
    watching = true;
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { middlewares: Middleware[] } }
    >;
    for (const [path, procedure] of Object.entries(procedures))
      procedure._def.middlewares.unshift(async (opts) => {
        const input = await opts.getRawInput().catch(() => undefined);
        for (const watcher of watchers) watcher({ path, input });
        return opts.next();
      });
  }
  const calls: ProcedureCall[] = [];
  const watcher = (call: ProcedureCall) => calls.push(call);
  watchers.add(watcher);
  try {
    return [await fn(), calls];
  } finally {
    watchers.delete(watcher);
  }
}
