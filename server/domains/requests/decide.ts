import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open';
import type {
  actionRequests,
  passwordResetRequests,
  RequestStatus,
  registrationRequests,
} from '../../db/schema';
import { type ActivityEntry, logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

type DecidedTable = typeof registrationRequests | typeof passwordResetRequests | typeof actionRequests;

/** Marks a request approved or rejected by `actor`, with its activity row, in the caller's transaction. */
export function recordDecision(
  tx: Tx,
  table: DecidedTable,
  id: number,
  status: Exclude<RequestStatus, 'pending'>,
  actor: Viewer,
  activity: Omit<ActivityEntry, 'userId'>,
  extra: { passwordHash?: string } = {},
): void {
  // The three tables share these columns; drizzle cannot type an update over a union of tables.
  const t = table as typeof registrationRequests;
  tx.update(t)
    .set({ status, decidedBy: actor.user.id, decidedAt: new Date(), ...extra })
    .where(eq(t.id, id))
    .run();
  logActivity(tx, { userId: actor.user.id, ...activity });
}
