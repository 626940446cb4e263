import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toCentavos } from '../../../shared/money';
import { NEEDS_REFERENCE, SALES_TEXT } from '../../../shared/schemas/sales';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { toast, toastOutcome } from '../../ui/outcome';
import { numberOf } from '../inventory/stockroom';
import { useRefreshProducts } from './products';
import type { Cart, CartFields } from './useCart';

export type Sale = RouterOutputs['sales']['get'];
export type CheckoutField = 'orderType' | 'paymentMethod' | 'reference' | 'cashTendered';
type Errors = Partial<Record<CheckoutField, string>>;

/** Cash tendered in centavos; null when blank (or not a cash sale). */
export function tenderedOf(fields: CartFields): number | null {
  if (fields.paymentMethod !== 'Cash') return null;
  const pesos = numberOf(fields.cashTendered, Number.NaN);
  return Number.isFinite(pesos) && pesos >= 0 ? toCentavos(pesos) : null;
}

/** SPEC.md §5's checkout checks, plus the reference and the cash the server asks for. */
function check(cart: Cart): Errors {
  const { fields, totals } = cart;
  const errors: Errors = {};
  if (!fields.orderType) errors.orderType = SALES_TEXT.noOrderType;
  if (!fields.paymentMethod) errors.paymentMethod = SALES_TEXT.noPaymentMethod;
  else if (NEEDS_REFERENCE.includes(fields.paymentMethod) && !fields.reference.trim())
    errors.reference = SALES_TEXT.referenceRequired;
  const tendered = tenderedOf(fields);
  if (fields.paymentMethod === 'Cash' && tendered !== null && tendered < totals.totalAmount)
    errors.cashTendered = SALES_TEXT.cashTooLow;
  return errors;
}

/**
 * Checkout: the checks first (nothing is sent while one fails), then the sale with the
 * cart's saleId and the totals the cart shows, which the server must agree with. On
 * success the receipt opens, the cart starts afresh and the product stock is refetched.
 */
export function useCheckout(cart: Cart, onSold: (sale: Sale) => void) {
  const trpc = useTRPC();
  const refresh = useRefreshProducts();
  const [errors, setErrors] = useState<Errors>({});
  const checkout = useMutation(
    trpc.sales.checkout.mutationOptions(
      toastOutcome({ success: SALES_TEXT.created, failure: SALES_TEXT.createFailed }, refresh),
    ),
  );

  const submit = () => {
    if (cart.lines.length === 0) {
      toast(SALES_TEXT.noLines, 'error');
      return;
    }
    const found = check(cart);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const { fields } = cart;
    const method = fields.paymentMethod!;
    checkout.mutate(
      {
        saleId: cart.saleId,
        customerName: fields.unregistered ? fields.customerName.trim() : '',
        customerId: !fields.unregistered && fields.customerId ? Number(fields.customerId) : null,
        orderType: fields.orderType!,
        lines: cart.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity })),
        taxRate: cart.taxRate,
        paymentMethod: method,
        reference: NEEDS_REFERENCE.includes(method) ? fields.reference.trim() : '',
        cashTendered: tenderedOf(fields),
        date: null,
        expected: cart.totals,
      },
      {
        onSuccess: (answer) => {
          cart.clear();
          onSold(answer.sale);
        },
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
