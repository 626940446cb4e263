// The invoice's printed labels and the reprint's messages (docs/decisions.md, BIR records).
export const RECEIPT_TEXT = {
  vatRegTin: 'VAT REG TIN',
  min: 'MIN',
  serialNumber: 'S/N',
  permitNumber: 'BIR Permit No.',
  invoiceNumber: 'Invoice No.',
  vatableSales: 'VATable Sales',
  vatExemptSales: 'VAT-Exempt Sales',
  zeroRatedSales: 'Zero-Rated Sales',
  vatAmount: (rate: number) => `VAT (${rate}%)`,
  discount: {
    SC: 'Less SC Discount (20%)',
    PWD: 'Less PWD Discount (20%)',
    SC5: 'Less SC Discount (5%)',
    other: 'Less Discount',
  },
  buyerName: "Buyer's Name",
  buyerAddress: "Buyer's Address",
  buyerTin: "Buyer's TIN",
  /** Printed above the receipt printed again, with its count. */
  reprint: (n: number) => `REPRINT ${n}`,
  reprinted: (invoice: string, n: number) => `Invoice ${invoice} reprinted (reprint ${n}).`,
  reprintFailed: 'Reprint failed.',
  // The cart's buyer's details.
  buyerSection: "Buyer's details (for the invoice)",
  askBuyer: "Ask for the buyer's name, address and TIN",
} as const;

/** From this total (centavos) the cart asks for the buyer's details. */
export const ASK_BUYER_FROM = 100_000;
