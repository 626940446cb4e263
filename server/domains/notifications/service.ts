import { count, desc, eq, gt, sql } from 'drizzle-orm';
import type { PageInput } from '../../../shared/schemas/paging';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { type NOTIFICATION_TYPES, notifications, users } from '../../db/schema';
import { pageOf, pageWindow } from '../../paging';
import type { Viewer } from '../auth/viewer';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notifications are made by events (PRODUCT.md "Records"); call it inside the event's transaction. */
export function notify(db: Store, type: NotificationType, message: string): void {
  prepared(db, 'notifications.insert', () =>
    db
      .insert(notifications)
      .values({ type: sql.placeholder('type'), message: sql.placeholder('message') })
      .prepare(),
  ).run({ type, message });
}

export function listNotifications(db: Db, input: PageInput) {
  const total = db.select({ n: count() }).from(notifications).get()?.n ?? 0;
  const { limit, offset } = pageWindow(input);
  const rows = db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset)
    .all();
  return pageOf(rows, total, input);
}

/** How many notifications arrived since this user last opened the list (the menu's badge). */
export function unreadCount(db: Db, viewer: Viewer): number {
  const seen = viewer.user.notificationsSeenAt;
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(seen ? gt(notifications.createdAt, seen) : undefined)
      .get()?.n ?? 0
  );
}

export function markSeen(db: Db, viewer: Viewer, now = new Date()): { unread: 0 } {
  db.update(users).set({ notificationsSeenAt: now }).where(eq(users.id, viewer.user.id)).run();
  return { unread: 0 };
}
