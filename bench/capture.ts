// The bare baselines of the read scenarios run "the same SQL" as the app in the most
// literal sense: the statements the app ran for one request, with their arguments,
// recorded here and replayed by bench/bare.ts on plain better-sqlite3. So a ratio
// shows what the app's layers (Fastify hooks, tRPC, zod, drizzle, JSON) cost.
import type Database from 'better-sqlite3';

type Method = 'run' | 'get' | 'all' | 'iterate';

/** One statement as the app ran it: its SQL, how it was called, and the row shape asked for. */
export interface Step {
  sql: string;
  method: Method;
  args: unknown[];
  mode: 'objects' | 'raw' | 'pluck' | 'expand';
}

const CALLS = new Set<string>(['run', 'get', 'all', 'iterate']);
const MODES = new Set<string>(['raw', 'pluck', 'expand']);

/**
 * Wraps `sqlite.prepare` so every statement prepared from now on reports its calls while
 * recording is on. Patch before the app is built: it prepares and keeps statements.
 */
export function recorder(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  let steps: Step[] | null = null;
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    let mode: Step['mode'] = 'objects';
    const wrapped: Database.Statement = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        if (MODES.has(key))
          return (on = true) => {
            value.call(target, on);
            mode = on ? (key as Step['mode']) : 'objects';
            return wrapped;
          };
        if (CALLS.has(key))
          return (...args: unknown[]) => {
            steps?.push({ sql: source, method: key as Method, args, mode });
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    return wrapped;
  }) as typeof sqlite.prepare;
  return {
    /** Runs `request` and answers the statements it ran. */
    async record(request: () => Promise<unknown>): Promise<Step[]> {
      steps = [];
      try {
        await request();
        return steps;
      } finally {
        steps = null;
      }
    },
  };
}

/** Replays recorded steps on `sqlite`, preparing each SQL once; answers the last result. */
export function replayer(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return (steps: readonly Step[]) => {
    let last: unknown = null;
    for (const step of steps) {
      let statement = statements.get(step.sql);
      if (!statement) {
        statement = sqlite.prepare(step.sql);
        statements.set(step.sql, statement);
      }
      if (statement.reader) {
        if (step.mode === 'objects') statement.raw(false).pluck(false).expand(false);
        else statement[step.mode](true);
      }
      last =
        step.method === 'iterate'
          ? [...statement.iterate(...step.args)]
          : (statement[step.method] as (...a: unknown[]) => unknown)(...step.args);
    }
    return last;
  };
}
