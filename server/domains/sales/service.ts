import { eq } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { saleTotalProblem } from '../../../shared/saleRules';
import type { CheckoutInput } from '../../../shared/schemas/sales';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { manilaDate, manilaDayStart } from '../../../shared/time';
import { lineDiscounts, SC5_WEEKLY_PURCHASES, saleTotals, type Totals } from '../../../shared/totals';
import { writeTogether } from '../../db/groupCommit';
import type { Db, Tx } from '../../db/open';
import { customers } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { alertForIds } from '../inventory/alerts';
import { notify } from '../notifications/service';
import { backdateReasonFor, drawerFor } from './backdate';
import { journalSale, numberSale } from './invoice';
import { keepLineLots, takeForLine } from './lineStock';
import { currentLines, type PricedLine, priceLines, resolveLines } from './lines';
import { findSale, getSale } from './records';
import { checkoutRefused } from './refused';
import { repeatedSale } from './repeat';
import { buyerOf, insertLine, insertPayment, insertSale, lineRow, uniqueSaleId } from './saleRows';
import { sc5Allowance } from './sc5';
import { tenderFor } from './tender';

export const MODULE = 'Sales Management';

/** The lines in one canonical form: the same cart in any order is the same sale. */
export function linesKey(lines: readonly { kind: string; id: number; quantity: number }[]): string {
  return lines
    .map((l) => `${l.kind}:${l.id}x${l.quantity}`)
    .sort()
    .join(',');
}

/** A sale made away from the counter on an earlier Manila day is dated noon of that day. */
function soldAtFor(date: string | null, now: Date): Date {
  const today = manilaDate(now);
  if (!date || date === today) return now;
  if (date > today) throw fail.badRequest(SALES_TEXT.futureDate);
  return new Date(manilaDayStart(date).getTime() + 12 * 60 * 60 * 1000);
}

/**
 * Checkout (docs/rules.md, Money and rounding): prices and stock from the database, totals recomputed in
 * centavos, and in one immediate transaction the sale, its lines, the guarded stock
 * decrements with their ledger rows, the activity row and the stock notifications; or
 * nothing at all. The saleId makes a retry safe: the same sale answers the sale already made.
 * Sales arriving together share one commit (writeTogether), each in its own savepoint.
 * Staff sell inside their open shift, never dated before the last Z reading (backdate.ts).
 */
export function checkout(db: Db, actor: Viewer, input: CheckoutInput, now = new Date()) {
  const soldAt = soldAtFor(input.date, now);
  if (soldAt === now && input.inDrawer === false) throw fail.badRequest(SALES_TEXT.inDrawerToday);
  return writeTogether(db, (tx) => {
    const lines = resolveLines(tx, input.lines);
    const key = linesKey(lines);
    if (input.saleId) {
      const earlier = findSale(tx, input.saleId);
      if (earlier) return repeatedSale(tx, earlier, key, input);
    }
    const shiftId = drawerFor(tx, actor, soldAt === now ? null : input.inDrawer === true);
    const backdateReason = backdateReasonFor(tx, actor, soldAt, now, input.backdateReason);
    const priced = priceLines(tx, lines, now);
    const sale = recordSale(tx, actor, input, {
      key,
      priced,
      soldAt,
      shiftId,
      backdateReason,
      soldBy: actor.user.id,
      checkTotals: (totals) => refuseOtherTotals(input.expected, totals, priced),
      numberIt: (total) => numberSale(tx, input, shiftId, total),
      now,
    });
    return { message: SALES_TEXT.created, sale, repeated: false };
  });
}

/** How a sale is made: its lines as priced, its time, drawer, seller and invoice number. */
export interface SaleMaking {
  key: string;
  priced: readonly PricedLine[];
  soldAt: Date;
  shiftId: number | null;
  backdateReason: string | null;
  soldBy: number;
  /** Throws when the totals are not the ones the sale was made for. */
  checkTotals: (totals: Totals) => void;
  numberIt: (total: number) => { terminalId: number; invoiceSeq: number; invoiceNumber: string };
  /** Before a line's stock is taken (an offline sale books a shortfall there). */
  beforeTake?: (line: PricedLine) => void;
  /** Extra fields of the sale row, and of each line row. */
  row?: Partial<{ soldOffline: boolean; receivedAt: Date }>;
  lineRow?: (line: PricedLine) => Partial<{ catalogPrice: number | null }>;
  /** Said after the activity row's usual description. */
  described?: string;
  now: Date;
}

/**
 * One sale in the caller's transaction: totals recomputed in centavos, the sale, its lines,
 * the guarded stock decrements with their ledger rows, the payments, the activity row, the
 * stock notices and the journal row. Answers the sale as made.
 */
