import { eq } from 'drizzle-orm';
import { cakes, inventoryItems, stockLots } from '../../server/db/schema';
import { adjustCakeStock } from '../../server/domains/cakes/cakeLots';
import { settleExpiry } from '../../server/domains/inventory/lotStock';
import { adjustStock } from '../../server/domains/inventory/lots';
import type { TestShop } from './app';

/**
 * Puts a lot straight into an item's stock (an expired one too, as a restore may bring) and
 * brings the item's stock and date up to date as the app would. Quantities in thousandths.
 */
export function putLot(
  shop: TestShop,
  itemId: number,
  lot: { quantity: number; unitCost: number; expirationDate: string | null; lotCode?: string },
) {
  return shop.db.transaction((tx) => {
    const item = tx.select().from(inventoryItems).where(eq(inventoryItems.id, itemId)).get()!;
    const row = tx
      .insert(stockLots)
      .values({
        itemId,
        lotCode: lot.lotCode ?? `T-${Math.random().toString(36).slice(2, 8)}`,
        source: 'adjustment',
        quantity: lot.quantity,
        remaining: lot.quantity,
        unitCost: lot.unitCost,
        expirationDate: lot.expirationDate,
      })
      .returning()
      .get();
    settleExpiry(tx, { kind: 'item', id: itemId, record: item.itemId }, new Date());
    return row;
  });
}

/** The item's lots in the order the app takes them, as [remaining, expirationDate]. */
export const lotsOf = (shop: TestShop, itemId: number) =>
  shop.db
    .select({ id: stockLots.id, remaining: stockLots.remaining, expirationDate: stockLots.expirationDate })
    .from(stockLots)
    .where(eq(stockLots.itemId, itemId))
    .orderBy(stockLots.expirationDate, stockLots.id)
    .all();

/**
 * Sets an item's stock to `stock` thousandths as a stock edit does (a lot added, or taken
 * first-expiry-first-out), so the counter can sell it: a bare update of the stock column
 * leaves the lots as they were.
 */
export function setStock(shop: TestShop, itemId: number, stock: number) {
  // Immediate: a server in another process may write meanwhile (tests/e2e/offline-counter.test.ts),
  // and a read transaction that then tries to write would fail at once instead of waiting.
  shop.db.transaction(
    (tx) => {
      const item = tx.select().from(inventoryItems).where(eq(inventoryItems.id, itemId)).get()!;
      const what = { kind: 'item', id: itemId, record: item.itemId } as const;
      adjustStock(tx, what, stock, { reason: 'edit', userId: null }, new Date());
    },
    { behavior: 'immediate' },
  );
}

/** Sets a cake's stock to `stock` whole cakes as a stock edit does, through its lots. */
export function setCakeStock(shop: Pick<TestShop, 'db'>, cakeId: number, stock: number) {
  shop.db.transaction((tx) => {
    const cake = tx.select().from(cakes).where(eq(cakes.id, cakeId)).get()!;
    const what = { kind: 'cake', id: cakeId, record: cake.cakeId } as const;
    adjustCakeStock(tx, what, stock, { reason: 'edit', userId: null }, new Date());
  });
}
