import { randomInt } from 'node:crypto';
import { count, countDistinct, eq } from 'drizzle-orm';
import { z } from 'zod';
import { yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import {
  type ItemFields,
  itemIdInput,
  type UpdateItemInput,
  updateItemInput,
} from '../../../shared/schemas/inventory';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { manilaDate } from '../../../shared/time';
import type { Db, Tx } from '../../db/open';
import { cakeIngredients, inventoryItems, purchaseOrderLines } from '../../db/schema';
import { fail } from '../../lib/errors';
import {
  type Approval,
  applicableEdit,
  beforeValues,
  changedKeys,
  describeChanges,
  describeRecord,
  type FieldList,
  heldKind,
  holdOrApply,
} from '../actionRequests/held';
import { editDescription, logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { alertForIds } from './alerts';
import { checkBarcode, checkExpiration, checkRefs, idTaken } from './checks';
import { adjustStock, redateLots } from './lots';
import { findItem, type ItemRow } from './queries';
import { approvedReference, record } from './stock';

export const MODULE = 'Inventory';

/** INV- plus 6 digits, one not yet taken. */
export function newBusinessId(prefix: string, taken: (id: string) => boolean): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const id = `${prefix}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!taken(id)) return id;
  }
  throw fail.conflict(`Could not find a free ${prefix} id; please type one.`);
}

export function addItem(db: Db, actor: Viewer, input: ItemFields, now = new Date()) {
  const id = db.transaction(
    (tx) => {
      checkRefs(tx, input);
      checkExpiration(input.expirationDate, null, now);
      if (input.itemId && idTaken(tx, input.itemId)) throw fail.conflict(INVENTORY_TEXT.duplicateId);
      checkBarcode(tx, input.barcode);
      const itemId = input.itemId || newBusinessId('INV-', (candidate) => idTaken(tx, candidate));
      const row = tx
        .insert(inventoryItems)
        .values({ ...input, itemId, createdBy: actor.user.id })
        .returning()
        .get();
      record(
        tx,
        { kind: 'item', id: row.id, record: itemId },
        { reason: 'created', change: row.stock, userId: actor.user.id },
        0,
        row.stock,
      );
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Add Item',
        module: MODULE,
        description: `Added ${itemId} "${row.name}" with ${formatQuantity(row.stock)} in stock`,
      });
      alertForIds(tx, [row.id], now);
      return row.id;
    },
    { behavior: 'immediate' },
  );
  return { message: INVENTORY_TEXT.added, item: findItem(db, id, now)! };
}

const LABELS: Record<keyof ItemFields, string> = {
  itemId: 'Item ID',
  name: 'Item Name',
  stock: 'Stock',
  categoryId: 'Category',
  purchasePrice: 'Purchase Price',
  unitPrice: 'Unit Price',
  amount: 'Amount',
  unitId: 'Unit',
  supplierId: 'Supplier',
  restockThreshold: 'Restock Threshold',
  scPwdEligible: 'SC/PWD Eligible',
  basicNecessity: 'Basic Necessity',
  expirationDate: 'Expiration Date',
  barcode: 'Barcode',
};

/** A field's value as the change notes show it. */
function show(key: keyof ItemFields, v: unknown): string {
  if (v === null || v === '') return '(none)';
  if (typeof v === 'boolean') return yesNo(v);
  if (key === 'purchasePrice' || key === 'unitPrice') return formatPeso(v as number);
  return key === 'stock' || key === 'restockThreshold' ? formatQuantity(v as number) : String(v);
}

/** The item's fields as held changes, details and the log compare and show them. */
function fieldsOf(item: ItemFields): FieldList<keyof ItemFields> {
  const keys = Object.keys(LABELS) as (keyof ItemFields)[];
  return Object.fromEntries(
    keys.map((k) => [k, { label: LABELS[k], value: item[k], shown: show(k, item[k]) }]),
  ) as FieldList<keyof ItemFields>;
}

/** The item as it is and as an edit would leave it (fields it does not send stay as they are). */
function edited(current: ItemRow, changes: UpdateItemInput['changes']) {
  return [fieldsOf(pick(current)), fieldsOf({ ...pick(current), ...definedOnly(changes) })] as const;
}

/** Readable "old → new" for each field that changes, for the request and the activity log. */
const describeEdit = (current: ItemRow, changes: UpdateItemInput['changes']) =>
  describeChanges(...edited(current, changes));

/** A held edit: what was asked, and the changed fields' values then (absent in older requests). */
const heldUpdate = updateItemInput.extend({ before: z.record(z.string(), z.unknown()).optional() });
type HeldUpdate = z.output<typeof heldUpdate>;

/** Applies an edit (a manager's, or an approved staff request) inside `tx`. */
function applyUpdate(tx: Tx, actor: Viewer, input: HeldUpdate, now: Date, reference?: string) {
  const current = findItem(tx, input.id, now);
  if (!current) throw fail.notFound(INVENTORY_TEXT.notFound);
  const changes = applicableEdit(input.before, fieldsOf(pick(current)), input.changes);
  const next = { ...pick(current), ...definedOnly(changes) };
  checkRefs(tx, next);
  checkExpiration(next.expirationDate, current.expirationDate, now);
  if (!next.itemId) next.itemId = current.itemId;
  if (next.itemId.toLowerCase() !== current.itemId.toLowerCase() && idTaken(tx, next.itemId, current.id))
    throw fail.conflict(INVENTORY_TEXT.duplicateId);
  checkBarcode(tx, next.barcode, current.id);
  const { stock, ...fields } = next;
  tx.update(inventoryItems)
    .set({ ...fields, updatedAt: now })
    .where(eq(inventoryItems.id, current.id))
    .run();
  const what = { kind: 'item', id: current.id, record: next.itemId } as const;
  const move = { reason: 'edit', userId: actor.user.id, reference } as const;
  if (next.expirationDate !== current.expirationDate)
    redateLots(tx, what, current.expirationDate, next.expirationDate, move, now);
  // An increase becomes a lot at the item's date: one already past would never be stock.
  if (stock > current.stock && next.expirationDate !== null && next.expirationDate < manilaDate(now))
    throw fail.badRequest(INVENTORY_TEXT.addedExpired);
  if (stock !== current.stock) adjustStock(tx, what, stock, move, now);
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Edit Item',
    module: MODULE,
    description: editDescription(`${next.itemId} "${next.name}"`, describeEdit(current, changes)),
  });
  alertForIds(tx, [current.id], now);
}

function pick(row: ItemFields): ItemFields {
  return {
    itemId: row.itemId,
    name: row.name,
    stock: row.stock,
    categoryId: row.categoryId,
    purchasePrice: row.purchasePrice,
    unitPrice: row.unitPrice,
    amount: row.amount,
    unitId: row.unitId,
    supplierId: row.supplierId,
    restockThreshold: row.restockThreshold,
    scPwdEligible: row.scPwdEligible,
    basicNecessity: row.basicNecessity,
    expirationDate: row.expirationDate,
    barcode: row.barcode,
  };
}

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function updateItem(db: Db, actor: Viewer, input: UpdateItemInput, now = new Date()) {
  return holdOrApply(db, actor, {
    find: (tx) => findItem(tx, input.id, now),
    notFound: INVENTORY_TEXT.notFound,
    hold: (current) => ({
      module: MODULE,
      requestType: 'update',
      targetId: current.itemId,
      details: describeEdit(current, input.changes),
      payload: {
        ...input,
        before: beforeValues(fieldsOf(pick(current)), changedKeys(...edited(current, input.changes))),
      } satisfies z.input<typeof heldUpdate>,
      summary: `edit item ${current.itemId} "${current.name}"`,
    }),
    apply: (tx) => {
      applyUpdate(tx, actor, input, now);
      return { message: INVENTORY_TEXT.updated, item: findItem(tx, input.id, now)! };
    },
  });
}

function applyDelete(tx: Tx, actor: Viewer, id: number) {
  const item = tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get();
  if (!item) throw fail.notFound(INVENTORY_TEXT.notFound);
  const uses =
    tx.select({ n: count() }).from(cakeIngredients).where(eq(cakeIngredients.itemId, id)).get()?.n ?? 0;
  if (uses > 0) throw fail.conflict(INVENTORY_TEXT.usedByCakes(item.name, uses));
  const orders = tx
    .select({ n: countDistinct(purchaseOrderLines.purchaseOrderId) })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.itemId, id))
    .get();
  if (orders?.n) throw fail.conflict(PURCHASING_TEXT.itemOnOrders(item.name, orders.n));
  record(
    tx,
    { kind: 'item', id, record: item.itemId },
    { reason: 'deleted', change: -item.stock, userId: actor.user.id },
    item.stock,
    0,
  );
  tx.delete(inventoryItems).where(eq(inventoryItems.id, id)).run();
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Delete Item',
    module: MODULE,
    description: `Deleted ${item.itemId} "${item.name}" (${formatQuantity(item.stock)} in stock)`,
  });
}

export function deleteItem(db: Db, actor: Viewer, id: number) {
  return holdOrApply(db, actor, {
    find: (tx) => tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get(),
    notFound: INVENTORY_TEXT.notFound,
    hold: (item) => ({
      module: MODULE,
      requestType: 'delete',
      targetId: item.itemId,
      details: describeRecord(fieldsOf(pick(item)), ['itemId', 'name', 'stock']),
      payload: { id } satisfies z.input<typeof itemIdInput>,
      summary: `delete item ${item.itemId} "${item.name}"`,
    }),
    apply: (tx) => {
      applyDelete(tx, actor, id);
      return { message: INVENTORY_TEXT.deleted };
    },
  });
}

export const inventoryApproval: Approval = {
  update: heldKind(heldUpdate, (tx, approver, { payload, requestedBy }) => {
    // The ledger names both: the approver made the move, at the request of whom.
    const reference = approvedReference(tx, requestedBy, approver.user.username);
    applyUpdate(tx, approver, payload, new Date(), reference);
  }),
  delete: heldKind(itemIdInput, (tx, approver, { payload }) => applyDelete(tx, approver, payload.id)),
  otherType: (type) => `Inventory requests cannot be of type ${type}.`,
};

export function getItem(db: Db, id: number) {
  const item = findItem(db, id);
  if (!item) throw fail.notFound(INVENTORY_TEXT.notFound);
  return item;
}
