import { cashShareOf } from './saleRules';

// How a sale is paid, as the invoice prints it: one definition for the server's checkout and
// the counter's receipt of a sale made offline (docs/decisions.md, Selling offline).

export interface Tender {
  payments: { method: string; amount: number; reference: string | null }[];
  /** The sale's method: the one used, or the split's methods in order ("Cash + GCash"). */
  paymentMethod: string;
  paymentReference: string | null;
  cashTendered: number | null;
  change: number | null;
}

export interface TenderInput {
  payments: readonly { method: string; amount: number; reference?: string | null }[] | null;
  paymentMethod?: string | undefined;
  reference: string;
  cashTendered: number | null;
}

/** The payments of a sale of `total` centavos: the split's, or one of the total by paymentMethod. */
export function paymentsOf(input: TenderInput, total: number): Tender['payments'] {
  return input.payments
    ? input.payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference || null }))
    : [{ method: input.paymentMethod as string, amount: total, reference: input.reference || null }];
}

/** The tender of payments already checked (shared/saleRules.ts tenderProblem): change never negative. */
export function saleTender(input: TenderInput, total: number): Tender {
  const payments = paymentsOf(input, total);
  const cashShare = cashShareOf(payments);
  // The legacy one-method sale may send cash tendered with a non-cash method: it is ignored, as before.
  const cash = cashShare > 0 ? input.cashTendered : null;
  const referenced = payments.filter((p) => p.reference);
  return {
    payments,
    paymentMethod: payments.map((p) => p.method).join(' + '),
    paymentReference:
      payments.length === 1
        ? (payments[0]?.reference ?? null)
        : referenced.map((p) => `${p.method} ${p.reference}`).join('; ') || null,
    cashTendered: cash,
    change: cash === null ? null : cash - cashShare,
  };
}
