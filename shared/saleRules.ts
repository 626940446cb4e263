import { VAT_RATES } from './constants';
import { sellableStatus } from './itemStatus';
import { type Centavos, formatPeso, percentOf } from './money';
import { NEEDS_REFERENCE, SALE_TOTAL_MAX, SALES_TEXT } from './texts/sales';
import { type DiscountType, SC_PWD_PERCENT } from './totals';

// The sale's rules, each written once: what can be sold, the tender and the reference
// number, and the figures of a recorded sale. The server's checkout, the checkout schema,
// the cart and the inline sale ask them here, and the sales restore holds each restored
// sale to them. Each answers the first rule broken, as a sentence a person can act on, or null.

/** A product as the counter sees it: its name, its status (items' or cakes') and its stock. */
interface Sellable {
  name: string;
  status: string;
  stock: number;
}

/**
 * Why a product cannot be sold at all, or null: expired, out of season (a status the
 * counter does not sell, shared/itemStatus.ts), or nothing left. Its status says it first,
 * as the counter's table shows it.
 */
export function unsellableProblem(product: Sellable): string | null {
  if (product.status === 'Expired') return SALES_TEXT.expired(product.name);
  if (!sellableStatus(product.status) && product.status !== 'Out of stock')
    return SALES_TEXT.notAvailable(product.name, product.status);
  if (product.stock <= 0 || product.status === 'Out of stock') return SALES_TEXT.outOfStock(product.name);
  return null;
}

/** What a cashier is told when `quantity` units are more than `product`'s stock. */
export const notEnoughOf = (product: Sellable, quantity: number): string =>
  SALES_TEXT.notEnough(quantity, product.stock, product.name);

/** Why `quantity` units cannot come out of `product`'s stock, or null. */
export function shortProblem(product: Sellable, quantity: number): string | null {
  return quantity > product.stock ? notEnoughOf(product, quantity) : null;
}

/** Why a line of `quantity` units of `product` cannot be sold, or null when it can. */
export function sellProblem(product: Sellable, quantity: number): string | null {
  return unsellableProblem(product) ?? shortProblem(product, quantity);
}

/** A sale's line as the shop has it now: what a refused checkout answers, for the cart to re-price. */
export interface CurrentLine extends Sellable {
  kind: 'item' | 'cake';
  id: number;
  code: string;
  price: Centavos;
  scPwdEligible: boolean;
}

/** Card and e-wallet payments carry a reference number (the cashier reads it off the slip). */
export const needsReference = (method: string | null | undefined): boolean =>
  !!method && NEEDS_REFERENCE.includes(method);

/** A payment by a method that needs a reference number, without one. */
export function referenceProblem(method: string | null | undefined, reference: string): string | null {
  return needsReference(method) && !reference.trim() ? SALES_TEXT.referenceRequired : null;
}

/** The reference a payment is sent with: its own for a method that takes one, none otherwise. */
export const referenceSent = (method: string | null | undefined, reference: string): string =>
  needsReference(method) ? reference.trim() : '';

/** A sale's total within the counter's ceiling. */
export function saleTotalProblem(total: Centavos): string | null {
  return total > SALE_TOTAL_MAX ? SALES_TEXT.tooLarge : null;
}

interface Payment {
  method: string;
  amount: Centavos;
}

/** The part of a sale paid in cash (one Cash payment at most). */
export const cashShareOf = (payments: readonly Payment[]): Centavos =>
  payments.find((p) => p.method === 'Cash')?.amount ?? 0;

/** Cash is at most one payment of a sale: the whole cash share in it. */
export function oneCashProblem(payments: readonly { method: string }[]): string | null {
  return payments.filter((p) => p.method === 'Cash').length > 1 ? SALES_TEXT.oneCashPayment : null;
}

/** The payments add up to the total. */
export function paymentsSumProblem(payments: readonly Payment[], total: Centavos): string | null {
  const sum = payments.reduce((s, p) => s + p.amount, 0);
  return sum === total ? null : SALES_TEXT.paymentsSum(formatPeso(total));
}

