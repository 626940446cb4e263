// Quantities of stock are kept in thousandths of the item's unit (integers, never floats),
// so 0.25 kg adds up exactly; units exist only at the REST boundary and on screen.
import { fixedPoint, minus } from './digits';

/** Thousandths in one unit. */
export const QUANTITY_SCALE = 1000;

/**
 * A float within this of a whole thousandth is noise (0.1 + 0.2), not a fourth decimal; large
 * amounts carry proportionally more (a few units in the last place).
 */
const thousandthNoise = (milli: number) => Math.max(1e-6, Math.abs(milli) * 4 * Number.EPSILON);

/** Units with at most three decimals as thousandths; null for a fourth decimal (1.2345) or no number. */
export function toMilli(units: number): number | null {
  if (!Number.isFinite(units)) return null;
  const milli = units * QUANTITY_SCALE;
  const whole = Math.round(milli);
  if (Math.abs(milli - whole) >= thousandthNoise(milli)) return null;
  // -0 reads as 0.
  return whole === 0 ? 0 : whole;
}

/** Thousandths as units: 3000 is 3, 2500 is 2.5. */
export function fromMilli(milli: number): number {
  return milli / QUANTITY_SCALE;
}

/** Thousandths as people read them: "1,234.5", "3", "0.25" (Intl's en-PH, without Intl). */
export function formatQuantity(milli: number): string {
  return `${minus(milli)}${fixedPoint(milli, 3, { trimZeros: true })}`;
}

/** What `milli` thousandths cost at `unitCost` centavos a unit, to the nearest centavo (half up). */
export function costOf(milli: number, unitCost: number): number {
  return Math.floor((milli * unitCost + 500) / QUANTITY_SCALE);
}
