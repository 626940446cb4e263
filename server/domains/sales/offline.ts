import { eq } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { formatQuantity, fromMilli, toMilli } from '../../../shared/quantity';
import { can } from '../../../shared/roles';
import type { OfflineSaleInput } from '../../../shared/schemas/offline';
import { OFFLINE_TEXT as T } from '../../../shared/texts/offline';
import { formatDateTime } from '../../../shared/time';
import type { Totals } from '../../../shared/totals';
import { writeTogether } from '../../db/groupCommit';
import type { Db, Tx } from '../../db/open';
import { cakes, inventoryItems, shifts, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { addCakeLot, settleCakeExpiry } from '../cakes/cakeLots';
import { settleExpiry } from '../inventory/lotStock';
import { addLot } from '../inventory/lots';
import { notify } from '../notifications/service';
import { blockInvoice } from '../terminals/blocks';
import { type PricedLine, priceLines, resolveLines } from './lines';
import { findSale } from './records';
import { repeatedSale } from './repeat';
import { linesKey, recordSale } from './service';

// A sale a device made while the server could not be reached (docs/decisions.md, Selling
// offline). It happened: the customer paid the prices charged and took the goods. So the
// server keeps those prices (marking a line whose price changed since), books any stock the
// shelf no longer had on the books as a shortfall, and tells the managers. Its sale id makes
// it arrive once, however often the device sends it.

/** How far ahead of the server a device's clock may run before its time is refused. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

export interface Shortfall {
  code: string;
  name: string;
  /** In units, as the line's quantity (an item's may be a part of one). */
  quantity: number;
}
export interface PriceChange {
  code: string;
  name: string;
  charged: number;
  catalog: number;
}

export function receiveOfflineSale(db: Db, actor: Viewer, input: OfflineSaleInput, now = new Date()) {
  if (input.soldAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw fail.badRequest(T.soldAtFuture);
  return writeTogether(db, (tx) => {
    const lines = resolveLines(tx, input.lines);
    const key = linesKey(lines);
    const earlier = findSale(tx, input.saleId);
    if (earlier)
      return { ...repeatedSale(tx, earlier, key, input), shortfalls: [], priceChanges: [] as PriceChange[] };
    const cashier = cashierOf(tx, actor, input.cashierId);
    const shiftId = shiftOf(tx, input.shiftId, cashier);
    const books = priceLines(tx, lines, now, false);
    const charged = books.map((line, i) => ({ ...line, price: input.lines[i]!.price }));
    const priceChanges: PriceChange[] = books
      .filter((line, i) => line.price !== charged[i]!.price)
      .map((line) => ({
        code: line.code,
        name: line.name,
        charged: charged.find((c) => c.code === line.code)!.price,
        catalog: line.price,
      }));
    const catalogOf = new Map(priceChanges.map((p) => [p.code, p.catalog]));
    const shortfalls: Shortfall[] = [];
    const sale = recordSale(tx, actor, input, {
      key,
      priced: charged,
      soldAt: input.soldAt,
      shiftId,
      backdateReason: null,
      soldBy: cashier,
      checkTotals: (totals) => refuseOtherTotals(input.expected, totals),
      numberIt: (total) => blockInvoice(tx, input.terminalId, input.invoiceSeq, total),
      beforeTake: (line) => {
        const short = bookShortfall(tx, line, { userId: cashier, reference: input.saleId }, now);
        if (short > 0) shortfalls.push({ code: line.code, name: line.name, quantity: fromMilli(short) });
      },
      row: { soldOffline: true, receivedAt: now },
      lineRow: (line) => ({ catalogPrice: catalogOf.get(line.code) ?? null }),
      described: `, made offline at ${formatDateTime(input.soldAt)}${priceChanges.map((p) => `; ${p.code} ${T.priceNote(p.charged, p.catalog)}`).join('')}`,
      now,
    });
    if (shortfalls.length > 0)
      notify(
        tx,
        'warning',
        T.shortfallNotice(
          input.saleId,
          shortfalls
            .map((s) => T.shortfallPart(formatQuantity(toMilli(s.quantity)!), s.name, s.code))
            .join(', '),
        ),
        'salesOversee',
      );
    return { message: T.received, sale, repeated: false, shortfalls, priceChanges };
  });
}

/** The cashier who made the sale: the sender, or anyone a manager sends for. */
function cashierOf(tx: Tx, actor: Viewer, cashierId: number): number {
  if (cashierId === actor.user.id) return cashierId;
  if (!can(actor.user.role, 'salesOversee')) throw fail.forbidden(T.notCashier);
  const found = tx.select({ id: users.id }).from(users).where(eq(users.id, cashierId)).get();
  if (!found) throw fail.badRequest(T.noCashier);
  return found.id;
}

/** The device's shift, when it is the cashier's (open or closed since: the sale was in it). */
function shiftOf(tx: Tx, shiftId: number | null, cashier: number): number | null {
  if (shiftId === null) return null;
  const shift = tx.select({ userId: shifts.cashierId }).from(shifts).where(eq(shifts.id, shiftId)).get();
  if (shift?.userId !== cashier) throw fail.badRequest(T.notTheirShift);
  return shiftId;
}

/** The totals the device charged must follow from its lines and prices, as the server reckons them. */
function refuseOtherTotals(expected: OfflineSaleInput['expected'], totals: Totals) {
  if (
    expected.subtotal !== totals.subtotal ||
    expected.taxAmount !== totals.taxAmount ||
    expected.totalAmount !== totals.totalAmount ||
    expected.discountAmount !== totals.discountAmount
  )
    throw fail.badRequest(
      T.totalsDisagree(
        `subtotal ${formatPeso(totals.subtotal)}, discount ${formatPeso(totals.discountAmount)}, tax ${formatPeso(totals.taxAmount)}, total ${formatPeso(totals.totalAmount)}`,
      ),
    );
}

/**
 * What the line takes beyond the stock on the books is booked first as a `shortfall`
 * adjustment (an undated lot, taken last), so the sale's own take leaves the stock at zero
 * and the ledger shows both. Answers the shortfall in thousandths.
 */
function bookShortfall(
  tx: Tx,
  line: PricedLine,
  by: { userId: number; reference: string },
  now: Date,
): number {
  const what = { kind: line.kind, id: line.id, record: line.code };
  const move = { reason: 'shortfall', ...by } as const;
  if (line.kind === 'item') {
    settleExpiry(tx, what, now);
    const held = tx
      .select({ stock: inventoryItems.stock })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, line.id))
      .get();
    const short = toMilli(line.quantity)! - (held?.stock ?? 0);
    if (short > 0)
      addLot(
        tx,
        what,
        { source: 'adjustment', quantity: short, unitCost: line.purchasePrice, expirationDate: null },
        move,
        now,
      );
    return Math.max(short, 0);
  }
  settleCakeExpiry(tx, what, now);
  const held = tx.select({ stock: cakes.stock }).from(cakes).where(eq(cakes.id, line.id)).get();
  const short = line.quantity - (held?.stock ?? 0);
  if (short > 0)
    addCakeLot(
      tx,
      what,
      { source: 'adjustment', quantity: short, unitCost: line.purchasePrice, expirationDate: null },
      move,
      now,
    );
  return Math.max(short, 0) * 1000;
}
