import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ListBatchesInput } from '../../../shared/schemas/production';
import { OPEN_ORDER_STATUSES, orderNumber } from '../../../shared/texts/cakeOrders';
import { batchNumber } from '../../../shared/texts/production';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import {
  batchIngredients,
  cakeIngredients,
  cakeLots,
  cakeOrderLines,
  cakeOrders,
  cakes,
  inventoryItems,
  productionBatches,
  stockLots,
  units,
  users,
} from '../../db/schema';

// Reading production back: a batch, a page of batches, and the bake plan for a day.

const b = productionBatches;

type BatchRow = typeof b.$inferSelect & { by: string | null };
type Used = typeof batchIngredients.$inferSelect;

function batchesWith(db: Store, rows: BatchRow[], given?: Used[]) {
  const used =
    given ??
    (rows.length === 0
      ? []
      : db
          .select()
          .from(batchIngredients)
          .where(
            inArray(
              batchIngredients.batchId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(batchIngredients.name))
          .all());
  const orders = new Map(
    rows
      .filter((r) => r.orderId !== null)
      .map((r) => [
        r.orderId as number,
        db
          .select({ n: cakeOrders.number })
          .from(cakeOrders)
          .where(eq(cakeOrders.id, r.orderId as number))
          .get()?.n,
      ]),
  );
  return rows.map((r) => ({
    id: r.id,
    batchNumber: batchNumber(r.number),
    cakeId: r.record,
    name: r.name,
    quantity: r.quantity,
    bakedOn: r.bakedOn,
    expirationDate: r.expirationDate,
    cost: r.cost,
    unitCost: r.unitCost,
    orderNumber:
      r.orderId !== null && orders.get(r.orderId) ? orderNumber(orders.get(r.orderId) as number) : null,
    createdAt: r.createdAt,
    by: r.by,
    ingredients: used
      .filter((u) => u.batchId === r.id)
      .map((u) => ({ itemId: u.record, name: u.name, quantity: u.quantity, cost: u.cost })),
  }));
}

const batchRows = (db: Store) =>
  db
    .select({
      id: b.id,
      number: b.number,
      cakeId: b.cakeId,
      record: b.record,
      name: b.name,
      quantity: b.quantity,
      bakedOn: b.bakedOn,
      expirationDate: b.expirationDate,
      cost: b.cost,
      unitCost: b.unitCost,
      orderId: b.orderId,
      createdBy: b.createdBy,
      createdAt: b.createdAt,
      by: users.username,
    })
    .from(b)
    .leftJoin(users, eq(users.id, b.createdBy));

/** One batch with what it took of each ingredient. */
export function getBatch(db: Store, id: number) {
  // Prepared: every batch baked answers with it.
  const row = prepared(db, 'production.batch', () =>
    batchRows(db)
      .where(eq(b.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  if (!row) return undefined;
  const used = prepared(db, 'production.batchUsed', () =>
    db
      .select()
      .from(batchIngredients)
      .where(eq(batchIngredients.batchId, sql.placeholder('id')))
      .orderBy(asc(batchIngredients.name))
      .prepare(),
  ).all({ id });
  return batchesWith(db, [row], used)[0];
}
export type Batch = NonNullable<ReturnType<typeof getBatch>>;

/** Batches baked between two days, newest first, with the period's cakes and cost. */
export function listBatches(db: Store, input: ListBatchesInput) {
  const where = and(
    input.from ? gte(b.bakedOn, input.from) : undefined,
    input.to ? lte(b.bakedOn, input.to) : undefined,
  );
  const totals = db
    .select({
      batches: count(),
      cakes: sql<number>`coalesce(sum(${b.quantity}), 0)`,
      cost: sql<number>`coalesce(sum(${b.cost}), 0)`,
    })
    .from(b)
    .where(where)
    .get();
  const rows = batchRows(db)
    .where(where)
    .orderBy(desc(b.bakedOn), desc(b.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .all();
  const total = totals?.batches ?? 0;
  return {
    batches: batchesWith(db, rows),
    total,
    totalPages: Math.max(1, Math.ceil(total / input.limit)),
    cakesBaked: Number(totals?.cakes ?? 0),
    cost: Number(totals?.cost ?? 0),
  };
}

/** A cake's lots, earliest expiry first, emptied ones too, with the batch and order behind each. */
export function cakeLotsOf(db: Store, cakeId: number, now = new Date()) {
  const today = manilaDate(now);
  return db
    .select({
      lotId: cakeLots.id,
      source: cakeLots.source,
      quantity: cakeLots.quantity,
      remaining: cakeLots.remaining,
      unitCost: cakeLots.unitCost,
      expirationDate: cakeLots.expirationDate,
      expired:
        sql<boolean>`(${cakeLots.expirationDate} is not null and ${cakeLots.expirationDate} < ${today})`.mapWith(
          Boolean,
        ),
      batchNumber: sql<
        string | null
      >`case when ${b.number} is null then null else printf('BATCH-%06d', ${b.number}) end`,
      orderNumber: sql<
        string | null
      >`case when ${cakeOrders.number} is null then null else printf('ORD-%06d', ${cakeOrders.number}) end`,
      madeAt: cakeLots.madeAt,
    })
    .from(cakeLots)
    .leftJoin(b, eq(b.id, cakeLots.batchId))
    .leftJoin(cakeOrders, eq(cakeOrders.id, cakeLots.orderId))
    .where(eq(cakeLots.cakeId, cakeId))
    .orderBy(sql`${cakeLots.expirationDate} is null`, asc(cakeLots.expirationDate), asc(cakeLots.id))
    .all();
}

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
