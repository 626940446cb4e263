import { eq } from 'drizzle-orm';
import { can } from '../../../shared/roles';
import type { PrintInput } from '../../../shared/schemas/printers';
import { CAKE_ORDERS_TEXT } from '../../../shared/texts/cakeOrders';
import { PRINTERS_TEXT as T } from '../../../shared/texts/printers';
import { SALES_TEXT } from '../../../shared/texts/sales';
import type { Db } from '../../db/open';
import { endOfDay, terminals } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { findOrder, getOrder } from '../cakeOrders/queries';
import { type Receipt, receiptOf, reprint } from '../sales/receipt';
import { findSale, getSale } from '../sales/records';
import { saleShownTo } from '../sales/shown';
import { shopProfile } from '../settings/profile';
import { zOf } from '../shifts/endOfDay';
import { shiftReading } from '../shifts/service';
import { kitchenTicket, orderSlip } from './render/cakeOrder';
import { readingSlip } from './render/reading';
import { receiptSlip } from './render/receipt';
import { refundSlip } from './render/refund';
import type { Slip } from './slip';

// The documents the Print button prints, read as their screens read them, laid out for the
// printer's columns. A receipt printed again is a reprint: counted once it has printed.

/** A document ready to send, and what to record once the printer took it. */
export interface PrintJob {
  slip: Slip;
  /** Open the drawer too (a sale's first print, cash taken). */
  drawer: boolean;
  printed?: () => void;
}

/** Whether a sale took cash at the counter now (a deposit applied was taken before). */
export const tookCash = (r: Receipt) =>
  r.payments.length > 0
    ? r.payments.some((p) => p.method === 'Cash' && !p.appliedDeposit)
    : r.paymentMethod === 'Cash';

const terminalName = (db: Db, id: number | null) =>
  id === null
    ? ''
    : (db.select({ name: terminals.name }).from(terminals).where(eq(terminals.id, id)).get()?.name ?? '');

/** A number where only a database id names the record (shifts, Z readings). */
function numberOf(ref: number | string, notFound: string): number {
  if (typeof ref !== 'number') throw fail.notFound(notFound);
  return ref;
}

function saleReceipt(db: Db, actor: Viewer, ref: number | string) {
  const sale = findSale(db, ref);
  if (!sale) throw fail.notFound(SALES_TEXT.notFound);
  return { sale, receipt: receiptOf(db, saleShownTo(actor, getSale(db, sale.id))) };
}

/**
 * A sale's invoice: its original only when asked for and never reprinted (the automatic print
 * failed, so none came out); otherwise the next reprint, counted (journal, activity) once printed.
 */
function receiptJob(db: Db, actor: Viewer, input: PrintInput, columns: number): PrintJob {
  const { sale, receipt } = saleReceipt(db, actor, input.id);
  if (input.original && receipt.reprint === 0)
    return { slip: receiptSlip(receipt, columns), drawer: tookCash(receipt) };
  return {
    slip: receiptSlip({ ...receipt, reprint: receipt.reprint + 1 }, columns),
    drawer: false,
    printed: () => reprint(db, actor, sale.id),
  };
}

function orderOf(db: Db, ref: number | string) {
  const found = findOrder(db, ref);
  const order = found && getOrder(db, found.id);
  if (!order) throw fail.notFound(CAKE_ORDERS_TEXT.notFound);
  return order;
}

/** The job for `input`, or the 4xx saying why there is nothing to print. */
export function printJob(db: Db, actor: Viewer, input: PrintInput, columns: number): PrintJob {
  const profile = () => shopProfile(db);
  const terminal = (id: number) => db.select().from(terminals).where(eq(terminals.id, id)).get();
  switch (input.document) {
    case 'receipt':
      return receiptJob(db, actor, input, columns);
    case 'refund': {
      const { sale, receipt } = saleReceipt(db, actor, input.id);
      if (sale.status !== 'refunded') throw fail.conflict(T.notRefunded);
      return { slip: refundSlip(receipt, terminalName(db, sale.refundTerminalId), columns), drawer: false };
    }
    case 'xReading': {
      const x = shiftReading(db, actor, numberOf(input.id, T.documentNotFound));
      return {
        slip: readingSlip({ ...x, kind: 'X' }, profile(), terminal(x.terminalId), columns),
        drawer: false,
      };
    }
    case 'zReading': {
      if (!can(actor.user.role, 'endOfDay')) throw fail.forbidden(T.zReadingRole);
      const number = numberOf(input.id, T.zReadingNotFound);
      const row = db.select().from(endOfDay).where(eq(endOfDay.number, number)).get();
      if (!row) throw fail.notFound(T.zReadingNotFound);
      const z = zOf(db, row);
      return {
        slip: readingSlip({ ...z, kind: 'Z' }, profile(), terminal(z.terminalId), columns),
        drawer: false,
      };
    }
    case 'orderSlip':
      return { slip: orderSlip(orderOf(db, input.id), profile(), columns), drawer: false };
    case 'kitchenTicket':
      return { slip: kitchenTicket(orderOf(db, input.id), columns), drawer: false };
  }
}
