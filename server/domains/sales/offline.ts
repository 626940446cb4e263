import { and, eq } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { formatQuantity, fromMilli, toMilli } from '../../../shared/quantity';
import { can } from '../../../shared/roles';
import type { OfflineSaleInput } from '../../../shared/schemas/offline';
import { OFFLINE_TEXT as T } from '../../../shared/texts/offline';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import type { Totals } from '../../../shared/totals';
import { writeTogether } from '../../db/groupCommit';
import type { Db, Tx } from '../../db/open';
import { cakes, inventoryItems, shifts, stockMovements, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { settleCakeExpiry } from '../cakes/cakeLotStock';
import { addCakeLot } from '../cakes/cakeLots';
import { settleExpiry } from '../inventory/lotStock';
import { addLot } from '../inventory/lots';
import { notify } from '../notifications/service';
import { blockHolding, blockInvoice } from '../terminals/blocks';
import { type PricedLine, priceLines, type ResolvedLine, resolveLines } from './lines';
import { findSale, type SaleRow } from './records';
import { repeatedSale } from './repeat';
import { linesKey, recordSale } from './service';

// A sale a device made while the server could not be reached (docs/decisions.md, Selling
// offline). It happened: the customer paid the prices charged and took the goods. So the
// server keeps those prices (marking a line whose price changed since), books any stock the
// shelf no longer had on the books as a shortfall, and tells the managers. Its sale id makes
// it arrive once, however often the device sends it.

/** How far ahead of the server a device's clock may run before its time is refused. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

interface Shortfall {
  code: string;
  name: string;
  /** In units, as the line's quantity (an item's may be a part of one). */
  quantity: number;
}
interface PriceChange {
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
    if (earlier) return repeatOf(tx, earlier, key, lines, input);
    const cashier = cashierOf(tx, actor, input.cashierId);
    const shiftId = shiftOf(tx, input.shiftId, cashier);
    // Its number came from a block: a sale timed before the block was set aside has a clock
    // that is wrong (a tablet back at 1970 after a flat battery), and would date the books so.
    const { block } = blockHolding(tx, input.terminalId, input.invoiceSeq);
    if (input.soldAt.getTime() < block.reservedAt.getTime() - CLOCK_SLACK_MS)
      throw fail.badRequest(T.soldAtBeforeBlock(formatDateTime(block.reservedAt)));
    const books = priceLines(tx, lines, now, false);
    const charged = books.map((line, i) => ({ ...line, price: input.lines[i]!.price }));
    const changed = books.flatMap((line, i) => (line.price === charged[i]!.price ? [] : [i]));
    const priceChanges: PriceChange[] = changed.map((i) => ({
      code: books[i]!.code,
      name: books[i]!.name,
      charged: charged[i]!.price,
      catalog: books[i]!.price,
    }));
    // By kind and id: an item and a cake may share a business id.
    const catalogOf = new Map(changed.map((i) => [productKey(books[i]!), books[i]!.price]));
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
      lineRow: (line) => ({ catalogPrice: catalogOf.get(productKey(line)) ?? null }),
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

const productKey = (line: { kind: string; id: number }) => `${line.kind}:${line.id}`;

/**
 * A sale id already on file: the device sending again a sale whose answer it never heard.
 * Answered as it was first (its shortfalls from the ledger, its price changes from its lines),
 * writing nothing. Other lines, tax, discount or payments are 409 (repeat.ts), and so are other
 * prices charged or another invoice number: that is another sale, or a receipt the books lack.
 */
function repeatOf(
  tx: Tx,
  earlier: SaleRow,
  key: string,
  lines: readonly ResolvedLine[],
  input: OfflineSaleInput,
) {
  const { sale } = repeatedSale(tx, earlier, key, input);
  const charged = new Map(lines.map((line, i) => [productKey(line), input.lines[i]!.price]));
  const other = [
    (sale.terminalId !== input.terminalId || sale.invoiceSeq !== input.invoiceSeq) && 'invoice number',
    sale.lines.some((line) => charged.get(`${line.kind}:${line.itemId ?? line.cakeId}`) !== line.price) &&
      'prices',
  ].filter((part): part is string => typeof part === 'string');
  if (other.length > 0) throw fail.conflict(SALES_TEXT.saleIdOtherTerms(sale.saleId, other.join(' and ')));
  const name = new Map(sale.lines.map((line) => [line.code, line.name]));
  const shortfalls: Shortfall[] = tx
    .select({ record: stockMovements.record, change: stockMovements.change })
    .from(stockMovements)
    .where(and(eq(stockMovements.reason, 'shortfall'), eq(stockMovements.reference, sale.saleId)))
    .orderBy(stockMovements.id)
    .all()
    .map((move) => ({
      code: move.record,
      name: name.get(move.record) ?? move.record,
      quantity: fromMilli(move.change),
    }));
  const priceChanges: PriceChange[] = sale.lines.flatMap((line) =>
    line.catalogPrice === null
      ? []
      : [{ code: line.code, name: line.name, charged: line.price, catalog: line.catalogPrice }],
  );
  return { message: T.received, sale, repeated: true, shortfalls, priceChanges };
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
