import { describe, expect, it } from 'vitest';
import { amountText, yesNo } from '../../shared/display';

describe('display', () => {
  it('says a yes-or-no field as Yes or No', () => {
    expect([yesNo(true), yesNo(false)]).toEqual(['Yes', 'No']);
  });

  it('says an amount with its unit, alone without one, and nothing for neither', () => {
    expect(amountText(1, 'kg')).toBe('1 kg');
    expect(amountText(0.5, 'L')).toBe('0.5 L');
    expect(amountText(500, null)).toBe('500');
    expect(amountText(0, null)).toBe('');
  });
});
