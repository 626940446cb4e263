import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, inventoryItems, productSalesByDay } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { bestSellers, FIRST_LEADERS } from '../../server/domains/reports/bestSellers';
import { periodDays } from '../../server/domains/reports/period';
import { reportSummary } from '../../server/domains/reports/summary';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { addDays } from '../../shared/time';
import { type TestShop, testApp } from '../helpers/app';

// The daily roll-ups are kept by triggers (drizzle/0005_reports.sql). Whatever sales and
// refunds happen, at whatever time of the Manila day, the report read from them must equal
// the same figures computed straight from the sales and their lines.

let shop: TestShop;
let viewer: Viewer;
const products: number[] = [];
const FIRST_DAY = '2026-03-01';

beforeAll(async () => {
  shop = await testApp();
  viewer = shop.adminViewer();
  const named = shop.db.insert(categories).values({ name: 'Pantry', type: 'inventory' }).returning().get().id;
  for (let n = 0; n < 4; n++)
    products.push(
      shop.db
        .insert(inventoryItems)
        .values({
          itemId: `INV-90000${n}`,
          name: `Product ${n}`,
          // A million units, in thousandths: never runs out.
          stock: 1_000_000_000,
          unitPrice: 1999 + n * 1234,
          purchasePrice: 1500 + n * 777,
          categoryId: n % 2 ? named : null,
        })
        .returning()
        .get().id,
    );
});
afterAll(() => shop.close());

/** The report's figures straight from sales and lines: what the roll-ups must agree with. */
function fromTheSales(from: string, to: string) {
  const day = sql`date(s.sold_at / 1000 + 28800, 'unixepoch')`;
  const inRange = sql`s.status = 'completed' and ${day} between ${from} and ${to}`;
  const totals = shop.db.get<{ totalSales: number; revenue: number; taxAmount: number; n: number }>(
    sql`select coalesce(sum(total_amount), 0) as totalSales, coalesce(sum(subtotal), 0) as revenue,
      coalesce(sum(tax_amount), 0) as taxAmount, count(*) as n from sales s where ${inRange}`,
  );
  const cost = shop.db.get<{ cost: number; atPurchasePrice: number }>(
    sql`select coalesce(sum(l.cost), 0) as cost, coalesce(sum(l.purchase_price * l.quantity), 0) as atPurchasePrice
      from sale_lines l join sales s on s.id = l.sale_id where ${inRange}`,
  );
  const byCode = shop.db.all<{ code: string; quantity: number }>(
    sql`select l.code as code, sum(l.quantity) as quantity from sale_lines l join sales s on s.id = l.sale_id
      where ${inRange} group by l.code order by l.code`,
  );
  return { ...totals!, ...cost!, byCode };
}

const sale = fc.record({
  dayOffset: fc.integer({ min: 0, max: 6 }),
  // Minutes into the Manila day, weighted toward either side of midnight.
  minute: fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 1436, max: 1439 }),
    fc.integer({ min: 0, max: 1439 }),
  ),
  lines: fc.uniqueArray(
    fc.record({ product: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }) }),
    { minLength: 1, maxLength: 4, selector: (l) => l.product },
  ),
  taxRate: fc.constantFrom(0, 12),
  paymentMethod: fc.constantFrom('Cash', 'GCash', 'Credit Card'),
  refunded: fc.boolean(),
});

