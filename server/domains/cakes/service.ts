import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import {
  type CakeFields,
  cakeIdInput,
  type UpdateCakeInput,
  updateCakeInput,
} from '../../../shared/schemas/cakes';
import { AVAILABILITY_LABELS, CAKE_TEXT } from '../../../shared/texts/cakes';
import type { Db, Store, Tx } from '../../db/open';
import { cakeIngredients, cakeSizes, cakes, categories, inventoryItems, units } from '../../db/schema';
import { fail } from '../../lib/errors';
import {
  type Approval,
  applicableEdit,
  beforeValues,
  changedKeys,
  describeChanges,
  describeRecord,
  type FieldList,
  type HeldField,
  heldKind,
  holdOrApply,
} from '../actionRequests/held';
import { editDescription, logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { alertForCakes } from '../inventory/alerts';
import { newBusinessId } from '../inventory/service';
import { approvedReference, record } from '../inventory/stock';
import { adjustCakeStock, costOpeningLot } from './cakeLots';
import { type CakeDetail, findCake, findCakeByCakeId } from './queries';

export const MODULE = 'Cakes';

function checkRefs(tx: Tx, cake: CakeFields) {
  const category = tx.select().from(categories).where(eq(categories.id, cake.categoryId)).get();
  if (category?.type !== 'cake') throw fail.badRequest(CAKE_TEXT.badCategory);
  if (!tx.select().from(cakeSizes).where(eq(cakeSizes.id, cake.sizeId)).get())
    throw fail.badRequest(CAKE_TEXT.badSize);
  const ids = cake.ingredients.map((i) => i.itemId);
  const found = tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids))
    .all();
  if (found.length !== ids.length) throw fail.badRequest(CAKE_TEXT.badIngredient);
}

function idTaken(tx: Tx, cakeId: string, except?: number): boolean {
  const found = findCakeByCakeId(tx, cakeId);
  return found !== undefined && found.id !== except;
}

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

/** A cake in the shape an edit sends; one on record may lack a category or size. */
type CakeState = Omit<CakeFields, 'categoryId' | 'sizeId'> & Pick<CakeDetail, 'categoryId' | 'sizeId'>;

/** The items recipes name, as a change reads them: name and unit by item id. */
type ItemNames = ReadonlyMap<number, { name: string; unit: string | null }>;

function itemNames(store: Store, ...recipes: { ingredients: readonly { itemId: number }[] }[]): ItemNames {
  const ids = [...new Set(recipes.flatMap((r) => r.ingredients.map((i) => i.itemId)))];
  if (ids.length === 0) return new Map();
  const rows = store
    .select({ id: inventoryItems.id, name: inventoryItems.name, unit: units.name })
    .from(inventoryItems)
    .leftJoin(units, eq(units.id, inventoryItems.unitId))
    .where(inArray(inventoryItems.id, ids))
    .all();
  return new Map(rows.map(({ id, ...item }) => [id, item]));
}

/** A recipe as people read it: "Cake Flour 0.25 kg, Eggs 1", by name. */
function recipeShown(cake: CakeState, names: ItemNames): string {
  const lines = cake.ingredients.map((i) => {
    const item = names.get(i.itemId);
    const unit = item?.unit ? ` ${item.unit}` : '';
    return `${item?.name ?? `Item #${i.itemId}`} ${formatQuantity(i.quantity)}${unit}`;
  });
  return lines.sort((a, b) => a.localeCompare(b)).join(', ') || '(none)';
}

/**
 * A cake's fields as change notes and held edits see them: label, value as compared, and as
 * shown. The recipe is compared by item id and thousandths, and shown by name in units.
 */
function facts(cake: CakeState, names: ItemNames = new Map()): FieldList<keyof CakeFields> {
  const fact = (label: string, value: unknown, shown: unknown = value): HeldField => ({
    label,
    value: value ?? null,
    shown: String(shown ?? '(none)'),
  });
  const season = cake.seasonalPeriod && `${cake.seasonalPeriod.startDate} to ${cake.seasonalPeriod.endDate}`;
  const ingredients = cake.ingredients.map((i) => `${i.itemId}x${i.quantity}`).sort();
  return {
    cakeId: fact('Cake ID', cake.cakeId),
    name: fact('Cake Name', cake.name),
    categoryId: fact('Category', cake.categoryId),
    sizeId: fact('Size', cake.sizeId),
    price: fact('Price', cake.price, formatPeso(cake.price)),
    stock: fact('Stock', cake.stock),
    amount: fact('Amount', cake.amount),
    availability: fact('Availability', cake.availability, AVAILABILITY_LABELS[cake.availability]),
    seasonalPeriod: fact('Seasonal Period', season),
    scPwdEligible: fact('SC/PWD Eligible', cake.scPwdEligible, yesNo(cake.scPwdEligible)),
    expirationDate: fact('Expiration Date', cake.expirationDate),
    shelfLifeDays: { ...fact('Shelf Life', cake.shelfLifeDays), unit: 'days' },
    shelfTarget: fact('Shelf Target', cake.shelfTarget),
    ingredients: fact('Ingredients', ingredients.join(', '), recipeShown(cake, names)),
  };
}

/** The cake as it is, in the shape an edit sends. */
function asFields(cake: CakeDetail): CakeState {
  const { cakeId, name, categoryId, sizeId, price, stock, amount, availability } = cake;
  return {
    ...{ cakeId, name, categoryId, sizeId, price, stock, amount, availability },
    seasonalPeriod: cake.seasonStart ? { startDate: cake.seasonStart, endDate: cake.seasonEnd ?? '' } : null,
    scPwdEligible: cake.scPwdEligible,
    expirationDate: cake.expirationDate,
    shelfLifeDays: cake.shelfLifeDays,
    shelfTarget: cake.shelfTarget,
    ingredients: cake.ingredients.map(({ itemId, quantity }) => ({ itemId, quantity })),
  };
}

/** The cake as it is and as an edit would leave it (a blank Cake ID keeps the one it has). */
function edited(store: Store, current: CakeDetail, next: CakeFields) {
  const names = itemNames(store, current, next);
  return [
    facts(asFields(current), names),
    facts({ ...next, cakeId: next.cakeId || current.cakeId }, names),
  ] as const;
}

/** Readable changes for a held request and the activity log. */
const describeEdit = (store: Store, current: CakeDetail, next: CakeFields) =>
  describeChanges(...edited(store, current, next));

/** The cake an edit asks for: one sent without the SC/PWD flag or shelf fields keeps its own. */
function editedCake(current: CakeDetail, edit: UpdateCakeInput['cake']): CakeFields {
  return {
    ...edit,
    scPwdEligible: edit.scPwdEligible ?? current.scPwdEligible,
    shelfLifeDays: edit.shelfLifeDays ?? current.shelfLifeDays,
    shelfTarget: edit.shelfTarget ?? current.shelfTarget,
  };
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
