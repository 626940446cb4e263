import { asc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { amountText } from '../../../shared/display';
import { FIRST_ON_SHELF, SELLABLE_STATUSES } from '../../../shared/itemStatus';
import type { CakeStatus } from '../../../shared/schemas/cakes';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import type { Page, PageInput } from '../../../shared/schemas/paging';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakeSizes, cakes, categories, inventoryItems, units } from '../../db/schema';
import { pageOf } from '../../lib/paging';
import { baseCostSql, cakeMatches, cakeStatusSql } from '../cakes/queries';
import { counterStatusSql, itemMatches, sellableUnits } from '../inventory/itemSql';

/** What the point of sale sells: an item or a cake, with only what its table shows. */
export interface Product {
  /** `item:12`, `cake:3`: one key per product, as the cart lines are keyed. */
  key: string;
  kind: 'item' | 'cake';
  id: number;
  /** The business id (INV-…, CK-…) a barcode scanner types. */
  code: string;
  /** The pack's EAN/UPC (items only), which a scanner may type instead of the code. */
  barcode: string | null;
  name: string;
  category: string | null;
  purchasePrice: number;
  /** What one unit sells for. */
  price: number;
  amount: string;
  stock: number;
  status: ItemStatus | CakeStatus;
  scPwdEligible: boolean;
  /** Takes the seniors' 5% on basic necessities (never a cake). */
  basicNecessity: boolean;
}

/** A product's place on the shelf: what the page needs to fetch its full row. */
interface Listed {
  kind: 'item' | 'cake';
  id: number;
}

/**
 * The shelf order in SQL (shared/itemStatus.ts): well-stocked and available first, then what runs short, then what cannot be sold; each by name as Inventory sorts it
 * (lower(name)), then id. Ordering and paging in the database keeps the up to 2,000 products
 * behind a page out of JavaScript: sorting them there cost five times the SQL (docs/decisions.md,
 * Where a read's time goes).
 */
const rankSql = sql`case when status in ${FIRST_ON_SHELF} then 0 when status in ${SELLABLE_STATUSES} then 1 else 2 end`;

/**
 * One page of the products matching `search` (each kind up to the POS cap, by name), with
 * how many match in all. The unsearched shelf, which the counter shows on opening and after
 * every sale, is prepared once: compiling the statement costs as much as running it.
 */
