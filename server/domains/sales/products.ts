import { asc, eq, sql } from 'drizzle-orm';
import { POS_FETCH_CAP } from '../../../shared/constants';
import type { CakeStatus } from '../../../shared/schemas/cakes';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import type { Page, PageInput } from '../../../shared/schemas/paging';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { cakeSizes, cakes, categories, inventoryItems, units } from '../../db/schema';
import { pageOf } from '../../paging';
import { baseCostSql, cakeMatches, cakeStatusSql } from '../cakes/queries';
import { itemMatches, itemStatusSql } from '../inventory/queries';

/** What the point of sale sells (SPEC.md §2): an item or a cake, with only what its table shows. */
export interface Product {
  /** `item:12`, `cake:3`: one key per product, as the cart lines are keyed. */
  key: string;
  kind: 'item' | 'cake';
  id: number;
  /** The business id (INV-…, CK-…) a barcode scanner types. */
  code: string;
  name: string;
  category: string | null;
  purchasePrice: number;
  /** What one unit sells for. */
  price: number;
  amount: string;
  stock: number;
  status: ItemStatus | CakeStatus;
  scPwdEligible: boolean;
}

/** Well-stocked and available first, then low stock, then what cannot be sold; each by name. */
const rank = (p: Product) =>
  p.status === 'Well-stocked' || p.status === 'Available' ? 0 : p.status === 'Low stock' ? 1 : 2;
const names = new Intl.Collator('en-PH', { sensitivity: 'base' });
const shelfOrder = (a: Product, b: Product) =>
  rank(a) - rank(b) || names.compare(a.name, b.name) || a.id - b.id;

/**
 * Items and cakes matching `search` (each up to the POS cap, by name), in shelf order. One
 * lean answer for the counter: the full item and cake rows (suppliers, ingredients, dates)
 * cost the server and the tablet several times as much, and the till shows none of it.
 */
export function posProducts(db: Store, search: string, now = new Date()): Product[] {
  const today = manilaDate(now);
  const i = inventoryItems;
  const items = db
    .select({
      id: i.id,
      code: i.itemId,
      name: i.name,
      category: categories.name,
      purchasePrice: i.purchasePrice,
      price: i.unitPrice,
      amount: i.amount,
      unit: units.name,
      stock: i.stock,
      status: itemStatusSql(today),
      scPwdEligible: i.scPwdEligible,
    })
    .from(i)
    .leftJoin(categories, eq(categories.id, i.categoryId))
    .leftJoin(units, eq(units.id, i.unitId))
    .where(itemMatches(search))
    .orderBy(asc(sql`lower(${i.name})`), asc(i.id))
    .limit(POS_FETCH_CAP)
    .all();
  const c = cakes;
  const cakeRows = db
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
    .where(cakeMatches(search))
    .orderBy(asc(sql`lower(${c.name})`), asc(c.id))
    .limit(POS_FETCH_CAP)
    .all();
  return [
    ...items.map(({ unit, amount, ...item }) => ({
      ...item,
      key: `item:${item.id}`,
      kind: 'item' as const,
      amount: unit ? `${amount} ${unit}` : amount ? String(amount) : '',
    })),
    ...cakeRows.map(({ size, amount, ...cake }) => ({
      ...cake,
      key: `cake:${cake.id}`,
      kind: 'cake' as const,
      amount: size ?? (amount ? String(amount) : ''),
    })),
  ].sort(shelfOrder);
}

/**
 * A page of the counter's products, in the same shelf order: the tablet receives ten (the
 * table) or fifty (the inline sale's picker) instead of up to 2,000, about 450 kB, on
 * opening and after every sale. A page past the end answers the last one.
 */
export function posPage(
  db: Store,
  search: string,
  { page, limit }: PageInput,
  now = new Date(),
): Page<Product> {
  const all = posProducts(db, search, now);
  const shown = Math.min(page, Math.max(1, Math.ceil(all.length / limit)));
  return pageOf(all.slice((shown - 1) * limit, shown * limit), all.length, { page: shown, limit });
}
