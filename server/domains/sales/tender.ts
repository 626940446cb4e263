import { formatPeso } from '../../../shared/money';
import { type CheckoutInput, SALES_TEXT } from '../../../shared/schemas/sales';
import { fail } from '../../errors';

export interface Tender {
  payments: { method: string; amount: number; reference: string | null }[];
  /** The sale's method: the one used, or the split's methods in order ("Cash + GCash"). */
  paymentMethod: string;
  paymentReference: string | null;
  cashTendered: number | null;
  change: number | null;
}

/**
 * How a sale of `total` centavos is paid (issue 11): one payment of the total by
 * paymentMethod (SPEC.md's shape), or the payments given, which must add up to it. Cash
 * may be tendered above its share; the difference is the change, never negative.
 */
export function tenderFor(input: CheckoutInput, total: number): Tender {
  const payments = input.payments
    ? input.payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference || null }))
    : [{ method: input.paymentMethod as string, amount: total, reference: input.reference || null }];
  const sum = payments.reduce((s, p) => s + p.amount, 0);
  if (sum !== total) throw fail.badRequest(SALES_TEXT.paymentsSum(formatPeso(total)));
  const cashShare = payments.find((p) => p.method === 'Cash')?.amount ?? 0;
  const tendered = input.cashTendered;
  if (tendered !== null && cashShare === 0) {
    // SPEC.md's one-method sale may send cash tendered with a non-cash method: it is ignored, as before.
    if (input.payments) throw fail.badRequest(SALES_TEXT.cashTenderedWithoutCash);
  }
  const cash = cashShare > 0 ? tendered : null;
  if (cash !== null && cash < cashShare)
    throw fail.badRequest(
      input.payments ? SALES_TEXT.cashShareTooLow(formatPeso(cashShare)) : SALES_TEXT.cashTooLow,
    );
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
