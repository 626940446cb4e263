import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import {
  type MarginsInput,
  marginPercent,
  type PricingKind,
  type SetPriceInput,
} from '../../../shared/schemas/pricing';
import { PRICING_TEXT } from '../../../shared/texts/pricing';
import type { Db, Store } from '../../db/open';
import { cakes, inventoryItems, marginRatioSql } from '../../db/schema';
import { fail } from '../../lib/errors';
import { likePattern, pageOf, pageWindow } from '../../lib/paging';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { baseCostSql } from '../cakes/queries';
import { itemMatches } from '../inventory/itemSql';

const MODULE = 'Pricing Management';

const i = inventoryItems;
const c = cakes;

/** The columns every margin row starts from; margin and percent are added in `marginRow`. */
const ITEM_COLUMNS = { id: i.id, code: i.itemId, name: i.name, cost: i.purchasePrice, price: i.unitPrice };
const CAKE_COLUMNS = { id: c.id, code: c.cakeId, name: c.name, cost: baseCostSql, price: c.price };

interface Priced {
  id: number;
  code: string;
  name: string;
  cost: number;
  price: number;
}

export interface MarginRow extends Priced {
  kind: PricingKind;
  margin: number;
  marginPercent: number | null;
}

function marginRow(kind: PricingKind, row: Priced): MarginRow {
  return { kind, ...row, margin: row.price - row.cost, marginPercent: marginPercent(row.price, row.cost) };
}

function cakeMatches(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${c.name} like ${pattern} escape '\\' or ${c.cakeId} like ${pattern} escape '\\')`;
}

/**
 * Lowest margin first (`asc`): unpriced rows, then by margin over price. Items order by
 * the expression of the inventory_items_margin index, so a page never sorts 100,000 rows;
 * the id breaks ties in the same direction, so the index is walked and pages never overlap.
 */
export function listMargins(db: Db, input: MarginsInput) {
  const by = input.order === 'desc' ? desc : asc;
  const { limit, offset } = pageWindow(input);
  if (input.kind === 'item') {
    const where = itemMatches(input.search);
    const rows = db
      .select(ITEM_COLUMNS)
      .from(i)
      .where(where)
      .orderBy(by(marginRatioSql(i.unitPrice, i.purchasePrice)), by(i.id))
      .limit(limit)
      .offset(offset)
      .all();
    const total = db.select({ n: count() }).from(i).where(where).get()?.n ?? 0;
    return pageOf(
      rows.map((row) => marginRow('item', row)),
      total,
      input,
    );
  }
  const where = cakeMatches(input.search);
  const rows = db
    .select(CAKE_COLUMNS)
    .from(c)
    .where(where)
    .orderBy(by(marginRatioSql(c.price, baseCostSql)), by(c.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(c).where(where).get()?.n ?? 0;
  return pageOf(
    rows.map((row) => marginRow('cake', row)),
    total,
    input,
  );
}

function findPriced(db: Store, kind: PricingKind, id: number): Priced | undefined {
  return kind === 'item'
    ? db.select(ITEM_COLUMNS).from(i).where(eq(i.id, id)).get()
    : db.select(CAKE_COLUMNS).from(c).where(eq(c.id, id)).get();
}

/**
 * A manager's (or owner's, admin's) direct price change: not a staff request. The new
 * price and its activity row are one transaction; the same price writes nothing.
 */
export function setPrice(db: Db, actor: Viewer, input: SetPriceInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const current = findPriced(tx, input.kind, input.id);
      if (!current)
        throw fail.notFound(input.kind === 'item' ? PRICING_TEXT.itemNotFound : PRICING_TEXT.cakeNotFound);
      if (current.price === input.price) {
        const message = PRICING_TEXT.unchanged(current.name, formatPeso(current.price));
        return { message, changed: false, row: marginRow(input.kind, current) };
      }
      if (input.kind === 'item') {
        tx.update(i).set({ unitPrice: input.price, updatedAt: now }).where(eq(i.id, current.id)).run();
      } else {
        tx.update(c).set({ price: input.price, updatedAt: now }).where(eq(c.id, current.id)).run();
      }
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Change Price',
        module: MODULE,
        description: `Changed the price of ${current.code} "${current.name}" from ${formatPeso(current.price)} to ${formatPeso(input.price)}`,
      });
      const row = marginRow(input.kind, { ...current, price: input.price });
      return { message: PRICING_TEXT.changed, changed: true, row };
    },
    { behavior: 'immediate' },
  );
}
