import type { Centavos } from './money';

// How a sale's money splits on its invoice and in the readings (docs/decisions.md, BIR
// records): one definition for the receipt, the X and Z readings and the sales summary.

/** The discount types an invoice and a reading list, each in its own line. */
export const INVOICE_DISCOUNT_TYPES = ['SC', 'PWD', 'SC5', 'other'] as const;
type InvoiceDiscounts = Record<(typeof INVOICE_DISCOUNT_TYPES)[number], Centavos>;

/** The stored figures of a sale the split is made from. */
export interface InvoiceSale {
  subtotal: Centavos;
  discountType: string | null;
  discountAmount: Centavos;
  /** The SC/PWD-exempt lines' amounts before their 20%. */
  vatExemptAmount: Centavos;
  taxRate: number;
  taxAmount: Centavos;
}

export interface InvoiceAmounts {
  /** The amounts of the lines VAT was charged on, after their discounts. */
  vatableSales: Centavos;
  /** The lines sold without VAT, after their discounts: SC/PWD-exempt lines, and whole sales made without VAT. */
  vatExemptSales: Centavos;
  zeroRatedSales: Centavos;
  vatAmount: Centavos;
  discounts: InvoiceDiscounts;
}

/**
 * A sale's VATable, VAT-exempt and zero-rated sales, VAT and discounts by type. The SC/PWD 20%
 * comes off exempt lines, the senior citizens' 5% off taxed lines before VAT; so VATable +
 * VAT-exempt + VAT is always the total.
 */
export function invoiceAmounts(sale: InvoiceSale): InvoiceAmounts {
  const discounts: InvoiceDiscounts = { SC: 0, PWD: 0, SC5: 0, other: 0 };
  const type = sale.discountType;
  if (sale.discountAmount) {
    const key = type === 'SC' || type === 'PWD' || type === 'SC5' ? type : 'other';
    discounts[key] += sale.discountAmount;
  }
  const onExempt = discounts.SC + discounts.PWD;
  const onTaxed = sale.discountAmount - onExempt;
  const taxed = sale.taxRate > 0;
  return {
    vatableSales: taxed ? sale.subtotal - sale.vatExemptAmount - onTaxed : 0,
    vatExemptSales: taxed ? sale.vatExemptAmount - onExempt : sale.subtotal - sale.discountAmount,
    zeroRatedSales: 0,
    vatAmount: sale.taxAmount,
    discounts,
  };
}
