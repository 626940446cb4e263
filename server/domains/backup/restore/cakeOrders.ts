import { eq, sql } from 'drizzle-orm';
import { orderNumber, CAKE_ORDERS_TEXT as T } from '../../../../shared/texts/cakeOrders';
import { manilaDate } from '../../../../shared/time';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { cakeOrders, cakes, customers, sales, shifts } from '../../../db/schema';
import {
  byOrder,
  eventRow,
  FINAL,
  figuresProblem,
  lineRow,
  numbersOf,
  orderRow,
  type Payment,
  paymentRow,
  SHEET,
} from './cakeOrderRows';
import { cakeOrderWriter } from './cakeOrderWrites';
import type { Book } from './read';
import { checkedRows, idLookup, type Tally, userLookup } from './rows';

// The cake-orders backup as the restore reads it: orders by their number (ORD-000001), their
// lines, payments and history by orderNumber; the customer, the cakes and the pickup's sale
// must already be on file (docs/decisions.md, Cake orders).

/**
 * Cake orders by number, with their lines, payments and history. A missing order is added; an
 * open one on file is set to the file's values and lines. Money is never taken back: every
 * payment on file must be in the file (those it adds count in no Z reading, as restored sales
 * do), and a picked-up or cancelled order on file is never changed. History the file holds
 * is added, none removed. No stock moves (the cakes backup holds stock).
 */
