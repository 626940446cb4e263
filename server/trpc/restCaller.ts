import { type AnyProcedure, type AnyRouter, getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import type { Context, createCallerFactory } from './procedures';

type Caller<R extends AnyRouter> = ReturnType<typeof createCallerFactory<R['_def']['record']>>;

const CONTEXT = Symbol('context');

/**
 * A REST route's caller of its domain's procedures: what tRPC's createCallerFactory makes,
 * without its recursive proxy and its asynchronous look-up of the path. The procedure runs
 * its middlewares as tRPC does (its role rule, input schema and resolver; `run` below), so
 * /api and /trpc still apply one rule. tRPC's caller built a chain of proxies per call: a
 * tenth of a short read's own cost (docs/decisions.md, Where a read's time goes).
 */
export function restCallers<R extends AnyRouter>(router: R): Caller<R> {
  const root: Shape = {};
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const names = path.split('.');
    const name = names.pop() as string;
    let shape = root;
    for (const inner of names) shape = innerShape(shape, inner);
    const call = { def: procedure._def as unknown as Def, path };
    Object.defineProperty(shape, name, {
      get(this: Bound) {
        const ctx = this[CONTEXT];
        return (input: unknown) => run(call, ctx, async () => input);
      },
    });
  }
  return ((ctx: Context) => bound(root, ctx)) as unknown as Caller<R>;
}

/** A procedure as tRPC builds it: its middlewares in order, the resolver last. */
type Def = { type: string; meta: unknown; middlewares: Middleware[] };
type Result = { ok: true; data: unknown } | { ok: false; error: TRPCError; marker: typeof MARKER };
/** What tRPC marks a middleware's result with. */
const MARKER = 'middlewareMarker';
type Next = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> };
type Middleware = (opts: {
  ctx: Context;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: undefined;
  batchIndex: number;
  next: (opts?: Next) => Promise<Result>;
}) => Promise<Result>;
type Call = { def: Def; path: string };

/**
 * The procedure run as tRPC runs it (createProcedureCaller): each middleware in turn, a
 * `next({ ctx })` adding to the context and `next({ input })` passing the parsed input on,
 * a throw settled as tRPC settles it. tRPC copies every middleware's options twice through
 * a generic spread; here they are written once (docs/decisions.md, Where a read's time goes).
 * It reads tRPC's `_def.middlewares`, which is not public API: tests/api/restCaller.test.ts
 * holds it to tRPC's own caller, so an upgrade that changes the protocol fails there.
 */
async function run(call: Call, ctx: Context, getRawInput: () => Promise<unknown>) {
  const result = await step(call, 0, ctx, undefined, getRawInput);
  if (!result)
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  if (!result.ok) throw result.error;
  return result.data;
}

async function step(
  call: Call,
  index: number,
  ctx: Context,
  input: unknown,
  getRawInput: () => Promise<unknown>,
): Promise<Result> {
  const { def, path } = call;
  try {
    return await (def.middlewares[index] as Middleware)({
      ctx,
      type: def.type,
      path,
      input,
      getRawInput,
      meta: def.meta,
      signal: undefined,
      batchIndex: 0,
      next: (opts) =>
        step(
          call,
          index + 1,
          opts?.ctx ? { ...ctx, ...opts.ctx } : ctx,
          opts && 'input' in opts ? opts.input : input,
          opts?.getRawInput ?? getRawInput,
        ),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER };
  }
}

type Shape = Record<string, unknown>;
type Bound = { [CONTEXT]: Context };

const bound = (shape: Shape, ctx: Context) => {
  const caller = Object.create(shape) as Bound;
  caller[CONTEXT] = ctx;
  return caller;
};

/** The shape under `name` (a nested router's procedures), made on first use. */
function innerShape(shape: Shape, name: string): Shape {
  const shapes = innerShapes.get(shape) ?? new Map<string, Shape>();
  innerShapes.set(shape, shapes);
  let inner = shapes.get(name);
  if (inner === undefined) {
    const made: Shape = {};
    inner = made;
    shapes.set(name, made);
    Object.defineProperty(shape, name, {
      get(this: Bound) {
        return bound(made, this[CONTEXT]);
      },
    });
  }
  return inner;
}
const innerShapes = new WeakMap<Shape, Map<string, Shape>>();
