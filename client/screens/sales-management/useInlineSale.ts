import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { can } from '../../../shared/roles';
import { referenceProblem, referenceSent, shortProblem, unsellableProblem } from '../../../shared/saleRules';
import { newSaleId, SALES_TEXT } from '../../../shared/texts/sales';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import { manilaDate } from '../../../shared/time';
import { saleTotals } from '../../../shared/totals';
import { failureText } from '../../errors';
import { sendNumbered } from '../../offline/numbers';
import { useSessionUser } from '../../shell/useSessionUser';
import { useNumberingTerminalId } from '../../terminal';
import { useTRPC, useTRPCClient } from '../../trpc';
import { numberOf } from '../../ui/inputs';
import { toastOutcome } from '../../ui/outcome';
import { type Product, useRefreshProducts } from './products';
import type { OrderType, PaymentMethod } from './useCart';
import type { Sale } from './useCheckout';

export interface InlineFields {
  customerName: string;
  taxRate: '0' | '12';
  /** YYYY-MM-DD, a Manila date; today by default, never later. */
  date: string;
  orderType: OrderType | null;
  paymentMethod: PaymentMethod | null;
  reference: string;
  /** Why a manager records it on an earlier day (needed before the last Z reading). */
  backdateReason: string;
  /** A sale of an earlier day: is its cash in today's drawer? Asked, never assumed. */
  inDrawer: 'yes' | 'no' | null;
}

export interface InlineLine {
  product: Product;
  quantity: number;
}

type Field = keyof InlineFields | 'item' | 'quantity' | 'lines';
type Errors = Partial<Record<Field, string>>;

const blank = (): InlineFields => ({
  customerName: '',
  taxRate: '0',
  date: manilaDate(),
  orderType: 'Walk-in',
  paymentMethod: null,
  reference: '',
  backdateReason: '',
  inDrawer: null,
});

/**
 * The sale item checks in order: the item, whether it can be sold, the quantity, the stock
 * left beside what the form already holds (shared/saleRules.ts).
 */
function lineRefusal(product: Product | null, quantity: number, already: number): Errors {
  if (!product) return { item: SALES_TEXT.invalidItem };
  const unsellable = unsellableProblem(product);
  if (unsellable) return { item: unsellable };
  if (!Number.isInteger(quantity) || quantity < 1) return { quantity: SALES_TEXT.quantityMin };
  const short = shortProblem({ ...product, stock: product.stock - already }, quantity);
  return short ? { quantity: short } : {};
}

/**
 * The inline sale form: a sale made away from the counter, with its own
 * date (past allowed, never the future), saved through the same checkout as the cart with
 * its own saleId, made afresh each time the form opens. Managers and up dating it earlier
 * give the reason the server keeps on the sale (required before the last Z reading).
 */
export function useInlineSale(opened: boolean, onSaved: (sale: Sale) => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const terminalId = useNumberingTerminalId();
  const refresh = useRefreshProducts();
  const oversees = can(useSessionUser()?.role, 'salesOversee');
  const [fields, setFields] = useState<InlineFields>(blank);
  const [lines, setLines] = useState<InlineLine[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saleId, setSaleId] = useState(newSaleId);
  const save = useMutation(
    trpc.sales.checkout.mutationOptions(
      toastOutcome({ success: SALES_TEXT.created, failure: SALES_TEXT.createFailed }, refresh),
    ),
  );

  useEffect(() => {
    if (!opened) return;
    setFields(blank());
    setLines([]);
    setErrors({});
    setSaleId(newSaleId());
  }, [opened]);

  const clear = (...keys: Field[]) =>
    setErrors((e) =>
      keys.some((k) => e[k]) ? { ...e, ...Object.fromEntries(keys.map((k) => [k, undefined])) } : e,
    );
  const taxRate = Number(fields.taxRate);
  const earlier = fields.date !== '' && fields.date < manilaDate();
  const asksReason = oversees && earlier;
  const totals = saleTotals(
    lines.map((l) => ({ price: l.product.price, quantity: l.quantity })),
    taxRate,
  );

  const submit = () => {
    const found: Errors = {};
    if (lines.length === 0) found.lines = SALES_TEXT.noLines;
    if (!fields.orderType) found.orderType = SALES_TEXT.noOrderType;
    if (!fields.paymentMethod) found.paymentMethod = SALES_TEXT.noPaymentMethod;
    else found.reference = referenceProblem(fields.paymentMethod, fields.reference) ?? undefined;
    if (fields.date && fields.date > manilaDate()) found.date = SALES_TEXT.futureDate;
    if (earlier && fields.inDrawer === null) found.inDrawer = SHIFT_TEXT.inDrawerChoose;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    // Numbered from the device's block, as a counter sale is (docs/decisions.md, Selling offline).
    sendNumbered(client, terminalId, (invoiceSeq) =>
      save.mutateAsync({
        saleId,
        terminalId,
        invoiceSeq,
        customerName: fields.customerName.trim(),
        customerId: null,
        orderType: fields.orderType!,
        lines: lines.map((l) => ({ kind: l.product.kind, id: l.product.id, quantity: l.quantity })),
        taxRate,
        paymentMethod: fields.paymentMethod!,
        reference: referenceSent(fields.paymentMethod, fields.reference),
        cashTendered: null,
        date: fields.date || null,
        backdateReason: asksReason ? fields.backdateReason.trim() || null : null,
        inDrawer: earlier ? fields.inDrawer === 'yes' : null,
        expected: totals,
      }),
    ).then(
      (answer) => onSaved(answer.sale),
      // The reason is the field's to show, beside the toast.
      (error: unknown) => {
        const said = failureText(error, '');
        if (said === SALES_TEXT.backdateReason || said === SALES_TEXT.backdateReasonTooLong)
          setErrors((e) => ({ ...e, backdateReason: said }));
      },
    );
  };

  return {
    fields,
    lines,
    errors,
    totals,
    asksReason,
    /** An earlier day: the form asks whether the cash is in today's drawer. */
    asksDrawer: earlier,
    saving: save.isPending,
    set: <K extends keyof InlineFields>(key: K, value: InlineFields[K]) => {
      setFields((f) => ({ ...f, [key]: value }));
      clear(key, ...(key === 'paymentMethod' ? (['reference'] as const) : []));
    },
    /** Adds `quantity` of `product` (merged into its line if listed); false with the reason shown when refused. */
    addLine(product: Product | null, quantityValue: number | string): boolean {
      const quantity = numberOf(quantityValue, Number.NaN);
      const already = lines.find((l) => l.product.key === product?.key)?.quantity ?? 0;
      const refused = lineRefusal(product, quantity, already);
      setErrors((e) => ({ ...e, item: refused.item, quantity: refused.quantity, lines: undefined }));
      if (!product || refused.item || refused.quantity) return false;
      setLines((all) =>
        already
          ? all.map((l) => (l.product.key === product.key ? { ...l, quantity: l.quantity + quantity } : l))
          : [...all, { product, quantity }],
      );
      return true;
    },
    removeLine: (key: string) => setLines((all) => all.filter((l) => l.product.key !== key)),
    clearPicker: () => clear('item', 'quantity'),
    submit,
  };
}
