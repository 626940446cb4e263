import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems, salePayments, sales, salesByDay } from '../../server/db/schema';
import { periodDays } from '../../server/domains/reports/period';
import { reportSummary } from '../../server/domains/reports/summary';
import { checkoutInput } from '../../shared/schemas/sales';
import { SALES_TEXT } from '../../shared/texts/sales';
import { manilaDate } from '../../shared/time';
import { saleTotals } from '../../shared/totals';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';

// The counter's money: the SC/PWD discount (20% off eligible lines, which are
// VAT-exempt; other lines taxed as usual) in integer centavos, and split tender with
// change. Figures are computed by hand in the comments.

let shop: TestShop;
let cashier: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  // Staff sell inside their own open shift.
  cashier = await atCounter(await shop.signedIn('staff'));
});
afterAll(() => shop.close());

function item(price: number, scPwdEligible = false) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-T${seq}`,
      name: `Tender Item ${seq}`,
      stock: 100_000,
      unitPrice: price,
      scPwdEligible,
    })
    .returning()
    .get();
}
function cake(price: number) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-T${seq}`, name: `Tender Cake ${seq}`, stock: 100, price })
    .returning()
    .get();
}

const SENIOR = { type: 'SC', name: 'Lola Remedios Cruz', idNumber: 'SC-0421-118' } as const;

/** Flour ₱61.26 × 3 (not eligible), a cake ₱850.00 × 1 and bread ₱45.53 × 1 (eligible). */
function mixedCart() {
  const flour = item(6126);
  const bread = item(4553, true);
  const chocolate = cake(85000);
  return [
    { kind: 'item' as const, id: flour.id, quantity: 3 },
    { kind: 'cake' as const, id: chocolate.id, quantity: 1 },
    { kind: 'item' as const, id: bread.id, quantity: 1 },
  ];
}

const sell = (input: Record<string, unknown>) => cashier.api.sales.checkout(checkoutInput.parse(input));

