import { eq, inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchIngredients,
  cakeLots,
  cakes,
  inventoryItems,
  productionBatches,
  stockLots,
  stockMovements,
  wasteEntries,
} from '../../server/db/schema';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { pickupIn, takeOrder } from '../helpers/cakeOrders';
import { atCounter, closeEveryShift } from '../helpers/counter';
import { putLot } from '../helpers/lots';
import { anIngredient, aRecipeCake } from '../helpers/production';

// Stock is conserved across any sequence of production batches (for the shelf or for a cake
// order), counter sales of the cake, refunds of those sales, write-offs of the cake (by hand,
// or every expired lot) and the order's cancelling: every ingredient's lots hold what was
// received less what the batches used (expired lots included), every cake's lots hold what was
// there, baked, sold, refunded and written off, each stock column is its unexpired (and, for a
// cake, unreserved) lots' sum, no expired shelf lot survives writing off the expired, and the
// ledger's rows chain from one stock to the next.

let shop: TestShop;
let manager: Session;
const today = manilaDate();

beforeAll(async () => {
  shop = await testApp();
  manager = await atCounter(await shop.signedIn('manager'));
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

type Op =
  | { kind: 'bake'; quantity: number; daysBack: number; forOrder: boolean }
  | { kind: 'sell'; quantity: number }
  | { kind: 'refund'; which: number }
  | { kind: 'waste'; quantity: number; expired: boolean }
  | { kind: 'cancel' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bake' as const),
      quantity: fc.integer({ min: 1, max: 6 }),
      // Two days back with a day's shelf life is a lot already expired: writing those off is a step.
      daysBack: fc.constantFrom(0, 1, 2, 2, 2),
      forOrder: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('sell' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('waste' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      expired: fc.boolean(),
    }),
  },
  fc.constant({ kind: 'cancel' as const }),
);

/** An ingredient's opening lots: thousandths, days to expiry (some gone by), or none. */
const lots = fc.array(
  fc.record({
    quantity: fc.integer({ min: 1, max: 6000 }),
    unitCost: fc.integer({ min: 0, max: 50_000 }),
    days: fc.option(fc.integer({ min: -3, max: 20 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 3 },
);

const fresh = (date: string | null) => date === null || date >= today;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
let n = 0;

/**
 * The ledger rows of one item or cake chain: each change is after − before, each before the
 * last after, the last after the stock now (the ledger keeps thousandths, a cake's too).
 */
function checkLedger(rows: (typeof stockMovements.$inferSelect)[], stock: number) {
  let last: number | undefined;
  for (const row of rows) {
    expect(row.change, `${row.record} ${row.reason}`).toBe(row.stockAfter - row.stockBefore);
    if (last !== undefined) expect(row.stockBefore, `${row.record} ${row.reason}`).toBe(last);
    last = row.stockAfter;
  }
  if (last !== undefined) expect(last).toBe(stock);
}

describe('stock through production, sales, refunds and waste', () => {
  it('is conserved for every ingredient and cake, and the ledger matches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(lots, lots),
        fc.tuple(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 1500 })),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        fc.array(op, { minLength: 1, maxLength: 12 }),
        async (starts, recipe, openingStock, shelfLifeDays, ops) => {
          n++;
          const items = starts.map((start, i) => {
            const item = anIngredient(shop, `Prop ${n}-${i}`, 1000 * (i + 1));
            for (const lot of start)
              putLot(shop, item.id, {
                quantity: lot.quantity,
                unitCost: lot.unitCost,
                expirationDate: lot.days === null ? null : addDays(today, lot.days),
              });
            return item;
          });
          const received = starts.map((start) => sum(start.map((l) => l.quantity)));
          // Inserted with stock: its opening lot comes from the trigger.
          const cake = aRecipeCake(
            shop,
            items.map((item, i) => [item.id, recipe[i]!]),
            { stock: openingStock, shelfLifeDays, price: 60000 },
          );
          const { order } = await takeOrder(manager, {
            pickupAt: pickupIn(3),
            lines: [{ cakeId: cake.cakeId, quantity: 100 }],
          });
          let baked = 0;
          let sold = 0;
          let refunded = 0;
          let wasted = 0;
          const sales: { id: number; quantity: number }[] = [];

          for (const step of ops) {
            try {
              if (step.kind === 'bake') {
                await manager.api.production.bake({
                  cakeId: cake.id,
                  quantity: step.quantity,
                  orderId: step.forOrder ? order.id : null,
                  bakedOn: addDays(today, -step.daysBack),
                });
                baked += step.quantity;
              } else if (step.kind === 'sell') {
                const { sale } = await manager.api.sales.checkout({
                  orderType: 'Walk-in',
                  paymentMethod: 'Cash',
                  lines: [{ kind: 'cake', id: cake.id, quantity: step.quantity }],
                } as never);
                sold += step.quantity;
                sales.push({ id: sale.id, quantity: step.quantity });
              } else if (step.kind === 'waste' && step.expired) {
                const shelfExpired = sum(
                  shop.db
                    .select()
                    .from(cakeLots)
                    .where(eq(cakeLots.cakeId, cake.id))
                    .all()
                    .filter((l) => l.orderId === null && !fresh(l.expirationDate))
                    .map((l) => l.remaining),
                );
                await manager.api.waste.writeOffExpiredCake({ id: cake.id });
                wasted += shelfExpired;
                const left = shop.db.select().from(cakeLots).where(eq(cakeLots.cakeId, cake.id)).all();
                for (const lot of left.filter((l) => l.orderId === null && !fresh(l.expirationDate)))
                  expect(lot.remaining).toBe(0);
              } else if (step.kind === 'waste') {
                await manager.api.waste.writeOff({
                  cakeId: cake.id,
                  quantity: step.quantity * 1000,
                  reason: 'Damaged',
                  note: '',
                });
                wasted += step.quantity;
              } else if (step.kind === 'cancel') {
                // Its cakes go on the shelf; baking for it is refused from then on.
                await manager.api.cakeOrders.cancel({
                  id: order.id,
                  reason: 'Called off',
                  refundDeposit: false,
                });
              } else {
                if (sales.length === 0) continue;
                const [sale] = sales.splice(step.which % sales.length, 1);
                await manager.api.sales.refund({ id: sale!.id } as never);
                refunded += sale!.quantity;
              }
            } catch (error) {
              // Short of an ingredient or of cakes: refused, nothing moved (checked below).
              const { code } = error as { code?: string };
              if (code !== 'CONFLICT' && code !== 'BAD_REQUEST') throw error;
            }

            const batches = shop.db
              .select()
              .from(productionBatches)
              .where(eq(productionBatches.cakeId, cake.id))
              .all();
            expect(sum(batches.map((b) => b.quantity))).toBe(baked);
            items.forEach((item, i) => {
              const itemLots = shop.db.select().from(stockLots).where(eq(stockLots.itemId, item.id)).all();
              const used = batches.length
                ? sum(
                    shop.db
                      .select()
                      .from(batchIngredients)
                      .where(
                        inArray(
                          batchIngredients.batchId,
                          batches.map((b) => b.id),
                        ),
                      )
                      .all()
                      .filter((u) => u.itemId === item.id)
                      .map((u) => u.quantity),
                  )
                : 0;
              expect(used).toBe(baked * recipe[i]!);
              for (const lot of itemLots) expect(lot.remaining).toBeGreaterThanOrEqual(0);
              // Received − used = on hand, the expired lots included.
              expect(sum(itemLots.map((l) => l.remaining))).toBe(received[i]! - used);
              const stock = shop.db
                .select()
                .from(inventoryItems)
                .where(eq(inventoryItems.id, item.id))
                .get()!.stock;
              expect(stock).toBe(
                sum(itemLots.filter((l) => fresh(l.expirationDate)).map((l) => l.remaining)),
              );
            });
            const lotsNow = shop.db.select().from(cakeLots).where(eq(cakeLots.cakeId, cake.id)).all();
            for (const lot of lotsNow) {
              expect(lot.remaining).toBeGreaterThanOrEqual(0);
              expect(lot.remaining).toBeLessThanOrEqual(lot.quantity);
            }
            expect(sum(lotsNow.map((l) => l.remaining))).toBe(
              openingStock + baked - sold + refunded - wasted,
            );
            // The waste log holds every cake written off.
            const logged = shop.db.select().from(wasteEntries).where(eq(wasteEntries.cakeId, cake.id)).all();
            expect(sum(logged.map((w) => w.quantity))).toBe(wasted * 1000);
            const cakeStock = shop.db.select().from(cakes).where(eq(cakes.id, cake.id)).get()!.stock;
            expect(cakeStock).toBe(
              sum(
                lotsNow.filter((l) => l.orderId === null && fresh(l.expirationDate)).map((l) => l.remaining),
              ),
            );
          }

          const ledger = shop.db
            .select()
            .from(stockMovements)
            .where(
              or(
                eq(stockMovements.cakeId, cake.id),
                inArray(
                  stockMovements.itemId,
                  items.map((i) => i.id),
                ),
              ),
            )
            .orderBy(stockMovements.id)
            .all();
          checkLedger(
            ledger.filter((r) => r.cakeId === cake.id),
            shop.db.select().from(cakes).where(eq(cakes.id, cake.id)).get()!.stock * 1000,
          );
          for (const item of items)
            checkLedger(
              ledger.filter((r) => r.itemId === item.id),
              shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id)).get()!.stock,
            );
        },
      ),
      {
        numRuns: 30,
        // Always among the runs: a batch already expired when baked, then written off as expired.
        examples: [
          [
            [
              [{ quantity: 6000, unitCost: 1000, days: null }],
              [{ quantity: 6000, unitCost: 2000, days: 10 }],
            ],
            [500, 250],
            0,
            1,
            [
              { kind: 'bake', quantity: 2, daysBack: 2, forOrder: false },
              { kind: 'waste', quantity: 1, expired: true },
            ],
          ],
        ],
      },
    );
  }, 60_000);
});
