import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { amountText } from '../../../shared/display';
import { productRank } from '../../../shared/itemStatus';
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

/** Well-stocked and available first, then low stock or expiring soon, then what cannot be sold; each by name. */
const rank = (p: { status: ItemStatus | CakeStatus }) => productRank(p.status);
const names = new Intl.Collator('en-PH', { sensitivity: 'base' });
const byProductOrder = (a: Listed, b: Listed) =>
  rank(a) - rank(b) || names.compare(a.name, b.name) || a.id - b.id;

/** A product's place on the shelf: what the order needs, and nothing it does not. */
interface Listed {
  kind: 'item' | 'cake';
  id: number;
  name: string;
  status: ItemStatus | CakeStatus;
}

/**
 * Which products match `search` (each kind up to the POS cap, by name) and in what shelf
 * order. Only ids, names and statuses: the full rows (joins, a cake's base cost from its
 * ingredients) are read for the products a page shows, not for the up to 2,000 behind it.
 */
function listedProducts(db: Store, search: string, today: string): Listed[] {
  const i = inventoryItems;
  const c = cakes;
  const onDay = sql.placeholder('today');
  const itemsWhere = (where: SQL | undefined) =>
    db
      .select({ id: i.id, name: i.name, status: counterStatusSql(onDay) })
      .from(i)
      .where(where)
      .orderBy(asc(sql`lower(${i.name})`), asc(i.id))
      .limit(COUNTER_FETCH_CAP);
  const cakesWhere = (where: SQL | undefined) =>
    db
      .select({ id: c.id, name: c.name, status: cakeStatusSql(onDay) })
      .from(c)
      .where(where)
      .orderBy(asc(sql`lower(${c.name})`), asc(c.id))
      .limit(COUNTER_FETCH_CAP);
  // The unsearched shelf, which the counter shows on opening and after every sale, is
  // prepared once: compiling these statements costs as much as running them.
  const [items, cakeRows] = search
    ? [
        // A scanned pack barcode finds its item exactly, beside the name and id matches.
        itemsWhere(or(itemMatches(search), eq(i.barcode, search))).all({ today }),
        cakesWhere(cakeMatches(search)).all({ today }),
      ]
    : [
        prepared(db, 'sales.listedItems', () => itemsWhere(undefined).prepare()).all({ today }),
        prepared(db, 'sales.listedCakes', () => cakesWhere(undefined).prepare()).all({ today }),
      ];
  return [
    ...items.map((item) => ({ ...item, kind: 'item' as const })),
    ...cakeRows.map((cake) => ({ ...cake, kind: 'cake' as const })),
  ].sort(byProductOrder);
}

/** The counter's rows for `shelved`, in its order. */
function productsOf(db: Store, shelved: readonly Listed[], today: string): Product[] {
  const ids = (kind: Listed['kind']) => shelved.filter((p) => p.kind === kind).map((p) => p.id);
  const itemIds = ids('item');
  const cakeIds = ids('cake');
  const i = inventoryItems;
  const items =
    itemIds.length === 0
      ? []
      : db
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
            status: counterStatusSql(today),
            scPwdEligible: i.scPwdEligible,
            basicNecessity: i.basicNecessity,
          })
          .from(i)
          .leftJoin(categories, eq(categories.id, i.categoryId))
          .leftJoin(units, eq(units.id, i.unitId))
          .where(inArray(i.id, itemIds))
          .all();
  const c = cakes;
  const cakeRows =
    cakeIds.length === 0
      ? []
      : db
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
            status: cakeStatusSql(today),
            scPwdEligible: c.scPwdEligible,
          })
          .from(c)
          .leftJoin(categories, eq(categories.id, c.categoryId))
          .leftJoin(cakeSizes, eq(cakeSizes.id, c.sizeId))
          .where(inArray(c.id, cakeIds))
          .all();
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
  return productsOf(db, listedProducts(db, search, today), today);
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
  const all = listedProducts(db, search, today);
  const shown = Math.min(page, Math.max(1, Math.ceil(all.length / limit)));
  const rows = productsOf(db, all.slice((shown - 1) * limit, shown * limit), today);
  return pageOf(rows, all.length, { page: shown, limit });
}
