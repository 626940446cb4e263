import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPeso, percentOf, toCentavos, toPesos } from '../../shared/money';
import { addDays, daysBetween, manilaDate, manilaYear } from '../../shared/time';

describe('money', () => {
  it('round-trips centavos through pesos', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => toCentavos(toPesos(c)) === c));
  });

  it('rounds VAT half-up to the centavo and never drifts', () => {
    expect(percentOf(1_000, 12)).toBe(120); // ₱10.00 -> ₱1.20
    expect(percentOf(4_167, 12)).toBe(500); // 500.04 -> ₱5.00
    expect(percentOf(4_171, 12)).toBe(501); // 500.52 -> ₱5.01
    expect(percentOf(125, 12)).toBe(15); // 15.00 exactly
    expect(percentOf(1_225, 12)).toBe(147); // 147.00
    expect(percentOf(1_229, 12)).toBe(147); // 147.48
    expect(percentOf(1_230, 12)).toBe(148); // 147.60
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (subtotal) => {
        const exact = (subtotal * 12) / 100;
        const tax = percentOf(subtotal, 12);
        return Number.isInteger(tax) && tax - exact <= 0.5 && exact - tax < 0.5;
      }),
    );
  });

  it('reads pesos with two decimals exactly', () => {
    expect(toCentavos(19.99)).toBe(1999);
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(1.005)).toBe(101);
  });

  it('formats en-PH pesos', () => {
    expect(formatPeso(123456)).toBe('₱1,234.56');
  });
});

describe('Manila time', () => {
  it('puts 16:00 UTC on the next Manila day and year', () => {
    expect(manilaDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(manilaDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(manilaYear(new Date('2026-12-31T16:00:00Z'))).toBe(2027);
  });
});

describe('calendar days', () => {
  it('daysBetween lists every date from one to the other, each the day after the last, across months and leap days', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 400 }),
        (start, span) => {
          const from = start.toISOString().slice(0, 10);
          const to = addDays(from, span);
          const days = daysBetween(from, to);
          expect(days).toHaveLength(span + 1);
          expect(days[0]).toBe(from);
          expect(days.at(-1)).toBe(to);
          for (let i = 1; i < days.length; i++) expect(days[i]).toBe(addDays(days[i - 1] as string, 1));
        },
      ),
      { numRuns: 200 },
    );
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2026-12-06', '2026-12-05')).toEqual([]);
  });
});

describe('manilaDate remembers the last day asked', () => {
  it('agrees with the date worked out afresh for instants near each other, in any order', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7_258_118_400_000 }),
        fc.array(fc.oneof(fc.integer({ min: -2 * day, max: 2 * day }), fc.constantFrom(-1, 0, 1)), {
          maxLength: 40,
        }),
        (base, offsets) => {
          // Around the base's Manila midnight too, where one day ends and the next begins.
          const midnight = Date.parse(`${manilaDate(new Date(base))}T00:00:00Z`) - 8 * 3_600_000;
          for (const ms of offsets.flatMap((o) => [base + o, midnight + o]))
            expect(manilaDate(new Date(ms))).toBe(new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10));
        },
      ),
    );
  });
});
