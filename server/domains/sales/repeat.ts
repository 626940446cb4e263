import type { CheckoutInput } from '../../../shared/schemas/sales';
import { SALES_TEXT } from '../../../shared/texts/sales';
import type { Tx } from '../../db/open';
import { fail } from '../../lib/errors';
import { getSale, type SaleRow } from './records';

type Payment = { method: string; amount: number; reference: string | null };

const paymentsKey = (payments: readonly Payment[]) =>
  payments
    .map((p) => `${p.method}|${p.amount}|${p.reference ?? ''}`)
    .sort()
    .join(';');

/** "tax", "tax and payments", "tax, discount and payments". */
function listed(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * A checkout whose saleId is already on file: a retry of that sale answers it; other lines are
 * 409, and so are the same lines with other tax, discount or payments, naming which, since
 * answering the old sale would tell the counter a sale went through on terms it never had.
 */
export function repeatedSale(
  tx: Tx,
  earlier: SaleRow,
  key: string,
  input: Pick<
    CheckoutInput,
    'discount' | 'payments' | 'paymentMethod' | 'reference' | 'taxRate' | 'cashTendered'
  >,
) {
  if (earlier.linesKey !== key) throw fail.conflict(SALES_TEXT.saleIdReused);
  const sale = getSale(tx, earlier.id);
  const discount = input.discount;
  const given: Payment[] = input.payments
    ? input.payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference || null }))
    : [{ method: input.paymentMethod ?? '', amount: sale.totalAmount, reference: input.reference || null }];
  const cash = sale.payments.some((p) => p.method === 'Cash');
  const differs = [
    input.taxRate !== sale.taxRate && 'tax',
    ((discount?.type ?? null) !== sale.discountType ||
      (discount?.name ?? null) !== sale.discountName ||
      (discount?.idNumber ?? null) !== sale.discountIdNumber) &&
      'discount',
    (paymentsKey(given) !== paymentsKey(sale.payments) ||
      (cash && input.cashTendered !== sale.cashTendered)) &&
      'payments',
  ].filter((part): part is string => typeof part === 'string');
  if (differs.length > 0) throw fail.conflict(SALES_TEXT.saleIdOtherTerms(sale.saleId, listed(differs)));
  return { message: SALES_TEXT.created, sale, repeated: true };
}