/** Cash tendered within the counter's ceiling (a mistyped amount is the cash's problem, not the sale's). */
function tenderedCapProblem(cashTendered: Centavos | null): string | null {
  return cashTendered !== null && cashTendered > SALE_TOTAL_MAX ? SALES_TEXT.tenderedTooLarge : null;
}

/**
 * Cash tendered, when given: within the ceiling, and covering the cash payment. `split`: the
 * payments were given one by one, so cash tendered needs a Cash payment (a one-method sale
 * may send it with another method, and it is ignored) and the message names the cash share.
 */
export function cashTenderedProblem(
  payments: readonly Payment[],
  cashTendered: Centavos | null,
  split: boolean,
): string | null {
  if (cashTendered === null) return null;
  const tooLarge = tenderedCapProblem(cashTendered);
  if (tooLarge) return tooLarge;
  if (split && !payments.some((p) => p.method === 'Cash')) return SALES_TEXT.cashTenderedWithoutCash;
  const cashShare = cashShareOf(payments);
  if (cashShare > 0 && cashTendered < cashShare)
    return split ? SALES_TEXT.cashShareTooLow(formatPeso(cashShare)) : SALES_TEXT.cashTooLow;
  return null;
}

/** The tender rules: the payments add up to the total, and cash tendered covers the cash payment. */
export function tenderProblem(
  payments: readonly Payment[],
  total: Centavos,
  cashTendered: Centavos | null,
  split: boolean,
): string | null {
  return paymentsSumProblem(payments, total) ?? cashTenderedProblem(payments, cashTendered, split);
}

/** A sale as recorded: its figures, its lines' and its payments'. */
export interface SaleRecord {
  lines: readonly { price: Centavos; quantity: number; lineTotal: Centavos; discount: Centavos }[];
  subtotal: Centavos;
  discountType: DiscountType | null;
  discountName: string | null;
  discountIdNumber: string | null;
  discountAmount: Centavos;
  vatExemptAmount: Centavos;
  taxRate: number;
  taxAmount: Centavos;
  totalAmount: Centavos;
  /** A pickup's sale also holds the cake order's deposits, `appliedDeposit`. */
  payments: readonly (Payment & { appliedDeposit?: boolean })[];
  cashTendered: Centavos | null;
  change: Centavos | null;
}

const peso = formatPeso;

/** A line's total is what it charged: price × quantity less its discount. */
export function lineTotalProblem(line: SaleRecord['lines'][number]): string | null {
  return line.lineTotal === line.price * line.quantity - line.discount
    ? null
    : `lineTotal ${peso(line.lineTotal)} is not price × quantity − discount.`;
}

/** The lines' sums, or why a line is not one checkout makes. */
interface LineSums {
  subtotal: Centavos;
  discounts: Centavos;
  exempt: Centavos;
  maybeExempt: Centavos;
}

function linesProblem(sale: SaleRecord): { problem: string } | { sums: LineSums } {
  const sums: LineSums = { subtotal: 0, discounts: 0, exempt: 0, maybeExempt: 0 };
  for (const line of sale.lines) {
    if (line.price < 0) return { problem: 'a line’s price cannot be negative.' };
    const total = lineTotalProblem(line);
    if (total) return { problem: `a line’s ${total}` };
    const amount = line.price * line.quantity;
    // Each eligible line loses 20%, rounded half-up; a line it rounds to ₱0.00 may be either.
    const full = percentOf(amount, SC_PWD_PERCENT);
    if (line.discount !== 0 && !sale.discountType)
      return {
        problem: `a line has a discount of ${peso(line.discount)} but the sale has no SC/PWD discount.`,
      };
    if (line.discount !== 0 && line.discount !== full)
      return {
        problem: `a line’s discount ${peso(line.discount)} is not ${SC_PWD_PERCENT}% of its ${peso(amount)} (${peso(full)}).`,
      };
    sums.subtotal += amount;
    sums.discounts += line.discount;
    if (line.discount > 0) sums.exempt += amount;
    else if (sale.discountType && full === 0) sums.maybeExempt += amount;
  }
  return { sums };
}

