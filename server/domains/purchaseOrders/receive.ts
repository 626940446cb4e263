import { and, eq, sql } from 'drizzle-orm';
import { formatQuantity } from '../../../shared/quantity';
import type { ReceiveInput } from '../../../shared/schemas/purchasing';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { manilaDate } from '../../../shared/time';
import type { Db, Tx } from '../../db/open';
import { inventoryItems, purchaseOrderLines, purchaseOrders, stockLots } from '../../db/schema';
import { hasStockLeft } from '../../db/tables/columns';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { alertForIds } from '../inventory/alerts';
import { addLot } from '../inventory/lots';
import { getPurchaseOrder, itemByRef, type PurchaseOrder } from './queries';

// Receiving a delivery against an Ordered purchase order (docs/rules.md, Lots): each line
// becomes a lot with its own expiry and cost, the order's lines count what came, and the item's
// purchase price becomes the average cost of its stock. One immediate transaction; a refusal
// writes nothing.

const MODULE = 'Purchasing';

export interface ReceivedLot {
  lotId: number;
  itemId: string;
  lotCode: string;
  quantity: number;
  unitCost: number;
  expirationDate: string | null;
}

export function receivePurchaseOrder(
  db: Db,
  viewer: Viewer,
  input: ReceiveInput,
  now = new Date(),
): { message: string; purchaseOrder: PurchaseOrder; lots: ReceivedLot[] } {
  return db.transaction(
    (tx) => {
      const order = tx
        .select({
          id: purchaseOrders.id,
          poNumber: purchaseOrders.poNumber,
          status: purchaseOrders.status,
          supplierId: purchaseOrders.supplierId,
        })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, input.id))
        .get();
      if (!order) throw fail.notFound(PURCHASING_TEXT.notFound);
      if (order.status !== 'Ordered' && order.status !== 'Partly received')
        throw fail.conflict(PURCHASING_TEXT.cannotReceive(order.poNumber, order.status));
      const today = manilaDate(now);
      const seen = new Set<number>();
      const lots: ReceivedLot[] = [];
      const reference = input.reference ? `${order.poNumber} (${input.reference})` : order.poNumber;
      for (const line of input.lines) {
        const item = itemByRef(tx, line.itemId);
        if (!item) throw fail.badRequest(PURCHASING_TEXT.itemNotFound);
        if (seen.has(item.id)) throw fail.badRequest(PURCHASING_TEXT.duplicateReceived(item.name));
        seen.add(item.id);
        if (!line.expirationDate) throw fail.badRequest(PURCHASING_TEXT.expirationRequired(item.name));
        if (line.expirationDate < today) throw fail.badRequest(INVENTORY_TEXT.expiredDate);
        const ordered = tx
          .select()
          .from(purchaseOrderLines)
          .where(
            and(eq(purchaseOrderLines.purchaseOrderId, order.id), eq(purchaseOrderLines.itemId, item.id)),
          )
          .get();
        if (!ordered) throw fail.badRequest(PURCHASING_TEXT.notOnOrder(item.name, order.poNumber));
        // Guarded: what is received never passes what was ordered, however many arrive at once.
        const counted = tx
          .update(purchaseOrderLines)
          .set({ received: sql`${purchaseOrderLines.received} + ${line.quantity}` })
          .where(
            and(
              eq(purchaseOrderLines.id, ordered.id),
              sql`${purchaseOrderLines.received} + ${line.quantity} <= ${purchaseOrderLines.quantity}`,
            ),
          )
          .returning({ id: purchaseOrderLines.id })
          .get();
        if (!counted)
          throw fail.conflict(
            PURCHASING_TEXT.overReceived(item.name, formatQuantity(ordered.quantity - ordered.received)),
          );
        const what = { kind: 'item', id: item.id, record: item.itemId } as const;
        const lot = addLot(
          tx,
          what,
          {
            source: 'purchase',
            quantity: line.quantity,
            unitCost: line.unitCost ?? ordered.unitCost,
            expirationDate: line.expirationDate,
            lotCode: line.lotCode || null,
            supplierId: order.supplierId,
            purchaseOrderId: order.id,
          },
          { reason: 'received', userId: viewer.user.id, reference },
          now,
        );
        averageCost(tx, item.id, today);
        lots.push({
          lotId: lot.id,
          itemId: item.itemId,
          lotCode: lot.lotCode,
          quantity: lot.quantity,
          unitCost: lot.unitCost,
          expirationDate: lot.expirationDate,
        });
      }
      const open = tx
        .select({ n: sql<number>`count(*)` })
        .from(purchaseOrderLines)
        .where(
          and(
            eq(purchaseOrderLines.purchaseOrderId, order.id),
            sql`${purchaseOrderLines.received} < ${purchaseOrderLines.quantity}`,
          ),
        )
        .get()!.n;
      tx.update(purchaseOrders)
        .set({ status: open === 0 ? 'Received' : 'Partly received' })
        .where(eq(purchaseOrders.id, order.id))
        .run();
      logActivity(tx, {
        userId: viewer.user.id,
        action: 'Receive Purchase Order',
        module: MODULE,
        description: `Received on ${reference}: ${lots
          .map(
            (l) =>
              `${l.itemId} ${formatQuantity(l.quantity)} (lot ${l.lotCode}, expires ${l.expirationDate})`,
          )
          .join('; ')}`,
      });
      alertForIds(tx, [...seen], now);
      return {
        message: PURCHASING_TEXT.received(order.poNumber, lots.length),
        purchaseOrder: getPurchaseOrder(tx, order.id),
        lots,
      };
    },
    { behavior: 'immediate' },
  );
}

/**
 * The item's purchase price becomes the average unit cost of its unexpired stock, weighted by
 * what each lot still holds (docs/decisions.md, Average cost), so cakes' base cost follows.
 */
function averageCost(tx: Tx, itemId: number, today: string): void {
  const l = stockLots;
  const avg = tx
    .select({
      held: sql<number>`sum(${l.remaining})`,
      value: sql<number>`sum(${l.remaining} * ${l.unitCost})`,
    })
    .from(l)
    .where(
      and(
        eq(l.itemId, itemId),
        hasStockLeft(l.remaining),
        sql`(${l.expirationDate} is null or ${l.expirationDate} >= ${today})`,
      ),
    )
    .get();
  if (!avg?.held) return;
  tx.update(inventoryItems)
    .set({ purchasePrice: Math.round(avg.value / avg.held) })
    .where(eq(inventoryItems.id, itemId))
    .run();
}
