import { and, asc, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ItemSortField, ListItemsInput } from '../../../shared/schemas/inventory';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { categories, inventoryItems, suppliers, units, users } from '../../db/schema';
import { likePattern, pageOf, pageWindow, sortOrder } from '../../lib/paging';
import {
  countItems,
  expiryOrder,
  itemMatches,
  itemStatusSql,
  phraseOf,
  rememberCount,
  soonSql,
  statusWhere,
  type Today,
  usesIndex,
} from './itemSql';

const i = inventoryItems;

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
    scPwdEligible: i.scPwdEligible,
    basicNecessity: i.basicNecessity,
    expirationDate: i.expirationDate,
    barcode: i.barcode,
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

function listStatement(db: Store, mode: Mode, input: Pick<ListItemsInput, 'field' | 'order' | 'status'>) {
  const page = selectItems(db, ph('today'));
  const only = input.status ? statusWhere(input.status, ph('today')) : undefined;
  if (mode === 'index' && !input.field && !only) {
    // Newest matches first, straight from the index in rowid order: only this page's rows are read.
    return page
      .where(
        sql`${i.id} in (select rowid from inventory_search where inventory_search match ${ph('phrase')}
          order by rowid desc limit ${ph('limit')} offset ${ph('offset')})`,
      )
      .orderBy(desc(i.id))
      .prepare();
  }
  const order =
    input.field === 'expirationDate'
      ? expiryOrder(input.order)
      : sortOrder(input, sortColumns(ph('today')), i.id, [desc(i.id)]);
  if (mode === 'all' && input.field && !only) {
    // A deep page skips its offset in the sort index alone (ids only), then reads just its ten rows.
    return page
      .where(
        sql`${i.id} in (select ${i.id} from ${i} order by ${sql.join(order, sql`, `)}
          limit ${ph('limit')} offset ${ph('offset')})`,
      )
      .orderBy(...order)
      .prepare();
  }
  const where =
    mode === 'index'
      ? sql`${i.id} in (select rowid from inventory_search where inventory_search match ${ph('phrase')})`
      : mode === 'like'
        ? sql`(${i.name} like ${ph('pattern')} escape '\\' or ${i.itemId} like ${ph('pattern')} escape '\\')`
        : undefined;
  return page
    .where(and(where, only))
    .orderBy(...order)
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare();
}

/**
 * Sorting every item by status, or by expiry, without sorting them all: the list is read in
 * parts, each an index range in its own order, one after the other. By status: Expired (the
 * date index), Expiring soon (the date index, the next 7 days), then the rest by their
 * indexed stock state, whose order 1 low, 2 out, 3 well-stocked is the status names'
 * alphabetical order. By expiry: the dated items by date, then the undated ones.
 */
function segmentStatements(db: Store) {
  // Each part skips its offset on ids alone (an index covers the filter and the order),
  // then reads just the page's rows.
  const page = (where: SQL, order: SQL[]) =>
    selectItems(db, ph('today'))
      .where(
        sql`${i.id} in (select ${i.id} from ${i} where ${where} order by ${sql.join(order, sql`, `)}
          limit ${ph('limit')} offset ${ph('offset')})`,
      )
      .orderBy(...order)
      .prepare();
  const today = ph('today');
  const expired = statusWhere('Expired', today);
  const soon = statusWhere('Expiring soon', today);
  // Written so no date index applies: the planner then walks the stock-state index in order.
  const date = sql`coalesce(${i.expirationDate}, '9999-12-31')`;
  const rest = sql`${date} >= ${today} and (${date} > ${soonSql(today)} or ${i.stock} = 0)`;
  const dated = sql`${i.expirationDate} is not null`;
  const undated = sql`${i.expirationDate} is null`;
  return {
    expiredAsc: page(expired, [asc(i.id)]),
    expiredDesc: page(expired, [desc(i.id)]),
    soonAsc: page(soon, [asc(i.id)]),
    soonDesc: page(soon, [desc(i.id)]),
    restAsc: page(rest, [asc(i.stockState), asc(i.id)]),
    restDesc: page(rest, [desc(i.stockState), desc(i.id)]),
    datedAsc: page(dated, [asc(i.expirationDate), asc(i.id)]),
    datedDesc: page(dated, [desc(i.expirationDate), desc(i.id)]),
    undatedAsc: page(undated, [asc(i.id)]),
    undatedDesc: page(undated, [desc(i.id)]),
  };
}

