import type { CartFields, Cart as CartState } from './useCart';
import { type Checkout, type CheckoutField, cashShareOf, tenderedOf } from './useCheckout';

// What the cart and the till bar both do with a sale's tender.

/** The messages a change answers: a new payment method makes its follow-up's message moot too. */
export const CLEARS: Partial<Record<keyof CartFields, CheckoutField[]>> = {
  orderType: ['orderType'],
  paymentMethod: ['paymentMethod', 'reference', 'cashTendered'],
  reference: ['reference'],
  cashTendered: ['cashTendered', 'payments'],
  discount: ['discountName', 'discountIdNumber'],
  discountName: ['discountName'],
  discountIdNumber: ['discountIdNumber'],
  split: ['paymentMethod', 'reference', 'cashTendered', 'payments'],
  payments: ['payments'],
};

/** A quick tender: Cash and that much tendered (a split sale keeps its payments and takes the cash). */
export function tender(cart: CartState, checkout: Checkout, pesos: number) {
  if (!cart.fields.split) {
    cart.set('paymentMethod', 'Cash');
    for (const field of CLEARS.paymentMethod ?? []) checkout.clearError(field);
  }
  cart.set('cashTendered', pesos);
  for (const field of CLEARS.cashTendered ?? []) checkout.clearError(field);
}

/** The change owed for the cash tendered, or null when there is none to give. */
export function changeOf(cart: CartState): number | null {
  const tendered = tenderedOf(cart.fields);
  const cashShare = cashShareOf(cart.fields, cart.totals.totalAmount);
  return tendered !== null && cashShare > 0 && tendered >= cashShare ? tendered - cashShare : null;
}
