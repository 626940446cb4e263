import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems, saleLines, sales, stockMovements } from '../../server/db/schema';
import { fromMilli, toMilli } from '../../shared/quantity';
import { ADMIN, postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter } from '../helpers/counter';

// Properties of sales: the totals of any cart (VAT 12% of the subtotal, rounded half up
// to the centavo), and stock conservation under any sequence of sales and refunds.
// One shop per property; each run adds its own products straight into the database.

/** 12% of a subtotal in centavos, rounded half up, computed with BigInt apart from the server's code. */
const vat = (subtotal: bigint, rate: 0 | 12) => (subtotal * BigInt(rate) + 50n) / 100n;
/** Pesos with at most two decimals, read back to exact centavos. */
function centavosOf(pesos: unknown): bigint {
  expect(typeof pesos).toBe('number');
  const text = String(pesos);
  expect(text).toMatch(/^\d+(\.\d{1,2})?$/);
  const [whole, cents = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(cents.padEnd(2, '0'));
}
const toPesos = (centavos: bigint) => Number(centavos) / 100;

describe('totals and VAT rounding (property)', () => {
  let shop: TestShop;
  let token: string;
  let seq = 0;
  beforeAll(async () => {
    shop = await testApp();
    token = (await shop.login(ADMIN.email, ADMIN.password)).accessToken;
  });
  afterAll(() => shop.close());

  const line = fc.record({
    // Small prices too, so the rounding of a few centavos is exercised, not only large sums.
    price: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 500 })),
    quantity: fc.integer({ min: 1, max: 50 }),
  });

  it('for any lines: subtotal = Σ price × qty, total = subtotal + round-half-up(12%), REST in pesos', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0 as const, 12 as const),
        fc.boolean(),
        async (lines, taxRate, sendTotals) => {
          const ids = lines.map((l) => {
            seq++;
            return shop.db
              .insert(inventoryItems)
              .values({ itemId: `INV-P${seq}`, name: `Priced ${seq}`, stock: 100_000, unitPrice: l.price })
              .returning({ id: inventoryItems.id })
              .get().id;
          });
          const subtotal = lines.reduce((sum, l) => sum + BigInt(l.price) * BigInt(l.quantity), 0n);
          const taxAmount = vat(subtotal, taxRate);
          const totalAmount = subtotal + taxAmount;
          const res = await postJson(
            shop,
            '/api/sales',
            {
              orderType: 'Walk-in',
              paymentMethod: 'Cash',
              taxRate,
              items: lines.map((l, i) => ({ itemId: ids[i], quantity: l.quantity })),
              // The legacy client sends its own totals; the server must agree with them.
              ...(sendTotals
                ? {
                    subtotal: toPesos(subtotal),
                    taxAmount: toPesos(taxAmount),
                    totalAmount: toPesos(totalAmount),
                  }
                : {}),
            },
            token,
          );
          expect(res.statusCode, res.body).toBe(201);
          const { sale } = res.json();
          expect(centavosOf(sale.subtotal)).toBe(subtotal);
          expect(centavosOf(sale.taxAmount)).toBe(taxAmount);
          expect(centavosOf(sale.totalAmount)).toBe(totalAmount);
          for (const [i, l] of sale.items.entries()) {
            expect(centavosOf(l.price)).toBe(BigInt(lines[i]!.price));
            expect(l.quantity).toBe(lines[i]!.quantity);
          }
          const row = shop.db.select().from(sales).where(eq(sales.id, sale._id)).get()!;
          expect(row).toMatchObject({
            subtotal: Number(subtotal),
            taxRate,
            taxAmount: Number(taxAmount),
            totalAmount: Number(totalAmount),
          });
          const stored = shop.db.select().from(saleLines).where(eq(saleLines.saleId, sale._id)).all();
          expect(stored.reduce((sum, l) => sum + BigInt(l.lineTotal), 0n)).toBe(subtotal);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('stock conservation (property)', () => {
  let shop: TestShop;
  let cashier: Session;
  let manager: Session;
  let seq = 0;
  beforeAll(async () => {
    shop = await testApp();
    // Staff sell inside their own open shift.
    cashier = await atCounter(await shop.signedIn('staff'));
    manager = await shop.signedIn('manager');
  });
  afterAll(() => shop.close());

  /** Three items and a cake: index 3 is the cake. */
  const PRODUCTS = 4;
  const sale = fc.record({
    type: fc.constant('sale' as const),
    lines: fc.uniqueArray(
      fc.record({
        product: fc.integer({ min: 0, max: PRODUCTS - 1 }),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      { minLength: 1, maxLength: PRODUCTS, selector: (l) => l.product },
    ),
    rest: fc.boolean(),
  });
  const refund = fc.record({ type: fc.constant('refund' as const), pick: fc.nat(), rest: fc.boolean() });
  type Op =
    | { type: 'sale'; lines: { product: number; quantity: number }[]; rest: boolean }
    | {
        type: 'refund';
        pick: number;
        rest: boolean;
      };

  it('after any sales and refunds: initial = stock + sold − refunded, never negative, every change in the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
        fc.array(fc.oneof({ arbitrary: sale, weight: 3 }, { arbitrary: refund, weight: 1 }), {
          minLength: 1,
          maxLength: 14,
        }),
        async (initial, ops: Op[]) => {
          seq++;
          const products = initial.map((stock, i) =>
            i < PRODUCTS - 1
              ? {
                  kind: 'item' as const,
                  id: shop.db
                    .insert(inventoryItems)
                    .values({
                      itemId: `INV-C${seq}-${i}`,
                      name: `Counted ${seq}-${i}`,
                      stock: toMilli(stock)!,
                      unitPrice: 2500,
                    })
                    .returning()
                    .get().id,
                  code: `INV-C${seq}-${i}`,
                }
              : {
                  kind: 'cake' as const,
                  id: shop.db
                    .insert(cakes)
                    .values({ cakeId: `CK-C${seq}`, name: `Counted cake ${seq}`, stock, price: 90000 })
                    .returning()
                    .get().id,
                  code: `CK-C${seq}`,
                },
          );
          // In units: an item keeps thousandths, a cake whole cakes.
          const stockOf = (p: (typeof products)[number]) =>
            p.kind === 'item'
              ? fromMilli(
                  shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, p.id)).get()!.stock,
                )
              : shop.db.select().from(cakes).where(eq(cakes.id, p.id)).get()!.stock;

          // The model: what each step must do.
          const model = [...initial];
          const made: { id: number; saleId: string; refunded: boolean }[] = [];
          for (const op of ops) {
            if (op.type === 'sale') {
              const fits = op.lines.every((l) => l.quantity <= model[l.product]!);
              let status: number;
              let answer: { message?: string; sale?: { _id: number; saleId: string } };
              if (op.rest) {
                const res = await postJson(
                  shop,
                  '/api/sales',
                  {
                    orderType: 'Walk-in',
                    paymentMethod: 'Cash',
                    items: op.lines.map((l) => ({ itemId: products[l.product]!.code, quantity: l.quantity })),
                  },
                  cashier.accessToken,
                );
                status = res.statusCode;
                answer = res.json();
              } else {
                try {
                  const done = await cashier.api.sales.checkout({
                    orderType: 'Walk-in',
                    paymentMethod: 'Cash',
                    lines: op.lines.map((l) => ({
                      kind: products[l.product]!.kind,
                      id: products[l.product]!.id,
                      quantity: l.quantity,
                    })),
                  } as never);
                  status = 201;
                  answer = { sale: { _id: done.sale.id, saleId: done.sale.saleId } };
                } catch (e) {
                  status = (e as { code?: string }).code === 'CONFLICT' ? 409 : 500;
                  answer = { message: (e as Error).message };
                }
              }
              expect(status, JSON.stringify(answer)).toBe(fits ? 201 : 409);
              if (fits) {
                for (const l of op.lines) model[l.product]! -= l.quantity;
                made.push({ id: answer.sale!._id, saleId: answer.sale!.saleId, refunded: false });
              }
            } else {
              const target = made.length ? made[op.pick % made.length]! : undefined;
              const ref = target ? (op.pick % 2 ? target.saleId : target.id) : 'SALE-NOSUCH00';
              let status: number;
              if (op.rest) {
                status = (await postJson(shop, `/api/sales/${ref}/refund`, {}, manager.accessToken))
                  .statusCode;
              } else {
                status = await manager.api.sales.refund({ id: ref }).then(
                  () => 200,
                  (e: { code?: string }) =>
                    e.code === 'CONFLICT' ? 409 : e.code === 'NOT_FOUND' ? 404 : 500,
                );
              }
              if (!target) expect(status).toBe(404);
              else if (target.refunded) expect(status).toBe(409);
              else {
                expect(status).toBe(200);
                target.refunded = true;
                const lines = shop.db.select().from(saleLines).where(eq(saleLines.saleId, target.id)).all();
                for (const l of lines) {
                  const p = products.findIndex((x) => x.kind === l.kind && x.id === (l.itemId ?? l.cakeId));
                  model[p]! += l.quantity;
                }
              }
            }
            // After every step: stock as the model says, never negative.
            for (const [i, p] of products.entries()) {
              const stock = stockOf(p);
              expect(stock).toBeGreaterThanOrEqual(0);
              expect(stock).toBe(model[i]);
            }
          }

          // The books: initial = stock + sold − refunded, and the ledger (thousandths, for
          // items and cakes alike) explains every change.
          const saleIds = made.map((m) => m.id);
          const lines = saleIds.length
            ? shop.db
                .select({ line: saleLines, status: sales.status, saleId: sales.saleId })
                .from(saleLines)
                .innerJoin(sales, eq(sales.id, saleLines.saleId))
                .where(inArray(saleLines.saleId, saleIds))
                .orderBy(saleLines.id)
                .all()
            : [];
          expect(new Set(lines.map((l) => l.saleId)).size).toBe(made.length);
          for (const [i, p] of products.entries()) {
            const mine = lines.filter(
              (l) => l.line.kind === p.kind && (l.line.itemId ?? l.line.cakeId) === p.id,
            );
            const sold = mine.reduce((s, l) => s + l.line.quantity, 0);
            const refunded = mine
              .filter((l) => l.status === 'refunded')
              .reduce((s, l) => s + l.line.quantity, 0);
            const stock = stockOf(p);
            expect(stock + sold - refunded).toBe(initial[i]);

            const ledger = shop.db
              .select()
              .from(stockMovements)
              .where(p.kind === 'item' ? eq(stockMovements.itemId, p.id) : eq(stockMovements.cakeId, p.id))
              .orderBy(stockMovements.id)
              .all();
            expect(ledger.reduce((s, m) => s + m.change, 0)).toBe(toMilli(stock - initial[i]!));
            expect(ledger.filter((m) => m.reason === 'sale').map((m) => -m.change)).toEqual(
              mine.map((l) => toMilli(l.line.quantity)),
            );
            expect(ledger.filter((m) => m.reason === 'refund')).toHaveLength(
              mine.filter((l) => l.status === 'refunded').length,
            );
            let running = toMilli(initial[i]!)!;
            for (const m of ledger) {
              expect(['sale', 'refund']).toContain(m.reason);
              expect(m.stockBefore).toBe(running);
              expect(m.stockAfter).toBe(m.stockBefore + m.change);
              expect(m.stockAfter).toBeGreaterThanOrEqual(0);
              running = m.stockAfter;
            }
            expect(running).toBe(toMilli(stock));
          }
          // Each refunded sale's ledger rows carry its saleId, one per line.
          for (const m of made.filter((x) => x.refunded)) {
            const rows = shop.db
              .select()
              .from(stockMovements)
              .where(and(eq(stockMovements.reason, 'refund'), eq(stockMovements.reference, m.saleId)))
              .all();
            expect(rows).toHaveLength(lines.filter((l) => l.saleId === m.saleId).length);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
