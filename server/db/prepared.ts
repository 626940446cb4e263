import type { Store } from './open';

const byDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement prepared once per database and reused. On the hot paths (every call's
 * session check, the inventory lists) compiling the SQL costs more than running it.
 * Build it with `sql.placeholder(...)` for the values and `.prepare()` at the end.
 */
export function prepared<Statement>(db: Store, key: string, build: () => Statement): Statement {
  const statements = byDb.get(db) ?? new Map<string, unknown>();
  byDb.set(db, statements);
  let statement = statements.get(key) as Statement | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}
