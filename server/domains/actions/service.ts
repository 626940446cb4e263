import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import type { Db, Tx } from '../../db/open';
import { type ActionRequestType, actionRequests, users } from '../../db/schema';
import { fail } from '../../errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { recordDecision } from '../requests/decide';

// PRODUCT.md: a staff user's edit, delete or refund is not applied but held as an
// action request; a manager or above approves (applied then, re-validated against
// the data as it is by then) or rejects it. Each domain registers how to apply its own.

export interface HeldChange {
  module: string;
  requestType: ActionRequestType;
  /** The record's business id or key, as the domain will look it up again. */
  targetId: string;
  /** Readable field changes, shown as key/value pairs ("Name": "New name"). */
  details: Record<string, string>;
  /** What the domain's handler needs to apply the change. */
  payload: unknown;
  /** One line for the activity log and the notification: "edit customer CUST-001". */
  summary: string;
}

export interface ActionHandler {
  /** Applies the change through the domain's own service inside the approval's transaction,
   * throwing (a TRPCError with a message) when it no longer fits the data. */
  apply(
    tx: Tx,
    approver: Viewer,
    change: { requestType: ActionRequestType; targetId: string; payload: unknown; requestedBy: number },
  ): void;
}

/** A record's field as a held edit sees it: its name for people, its value as stored and as details show it. */
export interface HeldField {
  label: string;
  value: unknown;
  shown: string;
}

/** What a held edit keeps of each field it changes (by key): the stored value it had when asked. */
export type BeforeValues = Record<string, unknown>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The before-values of the fields `keys` an edit changes, for its held payload. */
export function beforeValues(fields: Record<string, HeldField>, keys: Iterable<string>): BeforeValues {
  return Object.fromEntries([...keys].map((key) => [key, fields[key]?.value ?? null]));
}

/**
 * PRODUCT.md: approval applies the change re-validated against the current data. Answers what
 * of `requested` an approval writes: only the fields the request changed, so a newer change to
 * another field stays. A changed field that no longer holds its before-value would silently
 * overwrite someone's newer change, so the approval is refused (409, nothing written, the request
 * stays pending) naming what changed. Direct edits and requests held before this rule (no
 * before-values) apply all of `requested`, as they did.
 */
export function applicableEdit<T extends object>(
  before: unknown,
  now: Record<string, HeldField>,
  requested: T,
): Partial<T> {
  if (before === null || typeof before !== 'object') return requested;
  const changed = Object.entries(before).flatMap(([key, value]) => {
    const field = Object.hasOwn(now, key) ? now[key] : undefined;
    return field && !sameValue(field.value, value) ? [{ label: field.label, now: field.shown }] : [];
  });
  if (changed.length > 0) throw fail.conflict(ACCOUNT_TEXT.staleRequest(changed));
  return Object.fromEntries(
    Object.entries(requested).filter(([key]) => Object.hasOwn(before, key)),
  ) as Partial<T>;
}

const handlers = new Map<string, ActionHandler>();

/** Each domain registers its handler once, at import. */
export function registerActionHandler(module: string, handler: ActionHandler): void {
  handlers.set(module, handler);
}

/** Staff changes are held; every other role applies directly. */
export function mustRequest(actor: Viewer): boolean {
  return actor.user.role === ('staff' satisfies Role);
}

/** Stores the held change in the caller's transaction and answers what the client shows as info. */
export function asStaffRequest(
  tx: Tx,
  actor: Viewer,
  change: HeldChange,
): { message: string; requested: true } {
  // A delete or refund already waiting needs no twin: approving the second could only fail.
  if (change.requestType !== 'update') {
    const waiting = tx
      .select({ id: actionRequests.id })
      .from(actionRequests)
      .where(
        and(
          eq(actionRequests.module, change.module),
          eq(actionRequests.requestType, change.requestType),
          eq(actionRequests.targetId, change.targetId),
          eq(actionRequests.status, 'pending'),
        ),
      )
      .get();
    if (waiting) throw fail.conflict(ACCOUNT_TEXT.alreadyRequested(change.requestType));
  }
  tx.insert(actionRequests)
    .values({
      module: change.module,
      requestType: change.requestType,
      targetId: change.targetId,
      details: JSON.stringify(change.details),
      payload: JSON.stringify(change.payload ?? null),
      requestedBy: actor.user.id,
    })
    .run();
  notify(tx, 'info', `${actor.user.username} asks to ${change.summary}.`, 'reviewActionRequests');
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Request Approval',
    module: change.module,
    description: `Asked to ${change.summary}`,
  });
  return { message: ACCOUNT_TEXT.sentForApproval, requested: true };
}

/**
 * The one shape of a staff-gated edit or delete, in one immediate transaction: find the
 * record (404 when it is gone), hold the change as a request when the actor is staff,
 * otherwise apply it and answer what `apply` answers.
 */
export function holdOrApply<Found, Answer>(
  db: Db,
  actor: Viewer,
  steps: {
    find: (tx: Tx) => Found | undefined;
    notFound: string;
    hold: (found: Found, tx: Tx) => HeldChange;
    apply: (tx: Tx, found: Found) => Answer;
  },
): Answer | { message: string; requested: true } {
  return db.transaction(
    (tx) => {
      const found = steps.find(tx);
      if (found === undefined) throw fail.notFound(steps.notFound);
      if (mustRequest(actor)) return asStaffRequest(tx, actor, steps.hold(found, tx));
      return steps.apply(tx, found);
    },
    { behavior: 'immediate' },
  );
}

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

/** Applies the held change and marks the request approved, all in one transaction, or nothing. */
export function approveActionRequest(db: Db, approver: Viewer, id: number): { message: string } {
  db.transaction(
    (tx) => {
      const request = pending(tx, id);
      const handler = handlers.get(request.module);
      if (!handler)
        throw fail.conflict(`Requests of ${request.module} cannot be applied by this version of the app.`);
      handler.apply(tx, approver, {
        requestType: request.requestType,
        targetId: request.targetId,
        payload: JSON.parse(request.payload),
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
  return { message: ACCOUNT_TEXT.actionApproved };
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
  return { message: ACCOUNT_TEXT.actionRejected };
}

/**
 * Closes the requests still waiting on a record that a direct change has made pointless (a
 * sale refunded meanwhile), as rejected by `actor`, with `reason` kept in their details.
 */
export function closeWaitingRequests(
  tx: Tx,
  actor: Viewer,
  target: { module: string; requestType: ActionRequestType; targetId: string },
  reason: string,
): void {
  const waiting = tx
    .select()
    .from(actionRequests)
    .where(
      and(
        eq(actionRequests.module, target.module),
        eq(actionRequests.requestType, target.requestType),
        eq(actionRequests.targetId, target.targetId),
        eq(actionRequests.status, 'pending'),
      ),
    )
    .all();
  for (const request of waiting) {
    const details = { ...(JSON.parse(request.details) as Record<string, string>), Outcome: reason };
    tx.update(actionRequests)
      .set({ details: JSON.stringify(details) })
      .where(eq(actionRequests.id, request.id))
      .run();
    recordDecision(tx, actionRequests, request.id, 'rejected', actor, {
      action: 'Close Request',
      module: request.module,
      description: `Closed the ${request.requestType} request #${request.id} for ${request.targetId}: ${reason}`,
    });
  }
}
