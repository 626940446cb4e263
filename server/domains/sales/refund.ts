import { eq } from 'drizzle-orm';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/schemas/sales';
import type { Db, Tx } from '../../db/open';
import { saleLines, sales } from '../../db/schema';
import { fail } from '../../errors';
import { holdOrApply, registerActionHandler } from '../actions/service';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { openShiftOf } from '../counter/current';
import { moveStock } from '../inventory/stock';
import { notify } from '../notifications/service';
import { findSale, getSale, type SaleRow } from './records';
import { MODULE } from './service';

/** PRODUCT.md: a refund is the whole sale, once; stock and ledger come back in the same transaction. */
function applyRefund(tx: Tx, actor: Viewer, sale: SaleRow, now: Date) {
  // Re-read inside the transaction: ten refunds at once see one "completed".
  const current = findSale(tx, sale.id);
  if (!current) throw fail.notFound(SALES_TEXT.notFound);
  if (current.status === 'refunded') throw fail.conflict(SALES_TEXT.alreadyRefunded);
  const lines = tx.select().from(saleLines).where(eq(saleLines.saleId, sale.id)).all();
  tx.update(sales)
    .set({
      status: 'refunded',
      refundedAt: now,
      refundedBy: actor.user.id,
      refundShiftId: openShiftOf(tx, actor.user.id)?.id ?? null,
    })
    .where(eq(sales.id, sale.id))
    .run();
  for (const line of lines) {
    const id = line.kind === 'item' ? line.itemId : line.cakeId;
    // A product deleted since the sale has no shelf to go back to; the line stays on record.
    if (id === null) continue;
    moveStock(
      tx,
      { kind: line.kind, id, record: line.code },
      { reason: 'refund', change: line.quantity, userId: actor.user.id, reference: sale.saleId },
    );
  }
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Refund Sale',
    module: MODULE,
    description: `Refunded ${sale.saleId} (${formatPeso(sale.totalAmount)}) to ${sale.customerName}`,
  });
  notify(
    tx,
    'info',
    `Sale ${sale.saleId} (${formatPeso(sale.totalAmount)}) was refunded by ${actor.user.username}.`,
  );
}

export function refund(db: Db, actor: Viewer, ref: number | string, now = new Date()) {
  return holdOrApply(db, actor, {
    find: (tx) => findSale(tx, ref),
    notFound: SALES_TEXT.notFound,
    hold: (sale) => {
      if (sale.status === 'refunded') throw fail.conflict(SALES_TEXT.alreadyRefunded);
      return {
        module: MODULE,
        requestType: 'refund',
        targetId: sale.saleId,
        details: { 'Sale ID': sale.saleId, Customer: sale.customerName, Total: formatPeso(sale.totalAmount) },
        payload: { id: sale.id },
        summary: `refund sale ${sale.saleId} (${formatPeso(sale.totalAmount)})`,
      };
    },
    apply: (tx, sale) => {
      applyRefund(tx, actor, sale, now);
      return { message: SALES_TEXT.refunded, sale: getSale(tx, sale.id) };
    },
  });
}

registerActionHandler(MODULE, {
  apply(tx, approver, change) {
    if (change.requestType !== 'refund')
      throw fail.conflict(`Sales requests cannot be of type ${change.requestType}.`);
    const sale = findSale(tx, (change.payload as { id: number }).id);
    if (!sale) throw fail.notFound(SALES_TEXT.notFound);
    applyRefund(tx, approver, sale, new Date());
  },
});
