import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../shared/digits';
import { formatPeso } from '../../shared/money';
import { formatQuantity } from '../../shared/quantity';
import {
  formatCalendarDate,
  formatClock,
  formatDateTime,
  formatMonthDay,
  formatWeekday,
} from '../../shared/time';

// The shop's formats are written without Intl (shared/digits.ts says why); here each must
// read exactly as Intl's en-PH formatter that it replaced.
const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
const quantity = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 3 });
const count = new Intl.NumberFormat('en-PH');
const calendarDay = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const weekday = new Intl.DateTimeFormat('en-PH', { weekday: 'short', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  hour: 'numeric',
  minute: '2-digit',
});

const amounts = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.integer({ min: -1e14, max: 1e14 }),
  fc.constantFrom(0, -0, 1, -1, 99, 100, 999, 1000, 999_999, 1_000_000),
);
// 2000 to 2100, as instants: Manila last kept summer time in 1990, and the shop's clock
// (shared/time.ts) is UTC+8 throughout.
const instants = fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 });

describe('en-PH formats without Intl', () => {
  it('writes pesos as Intl does', () => {
    fc.assert(
      fc.property(amounts, (c) => formatPeso(c) === peso.format(c / 100)),
      { numRuns: 2000 },
    );
  });

  it('writes quantities in thousandths as Intl does', () => {
    fc.assert(
      fc.property(amounts, (m) => formatQuantity(m) === quantity.format(m / 1000)),
      { numRuns: 2000 },
    );
  });

  it('writes whole counts as Intl does', () => {
    fc.assert(
      fc.property(amounts, (n) => formatCount(n) === count.format(n)),
      { numRuns: 2000 },
    );
  });

  it('writes calendar dates, date-times and times of day in Manila as Intl does', () => {
    fc.assert(
      fc.property(instants, (ms) => {
        const at = new Date(ms);
        const day = at.toISOString().slice(0, 10);
        expect(formatCalendarDate(day)).toBe(calendarDay.format(new Date(`${day}T00:00:00Z`)));
        expect(formatWeekday(day)).toBe(weekday.format(new Date(`${day}T12:00:00Z`)));
        expect(formatMonthDay(day)).toBe(monthDay.format(new Date(`${day}T12:00:00Z`)));
        expect(formatDateTime(at)).toBe(dateTime.format(at));
        expect(formatDateTime(at.toISOString())).toBe(dateTime.format(at));
        expect(formatClock(ms)).toBe(clock.format(at));
      }),
      { numRuns: 2000 },
    );
    // Midnight and noon on the 12-hour clock, every month's name.
    for (const [iso, text] of [
      ['2026-01-31T16:00:00Z', 'Feb 1, 2026, 12:00 AM'],
      ['2026-09-15T04:05:00Z', 'Sep 15, 2026, 12:05 PM'],
    ] as const)
      expect(formatDateTime(iso)).toBe(text);
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-01`;
      expect(formatCalendarDate(day)).toBe(calendarDay.format(new Date(`${day}T00:00:00Z`)));
    }
    expect(formatCalendarDate(null)).toBe('');
  });
});
