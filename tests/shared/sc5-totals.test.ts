import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manilaWeek } from '../../shared/time';
import { lineDiscounts, SC5_WEEKLY_PURCHASES, saleTotals } from '../../shared/totals';

// saleTotals with the seniors' 5% (SC5): the allowance left is a parameter, so the cart and
// the checkout compute the same figures from the same lines.

const flour = { price: 100000, quantity: 1, basicNecessity: true };
const sugar = { price: 30000, quantity: 1, basicNecessity: true };
const bags = { price: 5000, quantity: 2 };

describe('saleTotals with SC5', () => {
  it('takes 5% of the basic necessities the allowance left covers, in order, and taxes the rest', () => {
    // ₱500.00 left: sugar whole (₱15.00 off), then ₱200.00 of the flour (₱10.00 off); bags untouched.
    // VAT 12% of 1,400.00 - 25.00 = 1,375.00 → 165.00; total 1,400.00 - 25.00 + 165.00 = 1,540.00.
    expect(lineDiscounts([sugar, bags, flour], 'SC5', 50000)).toEqual([1500, 0, 1000]);
    expect(saleTotals([sugar, bags, flour], 12, 'SC5', 50000)).toEqual({
      subtotal: 140000,
      discountAmount: 2500,
      vatExemptAmount: 0,
      taxAmount: 16500,
      totalAmount: 154000,
    });
  });

  it('with the whole allowance, every basic necessity takes 5% rounded half-up per line', () => {
    // 5% of ₱45.53 = 2.2765 → 2.28; 5% of ₱0.30 = 0.015 → 0.02.
    const lines = [
      { price: 4553, quantity: 1, basicNecessity: true },
      { price: 30, quantity: 1, basicNecessity: true },
    ];
    expect(saleTotals(lines, 0, 'SC5').discountAmount).toBe(230);
  });

  it('with nothing left, it is no discount at all', () => {
    expect(saleTotals([flour, bags], 12, 'SC5', 0)).toEqual(saleTotals([flour, bags], 12, null));
  });

  it('the 20% ignores the flag, and SC5 ignores the SC/PWD one', () => {
    const food = { price: 10000, quantity: 1, scPwdEligible: true, basicNecessity: true };
    expect(saleTotals([food], 12, 'SC').discountAmount).toBe(2000);
    expect(saleTotals([{ ...food, basicNecessity: false }], 12, 'SC5').discountAmount).toBe(0);
  });

  it('never takes more than 5% of the allowance left, nor leaves VAT on the discount', () => {
    const line = fc.record({
      price: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      basicNecessity: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 0, max: SC5_WEEKLY_PURCHASES }),
        (lines, left) => {
          const totals = saleTotals(lines, 12, 'SC5', left);
          const covered = Math.min(
            left,
            lines.filter((l) => l.basicNecessity).reduce((sum, l) => sum + l.price * l.quantity, 0),
          );
          expect(totals.discountAmount).toBeLessThanOrEqual(Math.ceil(covered * 0.05) + lines.length);
          expect(totals.vatExemptAmount).toBe(0);
          expect(totals.totalAmount).toBe(totals.subtotal - totals.discountAmount + totals.taxAmount);
          expect(totals.taxAmount).toBe(
            Math.floor(((totals.subtotal - totals.discountAmount) * 12 + 50) / 100),
          );
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });
});

describe('manilaWeek', () => {
  it('runs Monday to Sunday in Manila', () => {
    // Sunday 23:59 Manila is still the week of Monday the 3rd; Monday 00:00 Manila is the next.
    expect(manilaWeek(new Date('2025-03-09T23:59:59+08:00'))).toEqual({
      start: '2025-03-03',
      end: '2025-03-09',
    });
    expect(manilaWeek(new Date('2025-03-10T00:00:00+08:00'))).toEqual({
      start: '2025-03-10',
      end: '2025-03-16',
    });
    // Sunday 16:00 UTC is already Monday midnight in Manila.
    expect(manilaWeek(new Date('2025-03-09T16:00:00Z')).start).toBe('2025-03-10');
  });
});