function listedPage(db: Store, search: string, today: string, limit: number, offset: number) {
  const i = inventoryItems;
  const c = cakes;
  const onDay = sql.placeholder('today');
  const cap = sql.placeholder('cap');
  const statement = (itemsWhere: SQL | undefined, cakesWhere: SQL | undefined) => {
    const itemRows = db
      .select({
        kind: sql`'item'`.as('kind'),
        id: i.id,
        name: i.name,
        status: counterStatusSql(onDay).as('status'),
      })
      .from(i)
      .where(itemsWhere)
      .orderBy(asc(sql`lower(${i.name})`), asc(i.id))
      .limit(cap);
    const cakeRows = db
      .select({
        kind: sql`'cake'`.as('kind'),
        id: c.id,
        name: c.name,
        status: cakeStatusSql(onDay).as('status'),
      })
      .from(c)
      .where(cakesWhere)
      .orderBy(asc(sql`lower(${c.name})`), asc(c.id))
      .limit(cap);
    return db
      .select({
        kind: sql<Listed['kind']>`kind`,
        id: sql<number>`id`,
        total: sql<number>`count(*) over ()`,
      })
      .from(sql`(select * from (${itemRows}) union all select * from (${cakeRows}))`)
      .orderBy(rankSql, sql`lower(name)`, sql`id`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare();
  };
  const args = { today, cap: COUNTER_FETCH_CAP, limit, offset };
  if (!search) return prepared(db, 'sales.shelfPage', () => statement(undefined, undefined)).all(args);
  // A scanned pack barcode finds its item exactly, beside the name and id matches.
  return statement(or(itemMatches(search), eq(i.barcode, search)), cakeMatches(search)).all(args);
}

/** The counter's rows for `shelved`, in its order. */
function productsOf(db: Store, shelved: readonly Listed[], today: string): Product[] {
  const ids = (kind: Listed['kind']) => shelved.filter((p) => p.kind === kind).map((p) => p.id);
  const itemIds = ids('item');
  const cakeIds = ids('cake');
  const i = inventoryItems;
  // Prepared once, the ids passed as JSON: a page is asked for on opening and after every sale.
  const onDay = sql.placeholder('today');
  const inIds = (id: SQLWrapper) => sql`${id} in (select value from json_each(${sql.placeholder('ids')}))`;
  const items =
    itemIds.length === 0
      ? []
      : prepared(db, 'sales.shelfItems', () =>
          db
            .select({
              id: i.id,
              code: i.itemId,
              barcode: i.barcode,
              name: i.name,
              category: categories.name,
              purchasePrice: i.purchasePrice,
              price: i.unitPrice,
              amount: i.amount,
              unit: units.name,
              stock: sellableUnits,
              status: counterStatusSql(onDay),
              scPwdEligible: i.scPwdEligible,
              basicNecessity: i.basicNecessity,
            })
            .from(i)
            .leftJoin(categories, eq(categories.id, i.categoryId))
            .leftJoin(units, eq(units.id, i.unitId))
            .where(inIds(i.id))
            .prepare(),
        ).all({ today, ids: JSON.stringify(itemIds) });
  const c = cakes;
  const cakeRows =
    cakeIds.length === 0
      ? []
      : prepared(db, 'sales.shelfCakes', () =>
          db
            .select({
              id: c.id,
              code: c.cakeId,
              name: c.name,
              category: categories.name,
              purchasePrice: baseCostSql,
              price: c.price,
              amount: c.amount,
              size: cakeSizes.name,
              stock: c.stock,
              status: cakeStatusSql(onDay),
              scPwdEligible: c.scPwdEligible,
            })
            .from(c)
            .leftJoin(categories, eq(categories.id, c.categoryId))
            .leftJoin(cakeSizes, eq(cakeSizes.id, c.sizeId))
            .where(inIds(c.id))
            .prepare(),
        ).all({ today, ids: JSON.stringify(cakeIds) });
  const byKey = new Map<string, Product>();
  for (const { unit, amount, ...item } of items)
    byKey.set(`item:${item.id}`, {
      ...item,
      key: `item:${item.id}`,
      kind: 'item',
      amount: amountText(amount, unit),
    });
  for (const { size, amount, ...cake } of cakeRows)
    byKey.set(`cake:${cake.id}`, {
      ...cake,
      key: `cake:${cake.id}`,
      kind: 'cake',
      barcode: null,
      basicNecessity: false,
      amount: size ?? (amount ? String(amount) : ''),
    });
  return shelved.map((p) => byKey.get(`${p.kind}:${p.id}`)).filter((p) => p !== undefined);
}

/**
 * Items and cakes matching `search` (each up to the POS cap, by name), in product order. One
 * lean answer for the counter: the full item and cake rows (suppliers, ingredients, dates)
 * cost the server and the tablet several times as much, and the counter shows none of it.
 */
export function counterProducts(db: Store, search: string, now = new Date()): Product[] {
  const today = manilaDate(now);
  return productsOf(db, listedPage(db, search, today, 2 * COUNTER_FETCH_CAP, 0), today);
}

/**
 * A page of the counter's products, in the same product order: the tablet receives ten (the
 * table) or fifty (the inline sale's picker) instead of up to 2,000, about 450 kB, on
 * opening and after every sale. A page past the end answers the last one.
 */
export function counterPage(
  db: Store,
  search: string,
  { page, limit }: PageInput,
  now = new Date(),
): Page<Product> {
  const today = manilaDate(now);
  let shown = page;
  let listed = listedPage(db, search, today, limit, (shown - 1) * limit);
  if (listed.length === 0 && shown > 1) {
    // Past the end (the shelf shrank since the last page was asked for): the last page.
    const total = listedPage(db, search, today, 1, 0)[0]?.total ?? 0;
    shown = Math.max(1, Math.ceil(total / limit));
    listed = listedPage(db, search, today, limit, (shown - 1) * limit);
  }
  const total = listed[0]?.total ?? 0;
  return pageOf(productsOf(db, listed, today), total, { page: shown, limit });
}
