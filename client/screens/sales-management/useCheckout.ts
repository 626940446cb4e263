import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toCentavos } from '../../../shared/money';
import {
  type CurrentLine,
  cashShareOf as cashShareIn,
  cashTenderedProblem,
  paymentsSumProblem,
  referenceProblem,
  referenceSent,
} from '../../../shared/saleRules';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { failureText, isNetworkFailure } from '../../errors';
import { useServerReachable } from '../../offline/connection';
import { sendNumbered, takeNumber } from '../../offline/numbers';
import { useNumberingTerminalId } from '../../terminal';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../trpc';
import { numberOf } from '../../ui/inputs';
import { counterToast } from './counterToast';
import { useRefreshProducts } from './products';
import { keepCheckoutPrint } from './ReceiptPrinter';
import type { Cart, CartFields } from './useCart';
import { useKeepOffline } from './useKeepOffline';

export type Sale = RouterOutputs['sales']['get'];

/** How long a checkout waits for the server (a receipt printer that is off takes up to 6 s of it). */
const CHECKOUT_WAIT_MS = 20_000;
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

/** The sale's payments in centavos, as the server will take them: the split's, or one of the total. */
function paymentsOf(fields: CartFields, total: number) {
  return fields.split
    ? fields.payments.map((p) => ({ method: p.method ?? '', amount: centavosOf(p.amount) ?? 0 }))
    : [{ method: fields.paymentMethod ?? '', amount: total }];
}

/** The split payments as typed, summed in centavos. */
export function splitSum(fields: CartFields): number {
  return fields.payments.reduce((sum, p) => sum + (centavosOf(p.amount) ?? 0), 0);
}

/** The part of the total paid in cash: all of it, or the split's cash payment. */
export const cashShareOf = (fields: CartFields, total: number): number =>
  cashShareIn(paymentsOf(fields, total));

/** The checkout's checks, with the sale's own rules (shared/saleRules.ts) for the tender. */
function check(cart: Cart): Errors {
  const { fields, totals } = cart;
  const errors: Errors = {};
  if (!fields.orderType) errors.orderType = SALES_TEXT.noOrderType;
  if (fields.discount && !fields.discountName.trim()) errors.discountName = SALES_TEXT.discountName;
  if (fields.discount && !fields.discountIdNumber.trim())
    errors.discountIdNumber = SALES_TEXT.discountIdNumber;
  const payments = paymentsOf(fields, totals.totalAmount);
  if (fields.split) {
    if (fields.payments.some((p) => !p.method)) errors.payments = SALES_TEXT.noPaymentMethod;
    else if (payments.some((p) => !p.amount)) errors.payments = SALES_TEXT.paymentAmount;
    else
      errors.payments =
        paymentsSumProblem(payments, totals.totalAmount) ??
        fields.payments.map((p) => referenceProblem(p.method, p.reference)).find(Boolean) ??
        undefined;
  } else if (!fields.paymentMethod) errors.paymentMethod = SALES_TEXT.noPaymentMethod;
  else errors.reference = referenceProblem(fields.paymentMethod, fields.reference) ?? undefined;
  errors.cashTendered = cashTenderedProblem(payments, tenderedOf(fields), fields.split) ?? undefined;
  return errors;
}

/**
 * Checkout: the checks first (nothing is sent while one fails), then the sale with the
 * cart's saleId, the totals the cart shows (the server must agree with them) and the next
 * invoice number this device holds for its terminal. On success the receipt opens, the cart
 * starts afresh and the product stock is refetched. With no server to answer, the sale is
 * kept on the device with that number and sent later (client/offline; docs/decisions.md,
 * Selling offline): its receipt opens all the same.
 */
export function useCheckout(
  cart: Cart,
  onSold: (sale: Sale) => void,
  onKept: (saleId: string) => void,
  /** Whether the reads a sale made offline needs may start (useKeepOffline). */
  ready: boolean,
) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  const reachable = useServerReachable();
  const keepOffline = useKeepOffline(cart, onKept, ready);
  const numberingTerminal = useNumberingTerminalId(ready);
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
  const [taking, setTaking] = useState(false);

  const submit = async () => {
    if (cart.lines.length === 0) {
      counterToast(SALES_TEXT.noLines, 'error');
      return;
    }
    const found = check(cart);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const terminalId = numberingTerminal;
    const sent = { ...checkoutOf(cart), terminalId };
    setTaking(true);
    try {
      if (!reachable) {
        const taken = terminalId === null ? null : await takeNumber(terminalId).catch(() => null);
        return await keepOffline(sent, taken);
      }
      const answer = await sendNumbered(
        client,
        terminalId,
        // A server that takes the sale but never answers is no answer too: the sale is kept
        // on the device, and sending it again is answered as the sale already made.
        (invoiceSeq) =>
          client.sales.checkout.mutate(
            { ...sent, invoiceSeq },
            { signal: AbortSignal.timeout(CHECKOUT_WAIT_MS) },
          ),
        // No answer at all: the sale is kept on the device with its number instead.
        (taken) => keepOffline(sent, taken),
      );
      counterToast(answer.message || SALES_TEXT.created, 'success');
      refresh();
      cart.clear();
      keepCheckoutPrint(answer);
      // The receipt dialog shows the invoice the checkout answered, without asking again.
      queryClient.setQueryData(trpc.sales.receipt.queryKey({ id: answer.sale.saleId }), answer.receipt);
      onSold(answer.sale);
      // The shift's reading counts this sale.
      void queryClient.invalidateQueries(trpc.shifts.pathFilter());
    } catch (error) {
      if (isNetworkFailure(error)) return;
      counterToast(failureText(error, SALES_TEXT.createFailed), 'error');
      // A refusal (a price changed, too little stock) carries the lines as they are now:
      // the cart takes them, and the table is read again.
      const current = (error as { data?: { currentLines?: CurrentLine[] } }).data?.currentLines;
      if (current) cart.reprice(current);
      refresh();
    } finally {
      setTaking(false);
    }
  };

  // Submit and clearError keep their identity (submit runs the latest cart's checkout): the
  // memoised cart, till bar and product table redraw only when the checkout's state changes.
  const latest = useRef(submit);
  latest.current = submit;
  const stableSubmit = useCallback(() => void latest.current(), []);
  /** A field's message goes away once the cashier changes it. */
  const clearError = useCallback(
    (field: CheckoutField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)),
    [],
  );
  return useMemo(
    () => ({ errors, submit: stableSubmit, pending: taking, clearError }),
    [errors, stableSubmit, taking, clearError],
  );
}

/** The checkout the cart makes, as sales.checkout takes it. */
function checkoutOf(cart: Cart) {
  const { fields } = cart;
  const method = fields.split ? undefined : fields.paymentMethod!;
  return {
    saleId: cart.saleId,
    customerName: fields.unregistered ? fields.customerName.trim() : '',
    customerId: !fields.unregistered && fields.customerId ? Number(fields.customerId) : null,
    orderType: fields.orderType!,
    lines: cart.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity })),
    taxRate: cart.taxRate,
    paymentMethod: method,
    reference: referenceSent(method, fields.reference),
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
    buyer: {
      name: fields.buyer.name.trim(),
      address: fields.buyer.address.trim(),
      tin: fields.buyer.tin.trim(),
    },
    payments: fields.split
      ? fields.payments.map((p) => ({
          method: p.method!,
          amount: centavosOf(p.amount) ?? 0,
          reference: referenceSent(p.method, p.reference),
        }))
      : null,
  };
}
export type CheckoutSent = ReturnType<typeof checkoutOf>;

export type Checkout = ReturnType<typeof useCheckout>;
