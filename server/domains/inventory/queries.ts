import { asc, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ItemSortField, ItemStatus, ListItemsInput } from '../../../shared/schemas/inventory';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { categories, inventoryItems, suppliers, units, users } from '../../db/schema';
import { likePattern, pageOf, pageWindow, sortOrder } from '../../paging';

const i = inventoryItems;

/** PRODUCT.md's item status, as SQL, so lists sort by it and counts agree with it. */
export function itemStatusSql(today: string): SQL<ItemStatus> {
  return sql<ItemStatus>`case
    when ${i.expirationDate} is not null and ${i.expirationDate} < ${today} then 'Expired'
    when ${i.stock} = 0 then 'Out of stock'
    when ${i.stock} <= ${i.restockThreshold} then 'Low stock'
    else 'Well-stocked' end`;
}

/** The fewest characters the trigram index can look up; shorter searches scan with LIKE. */
const TRIGRAM = 3;

/**
 * Items whose id or name contains `search`, case-insensitively. Three characters or more
 * go through the FTS5 trigram index (the query is one quoted phrase, so nothing in it is
 * syntax); shorter ones use LIKE with the wildcards escaped.
 */
export function itemMatches(search: string): SQL | undefined {
  if (!search) return undefined;
  if ([...search].length >= TRIGRAM) {
    const phrase = `"${search.replaceAll('"', '""')}"`;
    return sql`${i.id} in (select rowid from inventory_search where inventory_search match ${phrase})`;
  }
  const pattern = likePattern(search);
  return sql`(${i.name} like ${pattern} escape '\\' or ${i.itemId} like ${pattern} escape '\\')`;
}

/** How many items match, counted from the index alone when there is a search. */
function countItems(db: Store, search: string): number {
  if (search && [...search].length >= TRIGRAM) {
    const phrase = `"${search.replaceAll('"', '""')}"`;
    return (
      db.get<{ n: number }>(
        sql`select count(*) as n from inventory_search where inventory_search match ${phrase}`,
      )?.n ?? 0
    );
  }
  return db.select({ n: count() }).from(i).where(itemMatches(search)).get()?.n ?? 0;
}

/** One item as every screen reads it: names beside ids, status derived for today. */
function itemColumns(today: string) {
  return {
    id: i.id,
    itemId: i.itemId,
    name: i.name,
    stock: i.stock,
    categoryId: i.categoryId,
    category: categories.name,
    purchasePrice: i.purchasePrice,
    unitPrice: i.unitPrice,
    amount: i.amount,
    unitId: i.unitId,
    unit: units.name,
    supplierId: i.supplierId,
    supplier: suppliers.name,
    restockThreshold: i.restockThreshold,
    expirationDate: i.expirationDate,
    status: itemStatusSql(today),
    createdBy: users.username,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

function selectItems(db: Store, today: string) {
  return db
    .select(itemColumns(today))
    .from(i)
    .leftJoin(categories, eq(categories.id, i.categoryId))
    .leftJoin(units, eq(units.id, i.unitId))
    .leftJoin(suppliers, eq(suppliers.id, i.supplierId))
    .leftJoin(users, eq(users.id, i.createdBy));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['all']>>[number];

function sortColumns(today: string): Record<ItemSortField, SQLWrapper> {
  return {
    itemId: sql`lower(${i.itemId})`,
    name: sql`lower(${i.name})`,
    stock: i.stock,
    category: sql`lower(${categories.name})`,
    purchasePrice: i.purchasePrice,
    unitPrice: i.unitPrice,
    unit: sql`lower(${units.name})`,
    supplier: sql`lower(${suppliers.name})`,
    expirationDate: i.expirationDate,
    status: itemStatusSql(today),
  };
}

/** SPEC.md §2's item table: search, sort and page on the server; newest first by default. */
export function listItems(db: Store, input: ListItemsInput, now = new Date()) {
  const today = manilaDate(now);
  const { limit, offset } = pageWindow(input);
  const rows = selectItems(db, today)
    .where(itemMatches(input.search))
    .orderBy(...sortOrder(input, sortColumns(today), i.id, [desc(i.id)]))
    .limit(limit)
    .offset(offset)
    .all();
  return pageOf(rows, countItems(db, input.search), input);
}

/** The ingredient lookup and the POS list: every match, by name, up to `cap`. */
export function lookupItems(db: Store, search: string, cap: number, now = new Date()) {
  return selectItems(db, manilaDate(now))
    .where(itemMatches(search))
    .orderBy(asc(sql`lower(${i.name})`), asc(i.id))
    .limit(cap)
    .all();
}

export function findItem(db: Store, id: number, now = new Date()): ItemRow | undefined {
  return selectItems(db, manilaDate(now)).where(eq(i.id, id)).get();
}

/** An item by its business id (INV-…), case-insensitively. */
export function findItemByItemId(db: Store, itemId: string) {
  return db.select().from(i).where(sql`lower(${i.itemId}) = lower(${itemId})`).get();
}