describe('SC/PWD discount', () => {
  it('a mixed cart with VAT: 20% off each eligible line, half-up per line; VAT on the others only', async () => {
    // subtotal 183.78 + 850.00 + 45.53 = 1,079.31
    // discount 170.00 (850.00) + 9.11 (45.53 × 20% = 9.106) = 179.11
    // VAT-exempt 850.00 + 45.53 = 895.53; VAT 12% of 183.78 = 22.0536 → 22.05
    // total 1,079.31 - 179.11 + 22.05 = 922.25
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: mixedCart(),
      taxRate: 12,
      paymentMethod: 'Cash',
      discount: SENIOR,
    });
    expect(sale).toMatchObject({
      subtotal: 107931,
      discountAmount: 17911,
      vatExemptAmount: 89553,
      taxAmount: 2205,
      totalAmount: 92225,
      discountType: 'SC',
      discountName: SENIOR.name,
      discountIdNumber: SENIOR.idNumber,
    });
    expect(sale.lines.map((l) => [l.discount, l.lineTotal])).toEqual([
      [0, 18378],
      [17000, 68000],
      [911, 3642],
    ]);
  });

  it('the same cart without VAT, for PWD: the discount only', async () => {
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: mixedCart(),
      taxRate: 0,
      paymentMethod: 'Cash',
      discount: { ...SENIOR, type: 'PWD' },
    });
    // 1,079.31 - 179.11 = 900.20
    expect(sale).toMatchObject({
      discountAmount: 17911,
      taxAmount: 0,
      totalAmount: 90020,
      discountType: 'PWD',
    });
  });

  it('a cart of nothing eligible gets no discount and its usual VAT', async () => {
    const flour = item(6126);
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id: flour.id, quantity: 3 }],
      taxRate: 12,
      paymentMethod: 'Cash',
      discount: SENIOR,
    });
    expect(sale).toMatchObject({
      subtotal: 18378,
      discountAmount: 0,
      vatExemptAmount: 0,
      taxAmount: 2205,
      totalAmount: 20583,
    });
  });

  it('a missing name or ID number is 400 with its message, and nothing is sold', async () => {
    const lines = mixedCart();
    const before = shop.db.$count(sales);
    for (const [discount, message] of [
      [{ type: 'SC', name: ' ', idNumber: 'SC-1' }, SALES_TEXT.discountName],
      [{ type: 'PWD', name: 'Ana', idNumber: '' }, SALES_TEXT.discountIdNumber],
      [{ type: 'VIP', name: 'Ana', idNumber: '1' }, SALES_TEXT.discountType],
    ] as const) {
      await expectTrpcError(
        cashier.api.sales.checkout({ orderType: 'Walk-in', lines, paymentMethod: 'Cash', discount } as never),
        'BAD_REQUEST',
        message,
      );
      const res = await postJson(
        shop,
        '/api/sales',
        {
          orderType: 'Walk-in',
          items: lines.map((l) => ({ _id: l.id, kind: l.kind, quantity: l.quantity })),
          paymentMethod: 'Cash',
          discount,
        },
        cashier.accessToken,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await shop.db.$count(sales)).toBe(await before);
  });

  it('REST: the discount in, the figures out in pesos; a client whose discount differs gets 409', async () => {
    const lines = mixedCart();
    const items = lines.map((l) => ({ _id: l.id, kind: l.kind, quantity: l.quantity }));
    const body = { orderType: 'Walk-in', items, taxRate: 12, paymentMethod: 'Cash', discount: SENIOR };
    const wrong = await postJson(
      shop,
      '/api/sales',
      { ...body, subtotal: 1079.31, discountAmount: 179.1, taxAmount: 22.05, totalAmount: 922.26 },
      cashier.accessToken,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('discount ₱179.11');
    const res = await postJson(
      shop,
      '/api/sales',
      { ...body, subtotal: 1079.31, discountAmount: 179.11, taxAmount: 22.05, totalAmount: 922.25 },
      cashier.accessToken,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sale).toMatchObject({
      subtotal: 1079.31,
      discount: SENIOR,
      discountAmount: 179.11,
      vatExemptAmount: 895.53,
      taxAmount: 22.05,
      totalAmount: 922.25,
    });
  });

  it('the reports count revenue net of the discount', async () => {
    const day = manilaDate(new Date());
    const before = reportSummary(shop.db, periodDays(shop.db, { range: 'today' } as never));
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: mixedCart(),
      taxRate: 12,
      paymentMethod: 'Cash',
      discount: SENIOR,
    });
    const after = reportSummary(shop.db, periodDays(shop.db, { range: 'today' } as never));
    // Revenue: 1,079.31 - 179.11 = 900.20 (net of VAT and of the discount).
    expect(after.revenue - before.revenue).toBe(90020);
    expect(after.totalSales - before.totalSales).toBe(sale.totalAmount);
    const row = shop.db.select().from(salesByDay).where(eq(salesByDay.day, day)).all();
    expect(row.reduce((s, r) => s + r.subtotal, 0)).toBe(after.revenue);
  });
});

