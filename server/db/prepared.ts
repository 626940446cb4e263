import { sql } from 'drizzle-orm';
import { withFastRows } from './fastRows';
import type { Store } from './open';

const byDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement prepared once per database and reused. On the hot paths (every call's
 * session check, the inventory lists) compiling the SQL costs more than running it.
 * Build it with `sql.placeholder(...)` for the values and `.prepare()` at the end. A flat
 * select's rows are mapped without drizzle's generic walk (./fastRows.ts).
 */
export function prepared<Statement>(db: Store, key: string, build: () => Statement): Statement {
  // Keyed by the connection, which a transaction shares with its database: a statement
  // prepared once serves every later transaction too.
  const connection = (db as unknown as { session?: { client?: object } }).session?.client ?? db;
  const statements = byDb.get(connection) ?? new Map<string, unknown>();
  byDb.set(connection, statements);
  let statement = statements.get(key) as Statement | undefined;
  if (statement === undefined) {
    statement = withFastRows(build());
    statements.set(key, statement);
  }
  return statement;
}

/** `{name: sql.placeholder(name)}` for each column: the values of a prepared insert or update. */
export const placeholders = <Names extends string>(names: readonly Names[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<
    Names,
    ReturnType<typeof sql.placeholder>
  >;
