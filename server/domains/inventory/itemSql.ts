import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import { EXPIRY_WARNING_DAYS } from '../../../shared/itemStatus';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { inventoryItems } from '../../db/schema';
import { likePattern } from '../../lib/paging';

// The items' SQL vocabulary that the inventory list, the counter's product page and pricing
// share: the derived status, the status filter, expiry order, search matching and its count.

const i = inventoryItems;

/** The last date that is "Expiring soon" seen from `today` (shared/itemStatus.ts's window). */
export const soonSql = (today: Today) => sql`date(${today}, ${`+${EXPIRY_WARNING_DAYS} days`})`;

/** What the counter can sell of an item: whole units of its stock (kept in thousandths). */
export const sellableUnits = sql<number>`(${i.stock} / 1000)`;

/**
 * The item status as SQL, so lists sort and filter by it and counts agree with it:
 * shared/itemStatus.ts's itemStatus() written for the database (a test holds them together).
 */
export function itemStatusSql(today: Today): SQL<ItemStatus> {
  return sql<ItemStatus>`case
    when ${i.expirationDate} is not null and ${i.expirationDate} < ${today} then 'Expired'
    when ${i.stock} = 0 then 'Out of stock'
    when ${i.expirationDate} <= ${soonSql(today)} then 'Expiring soon'
    when ${i.stock} <= ${i.restockThreshold} then 'Low stock'
    else 'Well-stocked' end`;
}

/**
 * The item's status at the counter, which sells whole units: less than one unit left is Out
 * of stock there (0.5 kg of flour is Low stock on the Inventory screen, nothing to sell).
 */
export function counterStatusSql(today: Today): SQL<ItemStatus> {
  return sql<ItemStatus>`case
    when ${i.stock} < 1000 and (${i.expirationDate} is null or ${i.expirationDate} >= ${today}) then 'Out of stock'
    else ${itemStatusSql(today)} end`;
}

/**
 * The items of one status, written so an index answers: the date index for Expired and
 * Expiring soon, the stock-state index (1 low, 2 out, 3 well-stocked) for the others.
 */
export function statusWhere(status: ItemStatus, today: Today): SQL {
  const date = sql`coalesce(${i.expirationDate}, '9999-12-31')`;
  const notExpired = sql`${date} >= ${today}`;
  const notSoon = sql`${date} > ${soonSql(today)}`;
  switch (status) {
    case 'Expired':
      return sql`${i.expirationDate} < ${today}`;
    case 'Expiring soon':
      return sql`(${i.expirationDate} between ${today} and ${soonSql(today)} and ${i.stock} > 0)`;
    case 'Out of stock':
      return sql`(${i.stockState} = 2 and ${notExpired})`;
    case 'Low stock':
      return sql`(${i.stockState} = 1 and ${notSoon})`;
    case 'Well-stocked':
      return sql`(${i.stockState} = 3 and ${notSoon})`;
  }
}

/** Sorting by expiry: the nearest date first (asc) or the farthest (desc); undated items last either way. */
export function expiryOrder(order: 'asc' | 'desc'): SQL[] {
  const by = order === 'desc' ? desc : asc;
  return [asc(sql`${i.expirationDate} is null`), by(i.expirationDate), by(i.id)];
}

/** The fewest characters the trigram index can look up; shorter searches scan with LIKE. */
const TRIGRAM = 3;

export type Today = string | ReturnType<typeof sql.placeholder>;

/**
 * Items whose id or name contains `search`, case-insensitively. Three characters or more
 * go through the FTS5 trigram index (the query is one quoted phrase, so nothing in it is
 * syntax); shorter ones use LIKE with the wildcards escaped.
 */
export function itemMatches(search: string): SQL | undefined {
  if (!search) return undefined;
  if (usesIndex(search)) {
    return sql`${i.id} in (select rowid from inventory_search where inventory_search match ${phraseOf(search)})`;
  }
  const pattern = likePattern(search);
  return sql`(${i.name} like ${pattern} escape '\\' or ${i.itemId} like ${pattern} escape '\\')`;
}

export const phraseOf = (search: string) => `"${search.replaceAll('"', '""')}"`;
export function usesIndex(search: string): boolean {
  return [...search].length >= TRIGRAM;
}

/**
 * Counts are remembered until the items change: triggers move inventory_version on every
 * insert, delete, rename, id or expiry change, whoever writes. So paging through a search,
 * or many counters asking the same, counts once.
 */
const remembered = new WeakMap<object, { version: number; counts: Map<string, number> }>();
const REMEMBERED_COUNTS = 500;

export function rememberCount(db: Store, key: string, count: () => number): number {
  const version =
    prepared(db, 'inventory.version', () =>
      db.select({ n: sql<number>`n` }).from(sql`inventory_version`).prepare(),
    ).get()?.n ?? -1;
  let cache = remembered.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, counts: new Map() };
    remembered.set(db, cache);
  }
  const known = cache.counts.get(key);
  if (known !== undefined) return known;
  const n = count();
  if (cache.counts.size >= REMEMBERED_COUNTS) cache.counts.clear();
  cache.counts.set(key, n);
  return n;
}

export function countItems(db: Store, search: string): number {
  return rememberCount(db, `search:${search}`, () =>
    usesIndex(search)
      ? (db.get<{ n: number }>(
          sql`select count(*) as n from inventory_search where inventory_search match ${phraseOf(search)}`,
        )?.n ?? 0)
      : (db.select({ n: count() }).from(i).where(itemMatches(search)).get()?.n ?? 0),
  );
}
