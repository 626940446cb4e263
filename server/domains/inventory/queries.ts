import { asc, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ItemSortField, ItemStatus, ListItemsInput } from '../../../shared/schemas/inventory';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { categories, inventoryItems, suppliers, units, users } from '../../db/schema';
import { likePattern, pageOf, pageWindow, sortOrder } from '../../paging';

const i = inventoryItems;

/** PRODUCT.md's item status, as SQL, so lists sort by it and counts agree with it. */
export function itemStatusSql(today: Today): SQL<ItemStatus> {
  return sql<ItemStatus>`case
    when ${i.expirationDate} is not null and ${i.expirationDate} < ${today} then 'Expired'
    when ${i.stock} = 0 then 'Out of stock'
    when ${i.stock} <= ${i.restockThreshold} then 'Low stock'
    else 'Well-stocked' end`;
}

/** The fewest characters the trigram index can look up; shorter searches scan with LIKE. */
const TRIGRAM = 3;

type Today = string | ReturnType<typeof sql.placeholder>;

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

const phraseOf = (search: string) => `"${search.replaceAll('"', '""')}"`;
function usesIndex(search: string): boolean {
  return [...search].length >= TRIGRAM;
}

/**
 * Totals are remembered per search until the items change: triggers move
 * inventory_version on every insert, delete, rename or id change, whoever writes.
 * So paging through a search, or many tills asking the same, counts once.
 */
const totals = new WeakMap<object, { version: number; bySearch: Map<string, number> }>();
const REMEMBERED_SEARCHES = 500;

function countItems(db: Store, search: string): number {
  const version = db.get<{ n: number }>(sql`select n from inventory_version where id = 1`)?.n ?? -1;
  let cache = totals.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, bySearch: new Map() };
    totals.set(db, cache);
  }
  const known = cache.bySearch.get(search);
  if (known !== undefined) return known;
  const n = usesIndex(search)
    ? (db.get<{ n: number }>(
        sql`select count(*) as n from inventory_search where inventory_search match ${phraseOf(search)}`,
      )?.n ?? 0)
    : (db.select({ n: count() }).from(i).where(itemMatches(search)).get()?.n ?? 0);
  if (cache.bySearch.size >= REMEMBERED_SEARCHES) cache.bySearch.clear();
  cache.bySearch.set(search, n);
  return n;
}

/** One item as every screen reads it: names beside ids, status derived for today. */
function itemColumns(today: Today) {
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

function selectItems(db: Store, today: Today) {
  return db
    .select(itemColumns(today))
    .from(i)
    .leftJoin(categories, eq(categories.id, i.categoryId))
    .leftJoin(units, eq(units.id, i.unitId))
    .leftJoin(suppliers, eq(suppliers.id, i.supplierId))
    .leftJoin(users, eq(users.id, i.createdBy));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['all']>>[number];

function sortColumns(today: Today): Record<ItemSortField, SQLWrapper> {
  return {
    itemId: sql`lower(${i.itemId})`,
    name: sql`lower(${i.name})`,
    stock: i.stock,
    category: i.categoryKey,
    purchasePrice: i.purchasePrice,
    unitPrice: i.unitPrice,
    unit: i.unitKey,
    supplier: i.supplierKey,
    expirationDate: i.expirationDate,
    status: itemStatusSql(today),
  };
}

const ph = sql.placeholder;

/** Where the page's rows come from: every item, the trigram index, or LIKE for short text. */
type Mode = 'all' | 'index' | 'like';

function modeOf(search: string): Mode {
  return !search ? 'all' : usesIndex(search) ? 'index' : 'like';
}

function listStatement(db: Store, mode: Mode, input: Pick<ListItemsInput, 'field' | 'order'>) {
  const page = selectItems(db, ph('today'));
  if (mode === 'index' && !input.field) {
    // Newest matches first, straight from the index in rowid order: only this page's rows are read.
    return page
      .where(
        sql`${i.id} in (select rowid from inventory_search where inventory_search match ${ph('phrase')}
          order by rowid desc limit ${ph('limit')} offset ${ph('offset')})`,
      )
      .orderBy(desc(i.id))
      .prepare();
  }
  const where =
    mode === 'index'
      ? sql`${i.id} in (select rowid from inventory_search where inventory_search match ${ph('phrase')})`
      : mode === 'like'
        ? sql`(${i.name} like ${ph('pattern')} escape '\\' or ${i.itemId} like ${ph('pattern')} escape '\\')`
        : undefined;
  return page
    .where(where)
    .orderBy(...sortOrder(input, sortColumns(ph('today')), i.id, [desc(i.id)]))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare();
}

/** Each list shape is prepared once per database and reused: building SQL costs more than running it. */
const statements = new WeakMap<object, Map<string, ReturnType<typeof listStatement>>>();

/** SPEC.md §2's item table: search, sort and page on the server; newest first by default. */
export function listItems(db: Store, input: ListItemsInput, now = new Date()) {
  const mode = modeOf(input.search);
  const key = `${mode}:${input.field ?? ''}:${input.field ? input.order : ''}`;
  const byShape = statements.get(db) ?? new Map<string, ReturnType<typeof listStatement>>();
  statements.set(db, byShape);
  const statement = byShape.get(key) ?? listStatement(db, mode, input);
  byShape.set(key, statement);
  const rows = statement.all({
    today: manilaDate(now),
    phrase: phraseOf(input.search),
    pattern: likePattern(input.search),
    ...pageWindow(input),
  });
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
