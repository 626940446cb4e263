import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, saleLineLots, saleLines, sales, stockLots, suppliers } from '../../server/db/schema';
import { restoreStock } from '../../server/domains/backup/restore/inventory';
import { costOf } from '../../shared/quantity';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { WASTE_REASONS } from '../../shared/texts/waste';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter } from '../helpers/counter';
import { putLot } from '../helpers/lots';

// Properties of stock in lots, over any sequence of receipts, sales, refunds, write-offs, stock
// edits and restores: no lot leaves 0..its quantity; what is on hand is always opening +
// received + adjusted - sold + refunded - wasted; the item's stock is its unexpired lots' sum;
// a sale never takes a lot while an unexpired lot expiring earlier has stock, never takes an
// expired lot, and costs exactly what its lots cost.

let shop: TestShop;
let manager: Session;
let supplierId: number;
const today = manilaDate();

beforeAll(async () => {
  shop = await testApp();
  manager = await atCounter(await shop.signedIn('manager'));
  supplierId = shop.db
    .insert(suppliers)
    .values({ supplierId: 'SUP-D', name: 'Dairy Co' })
    .returning()
    .get().id;
});
afterAll(() => shop.close());

type Op =
  | { kind: 'receive'; quantity: number; days: number; unitCost: number }
  | { kind: 'sell'; quantity: number }
  | { kind: 'refund'; which: number }
  | { kind: 'waste'; quantity: number; reason: (typeof WASTE_REASONS)[number] }
  | { kind: 'adjust'; stock: number }
  | { kind: 'restore'; stock: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    quantity: fc.integer({ min: 1, max: 8000 }),
    days: fc.integer({ min: 0, max: 20 }),
    unitCost: fc.integer({ min: 0, max: 90_000 }),
  }),
  fc.record({ kind: fc.constant('sell' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat() }),
  fc.record({
    kind: fc.constant('waste' as const),
    quantity: fc.integer({ min: 1, max: 3000 }),
    reason: fc.constantFrom(...WASTE_REASONS),
  }),
  fc.record({ kind: fc.constant('adjust' as const), stock: fc.integer({ min: 0, max: 12_000 }) }),
  fc.record({ kind: fc.constant('restore' as const), stock: fc.integer({ min: 0, max: 12_000 }) }),
);

const opening = fc.array(
  fc.record({
    quantity: fc.integer({ min: 1, max: 5000 }),
    unitCost: fc.integer({ min: 0, max: 50_000 }),
    days: fc.option(fc.integer({ min: -5, max: 20 }), { nil: null }),
  }),
  { maxLength: 4 },
);

let n = 0;

const lotsOf = (itemId: number) => shop.db.select().from(stockLots).where(eq(stockLots.itemId, itemId)).all();
const fresh = (date: string | null) => date === null || date >= today;
/** Dated before undated; earlier dates first. */
const expiresBefore = (a: string | null, b: string | null) => a !== null && (b === null || a < b);

