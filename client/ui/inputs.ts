import type { CSSProperties } from 'react';

/** A number input's value: blank reads as `blank`; anything unreadable as NaN (refused by the checks). */
export function numberOf(value: number | string, blank = 0): number {
  if (typeof value === 'number') return value;
  const text = value.replaceAll(',', '').trim();
  return text === '' ? blank : Number(text);
}

/** '₱' inputs: two decimals, thousands separated, as the shop writes prices. */
export const PESO_INPUT = {
  prefix: '₱',
  placeholder: '₱0.00',
  decimalScale: 2,
  fixedDecimalScale: true,
  thousandSeparator: ',',
  hideControls: true,
} as const;

/**
 * The item table has eleven columns: 6px either side of each cell (Mantine's default is
 * 10px) keeps them all, Actions included, inside a 1366px screen beside the side navigation.
 * Mantine's Table reads this variable from its parent when no spacing is given to it.
 */
export const TIGHT_TABLE = { '--table-horizontal-spacing': '6px' } as CSSProperties;
