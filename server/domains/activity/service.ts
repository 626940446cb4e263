import type { Store } from '../../db/open';
import { activityLogs } from '../../db/schema';

export interface ActivityEntry {
  userId: number | null;
  action: string;
  module: string;
  description: string;
}

/** Every successful change writes one row; call it inside the change's transaction. */
export function logActivity(db: Store, entry: ActivityEntry): void {
  db.insert(activityLogs).values(entry).run();
}
