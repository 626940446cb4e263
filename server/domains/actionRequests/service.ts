import { asc, eq } from 'drizzle-orm';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { ACTION_REQUEST_TEXT } from '../../../shared/texts/actionRequests';
import type { Db, Tx } from '../../db/open';
import { actionRequests, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { recordDecision } from '../requests/decide';
import { APPROVALS } from './approvals';
import type { ActionModule, Approval } from './held';

// The Action Requests screen's side of held changes: list, approve, reject. Domains hold
// their changes through held.ts; approvals.ts says how each module's are applied.

export function listActionRequests(db: Db, status: 'pending' | 'approved' | 'rejected' = 'pending') {
  return db
    .select({ request: actionRequests, requestedBy: users.username })
    .from(actionRequests)
    .leftJoin(users, eq(users.id, actionRequests.requestedBy))
    .where(eq(actionRequests.status, status))
    .orderBy(asc(actionRequests.createdAt), asc(actionRequests.id))
    .all()
    .map(({ request, requestedBy }) => ({
      id: request.id,
      module: request.module,
      requestType: request.requestType,
      targetId: request.targetId,
      details: JSON.parse(request.details) as Record<string, string>,
      requestedBy: requestedBy ?? 'Unknown',
      status: request.status,
      createdAt: request.createdAt,
    }));
}

function pending(tx: Tx, id: number) {
  const request = tx.select().from(actionRequests).where(eq(actionRequests.id, id)).get();
  if (!request) throw fail.notFound(ACCOUNT_TEXT.requestNotFound);
  if (request.status !== 'pending') throw fail.conflict(ACCOUNT_TEXT.requestDecided);
  return request;
}

/** The approval of a stored module name; none for a module this version does not know. */
function approvalOf(module: string): Approval | undefined {
  const approvals: Record<ActionModule, Approval> = APPROVALS;
  return Object.hasOwn(approvals, module) ? approvals[module as ActionModule] : undefined;
}

/**
 * Re-checks the held payload with the domain's schema, applies it through the domain's code
 * and marks the request approved, all in one transaction, or nothing.
 */
export function approveActionRequest(db: Db, approver: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = pending(tx, id);
      const approval = approvalOf(request.module);
      if (!approval)
        throw fail.conflict(`Requests of ${request.module} cannot be applied by this version of the app.`);
      const kind = approval[request.requestType];
      if (!kind) throw fail.conflict(approval.otherType(request.requestType));
      const payload = kind.payload.safeParse(JSON.parse(request.payload));
      if (!payload.success)
        throw fail.conflict(`This request can no longer be applied: ${payload.error.issues[0]?.message}`);
      kind.apply(tx, approver, {
        requestType: request.requestType,
        targetId: request.targetId,
        payload: payload.data,
        requestedBy: request.requestedBy,
      });
      recordDecision(tx, actionRequests, id, 'approved', approver, {
        action: 'Approve Request',
        module: request.module,
        description: `Approved the ${request.requestType} request #${id} for ${request.targetId}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: ACTION_REQUEST_TEXT.approved };
}

export function rejectActionRequest(db: Db, approver: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = pending(tx, id);
      recordDecision(tx, actionRequests, id, 'rejected', approver, {
        action: 'Reject Request',
        module: request.module,
        description: `Rejected the ${request.requestType} request #${id} for ${request.targetId}`,
      });
    },
    { behavior: 'immediate' },
  );
  return { message: ACTION_REQUEST_TEXT.rejected };
}
