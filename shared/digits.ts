// Numbers written as en-PH writes them, without Intl. A page's first Intl formatter costs the
// browser 20 to 60 ms (it loads the locale's data), on the tablet four times that, in one piece
// of the task that starts the app; these few formats are plain string work instead. The tests
// (tests/shared/formats.test.ts) hold each to Intl's en-PH output.

/** Whole-number digits in threes: "1234567" → "1,234,567". */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Intl writes a minus for negative zero too ("-0", "-₱0.00"). */
export const minus = (n: number) => (n < 0 || Object.is(n, -0) ? '-' : '');

/** `n` hundredths (places 2) or thousandths (3) of a unit, grouped, with that many decimals: 123456, 2 → "1,234.56". */
export function fixedPoint(n: number, places: number, { trimZeros = false } = {}): string {
  const scale = 10 ** places;
  const abs = Math.round(Math.abs(n));
  let fraction = places ? String(abs % scale).padStart(places, '0') : '';
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  return `${grouped(String(Math.floor(abs / scale)))}${fraction ? `.${fraction}` : ''}`;
}

/** A whole count: "1,234" (Intl's en-PH NumberFormat with no options, for whole numbers). */
export function formatCount(n: number): string {
  return `${minus(n)}${fixedPoint(n, 0)}`;
}
