import { and, count, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { costOf } from '../../../shared/quantity';
import type { Page } from '../../../shared/schemas/paging';
import type { ListPoInput } from '../../../shared/schemas/purchasing';
import { type PoStatus, PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import type { Db, Store } from '../../db/open';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers, units, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { likePattern, pageOf, pageWindow } from '../../lib/paging';

// Reading purchase orders: one with its lines, or a page of summaries.

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
export const poNumberOf = (n: number) => `PO-${String(n).padStart(6, '0')}`;

/** A line's cost in centavos: thousandths x centavos per unit, rounded half up to the centavo. */
export const lineTotalOf = costOf;

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
export function supplierByRef(db: Store, ref: number | string) {
  return db
    .select({ id: suppliers.id, supplierId: suppliers.supplierId, name: suppliers.name })
    .from(suppliers)
    .where(
      typeof ref === 'number' ? eq(suppliers.id, ref) : sql`lower(${suppliers.supplierId}) = lower(${ref})`,
    )
    .get();
}

/** An item by record id or business id (any case), or undefined. */
export function itemByRef(db: Store, ref: number | string) {
  return db
    .select({ id: inventoryItems.id, itemId: inventoryItems.itemId, name: inventoryItems.name })
    .from(inventoryItems)
    .where(
      typeof ref === 'number'
        ? eq(inventoryItems.id, ref)
        : sql`lower(${inventoryItems.itemId}) = lower(${ref})`,
    )
    .get();
}

/** The orders waiting for deliveries (Ordered, Partly received), expected soonest first, with their lines. */
export function openPurchaseOrders(db: Store): PurchaseOrder[] {
  return summaries(db, inArray(purchaseOrders.status, ['Ordered', 'Partly received']))
    .orderBy(sql`${purchaseOrders.expectedDate} is null`, purchaseOrders.expectedDate, purchaseOrders.id)
    .limit(OPEN_ORDERS_SHOWN)
    .all()
    .map((order) => ({ ...order, lines: linesOf(db, order.id) }));
}

/** More open orders than a receiving clerk can look through; the oldest come first. */
const OPEN_ORDERS_SHOWN = 200;
