import { type SQLWrapper, sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

// Instants are stored as epoch milliseconds (UTC).
export const createdAt = (name = 'created_at') =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' });

/**
 * A lot with stock left (`remaining > 0`), the condition of the lots' partial indexes, with
 * its 0 written into the SQL. `gt(remaining, 0)` binds the 0, and SQLite then compiles the
 * statement again at every run to learn whether the bound value still lets it use those
 * indexes: three times the cost of the read it guards (docs/decisions.md, Four tills).
 */
export const hasStockLeft = (remaining: SQLWrapper) => sql`${remaining} > 0`;
