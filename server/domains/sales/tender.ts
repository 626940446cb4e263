import { cashShareOf, tenderProblem } from '../../../shared/saleRules';
import type { CheckoutInput } from '../../../shared/schemas/sales';
import { fail } from '../../lib/errors';

export interface Tender {
  payments: { method: string; amount: number; reference: string | null }[];
  /** The sale's method: the one used, or the split's methods in order ("Cash + GCash"). */
  paymentMethod: string;
  paymentReference: string | null;
  cashTendered: number | null;
  change: number | null;
}

/**
 * How a sale of `total` centavos is paid: one payment of the total by
 * paymentMethod (the legacy shape), or the payments given, which must add up to it. Cash
 * may be tendered above its share; the difference is the change, never negative.
 */
export function tenderFor(
  input: Pick<CheckoutInput, 'payments' | 'paymentMethod' | 'reference' | 'cashTendered'>,
  total: number,
): Tender {
  const payments = input.payments
    ? input.payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference || null }))
    : [{ method: input.paymentMethod as string, amount: total, reference: input.reference || null }];
  // The rules are shared with the sales restore (shared/saleRules.ts).
  const problem = tenderProblem(payments, total, input.cashTendered, input.payments !== null);
  if (problem) throw fail.badRequest(problem);
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
