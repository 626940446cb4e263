import { count, desc, eq, gte, sql } from 'drizzle-orm';
import type { PageInput } from '../../../shared/schemas/paging';
import { type Range, rangeStart } from '../../../shared/time';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { activityLogs, users } from '../../db/schema';
import { pageOf, pageWindow } from '../../lib/paging';

export interface ActivityEntry {
  userId: number | null;
  action: string;
  module: string;
  description: string;
}

/** Every successful change writes one row; call it inside the change's transaction. */
export function logActivity(db: Store, entry: ActivityEntry): void {
  prepared(db, 'activity.insert', () =>
    db
      .insert(activityLogs)
      .values({
        userId: sql.placeholder('userId'),
        action: sql.placeholder('action'),
        module: sql.placeholder('module'),
        description: sql.placeholder('description'),
      })
      .prepare(),
  ).run({ ...entry });
}

/** "Edited INV-1 "Flour": Stock 10 → 12, Unit Price ₱50.00 → ₱55.00", or "(no changes)". */
export function editDescription(what: string, changed: Record<string, string>): string {
  const list = Object.entries(changed).map(([field, change]) => `${field} ${change}`);
  return `Edited ${what}${list.length ? `: ${list.join(', ')}` : ' (no changes)'}`;
}

/** Newest first, within a Manila calendar range; paged so a year of logs stays fast. */
export function listActivity(db: Db, input: PageInput & { range: Range }, now = new Date()) {
  const start = rangeStart(input.range, now);
  const where = start ? gte(activityLogs.createdAt, start) : undefined;
  const total = db.select({ n: count() }).from(activityLogs).where(where).get()?.n ?? 0;
  const { limit, offset } = pageWindow(input);
  const rows = db
    .select({
      id: activityLogs.id,
      createdAt: activityLogs.createdAt,
      username: users.username,
      action: activityLogs.action,
      module: activityLogs.module,
      description: activityLogs.description,
    })
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.userId))
    .where(where)
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(limit)
    .offset(offset)
    .all();
  return pageOf(rows, total, input);
}
