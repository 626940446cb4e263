import { useQueryClient } from '@tanstack/react-query';
import type { PAYMENT_METHODS } from '../../../shared/constants';
import { toCentavos } from '../../../shared/money';
import {
  cashShareOf,
  cashTenderedProblem,
  oneCashProblem,
  paymentsSumProblem,
  referenceProblem,
  referenceSent,
} from '../../../shared/saleRules';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { formatClock } from '../../../shared/time';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { numberOf } from '../../ui/inputs';

/** An order as the list shows it. */
export type OrderRow = RouterOutputs['cakeOrders']['list']['orders'][number];
/** An order with its lines, payments and history, as its view, the slip and the ticket read it. */
export type CakeOrder = RouterOutputs['cakeOrders']['get'];
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Refetches every cake-order query (the calendar, the list, an opened order), the shift's
 * reading and the dashboard (Today's Pickups, Deposits Held).
 */
export function useRefreshOrders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.cakeOrders.pathFilter());
    void queryClient.invalidateQueries(trpc.shifts.pathFilter());
    void queryClient.invalidateQueries(trpc.reports.dashboard.pathFilter());
  };
}

/** Still open to payments, the kitchen's states, pickup and cancelling. */
export const isOpen = (order: { status: string }) =>
  order.status !== 'Picked up' && order.status !== 'Cancelled';

/** Pickup on the shop's clock: a Manila date and time (HH:MM) as an instant. */
export const manilaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** The Manila time of day of an instant, "3:00 PM". */
export const formatTime = formatClock;

/** One payment as typed: pesos '' when blank. */
export interface PaymentDraft {
  method: PaymentMethod | null;
  amount: number | string;
  reference: string;
}

/** The payments and the cash tendered as typed. */
export interface TenderDraft {
  payments: PaymentDraft[];
  cashTendered: number | string;
}

export const NO_TENDER: TenderDraft = { payments: [], cashTendered: '' };

/** A blank payment line: no method, no amount. */
export const freshPayment = (): PaymentDraft => ({ method: null, amount: '', reference: '' });

/** Pesos as typed to centavos; 0 when blank or unreadable (the checks refuse it). */
function centavosOf(typed: number | string): number {
  const pesos = numberOf(typed, Number.NaN);
  return Number.isFinite(pesos) && pesos > 0 ? toCentavos(pesos) : 0;
}

/** The tender as the server takes it: centavos, references only where the method takes one. */
export function tenderOf(draft: TenderDraft) {
  const payments = draft.payments.map((p) => ({
    method: p.method ?? 'Cash',
    amount: centavosOf(p.amount),
    reference: referenceSent(p.method, p.reference),
  }));
  const cashShare = cashShareOf(payments);
  const typed = numberOf(draft.cashTendered, Number.NaN);
  const cashTendered = cashShare > 0 && Number.isFinite(typed) && typed >= 0 ? toCentavos(typed) : null;
  const sum = payments.reduce((s, p) => s + p.amount, 0);
  return {
    payments,
    cashTendered,
    sum,
    cashShare,
    change: cashTendered !== null && cashTendered >= cashShare ? cashTendered - cashShare : null,
  };
}

/**
 * Why the tender cannot be sent, or null: each payment with a method, an amount and its
 * reference, one cash payment at most, cash tendered covering it, and (at pickup) the
 * payments adding up to `exactly`.
 */
export function tenderProblem(draft: TenderDraft, exactly?: number): string | null {
  if (draft.payments.some((p) => !p.method)) return S.paymentMethodRequired;
  const tender = tenderOf(draft);
  if (tender.payments.some((p) => p.amount <= 0)) return S.paymentAmountRequired;
  const reference = draft.payments.map((p) => referenceProblem(p.method, p.reference)).find(Boolean);
  if (reference) return reference;
  const oneCash = oneCashProblem(tender.payments);
  if (oneCash) return oneCash;
  if (exactly !== undefined) {
    const sum = paymentsSumProblem(tender.payments, exactly);
    if (sum) return sum;
  }
  return cashTenderedProblem(tender.payments, tender.cashTendered, true);
}

/** A key for one pickup dialog: sent with each try, so a double click or a retry is one sale. */
export function newPickupKey(): string {
  return `pickup-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
