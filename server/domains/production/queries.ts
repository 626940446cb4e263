import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ListBatchesInput } from '../../../shared/schemas/production';
import { orderNumber } from '../../../shared/texts/cakeOrders';
import { batchNumber } from '../../../shared/texts/production';
import { manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { batchIngredients, cakeLots, cakeOrders, productionBatches, users } from '../../db/schema';

// Reading production back: a batch, a page of batches, a cake's lots. The bake plan is
// bakePlan.ts.

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
