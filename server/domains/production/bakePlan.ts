import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, orderNumber } from '../../../shared/texts/cakeOrders';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import {
  cakeIngredients,
  cakeLots,
  cakeOrderLines,
  cakeOrders,
  cakes,
  inventoryItems,
  stockLots,
  units,
} from '../../db/schema';

// What to bake for a day: the day's open orders and the shelf targets, and the ingredients
// that takes (docs/rules.md, Baking).

/**
 * The bake plan for `date` (docs/rules.md, Baking): for each cake, how many the day's open
 * orders still need (what is reserved for them already baked), how many reach its shelf target
 * (unreserved lots still good that day), and so how many to bake; custom cakes apart; and the
 * ingredients that takes against what is on hand unexpired today, shortfalls first.
 */
export function bakePlan(db: Store, date: string, now = new Date()) {
  const today = manilaDate(now);
  const goodOn = (on: unknown) =>
    sql`(${cakeLots.expirationDate} is null or ${cakeLots.expirationDate} >= ${on})`;
  // Each line with what is reserved for it already baked, in one statement: a plan for a busy
  // day holds hundreds of lines, and a statement each cost more than the plan's own work.
  const due = prepared(db, 'production.planDue', () =>
    db
      .select({
        orderId: cakeOrders.id,
        number: cakeOrders.number,
        pickupAt: cakeOrders.pickupAt,
        cakeId: cakeOrderLines.cakeId,
        description: cakeOrderLines.description,
        quantity: cakeOrderLines.quantity,
        reserved:
          sql<number>`coalesce((select sum(${cakeLots.remaining}) from ${cakeLots} where ${cakeLots.orderId} = ${cakeOrders.id} and ${cakeLots.cakeId} = ${cakeOrderLines.cakeId} and ${goodOn(sql.placeholder('date'))}), 0)`.mapWith(
            Number,
          ),
      })
      .from(cakeOrderLines)
      .innerJoin(cakeOrders, eq(cakeOrders.id, cakeOrderLines.orderId))
      .where(
        and(
          eq(cakeOrders.pickupDate, sql.placeholder('date')),
          inArray(cakeOrders.status, OPEN_ORDER_STATUSES),
        ),
      )
      .orderBy(asc(cakeOrders.pickupAt), asc(cakeOrders.id), asc(cakeOrderLines.id))
      .prepare(),
  ).all({ date });
  const forOrders = new Map<number, { quantity: number; orders: string[] }>();
  for (const line of due) {
    if (line.cakeId === null) continue;
    const still = Math.max(0, line.quantity - line.reserved);
    const entry = forOrders.get(line.cakeId) ?? { quantity: 0, orders: [] };
    entry.quantity += still;
    if (still > 0) entry.orders.push(orderNumber(line.number));
    forOrders.set(line.cakeId, entry);
  }
  const candidates = prepared(db, 'production.planCakes', () =>
    db
      .select({
        id: cakes.id,
        cakeId: cakes.cakeId,
        name: cakes.name,
        shelfTarget: cakes.shelfTarget,
        onShelf:
          sql<number>`coalesce((select sum(${cakeLots.remaining}) from ${cakeLots} where ${cakeLots.cakeId} = ${cakes}.id and ${cakeLots.orderId} is null and ${cakeLots.remaining} > 0 and ${goodOn(sql.placeholder('date'))}), 0)`.mapWith(
            Number,
          ),
      })
      .from(cakes)
      // Only cakes with a shelf target or on the day's orders: mapping every cake's row cost
      // more than the plan's own work.
      .where(
        sql`${cakes.shelfTarget} > 0 or ${cakes.id} in (select ${cakeOrderLines.cakeId} from ${cakeOrderLines} join ${cakeOrders} on ${cakeOrders.id} = ${cakeOrderLines.orderId} where ${cakeOrders.pickupDate} = ${sql.placeholder('date')} and ${inArray(cakeOrders.status, OPEN_ORDER_STATUSES)})`,
      )
      .orderBy(asc(cakes.name))
      .prepare(),
  )
    .all({ date })
    .filter((c) => c.shelfTarget > 0 || forOrders.has(c.id));
  const plan = candidates.map((c) => {
    const orders = forOrders.get(c.id) ?? { quantity: 0, orders: [] };
    const forShelf = Math.max(0, c.shelfTarget - c.onShelf);
    return {
      id: c.id,
      cakeId: c.cakeId,
      name: c.name,
      forOrders: orders.quantity,
      forShelf,
      toBake: orders.quantity + forShelf,
      orders: orders.orders,
    };
  });
  const toBake = plan.filter((p) => p.toBake > 0).map((p) => [p.id, p.toBake]);
  // What the plan takes of each ingredient, summed and set against what is on hand unexpired
  // today, in one prepared statement over the plan as JSON: a busy day's recipes are hundreds
  // of rows, and mapping them (or compiling a list of ids) cost more than summing them here.
  const items =
    toBake.length === 0
      ? []
      : prepared(db, 'production.planIngredients', () =>
          db
            .select({
              id: inventoryItems.id,
              itemId: inventoryItems.itemId,
              name: inventoryItems.name,
              unit: units.name,
              needed: sql<number>`sum(${cakeIngredients.quantity} * plan.n)`.mapWith(Number),
              onHand:
                sql<number>`coalesce((select sum(${stockLots.remaining}) from ${stockLots} where ${stockLots.itemId} = ${inventoryItems}.id and ${stockLots.remaining} > 0 and (${stockLots.expirationDate} is null or ${stockLots.expirationDate} >= ${sql.placeholder('today')})), 0)`.mapWith(
                  Number,
                ),
            })
            .from(
              sql`(select json_extract(value, '$[0]') as cake_id, json_extract(value, '$[1]') as n from json_each(${sql.placeholder('plan')})) as plan`,
            )
            .innerJoin(cakeIngredients, sql`${cakeIngredients.cakeId} = plan.cake_id`)
            .innerJoin(inventoryItems, eq(inventoryItems.id, cakeIngredients.itemId))
            .leftJoin(units, eq(units.id, inventoryItems.unitId))
            .groupBy(inventoryItems.id)
            .prepare(),
        ).all({ plan: JSON.stringify(toBake), today });
  const ingredients = items
    .map((i) => {
      return {
        itemId: i.itemId,
        name: i.name,
        unit: i.unit,
        needed: i.needed,
        onHand: i.onHand,
        short: Math.max(0, i.needed - i.onHand),
      };
    })
    .sort((a, b) => b.short - a.short || a.name.localeCompare(b.name));
  return {
    date,
    cakes: plan.map(({ id: _id, ...p }) => p),
    customOrders: due
      .filter((line) => line.cakeId === null)
      .map((line) => ({
        orderNumber: orderNumber(line.number),
        description: line.description,
        quantity: line.quantity,
        pickupAt: line.pickupAt,
      })),
    ingredients,
  };
}
