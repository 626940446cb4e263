import { tenderProblem } from '../../../shared/saleRules';
import type { CheckoutInput } from '../../../shared/schemas/sales';
import { paymentsOf, saleTender, type Tender } from '../../../shared/tender';
import { fail } from '../../lib/errors';

/**
 * How a sale of `total` centavos is paid: one payment of the total by
 * paymentMethod (the legacy shape), or the payments given, which must add up to it. Cash
 * may be tendered above its share; the difference is the change, never negative.
 */
export function tenderFor(
  input: Pick<CheckoutInput, 'payments' | 'paymentMethod' | 'reference' | 'cashTendered'>,
  total: number,
): Tender {
  // The rules are shared with the sales restore (shared/saleRules.ts).
  const problem = tenderProblem(paymentsOf(input, total), total, input.cashTendered, input.payments !== null);
  if (problem) throw fail.badRequest(problem);
  return saleTender(input, total);
}
