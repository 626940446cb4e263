import { type Centavos, percentOf } from './money';

/**
 * RA 9994 (senior citizens) and RA 10754 (persons with disability): 20% off, VAT-exempt.
 * SC5: the seniors' 5% on basic necessities and prime commodities, VAT charged on the rest
 * (docs/decisions.md, the 5% rule).
 */
export const DISCOUNT_TYPES = ['SC', 'PWD', 'SC5'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const SC_PWD_PERCENT = 20;
export const SC5_PERCENT = 5;
/** The purchases one senior ID may take the 5% on per Manila week (Monday to Sunday), in centavos. */
export const SC5_WEEKLY_PURCHASES: Centavos = 250_000;

export interface Totals {
  /** The lines' price × quantity, before any discount. */
  subtotal: Centavos;
  /** The discount: SC/PWD 20% of each eligible line, or SC5 5% of the basic necessities within the allowance; rounded half-up per line. */
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
  /** Whether the product takes the seniors' 5% (basic necessities; never cakes). */
  basicNecessity?: boolean;
}

/** A line's SC/PWD discount: 20% of its amount, rounded half-up to the centavo. */
export function lineDiscount(line: TotalsLine, discount: DiscountType | null): Centavos {
  return (discount === 'SC' || discount === 'PWD') && line.scPwdEligible
    ? percentOf(line.price * line.quantity, SC_PWD_PERCENT)
    : 0;
}

/**
 * Each line's discount, in order. SC5 covers the basic-necessity lines in order until the
 * purchases left of the holder's weekly allowance run out (a line over it is covered in
 * part) and takes 5% of what each covers, rounded half-up per line.
 */
export function lineDiscounts(
  lines: readonly TotalsLine[],
  discount: DiscountType | null,
  sc5PurchasesLeft: Centavos = SC5_WEEKLY_PURCHASES,
): Centavos[] {
  if (discount !== 'SC5') return lines.map((line) => lineDiscount(line, discount));
  let left = Math.max(0, sc5PurchasesLeft);
  return lines.map((line) => {
    if (!line.basicNecessity) return 0;
    const covered = Math.min(line.price * line.quantity, left);
    left -= covered;
    return percentOf(covered, SC5_PERCENT);
  });
}

/**
 * The sale's money (docs/rules.md, Money and rounding): subtotal is the lines' price times quantity. With
 * an SC or PWD discount, each eligible line loses 20% (rounded half-up per line) and no
 * VAT; the other lines are taxed as usual. With SC5, the basic-necessity lines lose 5% of
 * what the allowance left covers and are taxed on the rest, like every other line. VAT is
 * the rate's percent of the taxed amounts, rounded half-up; total = subtotal - discount + VAT.
 * The server's checkout and the cart's display both use this, so they cannot disagree by a
 * centavo; both give it the same SC5 purchases left.
 */
export function saleTotals(
  lines: readonly TotalsLine[],
  taxRate: number,
  discount: DiscountType | null = null,
  sc5PurchasesLeft: Centavos = SC5_WEEKLY_PURCHASES,
): Totals {
  const discounts = lineDiscounts(lines, discount, sc5PurchasesLeft);
  let subtotal = 0;
  let discountAmount = 0;
  let vatExemptAmount = 0;
  lines.forEach((line, i) => {
    const amount = line.price * line.quantity;
    subtotal += amount;
    discountAmount += discounts[i] ?? 0;
    if ((discount === 'SC' || discount === 'PWD') && line.scPwdEligible) vatExemptAmount += amount;
  });
  // SC/PWD lines are exempt whole; SC5 lines are taxed on what is left after the 5%.
  const taxed = subtotal - vatExemptAmount - (discount === 'SC5' ? discountAmount : 0);
  const taxAmount = percentOf(taxed, taxRate);
  return {
    subtotal,
    discountAmount,
    vatExemptAmount,
    taxAmount,
    totalAmount: subtotal - discountAmount + taxAmount,
  };
}
