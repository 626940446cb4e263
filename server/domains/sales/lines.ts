import { eq, sql } from 'drizzle-orm';
import { type CurrentLine, sellProblem } from '../../../shared/saleRules';
import type { SaleLineInput } from '../../../shared/schemas/sales';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { manilaDate } from '../../../shared/time';
import type { Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { cakes, categories, inventoryItems } from '../../db/schema';
import { fail } from '../../lib/errors';
import { baseCostSql, cakeStatusSql } from '../cakes/queries';
import { counterStatusSql, sellableUnits } from '../inventory/itemSql';
import { checkoutRefused, currentLine } from './refused';

/** A cart line priced from the database as it is inside the checkout's transaction. */
export interface PricedLine {
  kind: 'item' | 'cake';
  id: number;
  code: string;
  name: string;
  price: number;
  /** The cost behind the line: an item's purchase price, a cake's base cost, at the time of sale. */
  purchasePrice: number;
  quantity: number;
  /** Stock before this sale. */
  stock: number;
  /** The product's status today (shared/itemStatus.ts, or a cake's). */
  status: string;
  /** The product's category name, kept on the line for the reports. */
  category: string | null;
  /** Takes the SC/PWD discount. */
  scPwdEligible: boolean;
  /** Takes the seniors' 5% (items only: a cake or custom line never does). */
  basicNecessity?: boolean;
}

export interface ResolvedLine {
  kind: 'item' | 'cake';
  id: number;
  quantity: number;
}

/** Each line by its database id (a business id is looked up); a product listed twice is refused. */
export function resolveLines(tx: Tx, given: readonly SaleLineInput[]): ResolvedLine[] {
  const lines = given.map((line) => ({
    kind: line.kind,
    id: line.id ?? idOfCode(tx, line),
    quantity: line.quantity,
  }));
  if (new Set(lines.map((l) => `${l.kind}:${l.id}`)).size !== lines.length)
    throw fail.badRequest(SALES_TEXT.repeatedLine);
  return lines;
}

/** A business id (INV-…, CK-…) to the product's database id, case-insensitively. */
function idOfCode(tx: Tx, line: SaleLineInput): number {
  const table = line.kind === 'item' ? inventoryItems : cakes;
  const column = line.kind === 'item' ? inventoryItems.itemId : cakes.cakeId;
  const found = tx
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${column}) = lower(${line.code ?? ''})`)
    .get();
  if (!found) throw fail.badRequest(SALES_TEXT.invalidItem);
  return found.id;
}

/**
 * Every line's product, price and stock, read inside the checkout's transaction. A line
 * that cannot be sold (shared/saleRules.ts) refuses the sale (409) with every line's
 * product as it is now; an unknown product is a bad request.
 */
export function priceLines(
  tx: Tx,
  lines: readonly ResolvedLine[],
  now: Date,
  /** False for a sale already made (offline): the goods have left, whatever the books say. */
  refuseUnsellable = true,
): PricedLine[] {
  const today = manilaDate(now);
  const ph = sql.placeholder;
  const item = prepared(tx, 'sales.priceItem', () =>
    tx
      .select({
        id: inventoryItems.id,
        code: inventoryItems.itemId,
        name: inventoryItems.name,
        price: inventoryItems.unitPrice,
        purchasePrice: inventoryItems.purchasePrice,
        stock: sellableUnits,
        status: counterStatusSql(ph('today')),
        category: categories.name,
        scPwdEligible: inventoryItems.scPwdEligible,
        basicNecessity: inventoryItems.basicNecessity,
      })
      .from(inventoryItems)
      .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
      .where(eq(inventoryItems.id, ph('id')))
      .prepare(),
  );
  const cake = prepared(tx, 'sales.priceCake', () =>
    tx
      .select({
        id: cakes.id,
        code: cakes.cakeId,
        name: cakes.name,
        price: cakes.price,
        purchasePrice: baseCostSql,
        stock: cakes.stock,
        status: cakeStatusSql(ph('today')),
        category: categories.name,
        scPwdEligible: cakes.scPwdEligible,
      })
      .from(cakes)
      .leftJoin(categories, eq(categories.id, cakes.categoryId))
      .where(eq(cakes.id, ph('id')))
      .prepare(),
  );
  const found = lines.map((line) => {
    const product = (line.kind === 'item' ? item : cake).get({ id: line.id, today });
    return product && { basicNecessity: false, ...product, kind: line.kind, quantity: line.quantity };
  });
  const priced: PricedLine[] = [];
  for (const line of found) {
    if (!line) throw fail.badRequest(SALES_TEXT.invalidItem);
    const problem = refuseUnsellable && sellProblem(line, line.quantity);
    if (problem) throw checkoutRefused(problem, currentLines(found));
    priced.push(line);
  }
  return priced;
}

/** The lines' products as they are now, for a refusal to carry. */
export const currentLines = (lines: readonly (PricedLine | undefined)[]): CurrentLine[] =>
  lines.filter((l) => l !== undefined).map(currentLine);