export function restoreCakeOrders(tx: Tx, book: Book, tally: Tally): void {
  const lines = byOrder(book.lines ?? [], lineRow, 'lines', tally);
  const payments = byOrder(book.payments ?? [], paymentRow, 'payments', tally);
  const events = byOrder(book.events ?? [], eventRow, 'events', tally);
  const customer = idLookup(tx, customers, customers.customerId);
  const cake = idLookup(tx, cakes, cakes.cakeId);
  const user = userLookup(tx);
  const saleOf = prepared(tx, 'restore.cake-orders.sale', () =>
    tx
      .select({ id: sales.id })
      .from(sales)
      .where(eq(sales.saleId, sql.placeholder('saleId')))
      .prepare(),
  );
  const orderOfSale = prepared(tx, 'restore.cake-orders.of-sale', () =>
    tx
      .select({ number: cakeOrders.number })
      .from(cakeOrders)
      .where(eq(cakeOrders.saleId, sql.placeholder('sale')))
      .prepare(),
  );
  const shiftOf = prepared(tx, 'restore.cake-orders.shift', () =>
    tx
      .select()
      .from(shifts)
      .where(eq(shifts.id, sql.placeholder('id')))
      .prepare(),
  );
  const write = cakeOrderWriter(tx, tally);

  /**
   * The shift a payment counted in, when that shift is on file and is the one it was taken in:
   * the taker's, open at the time. Another database's shift numbers name other drawers.
   */
  const shiftFor = (p: Payment, takenBy: number | null): number | null => {
    if (p.shiftId === null || takenBy === null) return null;
    const shift = shiftOf.get({ id: p.shiftId }) as typeof shifts.$inferSelect | undefined;
    const at = p.takenAt.getTime();
    const within =
      shift && shift.openedAt.getTime() <= at && (!shift.closedAt || at <= shift.closedAt.getTime());
    return within && shift.cashierId === takenBy ? shift.id : null;
  };

  const inFile = numbersOf(book[SHEET] ?? []);
  const linesNamed = numbersOf(book.lines ?? []);
  const salesTaken = new Map<number, string>();
  for (const { row, value: order } of checkedRows(book[SHEET] ?? [], orderRow, 'orderNumber', tally)) {
    const number = orderNumber(order.orderNumber);
    const refuse = (reason: string) => tally.reject(row, reason);
    const its = lines.get(order.orderNumber) ?? [];
    // Lines all refused already say what is wrong; the order has nothing more to add.
    if (its.length === 0 && linesNamed.has(order.orderNumber)) continue;
    const paid = payments.get(order.orderNumber) ?? [];
    const problem = figuresProblem(order, its, paid);
    if (problem) {
      refuse(`${number}: ${problem}`);
      continue;
    }
    const customerId = order.customerId ? customer(order.customerId) : null;
    if (customerId === undefined) {
      refuse(
        `customerId: ${order.customerId} is not a customer on file; restore the customers backup first.`,
      );
      continue;
    }
    let saleId: number | null = null;
    if (order.saleId) {
      const sale = saleOf.get({ saleId: order.saleId }) as { id: number } | undefined;
      if (!sale) {
        refuse(`saleId: ${order.saleId} is not a sale on file; restore the sales backup first.`);
        continue;
      }
      const other =
        salesTaken.get(sale.id) ??
        (orderOfSale.all({ sale: sale.id }) as { number: number }[])
          .map((o) => orderNumber(o.number))
          .find((n) => n !== number);
      if (other) {
        refuse(`saleId: ${order.saleId} is the sale of ${other}; a sale is one order's pickup.`);
        continue;
      }
      salesTaken.set(sale.id, number);
      saleId = sale.id;
    }
    // A cake no longer on file unlinks a finished order's line, as deleting the cake does; an
    // open order still needs it for its pickup.
    const final = FINAL.includes(order.status);
    const missing = its.find((l) => l.cakeId && cake(l.cakeId) === undefined);
    if (missing && !final) {
      tally.reject(
        missing.row,
        `cakeId: ${missing.cakeId} is not on file; restore the cakes backup first.`,
        'lines',
      );
      continue;
    }
    const repeated = its.find((l, n) => l.cakeId && its.findIndex((m) => m.cakeId === l.cakeId) !== n);
    if (repeated) {
      tally.reject(repeated.row, `${number}: ${T.repeatedCake}`, 'lines');
      continue;
    }

    const wanted = {
      number: order.orderNumber,
      customerId,
      customerName: order.customerName,
      phone: order.phone,
      pickupAt: order.pickupAt,
      pickupDate: manilaDate(order.pickupAt),
      inscription: order.inscription,
      notes: order.notes,
      taxRate: order.taxRate,
      subtotal: order.subtotal,
      taxAmount: order.taxAmount,
      total: order.total,
      status: order.status,
      createdBy: user(order.createdBy),
      createdAt: order.createdAt,
      saleId,
      pickedUpAt: order.pickedUpAt,
      pickedUpBy: user(order.pickedUpBy),
      cancelledAt: order.cancelledAt,
      cancelledBy: user(order.cancelledBy),
      cancelReason: order.cancelReason,
      depositRefunded: order.depositRefunded,
    };
    const wantedLines = its.map((l) => ({
      cakeId: l.cakeId ? (cake(l.cakeId) ?? null) : null,
      code: l.cakeId,
      description: l.description,
      quantity: l.quantity,
      price: l.price,
      lineTotal: l.lineTotal,
    }));
    const wantedPayments = paid.map((p) => {
      const takenBy = user(p.takenBy);
      return {
        kind: p.kind,
        method: p.method,
        amount: p.amount,
        reference: p.reference,
        cashTendered: p.cashTendered,
        change: p.change,
        takenAt: p.takenAt,
        takenBy,
        shiftId: shiftFor(p, takenBy),
        // Counted in no later Z reading, as a restored sale is not (docs/decisions.md).
        zPending: false,
      };
    });
    const wantedEvents = (events.get(order.orderNumber) ?? []).map((e) => ({
      at: e.at,
      userId: user(e.user),
      text: e.text,
    }));

    write(row, { order: wanted, lines: wantedLines, payments: wantedPayments, events: wantedEvents });
  }
  const orphans = [
    ['lines', lines],
    ['payments', payments],
    ['events', events],
  ] as const;
  for (const [sheet, rows] of orphans)
    for (const [n, its] of rows) {
      if (inFile.has(n)) continue;
      for (const r of its as { row: number }[])
        tally.reject(r.row, `orderNumber ${orderNumber(n)} is not in the cake-orders sheet.`, sheet);
    }
}
