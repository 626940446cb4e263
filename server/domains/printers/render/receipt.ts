import { INVOICE_DISCOUNT_TYPES } from '../../../../shared/invoiceAmounts';
import { RECEIPT_TEXT as R } from '../../../../shared/texts/receipt';
import { SALES_TEXT } from '../../../../shared/texts/sales';
import { formatDateTime } from '../../../../shared/time';
import type { Receipt } from '../../sales/receipt';
import { amount, Slip } from '../slip';

// The invoice on the receipt printer: what the browser's 80 mm receipt shows
// (client/screens/sales-management/Receipt.tsx), line for line, from the same receiptOf.

const BLANK = '____________';

/** The shop's and the terminal's registration, as every BIR document starts. */
export function registration(slip: Slip, r: Receipt) {
  const permit = r.permitNumber.trim();
  slip.heading(r.businessName);
  slip.center([
    r.vatRegTin && `${R.vatRegTin}: ${r.vatRegTin}`,
    r.address,
    r.contact,
    r.min && `${R.min}: ${r.min}`,
    r.serialNumber && `${R.serialNumber}: ${r.serialNumber}`,
    permit && `${R.permitNumber}: ${permit}`,
  ]);
}

function payments(slip: Slip, r: Receipt) {
  if (r.payments.length > 1) {
    for (const p of r.payments)
      slip.row(
        `${p.appliedDeposit ? 'Deposit paid, ' : ''}${p.method}${p.reference ? ` (Ref. ${p.reference})` : ''}`,
        amount(p.amount),
      );
  } else {
    slip.row('Payment Method', r.paymentMethod);
    if (r.paymentReference) slip.row('Reference No.', r.paymentReference);
  }
  if (r.cashTendered !== null) slip.row('Cash Tendered', amount(r.cashTendered));
  if (r.change !== null) slip.row('Change', amount(r.change));
}

function buyerAndHolder(slip: Slip, r: Receipt) {
  slip.row(R.buyerName, r.buyer.name || BLANK);
  slip.row(R.buyerAddress, r.buyer.address || BLANK);
  slip.row(R.buyerTin, r.buyer.tin || BLANK);
  if (!r.holder) return;
  const pwd = r.holder.type === 'PWD';
  slip.blank();
  slip.row(pwd ? 'PWD' : 'Senior Citizen', r.holder.name);
  slip.row(`${pwd ? 'PWD' : 'SC'} ID No.`, r.holder.idNumber);
  slip.blank().text('Signature: ____________________');
}

/** The sale's invoice; a reprint says REPRINT and its count first, a refunded one says so. */
export function receiptSlip(r: Receipt, columns: number): Slip {
  const slip = new Slip(columns);
  if (r.reprint > 0) slip.heading(R.reprint(r.reprint)).blank();
  registration(slip, r);
  if (r.status === 'refunded') {
    slip.blank().center(['REFUNDED'], true);
    if (r.refundedAt)
      slip.center([SALES_TEXT.refundedWhen(formatDateTime(r.refundedAt), r.refundedBy ?? 'Unknown')]);
  }
  slip.rule();
  if (r.invoiceNumber) slip.row(R.invoiceNumber, r.invoiceNumber, true);
  slip.row('Sale ID', r.saleId);
  slip.row('Date', r.dateTime);
  slip.row('Cashier', r.cashier);
  if (r.terminal) slip.row('Terminal', r.terminal);
  if (r.shiftId !== null) slip.row('Shift', `#${r.shiftId}`);
  slip.row('Customer', r.customerName);
  slip.row('Order Type', r.orderType);
  slip.rule();
  for (const line of r.lines)
    slip.row(`${line.name} x ${line.quantity} @ ${amount(line.price)}`, amount(line.amount));
  slip.rule();
  slip.row('Subtotal', amount(r.subtotal));
  for (const type of INVOICE_DISCOUNT_TYPES)
    if (r.discounts[type]) slip.row(R.discount[type], `-${amount(r.discounts[type])}`);
  slip.row('TOTAL', amount(r.totalAmount), true);
  slip.rule();
  slip.row(R.vatableSales, amount(r.vatableSales));
  slip.row(R.vatExemptSales, amount(r.vatExemptSales));
  slip.row(R.zeroRatedSales, amount(r.zeroRatedSales));
  slip.row(R.vatAmount(r.taxRate), amount(r.vatAmount));
  slip.rule();
  payments(slip, r);
  slip.rule();
  buyerAndHolder(slip, r);
  if (!r.permitNumber.trim()) slip.blank().center([SALES_TEXT.notOfficial], true);
  return slip;
}
