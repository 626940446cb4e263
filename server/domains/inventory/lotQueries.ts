import { asc, eq, sql } from 'drizzle-orm';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { inventoryItems, stockLots, suppliers, users } from '../../db/schema';
import { fail } from '../../lib/errors';

const l = stockLots;

/**
 * The item's lots, earliest expiry first (undated last), then in order of receipt; emptied lots
 * too, with remaining 0. `expiredStock` is what is left in lots past their date: not for sale,
 * waiting to be written off.
 */
export function itemLots(db: Store, id: number, now = new Date()) {
  if (!db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, id)).get())
    throw fail.notFound(INVENTORY_TEXT.notFound);
  const today = manilaDate(now);
  const lots = db
    .select({
      lotId: l.id,
      lotCode: l.lotCode,
      source: l.source,
      quantity: l.quantity,
      remaining: l.remaining,
      unitCost: l.unitCost,
      expirationDate: l.expirationDate,
      expired: sql<boolean>`(${l.expirationDate} is not null and ${l.expirationDate} < ${today})`.mapWith(
        Boolean,
      ),
      receivedAt: l.receivedAt,
      receivedBy: users.username,
      supplierId: suppliers.supplierId,
      supplier: suppliers.name,
    })
    .from(l)
    .leftJoin(suppliers, eq(suppliers.id, l.supplierId))
    .leftJoin(users, eq(users.id, l.receivedBy))
    .where(eq(l.itemId, id))
    .orderBy(sql`${l.expirationDate} is null`, asc(l.expirationDate), asc(l.id))
    .all();
  const expiredStock = lots.filter((lot) => lot.expired).reduce((sum, lot) => sum + lot.remaining, 0);
  return { lots, expiredStock };
}
