import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CakeFields,
  cakeIdInput,
  type UpdateCakeInput,
  updateCakeInput,
} from '../../../shared/schemas/cakes';
import { CAKE_TEXT } from '../../../shared/texts/cakes';
import type { Db, Tx } from '../../db/open';
import { cakeIngredients, cakes } from '../../db/schema';
import { fail } from '../../lib/errors';
import {
  type Approval,
  applicableEdit,
  beforeValues,
  changedKeys,
  describeRecord,
  heldKind,
  holdOrApply,
} from '../actionRequests/held';
import { editDescription, logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { alertForCakes } from '../inventory/alerts';
import { newBusinessId } from '../inventory/service';
import { approvedReference, record } from '../inventory/stock';
import { adjustCakeStock, costOpeningLot } from './cakeLots';
import { asFields, describeEdit, edited, editedCake, facts, itemNames } from './changes';
import { checkRefs, idTaken } from './checks';
import { findCake } from './queries';

export const MODULE = 'Cakes';

function columns(cake: CakeFields) {
  return {
    name: cake.name,
    categoryId: cake.categoryId,
    sizeId: cake.sizeId,
    price: cake.price,
    amount: cake.amount,
    availability: cake.availability,
    seasonStart: cake.seasonalPeriod?.startDate ?? null,
    seasonEnd: cake.seasonalPeriod?.endDate ?? null,
    scPwdEligible: cake.scPwdEligible,
    expirationDate: cake.expirationDate,
    shelfLifeDays: cake.shelfLifeDays,
    shelfTarget: cake.shelfTarget,
  };
}

function writeIngredients(tx: Tx, cakeId: number, cake: CakeFields) {
  tx.delete(cakeIngredients).where(eq(cakeIngredients.cakeId, cakeId)).run();
  tx.insert(cakeIngredients)
    .values(cake.ingredients.map((i) => ({ cakeId, itemId: i.itemId, quantity: i.quantity })))
    .run();
}

export function addCake(db: Db, actor: Viewer, cake: CakeFields, now = new Date()) {
  const id = db.transaction(
    (tx) => {
      checkRefs(tx, cake);
      if (cake.cakeId && idTaken(tx, cake.cakeId)) throw fail.conflict(CAKE_TEXT.duplicateId);
      const cakeId = cake.cakeId || newBusinessId('CK-', (candidate) => idTaken(tx, candidate));
      const row = tx
        .insert(cakes)
        .values({ ...columns(cake), cakeId, stock: cake.stock, createdBy: actor.user.id })
        .returning()
        .get();
      writeIngredients(tx, row.id, cake);
      // The opening lot the trigger made is costed now that the recipe is written.
      costOpeningLot(tx, row.id);
      record(
        tx,
        { kind: 'cake', id: row.id, record: cakeId },
        { reason: 'created', change: row.stock, userId: actor.user.id },
        0,
        row.stock,
      );
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Add Cake',
        module: MODULE,
        description: `Added ${cakeId} "${row.name}" with ${cake.ingredients.length} ingredients`,
      });
      alertForCakes(tx, [row], now);
      return row.id;
    },
    { behavior: 'immediate' },
  );
  return { message: CAKE_TEXT.saved, cake: findCake(db, id, now)! };
}

/** A held edit: what was asked, and the changed fields' values then (absent in older requests). */
const heldUpdate = updateCakeInput.extend({ before: z.record(z.string(), z.unknown()).optional() });
type HeldUpdate = z.output<typeof heldUpdate>;

