// Money is integer centavos everywhere inside; pesos exist only at the REST
// boundary and on screen.
import { fixedPoint, minus } from './digits';

export type Centavos = number;

/** Pesos (a number with up to two decimals) to centavos, rounding half away from zero. */
export function toCentavos(pesos: number): Centavos {
  const sign = pesos < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(pesos) * 100 + 1e-9);
}

/** A float within this of a whole centavo is noise (0.1 + 0.2), not a third decimal. */
const CENTAVO_NOISE = 1e-6;

/** Pesos with at most two decimals as centavos; null for a third decimal (12.345) or no number. */
export function centavosOf(pesos: number): Centavos | null {
  if (!Number.isFinite(pesos)) return null;
  const centavos = pesos * 100;
  return Math.abs(centavos - Math.round(centavos)) < CENTAVO_NOISE ? toCentavos(pesos) : null;
}

/** Plain decimal text: digits with an optional sign and point; no exponent, hex, separators or ₱. */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Pesos written as text ("12.50", " 7 ", "12.500"); null unless plain decimal text with at most two decimals. */
export function pesosFromText(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return null;
  // Digits past the second decimal must be zeros: "12.3400000001" is not 12.34.
  const decimals = trimmed.split('.')[1] ?? '';
  return /[1-9]/.test(decimals.slice(2)) ? null : Number(trimmed);
}

export function toPesos(centavos: Centavos): number {
  return centavos / 100;
}

/** percent of an amount, rounded half-up to the centavo (VAT). */
export function percentOf(amount: Centavos, percent: number): Centavos {
  return Math.floor((amount * percent + 50) / 100);
}

/** "₱1,234.56", "-₱5.00": Intl's en-PH pesos, written without Intl (shared/digits.ts). */
export function formatPeso(centavos: Centavos): string {
  return `${minus(centavos)}₱${fixedPoint(centavos, 2)}`;
}
