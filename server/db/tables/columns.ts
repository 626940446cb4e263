import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

// Instants are stored as epoch milliseconds (UTC).
export const createdAt = (name = 'created_at') =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' });
