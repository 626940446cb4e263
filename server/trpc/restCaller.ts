import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { Context, createCallerFactory } from './procedures';

type Caller<R extends AnyRouter> = ReturnType<typeof createCallerFactory<R['_def']['record']>>;
type ProcedureCall = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: Context;
  type: string;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

const CONTEXT = Symbol('context');

/**
 * A REST route's caller of its domain's procedures: what tRPC's createCallerFactory makes,
 * without its recursive proxy and its asynchronous look-up of the path. The procedure itself runs as tRPC runs it
 * (its role rule, input schema and middlewares), so /api and /trpc still apply one rule.
 * tRPC's caller built a chain of proxies per call: a tenth of a short read's own cost
 * (docs/decisions.md, Where a read's time goes).
 */
export function restCallers<R extends AnyRouter>(router: R): Caller<R> {
  const root: Shape = {};
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const names = path.split('.');
    const name = names.pop() as string;
    let shape = root;
    for (const inner of names) shape = innerShape(shape, inner);
    const run = procedure as unknown as ProcedureCall;
    const type = procedure._def.type;
    Object.defineProperty(shape, name, {
      get(this: Bound) {
        const ctx = this[CONTEXT];
        return (input: unknown) =>
          run({ path, getRawInput: async () => input, ctx, type, signal: undefined, batchIndex: 0 });
      },
    });
  }
  return ((ctx: Context) => bound(root, ctx)) as unknown as Caller<R>;
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
