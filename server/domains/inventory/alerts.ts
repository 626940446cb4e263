import { eq, lte, sql } from 'drizzle-orm';
import { EXPIRY_WARNING_DAYS, expiresSoon } from '../../../shared/itemStatus';
import { formatQuantity } from '../../../shared/quantity';
import { addDays, formatCalendarDate, manilaDate, manilaDayStart } from '../../../shared/time';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakeAlerts, cakes, inventoryItems, stockAlerts } from '../../db/schema';
import { cakeOrderNotices } from '../cakeOrders/notices';
import { settleExpiredCakeLots } from '../cakes/cakeLotStock';
import { notify } from '../notifications/service';
import { alertForLots, alertLatePurchaseOrders } from './deliveryAlerts';
import { settleExpiredLots } from './lotStock';

type Watched = Pick<
  typeof inventoryItems.$inferSelect,
  'id' | 'itemId' | 'name' | 'stock' | 'restockThreshold'
>;

/** Writes the alert only if this item, kind and date has none yet; true when it is new. */
function firstTime(db: Store, itemId: number, kind: 'low' | 'out', onDate: string): boolean {
  const made = prepared(db, 'alerts.first', () =>
    db
      .insert(stockAlerts)
      .values({
        itemId: sql.placeholder('itemId'),
        kind: sql.placeholder('kind'),
        onDate: sql.placeholder('onDate'),
      })
      .onConflictDoNothing()
      .returning({ itemId: stockAlerts.itemId })
      .prepare(),
  ).get({ itemId, kind, onDate });
  return made !== undefined;
}

/**
 * Low-stock and out-of-stock notifications for these items, at most one per item, kind and
 * date. Called inside a stock change's transaction, and by the daily check. An item's expiry
 * is announced per lot (alertForLots): its date is its earliest lot's.
 */
function alertFor(db: Store, items: Watched[], now = new Date()): void {
  const today = manilaDate(now);
  for (const item of items) {
    const label = `"${item.name}" (${item.itemId})`;
    if (item.stock === 0) {
      if (firstTime(db, item.id, 'out', today)) notify(db, 'error', `${label} is out of stock.`);
    } else if (item.stock <= item.restockThreshold) {
      if (firstTime(db, item.id, 'low', today))
        notify(
          db,
          'warning',
          `${label} is low on stock: ${formatQuantity(item.stock)} left (restock at ${formatQuantity(item.restockThreshold)}).`,
        );
    }
  }
}

/** An item's or cake's expiry notice, its date written as every other date (en-PH). */
function expiryNotice(label: string, expires: string, today: string): string {
  const day = formatCalendarDate(expires);
  return expires === today ? `${label} expires today (${day}).` : `${label} expires on ${day}.`;
}

type WatchedCake = Pick<typeof cakes.$inferSelect, 'id' | 'cakeId' | 'name' | 'stock' | 'expirationDate'>;

/**
 * Cakes expiring within the week, announced like items: once per cake and expiration date
 * (cake_alerts remembers it), so a new date is a new notice. A cake with none left is not
 * announced: there is nothing on the shelf to expire.
 */
export function alertForCakes(db: Store, list: WatchedCake[], now = new Date()): void {
  const today = manilaDate(now);
  const first = prepared(db, 'alerts.cakeFirst', () =>
    db
      .insert(cakeAlerts)
      .values({ cakeId: sql.placeholder('cakeId'), onDate: sql.placeholder('onDate') })
      .onConflictDoNothing()
      .returning({ cakeId: cakeAlerts.cakeId })
      .prepare(),
  );
  for (const cake of list) {
    const expires = cake.expirationDate;
    if (!expires || cake.stock === 0 || !expiresSoon(expires, today)) continue;
    if (first.get({ cakeId: cake.id, onDate: expires }) === undefined) continue;
    const label = `Cake "${cake.name}" (${cake.cakeId})`;
    notify(db, 'warning', expiryNotice(label, expires, today));
  }
}

/** Re-reads these items and alerts for them (after a sale or an edit changed their stock). */
export function alertForIds(db: Store, ids: number[], now = new Date()): void {
  if (ids.length === 0) return;
  const byId = prepared(db, 'alerts.item', () =>
    db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, sql.placeholder('id')))
      .prepare(),
  );
  const items = ids.map((id) => byId.get({ id })).filter((item) => item !== undefined);
  alertFor(db, items, now);
  for (const id of ids) alertForLots(db, id, now);
}

/**
 * The daily check: every item at or below its threshold, every lot expiring within the week
 * or expired with stock left, every purchase order still owed past its expected date, every
 * cake order due tomorrow or left after its pickup day.
 * Runs at startup and every few hours; the alert tables keep it from repeating itself.
 */
export function dailyStockCheck(db: Db, now = new Date()): void {
  const today = manilaDate(now);
  const soon = addDays(today, EXPIRY_WARNING_DAYS);
  db.transaction(
    (tx) => {
      settleExpiredLots(tx, now);
      settleExpiredCakeLots(tx, now);
      const low = tx
        .select()
        .from(inventoryItems)
        .where(lte(inventoryItems.stock, inventoryItems.restockThreshold))
        .all();
      alertFor(tx, low, now);
      alertForLots(tx, null, now);
      alertLatePurchaseOrders(tx, today);
      alertForCakes(
        tx,
        tx
          .select({
            id: cakes.id,
            cakeId: cakes.cakeId,
            name: cakes.name,
            stock: cakes.stock,
            expirationDate: cakes.expirationDate,
          })
          .from(cakes)
          .where(sql`${cakes.expirationDate} between ${today} and ${soon} and ${cakes.stock} > 0`)
          .all(),
        now,
      );
      cakeOrderNotices(tx, now);
    },
    { behavior: 'immediate' },
  );
}

const DAILY_CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/**
 * Merges the search index's segments into one (about 0.2 s at 100,000 items). Many small
 * segments, as a day of edits or a restore leaves, make each search read several lists.
 */
export function optimizeSearchIndex(db: Db): void {
  db.run(sql`insert into inventory_search(inventory_search) values ('optimize')`);
}

/** Starts the stock check and the index upkeep now and every four hours; returns the stopper. */
export function scheduleStockCheck(db: Db, log: (err: unknown) => void): () => void {
  const run = () => {
    try {
      dailyStockCheck(db);
      optimizeSearchIndex(db);
    } catch (err) {
      log(err);
    }
  };
  run();
  const timer = setInterval(run, DAILY_CHECK_EVERY_MS);
  timer.unref();
  // And just after each Manila midnight, when the day's lots pass their date.
  let midnight: NodeJS.Timeout;
  const atMidnight = () => {
    const next = manilaDayStart(addDays(manilaDate(), 1)).getTime() + 1000;
    midnight = setTimeout(() => {
      run();
      atMidnight();
    }, next - Date.now());
    midnight.unref();
  };
  atMidnight();
  return () => {
    clearInterval(timer);
    clearTimeout(midnight);
  };
}
