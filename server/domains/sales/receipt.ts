import { eq, sql } from 'drizzle-orm';
import { invoiceAmounts } from '../../../shared/invoiceAmounts';
import { RECEIPT_TEXT } from '../../../shared/texts/receipt';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import type { Db, Store } from '../../db/open';
import { sales } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';
import { shopProfile } from '../settings/profile';
import { terminalById } from '../terminals/service';
import { findSale, getSale } from './records';
import { MODULE } from './service';
import type { ShownSale } from './shown';

// The invoice as printed (docs/decisions.md, BIR records): built here from the sale, the shop
// profile and the terminal, so the 80 mm print, REST and a reprint print the same thing.

/** Everything the 80 mm invoice prints, money in centavos; blank texts where nothing was given. */
export function receiptOf(db: Store, sale: ShownSale) {
  const profile = shopProfile(db);
  const terminal = sale.terminalId === null ? undefined : terminalById(db, sale.terminalId);
  return {
    id: sale.id,
    saleId: sale.saleId,
    invoiceNumber: sale.invoiceNumber ?? '',
    /** 0 for the original; the reprint's count once printed again. */
    reprint: sale.reprintCount,
    status: sale.status,
    refundNumber: sale.refundNumber,
    refundedAt: sale.refundedAt,
    refundedBy: sale.refundedByName,
    businessName: profile.businessName,
    vatRegTin: profile.tin,
    address: profile.address,
    contact: profile.contact,
    terminal: terminal?.name ?? '',
    min: terminal?.min ?? '',
    serialNumber: terminal?.serialNumber ?? '',
    // The terminal's permit; a shop with one permit for its only till keeps it on its profile.
    permitNumber: terminal?.permitNumber || profile.birPermitNumber,
    soldAt: sale.soldAt,
    /** The date and time in Manila, as printed. */
    dateTime: formatDateTime(sale.soldAt),
    cashier: sale.cashier ?? 'Unknown',
    shiftId: sale.shiftId,
    backdateReason: sale.backdateReason,
    customerName: sale.customerName,
    orderType: sale.orderType,
    lines: sale.lines.map((line) => ({
      kind: line.kind,
      code: line.code,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      amount: line.price * line.quantity,
      discount: line.discount,
    })),
    subtotal: sale.subtotal,
    taxRate: sale.taxRate,
    ...invoiceAmounts(sale),
    discountAmount: sale.discountAmount,
    totalAmount: sale.totalAmount,
    paymentMethod: sale.paymentMethod,
    paymentReference: sale.paymentReference,
    payments: sale.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      appliedDeposit: p.appliedDeposit,
    })),
    cashTendered: sale.cashTendered,
    change: sale.change,
    buyer: { name: sale.buyerName ?? '', address: sale.buyerAddress ?? '', tin: sale.buyerTin ?? '' },
    /** The SC/PWD holder who signs the invoice; null without that discount. */
    holder: sale.discountType
      ? { type: sale.discountType, name: sale.discountName ?? '', idNumber: sale.discountIdNumber ?? '' }
      : null,
  };
}
export type Receipt = ReturnType<typeof receiptOf>;

/**
 * A receipt printed again (any role, a refunded sale too): its reprint count goes up by one,
 * with an activity row and a journal row, in one transaction. Recorded, never held.
 */
export function reprint(db: Db, actor: Viewer, ref: number | string, now = new Date()) {
  return db.transaction(
    (tx) => {
      const sale = findSale(tx, ref);
      if (!sale) throw fail.notFound(SALES_TEXT.notFound);
      const counted = tx
        .update(sales)
        .set({ reprintCount: sql`${sales.reprintCount} + 1` })
        .where(eq(sales.id, sale.id))
        .returning({ reprintCount: sales.reprintCount })
        .get();
      const reprintCount = counted!.reprintCount;
      const invoiceNumber = sale.invoiceNumber ?? sale.saleId;
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Reprint Receipt',
        module: MODULE,
        description: `Reprinted invoice ${invoiceNumber} of ${sale.saleId} (reprint ${reprintCount})`,
      });
      appendJournal(
        tx,
        {
          terminalId: sale.terminalId,
          kind: 'reprint',
          documentNumber: invoiceNumber,
          amount: sale.totalAmount,
          document: { invoiceNumber, reprintCount, by: actor.user.username },
        },
        now,
      );
      return {
        message: RECEIPT_TEXT.reprinted(invoiceNumber, reprintCount),
        reprintCount,
        sale: getSale(tx, sale.id),
      };
    },
    { behavior: 'immediate' },
  );
}