export function recordSale(
  tx: Tx,
  actor: Viewer,
  input: Omit<CheckoutInput, 'date' | 'backdateReason' | 'inDrawer'>,
  m: SaleMaking,
) {
  const { priced, now } = m;
  const discount = input.discount?.type ?? null;
  // The SC5 allowance is read here, inside the transaction, so concurrent sales cannot share it.
  const sc5Left =
    discount === 'SC5' && input.discount
      ? sc5Allowance(tx, input.discount.idNumber, m.soldAt).allowanceLeft
      : SC5_WEEKLY_PURCHASES;
  const totals = saleTotals(priced, input.taxRate, discount, sc5Left);
  const discounts = lineDiscounts(priced, discount, sc5Left);
  const tooLarge = saleTotalProblem(totals.totalAmount);
  if (tooLarge) throw fail.badRequest(tooLarge);
  m.checkTotals(totals);
  const tender = tenderFor(input, totals.totalAmount);
  const customer = customerFor(tx, input);
  const saleId = input.saleId ?? uniqueSaleId(tx);
  const invoice = m.numberIt(totals.totalAmount);
  const sale = insertSale(tx).get({
    ...invoice,
    ...buyerOf(input.buyer),
    saleId,
    customerName: customer.name,
    customerId: customer.id,
    orderType: input.orderType,
    ...totals,
    discountType: discount,
    discountName: input.discount?.name ?? null,
    discountIdNumber: input.discount?.idNumber ?? null,
    taxRate: input.taxRate,
    paymentMethod: tender.paymentMethod,
    paymentReference: tender.paymentReference,
    cashTendered: tender.cashTendered,
    change: tender.change,
    linesKey: m.key,
    soldBy: m.soldBy,
    soldAt: m.soldAt,
    shiftId: m.shiftId,
    zPending: true,
    backdateReason: m.backdateReason,
    soldOffline: m.row?.soldOffline ?? false,
    receivedAt: m.row?.receivedAt ?? now,
  });
  const move = { reason: 'sale', userId: m.soldBy, reference: saleId } as const;
  for (const [i, line] of priced.entries()) {
    m.beforeTake?.(line);
    const { cost, takes, cake } = takeForLine(tx, line, move, now);
    const saved = insertLine(tx).get({
      ...lineRow(sale!.id, line, discounts[i] ?? 0),
      catalogPrice: null,
      ...m.lineRow?.(line),
      cost,
    });
    keepLineLots(tx, saved!.id, takes, cake);
  }
  for (const payment of tender.payments)
    insertPayment(tx).run({ saleId: sale!.id, ...payment, appliedDeposit: false });
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Create Sale',
    module: MODULE,
    description: `Sold ${saleId} to ${customer.name}: ${priced.length} ${priced.length === 1 ? 'line' : 'lines'}, ${formatPeso(totals.totalAmount)} by ${tender.paymentMethod}${discount ? ` with the ${discount} discount (${formatPeso(totals.discountAmount)})` : ''}${m.backdateReason ? `, dated ${manilaDate(m.soldAt)} (${m.backdateReason})` : ''}${m.described ?? ''}`,
  });
  alertForIds(
    tx,
    priced.filter((l) => l.kind === 'item').map((l) => l.id),
    now,
  );
  for (const line of priced)
    if (line.kind === 'cake' && line.stock <= line.quantity)
      notify(tx, 'error', `"${line.name}" (${line.code}) is sold out.`);
  const made = getSale(tx, sale!.id);
  journalSale(tx, made, now);
  return made;
}

/** A client's totals that differ from the server's are refused (409), naming the server's, with the lines as priced. */
function refuseOtherTotals(
  expected: CheckoutInput['expected'],
  totals: Totals,
  priced: readonly PricedLine[],
) {
  if (
    expected &&
    (expected.subtotal !== totals.subtotal ||
      expected.taxAmount !== totals.taxAmount ||
      expected.totalAmount !== totals.totalAmount ||
      (expected.discountAmount !== undefined && expected.discountAmount !== totals.discountAmount))
  ) {
    const discount = totals.discountAmount ? `, discount ${formatPeso(totals.discountAmount)}` : '';
    throw checkoutRefused(
      SALES_TEXT.totalsDisagree(
        `subtotal ${formatPeso(totals.subtotal)}${discount}, tax ${formatPeso(totals.taxAmount)}, total ${formatPeso(totals.totalAmount)}`,
      ),
      currentLines(priced),
    );
  }
}

/** A registered customer by id, or the typed name; a blank unregistered one is "Unregistered". */
function customerFor(
  tx: Tx,
  input: Pick<CheckoutInput, 'customerId' | 'customerName'>,
): { id: number | null; name: string } {
  if (input.customerId !== null) {
    const customer = tx.select().from(customers).where(eq(customers.id, input.customerId)).get();
    if (!customer) throw fail.badRequest(SALES_TEXT.badCustomer);
    return { id: customer.id, name: customer.name };
  }
  return { id: null, name: input.customerName || SALES_TEXT.unregistered };
}
