import { eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { MONEY_MAX_CENTAVOS } from '../../../shared/schemas/fields';
import type { PoFields } from '../../../shared/schemas/purchasing';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import type { Db, Tx } from '../../db/open';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { getPurchaseOrder, itemByRef, lineTotalOf, type PoSaved, poNumberOf, supplierByRef } from './queries';

// Purchase orders: what the shop orders from a supplier. A Draft is edited freely, then
// marked Ordered; one is cancelled only while nothing on it was received. Every write is
// one immediate transaction with its activity row; a refusal writes nothing.

const MODULE = 'Purchasing';

/** A line with its item's record id. */
type Line = { itemId: number; quantity: number; unitCost: number };

/**
 * The supplier and the lines' items must exist (400 otherwise); an item on two lines and a line
 * costing more than the shop's largest amount are refused. Answers the lines by record id.
 */
function checkFields(tx: Tx, fields: PoFields) {
  const supplier = supplierByRef(tx, fields.supplierId);
  if (!supplier) throw fail.badRequest(PURCHASING_TEXT.supplierNotFound);
  const seen = new Set<number>();
  const lines: Line[] = fields.lines.map((line) => {
    const item = itemByRef(tx, line.itemId);
    if (!item) throw fail.badRequest(PURCHASING_TEXT.itemNotFound);
    if (seen.has(item.id)) throw fail.badRequest(PURCHASING_TEXT.duplicateItem(item.name));
    seen.add(item.id);
    if (line.quantity * line.unitCost > MONEY_MAX_CENTAVOS * 1000)
      throw fail.badRequest(PURCHASING_TEXT.lineTooLarge(item.name));
    return { itemId: item.id, quantity: line.quantity, unitCost: line.unitCost };
  });
  return { supplier, lines };
}

function writeLines(tx: Tx, purchaseOrderId: number, lines: Line[]) {
  tx.insert(purchaseOrderLines)
    .values(
      lines.map((l) => ({ purchaseOrderId, itemId: l.itemId, quantity: l.quantity, unitCost: l.unitCost })),
    )
    .run();
}

const totalOf = (lines: Line[]) => lines.reduce((sum, l) => sum + lineTotalOf(l.quantity, l.unitCost), 0);

const linesText = (lines: Line[]) =>
  `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, ${formatPeso(totalOf(lines))}`;

/** A new Draft, numbered as the highest number so far plus one inside the same write. */
export function createPurchaseOrder(db: Db, viewer: Viewer, fields: PoFields): PoSaved {
  return db.transaction(
    (tx) => {
      const { supplier, lines } = checkFields(tx, fields);
      const last =
        tx
          .select({ n: sql<number | null>`max(cast(substr(${purchaseOrders.poNumber}, 4) as integer))` })
          .from(purchaseOrders)
          .get()?.n ?? 0;
      const poNumber = poNumberOf(last + 1);
      const created = tx
        .insert(purchaseOrders)
        .values({
          poNumber,
          supplierId: supplier.id,
          expectedDate: fields.expectedDate,
          notes: fields.notes,
          createdBy: viewer.user.id,
        })
        .returning({ id: purchaseOrders.id })
        .get();
      writeLines(tx, created.id, lines);
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Create Purchase Order',
        module: MODULE,
        description: `Created ${poNumber} for ${supplier.supplierId} (${supplier.name}): ${linesText(lines)}`,
      });
      return { message: PURCHASING_TEXT.created(poNumber), purchaseOrder: getPurchaseOrder(tx, created.id) };
    },
    { behavior: 'immediate' },
  );
}

/** The order as it is inside the write; 404 when there is none. */
function current(tx: Tx, id: number) {
  const order = tx
    .select({ id: purchaseOrders.id, poNumber: purchaseOrders.poNumber, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .get();
  if (!order) throw fail.notFound(PURCHASING_TEXT.notFound);
  return order;
}

/** A Draft's supplier, date, notes and lines are replaced; any other state is 409. */
export function updatePurchaseOrder(db: Db, viewer: Viewer, input: PoFields & { id: number }): PoSaved {
  return db.transaction(
    (tx) => {
      const order = current(tx, input.id);
      if (order.status !== 'Draft')
        throw fail.conflict(PURCHASING_TEXT.notDraft(order.poNumber, order.status));
      const { supplier, lines } = checkFields(tx, input);
      tx.update(purchaseOrders)
        .set({ supplierId: supplier.id, expectedDate: input.expectedDate, notes: input.notes })
        .where(eq(purchaseOrders.id, order.id))
        .run();
      tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, order.id)).run();
      writeLines(tx, order.id, lines);
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Edit Purchase Order',
        module: MODULE,
        description: `Edited ${order.poNumber} for ${supplier.supplierId} (${supplier.name}): ${linesText(lines)}`,
      });
      return {
        message: PURCHASING_TEXT.updated(order.poNumber),
        purchaseOrder: getPurchaseOrder(tx, order.id),
      };
    },
    { behavior: 'immediate' },
  );
}

/** Draft -> Ordered: sent to the supplier, no longer editable. */
export function orderPurchaseOrder(db: Db, viewer: Viewer, id: number): PoSaved {
  return db.transaction(
    (tx) => {
      const order = current(tx, id);
      if (order.status !== 'Draft')
        throw fail.conflict(PURCHASING_TEXT.cannotOrder(order.poNumber, order.status));
      tx.update(purchaseOrders)
        .set({ status: 'Ordered', orderedAt: new Date() })
        .where(eq(purchaseOrders.id, id))
        .run();
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Order Purchase Order',
        module: MODULE,
        description: `Marked ${order.poNumber} as ordered`,
      });
      return { message: PURCHASING_TEXT.ordered(order.poNumber), purchaseOrder: getPurchaseOrder(tx, id) };
    },
    { behavior: 'immediate' },
  );
}

/** Draft or Ordered with nothing received -> Cancelled; anything else is 409. */
export function cancelPurchaseOrder(db: Db, viewer: Viewer, id: number): PoSaved {
  return db.transaction(
    (tx) => {
      const order = current(tx, id);
      const received =
        tx
          .select({ n: sql<number>`coalesce(sum(${purchaseOrderLines.received}), 0)` })
          .from(purchaseOrderLines)
          .where(eq(purchaseOrderLines.purchaseOrderId, id))
          .get()?.n ?? 0;
      if ((order.status !== 'Draft' && order.status !== 'Ordered') || received > 0)
        throw fail.conflict(PURCHASING_TEXT.cannotCancel(order.poNumber, order.status));
      tx.update(purchaseOrders)
        .set({ status: 'Cancelled', cancelledAt: new Date() })
        .where(eq(purchaseOrders.id, id))
        .run();
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Cancel Purchase Order',
        module: MODULE,
        description: `Cancelled ${order.poNumber}`,
      });
      return { message: PURCHASING_TEXT.cancelled(order.poNumber), purchaseOrder: getPurchaseOrder(tx, id) };
    },
    { behavior: 'immediate' },
  );
}
