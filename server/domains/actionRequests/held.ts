import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { changesHeld } from '../../../shared/roles';
import { ACTION_REQUEST_TEXT } from '../../../shared/texts/actionRequests';
import type { Db, Tx } from '../../db/open';
import { type ActionRequestType, actionRequests } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { recordDecision } from '../requests/decide';

// A staff user's edit, delete or refund is not applied but held as an action request; a
// manager or above approves it (re-checked with the domain's schema, then applied through the
// domain's own code against the data as it is by then) or rejects it. This is what domains
// use to hold a change and describe it; approvals.ts lists how each module's are applied.
// How to add one: docs/CONTRIBUTING.md.

/** The modules whose changes can be held: each has its approval in approvals.ts. */
export type ActionModule =
  | 'Supplier Management'
  | 'Customer Management'
  | 'Inventory'
  | 'Cakes'
  | 'Sales Management'
  | 'Cash Drawer'
  | 'Waste'
  | 'Cake Orders';

interface HeldChange {
  module: ActionModule;
  requestType: ActionRequestType;
  /** The record's business id or key, as the domain will look it up again. */
  targetId: string;
  /** Readable field changes, shown as key/value pairs ("Name": "New name"). */
  details: Record<string, string>;
  /** What the domain's approval needs to apply the change; re-checked with its schema then. */
  payload: unknown;
  /** One line for the activity log and the notification: "edit customer CUST-001". */
  summary: string;
}

// ---------------------------------------------------------------------------------------------
// Describing a record's fields: one field list per domain, read by every held change of it.

/** A record's field as a held change sees it: its name for people, its value as compared and as shown. */
export interface HeldField {
  label: string;
  value: unknown;
  shown: string;
  /** A count's unit, said once after both sides of a change: "3 → 4 ingredients". */
  unit?: string;
}

/** A record described field by field (by key), in the order details list them. */
export type FieldList<Key extends string = string> = Record<Key, HeldField>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shownWithUnit = (field: HeldField) => (field.unit ? `${field.shown} ${field.unit}` : field.shown);

/** The keys whose value differs between the record as it is and as it would be. */
export function changedKeys<Key extends string>(was: FieldList<Key>, will: FieldList<Key>): Key[] {
  return (Object.keys(was) as Key[]).filter((key) => !sameValue(was[key].value, will[key].value));
}

/** "Label": "old → new" for each changed field: a held edit's details and its activity row. */
export function describeChanges<Key extends string>(
  was: FieldList<Key>,
  will: FieldList<Key>,
): Record<string, string> {
  return Object.fromEntries(
    changedKeys(was, will).map((key) => {
      const [from, to] = [was[key], will[key]];
      return [from.label, `${from.shown} → ${to.shown}${from.unit ? ` ${from.unit}` : ''}`];
    }),
  );
}

/** "Label": value for the fields `keys` (all by default): a held delete's details. */
export function describeRecord<Key extends string>(
  fields: FieldList<Key>,
  keys: readonly Key[] = Object.keys(fields) as Key[],
): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [fields[key].label, shownWithUnit(fields[key])]));
}

/** What a held edit keeps of each field it changes (by key): the stored value it had when asked. */
type BeforeValues = Record<string, unknown>;

/** The before-values of the fields `keys` an edit changes, for its held payload. */
export function beforeValues(fields: FieldList, keys: Iterable<string>): BeforeValues {
  return Object.fromEntries([...keys].map((key) => [key, fields[key]?.value ?? null]));
}

/**
 * Approval applies the change re-checked against the current data. Answers what of `requested`
 * an approval writes: only the fields the request changed, so a newer change to another field
 * stays. A changed field that no longer holds its before-value would silently overwrite
 * someone's newer change, so the approval is refused (409, nothing written, the request stays
 * pending) naming what changed. Direct edits and requests held before this rule (no
 * before-values) apply all of `requested`, as they did.
 */
export function applicableEdit<T extends object>(before: unknown, now: FieldList, requested: T): Partial<T> {
  if (before === null || typeof before !== 'object') return requested;
  const changed = Object.entries(before).flatMap(([key, value]) => {
    const field = Object.hasOwn(now, key) ? now[key] : undefined;
    return field && !sameValue(field.value, value) ? [{ label: field.label, now: shownWithUnit(field) }] : [];
  });
  if (changed.length > 0) throw fail.conflict(ACTION_REQUEST_TEXT.stale(changed));
  return Object.fromEntries(
    Object.entries(requested).filter(([key]) => Object.hasOwn(before, key)),
  ) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------
// Holding a change.

/** Staff changes are held; every other role applies directly. */
export function mustRequest(actor: Viewer): boolean {
  return changesHeld(actor.user.role);
}

/** The requests still waiting on one record for one kind of change. */
function pendingFor(target: { module: string; requestType: ActionRequestType; targetId: string }) {
  return and(
    eq(actionRequests.module, target.module),
    eq(actionRequests.requestType, target.requestType),
    eq(actionRequests.targetId, target.targetId),
    eq(actionRequests.status, 'pending'),
  );
}

/** Stores the held change in the caller's transaction and answers what the client shows as info. */
export function asStaffRequest(
  tx: Tx,
  actor: Viewer,
  change: HeldChange,
): { message: string; requested: true } {
  // A delete or refund already waiting needs no twin: approving the second could only fail.
  if (change.requestType !== 'update') {
    const waiting = tx.select({ id: actionRequests.id }).from(actionRequests).where(pendingFor(change)).get();
    if (waiting) throw fail.conflict(ACTION_REQUEST_TEXT.alreadyRequested(change.requestType));
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
  return { message: ACTION_REQUEST_TEXT.sentForApproval, requested: true };
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

/**
 * Closes the requests still waiting on a record that a direct change has made pointless (a
 * sale refunded meanwhile), as rejected by `actor`, with `reason` kept in their details.
 */
export function closeWaitingRequests(
  tx: Tx,
  actor: Viewer,
  target: { module: ActionModule; requestType: ActionRequestType; targetId: string },
  reason: string,
): void {
  const waiting = tx.select().from(actionRequests).where(pendingFor(target)).all();
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

// ---------------------------------------------------------------------------------------------
// Approving: what each module gives approvals.ts.

/** A held change as its approval gets it: the payload already checked with the domain's schema. */
interface Held<Payload> {
  requestType: ActionRequestType;
  targetId: string;
  payload: Payload;
  requestedBy: number;
}

/** How one request type of a module is approved. */
interface HeldKind<Payload> {
  /** The domain's schema of the held payload: a stored payload it refuses is not applied. */
  payload: z.ZodType<Payload>;
  /** Applies it through the domain's own code in the approval's transaction, throwing (4xx) when it no longer fits. */
  apply(tx: Tx, approver: Viewer, held: Held<Payload>): void;
}

/** Ties a request type's schema to its apply, so the payload is typed. */
export function heldKind<Payload>(
  payload: z.ZodType<Payload>,
  apply: (tx: Tx, approver: Viewer, held: Held<Payload>) => void,
): HeldKind<Payload> {
  return { payload, apply };
}

/** A module's approval: one entry per request type it holds. */
export type Approval = { [Type in ActionRequestType]?: HeldKind<unknown> } & {
  /** Why a request of a type this module never holds cannot be applied. */
  otherType: (type: ActionRequestType) => string;
};
