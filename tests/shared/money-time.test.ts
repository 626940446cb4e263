import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPeso, percentOf, toCentavos, toPesos } from '../../shared/money';
import { addDays, daysBetween, manilaDate, manilaDayStart, manilaYear, utcMidnight } from '../../shared/time';

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

  it('daysBetween hands out the last span again, frozen, and any other span afresh', () => {
    const spans = [
      ['2026-09-08', '2026-12-06'],
      ['2026-12-01', '2026-12-06'],
      ['2026-11-30', '2026-12-06'],
      ['2028-02-27', '2028-03-01'],
    ] as const;
    const fresh = (from: string, to: string) => {
      const days: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
      return days;
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...spans), { minLength: 1, maxLength: 12 }), (asked) => {
        for (const [from, to] of asked) expect(daysBetween(from, to)).toEqual(fresh(from, to));
      }),
    );
    const chart = daysBetween('2026-09-08', '2026-12-06');
    expect(daysBetween('2026-09-08', '2026-12-06')).toBe(chart);
    expect(Object.isFrozen(chart)).toBe(true);
    expect(chart).toHaveLength(90);
  });
});

describe('utcMidnight reads a date as Date.parse does', () => {
  // Text shaped like a date, with any digits (months 13, days 0 and 31 of short months, years
  // 0-99), and some with another character in place of a digit or dash.
  const digit = fc.constantFrom(...'0123456789');
  const anyChar = fc.oneof({ weight: 20, arbitrary: digit }, fc.constantFrom('-', ' ', 'a', '+', '.', '٣'));
  const dateLike = fc
    .tuple(fc.array(anyChar, { minLength: 4, maxLength: 4 }), fc.constantFrom('-', '-', '-', '/'))
    .chain(([year, dash]) =>
      fc
        .tuple(
          fc.array(anyChar, { minLength: 2, maxLength: 2 }),
          fc.array(anyChar, { minLength: 2, maxLength: 2 }),
        )
        .map(([month, day]) => `${year.join('')}${dash}${month.join('')}-${day.join('')}`),
    );
  const parsed = (day: string) => Date.parse(`${day}T00:00:00Z`);

  it('agrees on every text shaped like a date, valid or not', () => {
    fc.assert(
      fc.property(dateLike, (day) => {
        expect(utcMidnight(day)).toBe(parsed(day));
      }),
      { numRuns: 5000 },
    );
    for (const day of [
      '2026-02-29',
      '2028-02-29',
      '2026-02-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0099-01-01',
      '1900-02-29',
      '2026-1-01',
      '20260101',
      '',
    ]) {
      expect(utcMidnight(day)).toBe(parsed(day));
    }
  });

  it('agrees on every calendar date, and addDays and manilaDayStart with it', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0100-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -800, max: 800 }),
        (at, n) => {
          const day = at.toISOString().slice(0, 10);
          expect(utcMidnight(day)).toBe(parsed(day));
          expect(manilaDayStart(day).getTime()).toBe(parsed(day) - 8 * 3_600_000);
          const later = new Date(`${day}T00:00:00Z`);
          later.setUTCDate(later.getUTCDate() + n);
          if (later.getUTCFullYear() <= 9999) expect(addDays(day, n)).toBe(later.toISOString().slice(0, 10));
        },
      ),
      { numRuns: 2000 },
    );
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
