import { type Centavos, percentOf } from './money';

/** RA 9994 (senior citizens) and RA 10754 (persons with disability): 20% off, VAT-exempt. */
export const DISCOUNT_TYPES = ['SC', 'PWD'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const SC_PWD_PERCENT = 20;

export interface Totals {
  /** The lines' price × quantity, before any discount. */
  subtotal: Centavos;
  /** The SC/PWD discount: 20% of each eligible line, rounded half-up per line. */
  discountAmount: Centavos;
  /** What the eligible lines cost before the discount: sold without VAT. */
  vatExemptAmount: Centavos;
  /** VAT on the lines that are not exempt. */
  taxAmount: Centavos;
  totalAmount: Centavos;
}

export interface TotalsLine {
  price: Centavos;
  quantity: number;
  /** Whether the product takes the SC/PWD discount (cakes and food). */
  scPwdEligible?: boolean;
}

/** A line's SC/PWD discount: 20% of its amount, rounded half-up to the centavo. */
export function lineDiscount(line: TotalsLine, discount: DiscountType | null): Centavos {
  return discount && line.scPwdEligible ? percentOf(line.price * line.quantity, SC_PWD_PERCENT) : 0;
}

/**
 * The sale's money (docs/rules.md, Money and rounding): subtotal is the lines' price times quantity. With
 * an SC or PWD discount, each eligible line loses 20% (rounded half-up per line) and no
 * VAT; the other lines are taxed as usual. VAT is the rate's percent of the taxed lines,
 * rounded half-up; total = subtotal - discount + VAT. The server's checkout and the
 * cart's display both use this, so they cannot disagree by a centavo.
 */
export function saleTotals(
  lines: readonly TotalsLine[],
  taxRate: number,
  discount: DiscountType | null = null,
): Totals {
  let subtotal = 0;
  let discountAmount = 0;
  let vatExemptAmount = 0;
  for (const line of lines) {
    const amount = line.price * line.quantity;
    subtotal += amount;
    if (discount && line.scPwdEligible) {
      discountAmount += lineDiscount(line, discount);
      vatExemptAmount += amount;
    }
  }
  const taxAmount = percentOf(subtotal - vatExemptAmount, taxRate);
  return {
    subtotal,
    discountAmount,
    vatExemptAmount,
    taxAmount,
    totalAmount: subtotal - discountAmount + taxAmount,
  };
}
