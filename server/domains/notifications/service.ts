import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ACCESS, type AccessRule, can, type Role } from '../../../shared/roles';
import type { PageInput } from '../../../shared/schemas/paging';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { type NOTIFICATION_TYPES, notifications, users } from '../../db/schema';
import { pageOf, pageWindow } from '../../lib/paging';
import type { Viewer } from '../auth/viewer';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Notifications are made by events (docs/rules.md, Records); call it inside the event's transaction.
 * `audience` is the ACCESS rule whose roles see it (those who can act on it); none: every role.
 */
export function notify(db: Store, type: NotificationType, message: string, audience?: AccessRule): void {
  prepared(db, 'notifications.insert', () =>
    db
      .insert(notifications)
      .values({
        type: sql.placeholder('type'),
        message: sql.placeholder('message'),
        audience: sql.placeholder('audience'),
      })
      .prepare(),
  ).run({ type, message, audience: audience ?? null });
}

const RULES = Object.keys(ACCESS) as AccessRule[];

/** The notifications this role sees: those for everyone, and those whose rule admits the role. */
function seenBy(role: Role | null | undefined): SQL {
  const rules = RULES.filter((rule) => can(role, rule));
  const everyone = isNull(notifications.audience);
  return rules.length ? (or(everyone, inArray(notifications.audience, rules)) as SQL) : everyone;
}

export function listNotifications(db: Db, viewer: Viewer, input: PageInput) {
  const mine = seenBy(viewer.user.role);
  const total = db.select({ n: count() }).from(notifications).where(mine).get()?.n ?? 0;
  const { limit, offset } = pageWindow(input);
  const rows = db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset)
    .all();
  return pageOf(rows, total, input);
}

/** How many of this user's notifications arrived since they last opened the list (the menu's badge). */
export function unreadCount(db: Db, viewer: Viewer): number {
  const seen = viewer.user.notificationsSeenAt;
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(seenBy(viewer.user.role), seen ? gt(notifications.createdAt, seen) : undefined))
      .get()?.n ?? 0
  );
}

export function markSeen(db: Db, viewer: Viewer, now = new Date()): { unread: 0 } {
  db.update(users).set({ notificationsSeenAt: now }).where(eq(users.id, viewer.user.id)).run();
  return { unread: 0 };
}