describe('stock in lots, whatever happens', () => {
  it('keeps every lot within bounds, the books balanced and sales first-expiry-first-out', async () => {
    await fc.assert(
      fc.asyncProperty(opening, fc.array(op, { minLength: 1, maxLength: 14 }), async (start, ops) => {
        const code = `INV-P${++n}`;
        const id = shop.db
          .insert(inventoryItems)
          .values({ itemId: code, name: `Cream ${n}`, unitPrice: 10000, purchasePrice: 3000, supplierId })
          .returning()
          .get().id;
        for (const lot of start)
          putLot(shop, id, {
            quantity: lot.quantity,
            unitCost: lot.unitCost,
            expirationDate: lot.days === null ? null : addDays(today, lot.days),
          });
        const onHand = () => lotsOf(id).reduce((sum, l) => sum + l.remaining, 0);
        let expected = onHand();
        const sold: { id: number; quantity: number }[] = [];
        for (const step of ops) {
          const stockBefore = shop.db
            .select()
            .from(inventoryItems)
            .where(eq(inventoryItems.id, id))
            .get()!.stock;
          const before = lotsOf(id);
          try {
            if (step.kind === 'receive') {
              const po = await manager.api.purchaseOrders.create({
                supplierId,
                lines: [{ itemId: id, quantity: step.quantity, unitCost: step.unitCost }],
              } as never);
              await manager.api.purchaseOrders.order({ id: po.purchaseOrder.id });
              await manager.api.purchaseOrders.receive({
                id: po.purchaseOrder.id,
                lines: [{ itemId: id, quantity: step.quantity, expirationDate: addDays(today, step.days) }],
              } as never);
              expected += step.quantity;
            } else if (step.kind === 'sell') {
              const { sale } = await manager.api.sales.checkout({
                orderType: 'Walk-in',
                paymentMethod: 'Cash',
                lines: [{ kind: 'item', id, quantity: step.quantity }],
              } as never);
              expected -= step.quantity * 1000;
              sold.push({ id: sale.id, quantity: step.quantity * 1000 });
              checkSale(sale.id, before);
            } else if (step.kind === 'refund') {
              if (sold.length === 0) continue;
              const [sale] = sold.splice(step.which % sold.length, 1);
              await manager.api.sales.refund({ id: sale!.id } as never);
              expected += sale!.quantity;
            } else if (step.kind === 'waste') {
              await manager.api.waste.writeOff({
                itemId: id,
                quantity: step.quantity,
                reason: step.reason,
              } as never);
              expected -= step.quantity;
            } else if (step.kind === 'adjust') {
              await manager.api.inventory.update({ id, changes: { stock: step.stock } });
              expected += step.stock - stockBefore;
            } else {
              shop.db.transaction((tx) =>
                restoreStock(
                  tx,
                  { kind: 'item', id, record: code },
                  stockBefore,
                  step.stock,
                  manager.user.id,
                ),
              );
              expected += step.stock - stockBefore;
            }
          } catch (error) {
            // A refusal (not enough stock; stock added at a date gone by) leaves every lot as it was.
            const { code, message } = error as { code?: string; message?: string };
            const refused =
              code === 'CONFLICT' || (step.kind === 'adjust' && message === INVENTORY_TEXT.addedExpired);
            if (!refused) throw error;
            expect(lotsOf(id)).toEqual(before);
          }
          const lots = lotsOf(id);
          for (const lot of lots) {
            expect(lot.remaining).toBeGreaterThanOrEqual(0);
            expect(lot.remaining).toBeLessThanOrEqual(lot.quantity);
          }
          expect(onHand()).toBe(expected);
          const stock = shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.stock;
          expect(stock).toBe(
            lots.filter((l) => fresh(l.expirationDate)).reduce((s, l) => s + l.remaining, 0),
          );
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** The sale's lines took only unexpired lots, first expiry first, and cost what those lots cost. */
function checkSale(saleId: number, before: (typeof stockLots.$inferSelect)[]) {
  const lines = shop.db.select().from(saleLines).where(eq(saleLines.saleId, saleId)).all();
  expect(shop.db.select().from(sales).where(eq(sales.id, saleId)).get()).toBeDefined();
  for (const line of lines) {
    const takes = shop.db.select().from(saleLineLots).where(eq(saleLineLots.saleLineId, line.id)).all();
    expect(line.cost).toBe(takes.reduce((sum, t) => sum + costOf(t.quantity, t.unitCost), 0));
    expect(takes.reduce((sum, t) => sum + t.quantity, 0)).toBe(line.quantity * 1000);
    const taken = shop.db
      .select()
      .from(stockLots)
      .where(
        and(
          inArray(
            stockLots.id,
            takes.map((t) => t.lotId),
          ),
        ),
      )
      .all();
    const after = new Map(lotsOf(line.itemId!).map((l) => [l.id, l.remaining]));
    for (const lot of taken) {
      expect(fresh(lot.expirationDate), 'an expired lot was sold').toBe(true);
      for (const other of before)
        if (fresh(other.expirationDate) && expiresBefore(other.expirationDate, lot.expirationDate))
          expect(after.get(other.id), `lot ${other.id} expires first but kept stock`).toBe(0);
    }
  }
}
