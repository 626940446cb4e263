import { and, desc, eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import type { BakeInput } from '../../../shared/schemas/production';
import { orderNumber } from '../../../shared/texts/cakeOrders';
import { BAKED_DAYS_BACK, batchNumber, PRODUCTION_TEXT as T } from '../../../shared/texts/production';
import { addDays, manilaDate } from '../../../shared/time';
import type { Db, Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import {
  batchIngredients,
  cakeIngredients,
  cakeLots,
  cakeOrderLines,
  inventoryItems,
  productionBatches,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { findOrder } from '../cakeOrders/queries';
import { recordEvent } from '../cakeOrders/service';
import { writeOrderStatus } from '../cakeOrders/writes';
import { addCakeLot } from '../cakes/cakeLots';
import { cakeByRef } from '../cakes/queries';
import { costOfTakes, takeLots } from '../inventory/lots';
import { getBatch } from './queries';

const MODULE = 'Production';

const ph = sql.placeholder;

// The statements every batch runs, prepared once (CONTRIBUTING, writes that stay fast).
const recipeOf = (tx: Tx, cakeId: number) =>
  prepared(tx, 'production.recipe', () =>
    tx
      .select({
        itemId: inventoryItems.id,
        record: inventoryItems.itemId,
        name: inventoryItems.name,
        quantity: cakeIngredients.quantity,
      })
      .from(cakeIngredients)
      .innerJoin(inventoryItems, eq(inventoryItems.id, cakeIngredients.itemId))
      .where(eq(cakeIngredients.cakeId, ph('cakeId')))
      .orderBy(inventoryItems.name)
      .prepare(),
  ).all({ cakeId });

const nextNumber = (tx: Tx) =>
  (prepared(tx, 'production.last', () =>
    tx
      .select({ n: productionBatches.number })
      .from(productionBatches)
      .orderBy(desc(productionBatches.number))
      .limit(1)
      .prepare(),
  ).get()?.n ?? 0) + 1;

const BATCH_COLUMNS = [
  'number',
  'cakeId',
  'record',
  'name',
  'quantity',
  'bakedOn',
  'expirationDate',
  'cost',
  'unitCost',
  'orderId',
  'createdBy',
  'createdAt',
] as const;
const insertBatch = (tx: Tx, batch: Record<(typeof BATCH_COLUMNS)[number], unknown>) =>
  prepared(tx, 'production.insert', () =>
    tx
      .insert(productionBatches)
      .values(placeholders(BATCH_COLUMNS))
      .returning({ id: productionBatches.id })
      .prepare(),
  ).get(batch)!;

const USED_COLUMNS = ['batchId', 'itemId', 'record', 'name', 'quantity', 'cost'] as const;
const insertUsed = (tx: Tx, used: Record<(typeof USED_COLUMNS)[number], unknown>) =>
  prepared(tx, 'production.used', () =>
    tx.insert(batchIngredients).values(placeholders(USED_COLUMNS)).prepare(),
  ).run(used);

/** The order a batch is baked for: open, with this cake among its lines. */
function orderFor(tx: Tx, ref: number | string, cake: { id: number; name: string }) {
  const order = findOrder(tx, ref);
  if (!order) throw fail.badRequest(T.orderNotFound);
  const number = orderNumber(order.number);
  if (order.status === 'Picked up' || order.status === 'Cancelled')
    throw fail.conflict(T.orderClosed(number, order.status));
  const line = tx
    .select({ id: cakeOrderLines.id })
    .from(cakeOrderLines)
    .where(and(eq(cakeOrderLines.orderId, order.id), eq(cakeOrderLines.cakeId, cake.id)))
    .get();
  if (!line) throw fail.badRequest(T.notOnOrder(cake.name, number));
  return order;
}

/** Every catalogue cake of the order has as many cakes reserved as it asks for, still good on its pickup day. */
function allBaked(tx: Tx, orderId: number, pickupDate: string): boolean {
  const lines = tx
    .select({ cakeId: cakeOrderLines.cakeId, quantity: cakeOrderLines.quantity })
    .from(cakeOrderLines)
    .where(and(eq(cakeOrderLines.orderId, orderId), sql`${cakeOrderLines.cakeId} is not null`))
    .all();
  return lines.every((line) => {
    const reserved =
      tx
        .select({ n: sql<number>`coalesce(sum(${cakeLots.remaining}), 0)` })
        .from(cakeLots)
        .where(
          and(
            eq(cakeLots.orderId, orderId),
            eq(cakeLots.cakeId, line.cakeId as number),
            sql`(${cakeLots.expirationDate} is null or ${cakeLots.expirationDate} >= ${pickupDate})`,
          ),
        )
        .get()?.n ?? 0;
    return reserved >= line.quantity;
  });
}

/**
 * Bakes N of a cake in one immediate transaction (docs/rules.md, Baking): each ingredient's
 * recipe quantity × N taken from its unexpired lots first-expiry-first-out (ledger reason
 * `production`), refusing the whole batch at the first ingredient short; the cakes become one
 * lot expiring after the cake's shelf life, at what the ingredients cost; numbered BATCH-000001
 * upward. Baked for a cake order, the lot is reserved for it, and the order is Ready once all
 * its catalogue cakes are baked.
 */
export function bake(db: Db, actor: Viewer, input: BakeInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const cake = cakeByRef(tx, input.cakeId);
      if (!cake) throw fail.badRequest(T.cakeNotFound);
      const today = manilaDate(now);
      const bakedOn = input.bakedOn ?? today;
      if (bakedOn > today || bakedOn < addDays(today, -BAKED_DAYS_BACK)) throw fail.badRequest(T.bakedOn);
      const order = input.orderId === null ? null : orderFor(tx, input.orderId, cake);
      const recipe = recipeOf(tx, cake.id);
      if (recipe.length === 0) throw fail.badRequest(T.noRecipe(cake.name));
      const number = nextNumber(tx);
      const reference = batchNumber(number);
      const move = { reason: 'production', userId: actor.user.id, reference } as const;
      const taken = recipe.map((ingredient) => {
        const what = { kind: 'item', id: ingredient.itemId, record: ingredient.record } as const;
        const needed = ingredient.quantity * input.quantity;
        // The take settles what expired first, so what it held is what is on hand unexpired.
        const short = (onHand: number) =>
          T.notEnough(ingredient.name, formatQuantity(needed), formatQuantity(onHand));
        const takes = takeLots(tx, what, needed, move, now, short);
        return { ...ingredient, quantity: needed, cost: costOfTakes(takes) };
      });
      const cost = taken.reduce((sum, t) => sum + t.cost, 0);
      const unitCost = Math.round(cost / input.quantity);
      const expirationDate = addDays(bakedOn, cake.shelfLifeDays);
      const batch = insertBatch(tx, {
        number,
        cakeId: cake.id,
        record: cake.cakeId,
        name: cake.name,
        quantity: input.quantity,
        bakedOn,
        expirationDate,
        cost,
        unitCost,
        orderId: order?.id ?? null,
        createdBy: actor.user.id,
        createdAt: now,
      });
      for (const t of taken)
        insertUsed(tx, {
          batchId: batch.id,
          itemId: t.itemId,
          record: t.record,
          name: t.name,
          quantity: t.quantity,
          cost: t.cost,
        });
      addCakeLot(
        tx,
        { kind: 'cake', id: cake.id, record: cake.cakeId },
        {
          source: 'batch',
          quantity: input.quantity,
          unitCost,
          expirationDate,
          batchId: batch.id,
          orderId: order?.id ?? null,
        },
        move,
        now,
      );
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Bake',
        module: MODULE,
        description: `Baked ${input.quantity} of ${cake.cakeId} "${cake.name}" as ${reference} on ${bakedOn}, cost ${formatPeso(cost)} (${formatPeso(unitCost)} a cake)${order ? ` for ${orderNumber(order.number)}` : ''}`,
      });
      if (order) {
        recordEvent(
          tx,
          actor,
          order,
          'Bake',
          `Baked ${input.quantity} of "${cake.name}" (${reference})`,
          now,
        );
        if (order.status !== 'Ready' && allBaked(tx, order.id, order.pickupDate)) {
          writeOrderStatus(tx).run({ status: 'Ready', id: order.id });
          recordEvent(
            tx,
            actor,
            order,
            'Cake Order Status',
            `${order.status} → Ready: all its cakes are baked`,
            now,
          );
        }
      }
      return { message: T.baked(input.quantity, cake.name, reference), batch: getBatch(tx, batch.id)! };
    },
    { behavior: 'immediate' },
  );
}
