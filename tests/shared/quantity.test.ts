import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatQuantity, fromMilli, QUANTITY_SCALE, toMilli } from '../../shared/quantity';

describe('quantities in thousandths', () => {
  it('reads units with up to three decimals exactly', () => {
    expect(QUANTITY_SCALE).toBe(1000);
    expect(toMilli(3)).toBe(3000);
    expect(toMilli(2.5)).toBe(2500);
    expect(toMilli(0.25)).toBe(250);
    expect(toMilli(1.005)).toBe(1005);
    expect(toMilli(0.001)).toBe(1);
    expect(toMilli(0)).toBe(0);
    expect(Object.is(toMilli(-0), 0)).toBe(true);
    // Float noise is the three-decimal amount it stands for.
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(1.1 * 3)).toBe(3300);
  });

  it('refuses a fourth decimal and what is not a number', () => {
    expect(toMilli(1.2345)).toBeNull();
    expect(toMilli(0.0001)).toBeNull();
    expect(toMilli(10_000_000.0001)).toBeNull();
    expect(toMilli(Number.NaN)).toBeNull();
    expect(toMilli(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('gives back the units it read: 3 stays 3, 2500 is 2.5', () => {
    expect(fromMilli(3000)).toBe(3);
    expect(fromMilli(2500)).toBe(2.5);
    expect(fromMilli(1)).toBe(0.001);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (milli) => toMilli(fromMilli(milli)) === milli),
    );
  });

  it('shows quantities as people read them', () => {
    expect(formatQuantity(1_234_500)).toBe('1,234.5');
    expect(formatQuantity(3000)).toBe('3');
    expect(formatQuantity(250)).toBe('0.25');
    expect(formatQuantity(1)).toBe('0.001');
  });
});
