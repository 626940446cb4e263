import { and, eq, inArray, isNotNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { EXPIRY_WARNING_DAYS } from '../../../shared/itemStatus';
import { ALERT_TEXT } from '../../../shared/texts/alerts';
import { addDays, manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import {
  inventoryItems,
  lotAlerts,
  purchaseOrderAlerts,
  purchaseOrders,
  stockLots,
  suppliers,
} from '../../db/schema';
import { notify } from '../notifications/service';

// Notices about deliveries: lots expiring or expired with stock left, and purchase orders
// whose delivery is late. Each once (lot_alerts, purchase_order_alerts remember them); called
// by the daily check and, for lots, after every stock change (./alerts.ts).

const l = stockLots;
const i = inventoryItems;
const ph = sql.placeholder;

/**
 * The lots with stock left that expire by `soon` (within the week, or already expired) and
 * were not yet announced for what they are now, with their item's names; `item` narrows them
 * to one item. Emptied lots are not announced: nothing is left to expire.
 */
function dueLots(db: Store, item: 'one' | 'all') {
  return prepared(db, `alerts.dueLots.${item}`, () => {
    const announced = db
      .select({ lotId: lotAlerts.lotId })
      .from(lotAlerts)
      .where(
        and(
          eq(lotAlerts.lotId, l.id),
          sql`${lotAlerts.kind} = case when ${l.expirationDate} < ${ph('today')} then 'expired' else 'expiring' end`,
        ),
      );
    return db
      .select({
        id: l.id,
        lotCode: l.lotCode,
        remaining: l.remaining,
        expirationDate: sql<string>`${l.expirationDate}`,
        name: i.name,
        itemId: i.itemId,
      })
      .from(l)
      .innerJoin(i, eq(i.id, l.itemId))
      .where(
        and(
          item === 'one' ? eq(l.itemId, ph('itemId')) : undefined,
          sql`${l.remaining} > 0`,
          lte(l.expirationDate, ph('soon')),
          notExists(announced),
        ),
      )
      .orderBy(l.expirationDate, l.id)
      .prepare();
  });
}

/**
 * Lots expiring within the week, then expired with stock left to write off: each notice once
 * per lot (lot_alerts remembers it). For items these are the expiry notices: an item's date
 * is its earliest lot's, so an item-level one would say the same thing again.
 */
export function alertForLots(db: Store, itemId: number | null, now: Date): void {
  const today = manilaDate(now);
  const soon = addDays(today, EXPIRY_WARNING_DAYS);
  const lots =
    itemId === null
      ? dueLots(db, 'all').all({ today, soon })
      : dueLots(db, 'one').all({ today, soon, itemId });
  const first = prepared(db, 'alerts.lotFirst', () =>
    db
      .insert(lotAlerts)
      .values({ lotId: ph('lotId'), kind: ph('kind') })
      .onConflictDoNothing()
      .returning({ lotId: lotAlerts.lotId })
      .prepare(),
  );
  for (const lot of lots) {
    const expired = lot.expirationDate < today;
    if (first.get({ lotId: lot.id, kind: expired ? 'expired' : 'expiring' }) === undefined) continue;
    if (expired) notify(db, 'error', ALERT_TEXT.lotExpired(lot));
    else notify(db, 'warning', ALERT_TEXT.lotExpiring(lot, today));
  }
}

/**
 * Ordered and Partly received purchase orders past their expected date (a delivery still owed
 * is late), once per order, to those who handle purchase orders.
 */
export function alertLatePurchaseOrders(db: Store, today: string): void {
  const po = purchaseOrders;
  const late = db
    .select({
      id: po.id,
      poNumber: po.poNumber,
      supplier: suppliers.name,
      expectedDate: sql<string>`${po.expectedDate}`,
    })
    .from(po)
    .innerJoin(suppliers, eq(suppliers.id, po.supplierId))
    .where(
      and(
        inArray(po.status, ['Ordered', 'Partly received']),
        isNotNull(po.expectedDate),
        lt(po.expectedDate, today),
        notExists(
          db.select().from(purchaseOrderAlerts).where(eq(purchaseOrderAlerts.purchaseOrderId, po.id)),
        ),
      ),
    )
    .orderBy(po.id)
    .all();
  for (const order of late) {
    const made = db
      .insert(purchaseOrderAlerts)
      .values({ purchaseOrderId: order.id })
      .onConflictDoNothing()
      .returning()
      .get();
    if (made)
      notify(
        db,
        'warning',
        ALERT_TEXT.purchaseOrderLate(order.poNumber, order.supplier, order.expectedDate),
        'purchaseOrders',
      );
  }
}
