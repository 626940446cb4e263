import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../shared/schemas/fields';

// isCalendarDate decides by arithmetic; JavaScript's own calendar is the reference.
const byDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const two = (n: number) => String(n).padStart(2, '0');

describe('a calendar date (YYYY-MM-DD)', () => {
  it("agrees with JavaScript's calendar on any year, month and day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const value = `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
          expect(isCalendarDate(value)).toBe(byDate(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    [' 2026-01-01', false],
  ])('%s is %s', (value, expected) => expect(isCalendarDate(value)).toBe(expected));
});
