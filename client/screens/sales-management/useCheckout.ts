import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso, toCentavos } from '../../../shared/money';
import { NEEDS_REFERENCE, SALE_TOTAL_MAX, SALES_TEXT } from '../../../shared/texts/sales';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { numberOf } from '../inventory/stockroom';
import { counterOutcome, counterToast } from './counterToast';
import { type Product, useFindByCode, useRefreshProducts } from './products';
import type { Cart, CartFields } from './useCart';

export type Sale = RouterOutputs['sales']['get'];
export type CheckoutField =
  | 'orderType'
  | 'paymentMethod'
  | 'reference'
  | 'cashTendered'
  | 'discountName'
  | 'discountIdNumber'
  | 'payments';
type Errors = Partial<Record<CheckoutField, string>>;

/** Pesos as typed to centavos; null when blank or not an amount. */
function centavosOf(typed: number | string): number | null {
  const pesos = numberOf(typed, Number.NaN);
  return Number.isFinite(pesos) && pesos >= 0 ? toCentavos(pesos) : null;
}

/** Whether the sale takes cash: its one method, or a cash payment of a split. */
const takesCash = (fields: CartFields) =>
  fields.split ? fields.payments.some((p) => p.method === 'Cash') : fields.paymentMethod === 'Cash';

/** Cash tendered in centavos; null when blank (or no cash is taken). */
export function tenderedOf(fields: CartFields): number | null {
  return takesCash(fields) ? centavosOf(fields.cashTendered) : null;
}

/** The split payments as typed, summed in centavos. */
export function splitSum(fields: CartFields): number {
  return fields.payments.reduce((sum, p) => sum + (centavosOf(p.amount) ?? 0), 0);
}

/** The part of the total paid in cash: all of it, or the split's cash payment. */
export function cashShareOf(fields: CartFields, total: number): number {
  if (!fields.split) return fields.paymentMethod === 'Cash' ? total : 0;
  const cash = fields.payments.find((p) => p.method === 'Cash');
  return cash ? (centavosOf(cash.amount) ?? 0) : 0;
}

/** SPEC.md §5's checkout checks, plus the reference and the cash the server asks for. */
function check(cart: Cart): Errors {
  const { fields, totals } = cart;
  const errors: Errors = {};
  if (!fields.orderType) errors.orderType = SALES_TEXT.noOrderType;
  if (fields.discount && !fields.discountName.trim()) errors.discountName = SALES_TEXT.discountName;
  if (fields.discount && !fields.discountIdNumber.trim())
    errors.discountIdNumber = SALES_TEXT.discountIdNumber;
  if (fields.split) {
    if (fields.payments.some((p) => !p.method)) errors.payments = SALES_TEXT.noPaymentMethod;
    else if (fields.payments.some((p) => !centavosOf(p.amount))) errors.payments = SALES_TEXT.paymentAmount;
    else if (splitSum(fields) !== totals.totalAmount)
      errors.payments = SALES_TEXT.paymentsSum(formatPeso(totals.totalAmount));
    else if (fields.payments.some((p) => NEEDS_REFERENCE.includes(p.method as string) && !p.reference.trim()))
      errors.payments = SALES_TEXT.referenceRequired;
  } else if (!fields.paymentMethod) errors.paymentMethod = SALES_TEXT.noPaymentMethod;
  else if (NEEDS_REFERENCE.includes(fields.paymentMethod) && !fields.reference.trim())
    errors.reference = SALES_TEXT.referenceRequired;
  const tendered = tenderedOf(fields);
  const cashShare = cashShareOf(fields, totals.totalAmount);
  if (tendered !== null && tendered > SALE_TOTAL_MAX) errors.cashTendered = SALES_TEXT.tenderedTooLarge;
  else if (tendered !== null && tendered < cashShare)
    errors.cashTendered = fields.split
      ? SALES_TEXT.cashShareTooLow(formatPeso(cashShare))
      : SALES_TEXT.cashTooLow;
  return errors;
}

/**
 * Checkout: the checks first (nothing is sent while one fails), then the sale with the
 * cart's saleId and the totals the cart shows, which the server must agree with. On
 * success the receipt opens, the cart starts afresh and the product stock is refetched.
 */
export function useCheckout(cart: Cart, onSold: (sale: Sale) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  const findByCode = useFindByCode();
  /** After a refusal: the table and the cart's lines take the server's prices and stock. */
  const reprice = async () => {
    refresh();
    const codes = cart.lines.map((l) => l.code);
    const current = await Promise.all(codes.map((code) => findByCode(code, true).catch(() => undefined)));
    cart.reprice(current.filter((p): p is Product => p !== undefined));
  };
  const [errors, setErrors] = useState<Errors>({});
  // The tender was checked against a total: a new total (a line added or removed) makes
  // that message moot, and an emptied cart takes all its messages with it.
  const total = cart.totals.totalAmount;
  const empty = cart.lines.length === 0;
  const [checked, setChecked] = useState({ total, empty });
  if (checked.total !== total || checked.empty !== empty) {
    setChecked({ total, empty });
    setErrors((e) => (empty ? {} : { ...e, cashTendered: undefined, payments: undefined }));
  }
  const checkout = useMutation(
    trpc.sales.checkout.mutationOptions(
      counterOutcome({ success: SALES_TEXT.created, failure: SALES_TEXT.createFailed }, refresh),
    ),
  );

  const submit = () => {
    if (cart.lines.length === 0) {
      counterToast(SALES_TEXT.noLines, 'error');
      return;
    }
    const found = check(cart);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const { fields } = cart;
    const method = fields.split ? undefined : fields.paymentMethod!;
    checkout.mutate(
      {
        saleId: cart.saleId,
        customerName: fields.unregistered ? fields.customerName.trim() : '',
        customerId: !fields.unregistered && fields.customerId ? Number(fields.customerId) : null,
        orderType: fields.orderType!,
        lines: cart.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity })),
        taxRate: cart.taxRate,
        paymentMethod: method,
        reference: method && NEEDS_REFERENCE.includes(method) ? fields.reference.trim() : '',
        cashTendered: tenderedOf(fields),
        date: null,
        expected: cart.totals,
        discount: fields.discount
          ? {
              type: fields.discount,
              name: fields.discountName.trim(),
              idNumber: fields.discountIdNumber.trim(),
            }
          : null,
        payments: fields.split
          ? fields.payments.map((p) => ({
              method: p.method!,
              amount: centavosOf(p.amount) ?? 0,
              reference: NEEDS_REFERENCE.includes(p.method as string) ? p.reference.trim() : '',
            }))
          : null,
      },
      {
        onSuccess: (answer) => {
          cart.clear();
          onSold(answer.sale);
          // The shift's reading counts this sale.
          void queryClient.invalidateQueries(trpc.counter.pathFilter());
        },
        onError: () => void reprice(),
      },
    );
  };

  return {
    errors,
    submit,
    pending: checkout.isPending,
    /** A field's message goes away once the cashier changes it. */
    clearError: (field: CheckoutField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)),
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