interface Segment {
  size: number;
  rows: { all: (params: { today: string; limit: number; offset: number }) => ItemRow[] };
}

/** The page's rows from the parts in turn: the offset skips whole parts by their sizes. */
function readSegments(segments: Segment[], input: ListItemsInput, today: string, total: number) {
  let { limit, offset } = pageWindow(input);
  const rows: ItemRow[] = [];
  for (const segment of segments) {
    if (limit === 0) break;
    if (offset >= segment.size) {
      offset -= segment.size;
      continue;
    }
    const part = segment.rows.all({ today, limit, offset });
    rows.push(...part);
    limit -= part.length;
    offset = 0;
  }
  return pageOf(rows, total, input);
}

const statements = (db: Store) => prepared(db, 'inventory.segments', () => segmentStatements(db));

function countWhere(db: Store, where: SQL | undefined): number {
  return db.select({ n: count() }).from(i).where(where).get()?.n ?? 0;
}

function listByStatus(db: Store, input: ListItemsInput, today: string) {
  const parts = statements(db);
  const total = countItems(db, '');
  // Expiry alone decides Expired, so its count keeps until an expiry changes; stock moves Expiring soon.
  const expired = rememberCount(db, `expired:${today}`, () => countWhere(db, statusWhere('Expired', today)));
  const soon = countWhere(db, statusWhere('Expiring soon', today));
  const rest = total - expired - soon;
  const segments: Segment[] =
    input.order === 'asc'
      ? [
          { size: expired, rows: parts.expiredAsc },
          { size: soon, rows: parts.soonAsc },
          { size: rest, rows: parts.restAsc },
        ]
      : [
          { size: rest, rows: parts.restDesc },
          { size: soon, rows: parts.soonDesc },
          { size: expired, rows: parts.expiredDesc },
        ];
  return readSegments(segments, input, today, total);
}

function listByExpiry(db: Store, input: ListItemsInput, today: string) {
  const parts = statements(db);
  const total = countItems(db, '');
  const dated = rememberCount(db, 'dated', () => countWhere(db, sql`${i.expirationDate} is not null`));
  const asc = input.order === 'asc';
  return readSegments(
    [
      { size: dated, rows: asc ? parts.datedAsc : parts.datedDesc },
      { size: total - dated, rows: asc ? parts.undatedAsc : parts.undatedDesc },
    ],
    input,
    today,
    total,
  );
}

/**
 * The item table: search, filter by status, sort and page on the server; newest
 * first by default.
 */
export function listItems(db: Store, input: ListItemsInput, now = new Date()) {
  const mode = modeOf(input.search);
  const today = manilaDate(now);
  if (mode === 'all' && !input.status) {
    if (input.field === 'status') return listByStatus(db, input, today);
    if (input.field === 'expirationDate') return listByExpiry(db, input, today);
  }
  const key = `${mode}:${input.field ?? ''}:${input.field ? input.order : ''}:${input.status ?? ''}`;
  // Each list shape (search mode, field, order, status) is prepared once per database.
  const statement = prepared(db, `inventory.list:${key}`, () => listStatement(db, mode, input));
  const rows = statement.all({
    today,
    phrase: phraseOf(input.search),
    pattern: likePattern(input.search),
    ...pageWindow(input),
  });
  // A status depends on stock, which does not move the remembered counts' version: count it each time.
  const total = input.status
    ? countWhere(db, and(itemMatches(input.search), statusWhere(input.status, today)))
    : countItems(db, input.search);
  return pageOf(rows, total, input);
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