describe('split tender and change', () => {
  const cart = () => [{ kind: 'item' as const, id: item(50000).id, quantity: 1 }]; // ₱500.00, no VAT

  it('cash and GCash adding up to the total; cash tendered above its share gives change', async () => {
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: cart(),
      payments: [
        { method: 'Cash', amount: 20000 },
        { method: 'GCash', amount: 30000, reference: 'GC-778' },
      ],
      cashTendered: 50000,
    });
    expect(sale).toMatchObject({ paymentMethod: 'Cash + GCash', cashTendered: 50000, change: 30000 });
    expect(sale.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['Cash', 20000, null],
      ['GCash', 30000, 'GC-778'],
    ]);
  });

  it('payments that do not add up to the total are 400, and nothing is sold', async () => {
    const lines = cart();
    const before = await shop.db.$count(salePayments);
    await expectTrpcError(
      sell({
        orderType: 'Walk-in',
        lines,
        payments: [
          { method: 'Cash', amount: 20000 },
          { method: 'GCash', amount: 29999, reference: 'GC-1' },
        ],
      }),
      'BAD_REQUEST',
      SALES_TEXT.paymentsSum('₱500.00'),
    );
    expect(await shop.db.$count(salePayments)).toBe(before);
  });

  it('change is never negative: cash tendered below its share is refused', async () => {
    await expectTrpcError(
      sell({
        orderType: 'Walk-in',
        lines: cart(),
        payments: [
          { method: 'Cash', amount: 20000 },
          { method: 'PayMaya', amount: 30000, reference: 'PM-1' },
        ],
        cashTendered: 19999,
      }),
      'BAD_REQUEST',
      SALES_TEXT.cashShareTooLow('₱200.00'),
    );
  });

  it('card and e-wallet payments need their reference; two cash payments are refused', async () => {
    await expectTrpcError(
      cashier.api.sales.checkout({
        orderType: 'Walk-in',
        lines: cart(),
        payments: [
          { method: 'Cash', amount: 20000 },
          { method: 'Credit Card', amount: 30000 },
        ],
      } as never),
      'BAD_REQUEST',
      SALES_TEXT.referenceRequired,
    );
    await expectTrpcError(
      cashier.api.sales.checkout({
        orderType: 'Walk-in',
        lines: cart(),
        payments: [
          { method: 'Cash', amount: 20000 },
          { method: 'Cash', amount: 30000 },
        ],
      } as never),
      'BAD_REQUEST',
      SALES_TEXT.oneCashPayment,
    );
  });

  it('REST: payments in pesos; the Payment Breakdown counts each payment under its method', async () => {
    const methods = () =>
      Object.fromEntries(
        reportSummary(shop.db, periodDays(shop.db, { range: 'today' } as never)).payments.map((p) => [
          p.method,
          p.totalSales,
        ]),
      );
    const before = methods();
    const res = await postJson(
      shop,
      '/api/sales',
      {
        orderType: 'Online',
        items: cart().map((l) => ({ _id: l.id, quantity: 1 })),
        payments: [
          { method: 'Cash', amount: 125.5 },
          { method: 'GCash', amount: 374.5, reference: 'GC-9' },
        ],
        cashTendered: 200,
      },
      cashier.accessToken,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sale).toMatchObject({
      paymentMethod: 'Cash + GCash',
      payments: [
        { method: 'Cash', amount: 125.5, reference: null },
        { method: 'GCash', amount: 374.5, reference: 'GC-9' },
      ],
      cashTendered: 200,
      change: 74.5,
    });
    const after = methods();
    expect((after.Cash ?? 0) - (before.Cash ?? 0)).toBe(12550);
    expect((after.GCash ?? 0) - (before.GCash ?? 0)).toBe(37450);
    // A refund takes both payments away again.
    await cashier.api.sales.refund({ id: res.json().sale._id }).catch(() => undefined);
    await (await shop.adminSession()).api.sales.refund({ id: res.json().sale._id });
    const refunded = methods();
    expect(refunded.Cash ?? 0).toBe(before.Cash ?? 0);
    expect(refunded.GCash ?? 0).toBe(before.GCash ?? 0);
  });

  it('the legacy one-method sale is one payment of the total', async () => {
    const { sale } = await sell({
      orderType: 'Walk-in',
      lines: cart(),
      paymentMethod: 'PayMaya',
      reference: 'PM-5',
    });
    expect(sale.payments).toEqual([
      { saleId: sale.id, method: 'PayMaya', amount: 50000, reference: 'PM-5', appliedDeposit: false },
    ]);
  });
});

describe('the discount rule for any cart (property)', () => {
  const line = fc.record({
    price: fc.oneof(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 500 })),
    quantity: fc.integer({ min: 1, max: 40 }),
    scPwdEligible: fc.boolean(),
  });
  /** Round-half-up percent in BigInt, apart from the code under test. */
  const pct = (amount: bigint, percent: bigint) => (amount * percent + 50n) / 100n;

  it('total = Σ lines after discount + VAT on the non-exempt part; never negative, never above the undiscounted total', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(0, 12),
        fc.constantFrom(null, 'SC' as const, 'PWD' as const),
        (lines, rate, discount) => {
          const t = saleTotals(lines, rate, discount);
          let afterDiscount = 0n;
          let taxable = 0n;
          for (const l of lines) {
            const amount = BigInt(l.price) * BigInt(l.quantity);
            const exempt = discount !== null && l.scPwdEligible;
            afterDiscount += exempt ? amount - pct(amount, 20n) : amount;
            if (!exempt) taxable += amount;
          }
          const expected = afterDiscount + pct(taxable, BigInt(rate));
          expect(BigInt(t.totalAmount)).toBe(expected);
          expect(t.totalAmount).toBeGreaterThanOrEqual(0);
          const undiscounted = saleTotals(lines, rate, null).totalAmount;
          expect(t.totalAmount).toBeLessThanOrEqual(undiscounted);
          expect(t.totalAmount).toBe(t.subtotal - t.discountAmount + t.taxAmount);
          if (discount === null) expect(t.discountAmount + t.vatExemptAmount).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
