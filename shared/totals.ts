import { type Centavos, percentOf } from './money';

export interface Totals {
  subtotal: Centavos;
  taxAmount: Centavos;
  totalAmount: Centavos;
}

/**
 * PRODUCT.md: subtotal is the lines' price times quantity; VAT is the rate's percent of
 * the subtotal, rounded half-up to the centavo; total = subtotal + tax. The server's
 * checkout and the cart's display both use this, so they cannot disagree by a centavo.
 */
export function saleTotals(lines: readonly { price: Centavos; quantity: number }[], taxRate: number): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const taxAmount = percentOf(subtotal, taxRate);
  return { subtotal, taxAmount, totalAmount: subtotal + taxAmount };
}