/**
 * Why a recorded sale's figures are not figures checkout makes, or null: nothing negative,
 * within the ceiling, a rate of 0 or 12, line totals of price × quantity less the SC/PWD
 * discount (20% half-up, the holder named), subtotal their sum, VAT the rate on the
 * taxable part rounded half-up, total = subtotal − discount + VAT, payments adding up to
 * it, cash tendered covering the cash payment, change the difference.
 */
export function saleRecordProblem(sale: SaleRecord): string | null {
  const figures = ['subtotal', 'discountAmount', 'vatExemptAmount', 'taxAmount', 'totalAmount'] as const;
  for (const field of figures) if (sale[field] < 0) return `${field} cannot be negative.`;
  const tooLarge = saleTotalProblem(Math.max(sale.subtotal, sale.totalAmount));
  if (tooLarge) return tooLarge;
  const tooMuchCash = tenderedCapProblem(sale.cashTendered);
  if (tooMuchCash) return tooMuchCash;
  if (!(VAT_RATES as readonly number[]).includes(sale.taxRate)) return SALES_TEXT.badTaxRate;
  if (sale.discountType && !sale.discountName?.trim()) return SALES_TEXT.discountName;
  if (sale.discountType && !sale.discountIdNumber?.trim()) return SALES_TEXT.discountIdNumber;
  const lines = linesProblem(sale);
  if ('problem' in lines) return lines.problem;
  const { subtotal, discounts, exempt, maybeExempt } = lines.sums;
  if (sale.subtotal !== subtotal)
    return `subtotal ${peso(sale.subtotal)} is not the sum of its lines (${peso(subtotal)}).`;
  if (sale.discountAmount !== discounts)
    return `discountAmount ${peso(sale.discountAmount)} is not the sum of its lines’ discounts (${peso(discounts)}).`;
  if (sale.vatExemptAmount < exempt || sale.vatExemptAmount > exempt + maybeExempt)
    return `vatExemptAmount ${peso(sale.vatExemptAmount)} is not the amount of its discounted lines (${peso(exempt)}).`;
  const taxable = subtotal - sale.vatExemptAmount;
  const tax = percentOf(taxable, sale.taxRate);
  if (sale.taxAmount !== tax)
    return `taxAmount ${peso(sale.taxAmount)} is not ${sale.taxRate}% of the taxable ${peso(taxable)} (${peso(tax)}).`;
  if (sale.totalAmount !== subtotal - discounts + tax)
    return 'totalAmount is not subtotal − discountAmount + taxAmount.';
  return paidProblem(sale);
}

/**
 * The payments: each above ₱0.00, one in cash at most, then checkout's tender rules and the
 * change. Deposits applied at a pickup were tendered when taken: the cash rules and the
 * change are the other payments' alone, so a pickup's sale may hold several Cash payments.
 */
function paidProblem(sale: SaleRecord): string | null {
  const { payments, cashTendered } = sale;
  if (payments.some((p) => p.amount <= 0)) return SALES_TEXT.paymentAmount;
  const taken = payments.filter((p) => !p.appliedDeposit);
  const oneCash = oneCashProblem(taken);
  if (oneCash) return oneCash;
  const tender =
    paymentsSumProblem(payments, sale.totalAmount) ??
    cashTenderedProblem(taken, cashTendered, payments.length > 1);
  if (tender) return tender;
  const cashShare = cashShareOf(taken);
  // Checkout keeps cash tendered only for a Cash payment.
  if (cashTendered !== null && cashShare === 0) return SALES_TEXT.cashTenderedWithoutCash;
  const change = cashTendered === null ? null : cashTendered - cashShare;
  if (sale.change === change) return null;
  return change === null
    ? 'change: a sale without cash tendered gives no change.'
    : `change ${peso(sale.change ?? 0)} is not cash tendered less the cash payment (${peso(change)}).`;
}
