import { PRINTERS_TEXT as T } from '../../../../shared/texts/printers';
import { RECEIPT_TEXT as R } from '../../../../shared/texts/receipt';
import { formatDateTime } from '../../../../shared/time';
import type { Receipt } from '../../sales/receipt';
import { amount, Slip } from '../slip';
import { registration } from './receipt';

// The refund slip: the money handed back for a refunded sale, numbered in the refunding
// terminal's refund series, naming the invoice it undoes. The customer signs for the money.

/** `terminal`: where the refund was given, which may not be where the sale was made. */
export function refundSlip(r: Receipt, terminal: string, columns: number): Slip {
  const slip = new Slip(columns);
  registration(slip, r);
  slip.blank().heading(T.refundHeading).rule();
  if (r.refundNumber) slip.row(T.refundNumber, r.refundNumber, true);
  if (r.invoiceNumber) slip.row(T.refundOf, r.invoiceNumber);
  slip.row('Sale ID', r.saleId);
  slip.row('Sold', r.dateTime);
  if (r.refundedAt) slip.row('Refunded', formatDateTime(r.refundedAt));
  slip.row('Refunded by', r.refundedBy ?? 'Unknown');
  if (terminal) slip.row('Terminal', terminal);
  slip.row('Customer', r.customerName);
  slip.rule();
  for (const line of r.lines)
    slip.row(`${line.name} x ${line.quantity} @ ${amount(line.price)}`, amount(line.amount));
  slip.rule();
  slip.row('Subtotal', amount(r.subtotal));
  if (r.discountAmount) slip.row('Less discounts', `-${amount(r.discountAmount)}`);
  slip.row(R.vatAmount(r.taxRate), amount(r.vatAmount));
  slip.row(T.refundTotal, amount(r.totalAmount), true);
  slip.rule();
  slip.text(T.refundedTo);
  for (const p of r.payments)
    slip.indented(`${p.method}${p.reference ? ` (Ref. ${p.reference})` : ''}`, amount(p.amount));
  slip.blank().blank().text(T.refundSignature);
  return slip;
}
