import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';

// The invoice and the readings split a sale the same way: over any day of sales (VAT or not,
// SC, PWD, the seniors' 5%, refunds), the invoices' VATable, VAT-exempt and zero-rated sales,
// VAT and discounts by type add up to the Z reading's, and each invoice's parts add up to its total.

let shop: TestShop;
let admin: Session;
let ids: number[] = [];

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.signedIn('admin');
  ids = shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-CON1', name: 'Con Flour', stock: 10_000_000, unitPrice: 12_345, basicNecessity: true },
      { itemId: 'INV-CON2', name: 'Con Pandesal', stock: 10_000_000, unitPrice: 999, scPwdEligible: true },
      { itemId: 'INV-CON3', name: 'Con Piping Bags', stock: 10_000_000, unitPrice: 25_050 },
    ])
    .returning()
    .all()
    .map((i) => i.id);
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const DISCOUNTS = [null, 'SC', 'PWD', 'SC5'] as const;
const sale = fc.record({
  quantities: fc.tuple(fc.nat({ max: 30 }), fc.nat({ max: 30 }), fc.nat({ max: 30 })),
  taxRate: fc.constantFrom(0, 12),
  discount: fc.constantFrom(...DISCOUNTS),
  refund: fc.boolean(),
});
let day = 0;

describe('the invoices and the Z reading', () => {
  it('split every day of sales alike', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 8 }), async (sales) => {
        day++;
        const made: number[] = [];
        for (const [n, s] of sales.entries()) {
          const lines = s.quantities
            .map((quantity, i) => ({ kind: 'item' as const, id: ids[i]!, quantity }))
            .filter((l) => l.quantity > 0);
          if (lines.length === 0) continue;
          const { sale: sold } = await admin.api.sales.checkout({
            orderType: 'Walk-in',
            paymentMethod: 'Cash',
            taxRate: s.taxRate,
            lines,
            discount: s.discount ? { type: s.discount, name: 'Lola Cruz', idNumber: `ID-${day}-${n}` } : null,
          } as never);
          made.push(sold.id);
          if (s.refund) await admin.api.sales.refund({ id: sold.id } as never);
        }
        const z = await admin.api.shifts.takeZReading({ allowEmpty: true } as never);
        const receipts = await Promise.all(made.map((id) => admin.api.sales.receipt({ id } as never)));
        const sum = (pick: (r: (typeof receipts)[number]) => number) =>
          receipts.reduce((total, r) => total + pick(r), 0);
        for (const r of receipts)
          expect(r.vatableSales + r.vatExemptSales + r.zeroRatedSales + r.vatAmount).toBe(r.totalAmount);
        expect({
          vatable: z.vatableSales,
          exempt: z.vatExemptSales,
          zeroRated: z.zeroRatedSales,
          vat: z.vatAmount,
          SC: z.discounts.SC,
          PWD: z.discounts.PWD,
          SC5: z.discounts.SC5,
          other: z.discounts.other,
        }).toEqual({
          vatable: sum((r) => r.vatableSales),
          exempt: sum((r) => r.vatExemptSales),
          zeroRated: sum((r) => r.zeroRatedSales),
          vat: sum((r) => r.vatAmount),
          SC: sum((r) => r.discounts.SC),
          PWD: sum((r) => r.discounts.PWD),
          SC5: sum((r) => r.discounts.SC5),
          other: sum((r) => r.discounts.other),
        });
        expect(z.netSales).toBe(
          z.grossSales -
            z.discounts.SC -
            z.discounts.PWD -
            z.discounts.SC5 -
            z.discounts.other +
            z.vatAmount -
            z.refundsAmount,
        );
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
