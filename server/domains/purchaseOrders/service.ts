import { and, count, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { MONEY_MAX_CENTAVOS } from '../../../shared/schemas/fields';
import type { Page } from '../../../shared/schemas/paging';
import type { ListPoInput, PoFields } from '../../../shared/schemas/purchasing';
import { type PoStatus, PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import type { Db, Store, Tx } from '../../db/open';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers, units, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { likePattern, pageOf, pageWindow } from '../../lib/paging';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

// Purchase orders: what the shop orders from a supplier. A Draft is edited freely, then
// marked Ordered; one is cancelled only while nothing on it was received. Every write is
// one immediate transaction with its activity row; a refusal writes nothing.

const MODULE = 'Purchasing';

interface PurchaseOrderLine {
  id: number;
  itemId: number;
  itemCode: string;
  name: string;
  unit: string | null;
  /** Thousandths of the item's unit. */
  quantity: number;
  received: number;
  /** Centavos per unit. */
  unitCost: number;
  lineTotal: number;
}

interface PurchaseOrderSummary {
  id: number;
  poNumber: string;
  status: PoStatus;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  expectedDate: string | null;
  notes: string;
  /** Centavos: the sum of the lines' totals. */
  total: number;
  createdAt: Date;
  orderedAt: Date | null;
  cancelledAt: Date | null;
  createdBy: string | null;
}

export interface PurchaseOrder extends PurchaseOrderSummary {
  lines: PurchaseOrderLine[];
}

export type PurchaseOrderRow = PurchaseOrderSummary & { lineCount: number };

export interface PoSaved {
  message: string;
  purchaseOrder: PurchaseOrder;
}

/** PO-000001: six digits, more once the shop passes 999,999 orders. */
const poNumberOf = (n: number) => `PO-${String(n).padStart(6, '0')}`;

/** A line's cost in centavos: thousandths x centavos per unit, rounded half up to the centavo. */
const lineTotalOf = (quantity: number, unitCost: number) => Math.floor((quantity * unitCost + 500) / 1000);

/** The same rounding in SQL, so a list's totals are the lines' totals summed. */
const lineTotalSql = sql`((${purchaseOrderLines.quantity} * ${purchaseOrderLines.unitCost} + 500) / 1000)`;

const summaryColumns = {
  id: purchaseOrders.id,
  poNumber: purchaseOrders.poNumber,
  status: purchaseOrders.status,
  supplierId: purchaseOrders.supplierId,
  supplierCode: suppliers.supplierId,
  supplierName: suppliers.name,
  expectedDate: purchaseOrders.expectedDate,
  notes: purchaseOrders.notes,
  total: sql<number>`coalesce((select sum(${lineTotalSql}) from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${purchaseOrders.id}), 0)`,
  createdAt: purchaseOrders.createdAt,
  orderedAt: purchaseOrders.orderedAt,
  cancelledAt: purchaseOrders.cancelledAt,
  createdBy: users.username,
};

function summaries(db: Store, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .where(where);
}

function linesOf(db: Store, purchaseOrderId: number): PurchaseOrderLine[] {
  return db
    .select({
      id: purchaseOrderLines.id,
      itemId: purchaseOrderLines.itemId,
      itemCode: inventoryItems.itemId,
      name: inventoryItems.name,
      unit: units.name,
      quantity: purchaseOrderLines.quantity,
      received: purchaseOrderLines.received,
      unitCost: purchaseOrderLines.unitCost,
    })
    .from(purchaseOrderLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, purchaseOrderLines.itemId))
    .leftJoin(units, eq(units.id, inventoryItems.unitId))
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
    .orderBy(purchaseOrderLines.id)
    .all()
    .map((line) => ({ ...line, lineTotal: lineTotalOf(line.quantity, line.unitCost) }));
}

/** One purchase order with its lines; 404 when there is none. */
export function getPurchaseOrder(db: Store, id: number): PurchaseOrder {
  const order = summaries(db, eq(purchaseOrders.id, id)).get();
  if (!order) throw fail.notFound(PURCHASING_TEXT.notFound);
  return { ...order, lines: linesOf(db, id) };
}

/** Newest first; the search looks in the PO number and the supplier's id and name. */
export function listPurchaseOrders(db: Db, input: ListPoInput): Page<PurchaseOrderRow> {
  const filters: SQL[] = [];
  if (input.status) filters.push(eq(purchaseOrders.status, input.status));
  if (input.supplierId !== undefined) {
    const supplier = supplierByRef(db, input.supplierId);
    if (!supplier) throw fail.badRequest(PURCHASING_TEXT.supplierNotFound);
    filters.push(eq(purchaseOrders.supplierId, supplier.id));
  }
  if (input.search) {
    const pattern = likePattern(input.search);
    const like = (column: SQLWrapper) => sql`${column} like ${pattern} escape '\\'`;
    const search = or(like(purchaseOrders.poNumber), like(suppliers.supplierId), like(suppliers.name));
    if (search) filters.push(search);
  }
  const where = filters.length ? and(...filters) : undefined;
  return db.transaction((tx) => {
    const total =
      tx
        .select({ n: count() })
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .where(where)
        .get()?.n ?? 0;
    const { limit, offset } = pageWindow(input);
    const rows = summaries(tx, where).orderBy(desc(purchaseOrders.id)).limit(limit).offset(offset).all();
    const counts = new Map(
      rows.length
        ? tx
            .select({ id: purchaseOrderLines.purchaseOrderId, n: count() })
            .from(purchaseOrderLines)
            .where(
              inArray(
                purchaseOrderLines.purchaseOrderId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(purchaseOrderLines.purchaseOrderId)
            .all()
            .map((r) => [r.id, r.n])
        : [],
    );
    return pageOf(
      rows.map((r) => ({ ...r, lineCount: counts.get(r.id) ?? 0 })),
      total,
      input,
    );
  });
}

/** A supplier by record id or business id (any case), or undefined. */
function supplierByRef(db: Store, ref: number | string) {
  return db
    .select({ id: suppliers.id, supplierId: suppliers.supplierId, name: suppliers.name })
    .from(suppliers)
    .where(
      typeof ref === 'number' ? eq(suppliers.id, ref) : sql`lower(${suppliers.supplierId}) = lower(${ref})`,
    )
    .get();
}

/** An item by record id or business id (any case), or undefined. */
function itemByRef(db: Store, ref: number | string) {
  return db
    .select({ id: inventoryItems.id, name: inventoryItems.name })
    .from(inventoryItems)
    .where(
      typeof ref === 'number'
        ? eq(inventoryItems.id, ref)
        : sql`lower(${inventoryItems.itemId}) = lower(${ref})`,
    )
    .get();
}

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
