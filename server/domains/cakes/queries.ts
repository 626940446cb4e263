import { asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { CakeSortField, CakeStatus, ListCakesInput } from '../../../shared/schemas/cakes';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { costOfSql } from '../../db/quantitySql';
import { cakeIngredients, cakeSizes, cakes, categories, inventoryItems, units, users } from '../../db/schema';
import { likePattern, pageOf, pageWindow, sortOrder } from '../../lib/paging';

const c = cakes;

/**
 * The outer cake's id, always qualified: in a select from one table Drizzle writes a bare
 * "id", which inside these subqueries would name the ingredient's item instead.
 */
const outerCakeId = sql`${sql.identifier('cakes')}.${sql.identifier('id')}`;

/**
 * Base cost = the sum of what each ingredient's quantity (thousandths) costs at its purchase
 * price, each rounded to the centavo as costOf rounds it; never stored.
 */
export const baseCostSql =
  sql<number>`(select coalesce(sum(${costOfSql(sql`ci.quantity`, sql`ii.purchase_price`)}), 0)
  from ${cakeIngredients} ci join ${inventoryItems} ii on ii.id = ci.item_id where ci.cake_id = ${outerCakeId})`.mapWith(
    Number,
  );

const ingredientCountSql =
  sql<number>`(select count(*) from ${cakeIngredients} ci where ci.cake_id = ${outerCakeId})`.mapWith(Number);

/** A cake's status (docs/rules.md, Stock and expiry), in its order of precedence. */
export function cakeStatusSql(today: string | ReturnType<typeof sql.placeholder>): SQL<CakeStatus> {
  return sql<CakeStatus>`case
    when ${c.availability} = 'Seasonal' and (${today} < ${c.seasonStart} or ${today} > ${c.seasonEnd}) then 'Out of season'
    when ${c.stock} = 0 then 'Out of stock'
    when ${c.expirationDate} is not null and ${c.expirationDate} < ${today} then 'Expired'
    else 'Available' end`;
}

function selectCakes(db: Store, today: string) {
  return db
    .select({
      id: c.id,
      cakeId: c.cakeId,
      name: c.name,
      categoryId: c.categoryId,
      category: categories.name,
      sizeId: c.sizeId,
      size: cakeSizes.name,
      stock: c.stock,
      price: c.price,
      amount: c.amount,
      availability: c.availability,
      seasonStart: c.seasonStart,
      seasonEnd: c.seasonEnd,
      scPwdEligible: c.scPwdEligible,
      expirationDate: c.expirationDate,
      shelfLifeDays: c.shelfLifeDays,
      shelfTarget: c.shelfTarget,
      baseCost: baseCostSql,
      ingredientCount: ingredientCountSql,
      status: cakeStatusSql(today),
      createdBy: users.username,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    })
    .from(c)
    .leftJoin(categories, eq(categories.id, c.categoryId))
    .leftJoin(cakeSizes, eq(cakeSizes.id, c.sizeId))
    .leftJoin(users, eq(users.id, c.createdBy));
}

export function cakeMatches(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${c.name} like ${pattern} escape '\\' or ${c.cakeId} like ${pattern} escape '\\')`;
}

function sortColumns(today: string): Record<CakeSortField, SQLWrapper> {
  return {
    cakeId: sql`lower(${c.cakeId})`,
    name: sql`lower(${c.name})`,
    category: sql`lower(${categories.name})`,
    baseCost: baseCostSql,
    price: c.price,
    availability: c.availability,
    ingredients: ingredientCountSql,
    status: cakeStatusSql(today),
  };
}

export function listCakes(db: Store, input: ListCakesInput, now = new Date()) {
  const today = manilaDate(now);
  const where = cakeMatches(input.search);
  const { limit, offset } = pageWindow(input);
  const rows = selectCakes(db, today)
    .where(where)
    .orderBy(...sortOrder(input, sortColumns(today), c.id, [desc(c.id)]))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: sql<number>`count(*)` }).from(c).where(where).get()?.n ?? 0;
  const ingredients = ingredientsOf(
    db,
    rows.map((r) => r.id),
  );
  // Grouped once: filtering every ingredient for every row is rows × ingredients (4 million at a page of 1000).
  const byCake = new Map<number, typeof ingredients>();
  for (const i of ingredients) {
    const list = byCake.get(i.cakeId);
    if (list) list.push(i);
    else byCake.set(i.cakeId, [i]);
  }
  const withIngredients = rows.map((row) => ({
    ...row,
    ingredients: (byCake.get(row.id) ?? []).map(({ cakeId: _, ...rest }) => rest),
  }));
  return pageOf(withIngredients, total, input);
}

/** The cake's ingredients with what each costs, for the view dialog and the form. */
function ingredientsOf(db: Store, cakeIds: number[]) {
  if (cakeIds.length === 0) return [];
  return db
    .select({
      cakeId: cakeIngredients.cakeId,
      itemId: inventoryItems.id,
      code: inventoryItems.itemId,
      name: inventoryItems.name,
      quantity: cakeIngredients.quantity,
      purchasePrice: inventoryItems.purchasePrice,
      /** What this line adds to the base cost. */
      cost: costOfSql(cakeIngredients.quantity, inventoryItems.purchasePrice).mapWith(Number),
      unit: units.name,
    })
    .from(cakeIngredients)
    .innerJoin(inventoryItems, eq(inventoryItems.id, cakeIngredients.itemId))
    .leftJoin(units, eq(units.id, inventoryItems.unitId))
    .where(inArray(cakeIngredients.cakeId, cakeIds))
    .orderBy(asc(sql`lower(${inventoryItems.name})`))
    .all();
}

export function findCake(db: Store, id: number, now = new Date()) {
  const cake = selectCakes(db, manilaDate(now)).where(eq(c.id, id)).get();
  if (!cake) return undefined;
  return { ...cake, ingredients: ingredientsOf(db, [id]).map(({ cakeId: _, ...rest }) => rest) };
}
export type CakeDetail = NonNullable<ReturnType<typeof findCake>>;

/**
 * A cake's row by its record id or its business id (any case), each form prepared once: a
 * production batch, a cake order's line and a write-off each look one up.
 */
export function cakeByRef(db: Store, ref: number | string): typeof cakes.$inferSelect | undefined {
  return typeof ref === 'number'
    ? prepared(db, 'cakes.byId', () =>
        db
          .select()
          .from(c)
          .where(eq(c.id, sql.placeholder('ref')))
          .prepare(),
      ).get({ ref })
    : prepared(db, 'cakes.byCakeId', () =>
        db
          .select()
          .from(c)
          .where(sql`lower(${c.cakeId}) = lower(${sql.placeholder('ref')})`)
          .prepare(),
      ).get({ ref });
}

export function findCakeByCakeId(db: Store, cakeId: string) {
  return db.select().from(c).where(sql`lower(${c.cakeId}) = lower(${cakeId})`).get();
}

/** One cake's base cost now (centavos): its recipe at today's purchase prices. */
export function baseCostOf(db: Store, cakeId: number): number {
  // Prepared once: a sale of a cake whose lot has no cost yet asks it.
  const statement = prepared(db, 'cakes.baseCostOf', () =>
    db
      .select({ cost: baseCostSql })
      .from(cakes)
      .where(eq(cakes.id, sql.placeholder('cakeId')))
      .prepare(),
  );
  return statement.get({ cakeId })?.cost ?? 0;
}