describe('the daily roll-ups', () => {
  it('equal the figures computed from the sales, for any sales, refunds and range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sale, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        async (made, a, b) => {
          for (const s of made) {
            const day = addDays(FIRST_DAY, s.dayOffset);
            const at = new Date(new Date(`${day}T00:00:00+08:00`).getTime() + s.minute * 60_000);
            const input = checkoutInput.parse({
              orderType: 'Walk-in',
              lines: s.lines.map((l) => ({ kind: 'item', id: products[l.product], quantity: l.quantity })),
              taxRate: s.taxRate,
              paymentMethod: s.paymentMethod,
              reference: s.paymentMethod === 'Cash' ? '' : 'REF',
              cashTendered: s.paymentMethod === 'Cash' ? 100_000_000 : undefined,
            });
            const { sale: done } = await checkout(shop.db, viewer, input, at);
            if (s.refunded) await refund(shop.db, viewer, done.id, at);
          }
          const [from, to] = [addDays(FIRST_DAY, Math.min(a, b)), addDays(FIRST_DAY, Math.max(a, b))];
          const report = reportSummary(shop.db, periodDays(shop.db, { range: 'custom', from, to }));
          const truth = fromTheSales(from, to);
          expect(report.totalSales).toBe(truth.totalSales);
          expect(report.revenue).toBe(truth.revenue);
          expect(report.taxAmount).toBe(truth.taxAmount);
          expect(report.cost).toBe(truth.cost);
          // Every lot here is opening stock at the purchase price, so that is what the lines cost.
          expect(truth.cost).toBe(truth.atPurchasePrice);
          expect(report.totalTransactions).toBe(truth.n);
          const sold = (codes: { code: string; quantity: number }[]) =>
            Object.fromEntries(codes.filter((c) => c.quantity > 0).map((c) => [c.code, c.quantity]));
          const allSellers = shop.db.all<{ code: string; quantity: number }>(
            sql`select code, sum(quantity) as quantity from product_sales_by_day where day between ${from} and ${to} group by code order by code`,
          );
          expect(sold(allSellers)).toEqual(sold(truth.byCode));
          expect(report.daily.reduce((sum, d) => sum + d.totalSales, 0)).toBe(truth.totalSales);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('find the best sellers exactly from each day’s leaders, however the sales spread', () => {
    // Far more products a day than the first leaders read, so the bound decides when to stop;
    // and over 200 in a period, past which every product is summed at once instead.
    const day = fc.record({
      offset: fc.integer({ min: 0, max: 9 }),
      sold: fc.array(fc.tuple(fc.integer({ min: 0, max: 299 }), fc.integer({ min: 0, max: 40 })), {
        maxLength: 2 * FIRST_LEADERS,
      }),
    });
    fc.assert(
      fc.property(
        fc.array(day, { maxLength: 10 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (days, a, b) => {
          const rows = new Map<string, { day: string; code: string; quantity: number }>();
          for (const d of days)
            for (const [product, quantity] of d.sold) {
              const row = { day: addDays('2030-01-01', d.offset), code: `INV-${800000 + product}`, quantity };
              rows.set(`${row.day}:${row.code}`, row); // one row per product and day, as the roll-up keeps
            }
          shop.db.delete(productSalesByDay).where(sql`day >= '2030-01-01'`).run();
          for (const r of rows.values())
            shop.db
              .insert(productSalesByDay)
              .values({
                ...r,
                kind: 'item',
                name: r.code,
                revenue: r.quantity * 100 + (Number(r.code.slice(-2)) % 7),
                cost: 0,
              })
              .run();
          const [from, to] = [addDays('2030-01-01', Math.min(a, b)), addDays('2030-01-01', Math.max(a, b))];
          const totals = new Map<string, { quantity: number; revenue: number }>();
          for (const r of rows.values()) {
            if (r.day < from || r.day > to) continue;
            const t = totals.get(r.code) ?? { quantity: 0, revenue: 0 };
            t.quantity += r.quantity;
            t.revenue += r.quantity * 100 + (Number(r.code.slice(-2)) % 7);
            totals.set(r.code, t);
          }
          const expected = [...totals.entries()]
            .filter(([, t]) => t.quantity > 0)
            .sort(
              ([ca, x], [cb, y]) => y.quantity - x.quantity || y.revenue - x.revenue || ca.localeCompare(cb),
            )
            .slice(0, 5)
            .map(([code, t]) => [code, t.quantity]);
          const found = bestSellers(shop.db, periodDays(shop.db, { range: 'custom', from, to }));
          expect(found.map((s) => [s.code, s.quantity])).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  /** A product's day in the roll-up, at ₱1.00 a unit. */
  const put = (day: string, code: string, quantity: number) =>
    shop.db
      .insert(productSalesByDay)
      .values({ day, kind: 'item', code, name: code, quantity, revenue: quantity * 100, cost: 0 })
      .run();

  it('finds them when the last day sold hundreds of products alike', () => {
    shop.db.delete(productSalesByDay).where(sql`day >= '2032-01-01'`).run();
    // A month of a few sellers a day, then a day that sold 400 products 10 each (the bench's
    // own checkouts do this): too many could still place to sum them one by one.
    for (let d = 0; d < 29; d++)
      for (let n = 0; n < 60; n++)
        put(addDays('2032-01-01', d), `INV-M-${(d * 7 + n) % 90}`, 1 + ((d + n) % 4));
    for (let n = 0; n < 400; n++) put('2032-01-30', `INV-M-${n}`, 10);
    const truth = shop.db.all<{ code: string; quantity: number }>(
      sql`select code, sum(quantity) as quantity, sum(revenue) as revenue from product_sales_by_day
          where day between '2032-01-01' and '2032-01-30' group by code order by 2 desc, 3 desc, code limit 5`,
    );
    const found = bestSellers(
      shop.db,
      periodDays(shop.db, { range: 'custom', from: '2032-01-01', to: '2032-01-30' }),
    );
    expect(found.map((s) => [s.code, s.quantity])).toEqual(truth.map((t) => [t.code, t.quantity]));
    expect(found).toHaveLength(5);
  });

  it('finds a steady seller that never led a single day', () => {
    shop.db.delete(productSalesByDay).where(sql`day >= '2031-01-01'`).run();
    for (let d = 0; d < 10; d++) {
      const day = addDays('2031-01-01', d);
      // More products a day than the leaders read sell 100 each, different ones every day...
      for (let n = 0; n <= FIRST_LEADERS; n++) put(day, `INV-SPIKE-${d}-${n}`, 100);
      // ...while one sells 50 every day: 500 in all, the period's best seller.
      put(day, 'INV-STEADY', 50);
    }
    const found = bestSellers(
      shop.db,
      periodDays(shop.db, { range: 'custom', from: '2031-01-01', to: '2031-01-10' }),
    );
    expect(found[0]).toMatchObject({ code: 'INV-STEADY', quantity: 500 });
    expect(found.slice(1).map((s) => s.quantity)).toEqual([100, 100, 100, 100]);
  });
});