function applyUpdate(tx: Tx, actor: Viewer, input: HeldUpdate, now: Date, reference?: string) {
  const current = findCake(tx, input.id, now);
  if (!current) throw fail.notFound(CAKE_TEXT.notFound);
  const was = asFields(current);
  // checkRefs refuses a cake still without a category or size.
  const cake = {
    ...was,
    ...applicableEdit(input.before, facts(was, itemNames(tx, was)), editedCake(current, input.cake)),
  } as CakeFields;
  checkRefs(tx, cake);
  const cakeId = cake.cakeId || current.cakeId;
  if (cakeId.toLowerCase() !== current.cakeId.toLowerCase() && idTaken(tx, cakeId, current.id))
    throw fail.conflict(CAKE_TEXT.duplicateId);
  const changed = describeEdit(tx, current, cake);
  tx.update(cakes)
    .set({ ...columns(cake), cakeId, updatedAt: now })
    .where(eq(cakes.id, current.id))
    .run();
  writeIngredients(tx, current.id, cake);
  if (cake.stock !== current.stock)
    adjustCakeStock(
      tx,
      { kind: 'cake', id: current.id, record: cakeId },
      cake.stock,
      { reason: 'edit', userId: actor.user.id, reference },
      now,
    );
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Edit Cake',
    module: MODULE,
    description: editDescription(`${cakeId} "${cake.name}"`, changed),
  });
  // A cake saved with a date within the week is announced now, like an item (once per date).
  alertForCakes(
    tx,
    [{ id: current.id, cakeId, name: cake.name, stock: cake.stock, expirationDate: cake.expirationDate }],
    now,
  );
}

export function updateCake(db: Db, actor: Viewer, input: UpdateCakeInput, now = new Date()) {
  return holdOrApply(db, actor, {
    find: (tx) => findCake(tx, input.id, now),
    notFound: CAKE_TEXT.notFound,
    hold: (current) => ({
      module: MODULE,
      requestType: 'update',
      targetId: current.cakeId,
      details: describeEdit(db, current, editedCake(current, input.cake)),
      payload: {
        ...input,
        before: beforeValues(
          facts(asFields(current)),
          changedKeys(...edited(db, current, editedCake(current, input.cake))),
        ),
      } satisfies z.input<typeof heldUpdate>,
      summary: `edit cake ${current.cakeId} "${current.name}"`,
    }),
    apply: (tx) => {
      applyUpdate(tx, actor, input, now);
      return { message: CAKE_TEXT.saved, cake: findCake(tx, input.id, now)! };
    },
  });
}

function applyDelete(tx: Tx, actor: Viewer, id: number) {
  const cake = tx.select().from(cakes).where(eq(cakes.id, id)).get();
  if (!cake) throw fail.notFound(CAKE_TEXT.notFound);
  record(
    tx,
    { kind: 'cake', id, record: cake.cakeId },
    { reason: 'deleted', change: -cake.stock, userId: actor.user.id },
    cake.stock,
    0,
  );
  tx.delete(cakes).where(eq(cakes.id, id)).run();
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Delete Cake',
    module: MODULE,
    description: `Deleted ${cake.cakeId} "${cake.name}"`,
  });
}

export function deleteCake(db: Db, actor: Viewer, id: number) {
  return holdOrApply(db, actor, {
    find: (tx) => findCake(tx, id),
    notFound: CAKE_TEXT.notFound,
    hold: (cake) => ({
      module: MODULE,
      requestType: 'delete',
      targetId: cake.cakeId,
      details: describeRecord(facts(asFields(cake)), ['cakeId', 'name']),
      payload: { id } satisfies z.input<typeof cakeIdInput>,
      summary: `delete cake ${cake.cakeId} "${cake.name}"`,
    }),
    apply: (tx) => {
      applyDelete(tx, actor, id);
      return { message: CAKE_TEXT.deleted };
    },
  });
}

export const cakeApproval: Approval = {
  update: heldKind(heldUpdate, (tx, approver, { payload, requestedBy }) =>
    applyUpdate(
      tx,
      approver,
      payload,
      new Date(),
      approvedReference(tx, requestedBy, approver.user.username),
    ),
  ),
  delete: heldKind(cakeIdInput, (tx, approver, { payload }) => applyDelete(tx, approver, payload.id)),
  otherType: (type) => `Cake requests cannot be of type ${type}.`,
};

export function getCake(db: Db, id: number) {
  const cake = findCake(db, id);
  if (!cake) throw fail.notFound(CAKE_TEXT.notFound);
  return cake;
}
