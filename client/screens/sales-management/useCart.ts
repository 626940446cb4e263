import { useMemo, useState } from 'react';
import type { ORDER_TYPES, PAYMENT_METHODS } from '../../../shared/constants';
import { type CurrentLine, sellProblem } from '../../../shared/saleRules';
import { newSaleId } from '../../../shared/texts/sales';
import { type DiscountType, saleTotals } from '../../../shared/totals';
import { type Product, productKey } from './products';
import { useSc5Allowance } from './useSc5Allowance';

export interface CartLine {
  key: string;
  kind: Product['kind'];
  id: number;
  code: string;
  name: string;
  price: number;
  /** The product's stock when it was last added: the most the line may hold. */
  stock: number;
  quantity: number;
  /** Takes the SC/PWD discount. */
  scPwdEligible: boolean;
  /** Takes the seniors' 5% (basic necessities; never a cake). */
  basicNecessity: boolean;
}

/** One payment of a split sale, as typed: pesos '' when blank. */
export interface SplitPayment {
  method: PaymentMethod | null;
  amount: number | string;
  reference: string;
}

export type OrderType = (typeof ORDER_TYPES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The cart's fields besides its lines; after a checkout they go back to these. */
export interface CartFields {
  orderType: OrderType | null;
  /** The chosen customer's database id, as the select holds it. */
  customerId: string | null;
  unregistered: boolean;
  customerName: string;
  vat: boolean;
  paymentMethod: PaymentMethod | null;
  reference: string;
  /** Pesos as typed; '' when blank. */
  cashTendered: number | string;
  /** A senior citizen or PWD sale (or the seniors' 5%, SC5), with the holder's name and ID number. */
  discount: DiscountType | null;
  discountName: string;
  discountIdNumber: string;
  /** Paid by several methods (then `payments`, not paymentMethod). */
  split: boolean;
  payments: SplitPayment[];
  /** The buyer's details for the invoice, and whether the cashier opened (true) or folded them. */
  buyer: { name: string; address: string; tin: string };
  buyerShown: boolean | null;
}

const FRESH_SPLIT: SplitPayment[] = [
  { method: 'Cash', amount: '', reference: '' },
  { method: 'GCash', amount: '', reference: '' },
];

const FRESH_CART: CartFields = {
  orderType: 'Walk-in',
  customerId: null,
  unregistered: false,
  customerName: '',
  vat: false,
  paymentMethod: null,
  reference: '',
  cashTendered: '',
  discount: null,
  discountName: '',
  discountIdNumber: '',
  split: false,
  payments: FRESH_SPLIT,
  buyer: { name: '', address: '', tin: '' },
  buyerShown: null,
};

/**
 * The point of sale's cart: adding a product lowers its shown stock by one,
 * plus only while below the stock, minus only above 1. The saleId is made once per cart
 * and kept through retries, so a checkout sent twice is one sale (docs/rules.md, The counter).
 */
export function useCart() {
  const [lines, setLines] = useState<CartLine[]>([]);
  const [fields, setFields] = useState<CartFields>(FRESH_CART);
  const [saleId, setSaleId] = useState(newSaleId);

  // Until the server says what is left of the senior's 5% allowance, the cart counts none.
  const sc5Allowance = useSc5Allowance(fields);
  // One cart object per change of the cart itself: the screen's other reads (the terminal, the
  // shift, the customers) arrive after it first draws, and must not redraw the cart and the table.
  return useMemo(() => {
    const quantityOf = (key: string) => lines.find((l) => l.key === key)?.quantity ?? 0;
    const change = (key: string, by: number) =>
      setLines((all) =>
        all.map((l) =>
          l.key === key ? { ...l, quantity: Math.min(l.stock, Math.max(1, l.quantity + by)) } : l,
        ),
      );

    const totals = saleTotals(lines, fields.vat ? 12 : 0, fields.discount, sc5Allowance?.allowanceLeft ?? 0);

    return {
      lines,
      fields,
      saleId,
      totals,
      sc5Allowance,
      taxRate: fields.vat ? 12 : 0,
      quantityOf,
      /** Adds one unit (or `quantity`, a scanned `3*`); answers why not when it cannot. */
      add(product: Product, quantity = 1): string | null {
        const why = sellProblem(product, quantityOf(product.key) + quantity);
        if (why) return why;
        setLines((all) =>
          all.some((l) => l.key === product.key)
            ? all.map((l) =>
                l.key === product.key ? { ...l, stock: product.stock, quantity: l.quantity + quantity } : l,
              )
            : [
                ...all,
                {
                  key: product.key,
                  kind: product.kind,
                  id: product.id,
                  code: product.code,
                  name: product.name,
                  price: product.price,
                  stock: product.stock,
                  quantity,
                  scPwdEligible: product.scPwdEligible,
                  basicNecessity: product.basicNecessity,
                },
              ],
        );
        return null;
      },
      increase: (key: string) => change(key, 1),
      decrease: (key: string) => change(key, -1),
      remove: (key: string) => setLines((all) => all.filter((l) => l.key !== key)),
      /**
       * The lines' prices, names and stock as the server has them now (its refusal of the
       * sale carries them). Quantities stay as the cashier set them: the server names what is short.
       */
      reprice(current: readonly CurrentLine[]) {
        const byKey = new Map(current.map((p) => [productKey(p.kind, p.id), p]));
        setLines((all) =>
          all.map((l) => {
            const p = byKey.get(l.key);
            return p
              ? { ...l, price: p.price, name: p.name, stock: p.stock, scPwdEligible: p.scPwdEligible }
              : l;
          }),
        );
      },
      set: <K extends keyof CartFields>(key: K, value: CartFields[K]) =>
        setFields((f) => ({ ...f, [key]: value })),
      /** After a checkout: an empty cart, the fields as new, and a new saleId. */
      clear() {
        setLines([]);
        setFields(FRESH_CART);
        setSaleId(newSaleId());
      },
    };
  }, [lines, fields, saleId, sc5Allowance]);
}

export type Cart = ReturnType<typeof useCart>;
