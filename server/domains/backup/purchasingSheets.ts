import { eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { fromMilli } from '../../../shared/quantity';
import type { Db } from '../../db/open';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers, users } from '../../db/schema';
import type { Sheet } from '../../lib/xlsx';
import { byId, columns, iso, pesos } from './sheets';

// The purchase-orders area: each order by its poNumber with its supplier by supplierId, and
// its lines by poNumber and itemId; quantities in the item's unit (up to three decimals).

const creator = alias(users, 'creator');

export function purchaseOrdersSheets(db: Db) {
  const ordersPage = (after: number, limit: number) =>
    db
      .select({
        id: purchaseOrders.id,
        poNumber: purchaseOrders.poNumber,
        status: purchaseOrders.status,
        supplierId: suppliers.supplierId,
        expectedDate: purchaseOrders.expectedDate,
        notes: purchaseOrders.notes,
        createdBy: creator.email,
        createdAt: purchaseOrders.createdAt,
        orderedAt: purchaseOrders.orderedAt,
        cancelledAt: purchaseOrders.cancelledAt,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .leftJoin(creator, eq(creator.id, purchaseOrders.createdBy))
      .where(gt(purchaseOrders.id, after))
      .orderBy(purchaseOrders.id)
      .limit(limit)
      .all();
  const ordersSheet: Sheet<ReturnType<typeof ordersPage>[number]> = {
    name: 'purchase-orders',
    chunks: byId(ordersPage),
    columns: columns({
      poNumber: (r) => r.poNumber,
      status: (r) => r.status,
      supplierId: (r) => r.supplierId,
      expectedDate: (r) => r.expectedDate,
      notes: (r) => r.notes,
      createdBy: (r) => r.createdBy,
      createdAt: (r) => iso(r.createdAt),
      orderedAt: (r) => iso(r.orderedAt),
      cancelledAt: (r) => iso(r.cancelledAt),
    }),
  };
  const linesPage = (after: number, limit: number) =>
    db
      .select({
        id: purchaseOrderLines.id,
        poNumber: purchaseOrders.poNumber,
        itemId: inventoryItems.itemId,
        quantity: purchaseOrderLines.quantity,
        received: purchaseOrderLines.received,
        unitCost: purchaseOrderLines.unitCost,
      })
      .from(purchaseOrderLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, purchaseOrderLines.itemId))
      .where(gt(purchaseOrderLines.id, after))
      .orderBy(purchaseOrderLines.id)
      .limit(limit)
      .all();
  const linesSheet: Sheet<ReturnType<typeof linesPage>[number]> = {
    name: 'lines',
    chunks: byId(linesPage),
    columns: columns(
      {
        poNumber: (r) => r.poNumber,
        itemId: (r) => r.itemId,
        quantity: (r) => fromMilli(r.quantity),
        received: (r) => fromMilli(r.received),
        unitCost: (r) => pesos(r.unitCost),
      },
      ['unitCost'],
    ),
  };
  return [ordersSheet, linesSheet];
}
