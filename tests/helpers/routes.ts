import type { FastifyInstance } from 'fastify';
import { type RouteRecord, routesOf } from '../../server/app';
import { appRouter } from '../../server/router';
import type { Meta } from '../../server/trpc';
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
