import type { Store } from '../../db/open';
import { type NOTIFICATION_TYPES, notifications } from '../../db/schema';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notifications are made by events (PRODUCT.md "Records"); call it inside the event's transaction. */
export function notify(db: Store, type: NotificationType, message: string): void {
  db.insert(notifications).values({ type, message }).run();
}
