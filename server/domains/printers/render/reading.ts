import { DEPOSIT_LINES_TEXT as D, SHIFT_TEXT } from '../../../../shared/texts/shifts';
import { formatDateTime } from '../../../../shared/time';
import type { ShopProfile } from '../../settings/profile';
import type { ZReading } from '../../shifts/endOfDay';
import type { XReading } from '../../shifts/xReading';
import type { Terminal } from '../../terminals/service';
import { amount, less, Slip } from '../slip';

// X and Z readings on the receipt printer: what the End of Day and Counter print sheets show
// (client/screens/sales-management/shift/ReadingSheet.tsx), line for line.

export type Reading = (XReading & { kind: 'X' }) | (ZReading & { kind: 'Z' });

const peso = (centavos: number | null) => (centavos === null ? '-' : amount(centavos));

function header(slip: Slip, reading: Reading, profile: ShopProfile, terminal: Terminal | undefined) {
  const permit = terminal?.permitNumber.trim() || profile.birPermitNumber.trim();
  slip.heading(profile.businessName);
  slip.center([
    profile.address,
    profile.tin && `VAT REG TIN: ${profile.tin}`,
    terminal && `Terminal: ${terminal.name}`,
    terminal?.min && `MIN: ${terminal.min}`,
    terminal?.serialNumber && `S/N: ${terminal.serialNumber}`,
    permit && `Permit No.: ${permit}`,
  ]);
  slip.blank();
  if (reading.kind === 'Z')
    slip.heading(`Z READING #${reading.number}`).center([formatDateTime(reading.takenAt)]);
  else {
    slip.heading(`${reading.closedAt ? 'SHIFT CLOSE' : 'X READING'} · SHIFT #${reading.shiftId}`);
    slip.center([
      reading.closedAt ? `Closed ${formatDateTime(reading.closedAt)}` : formatDateTime(reading.takenAt),
      `Cashier: ${reading.cashier}`,
      `Opened ${formatDateTime(reading.openedAt)}`,
    ]);
  }
}

function counters(slip: Slip, r: Reading) {
  const none = '-';
  slip.row('Beginning invoice no.', r.beginningInvoice ?? none);
  slip.row('Ending invoice no.', r.endingInvoice ?? none);
  slip.row('Beginning refund no.', r.beginningRefund ?? none);
  slip.row('Ending refund no.', r.endingRefund ?? none);
  slip.row('Z counter', String(r.zCounter));
  slip.row('Reset counter', String(r.resetCounter));
  slip.row('Previous accumulated grand total', amount(r.previousGrandTotal));
  slip.row('Present accumulated grand total', amount(r.presentGrandTotal), true);
}

function sales(slip: Slip, r: Reading) {
  slip.row('Sales', String(r.salesCount));
  slip.row('Gross sales', amount(r.grossSales));
  slip.row('Less SC discount', less(r.discounts.SC));
  slip.row('Less PWD discount', less(r.discounts.PWD));
  slip.row('Less SC 5% discount', less(r.discounts.SC5));
  slip.row('Less other discounts', less(r.discounts.other));
  slip.row('VATable sales', amount(r.vatableSales));
  slip.row('VAT amount', amount(r.vatAmount));
  slip.row('VAT-exempt sales', amount(r.vatExemptSales));
  slip.row('Zero-rated sales', amount(r.zeroRatedSales));
  slip.row('Sales total', amount(r.salesTotal), true);
  slip.row(`Refunds (${r.refundsCount})`, less(r.refundsAmount));
  slip.row('Net sales', amount(r.netSales), true);
  slip.rule();
  if (r.byMethod.length === 0) slip.text('No payments.');
  for (const m of r.byMethod) {
    slip.row(m.method, amount(m.net));
    if (m.refunds) slip.indented(`sales ${amount(m.sales)}, refunds`, less(m.refunds));
  }
  slip.rule();
  slip.text(D.heading, true);
  slip.row(D.taken, amount(r.depositsTaken)).note(D.takenNote);
  slip.row(D.applied, amount(r.depositsApplied)).note(D.appliedNote);
  slip.row(D.refunded, less(r.depositsRefunded)).note(D.refundedNote);
}

const moveLabel = (m: { type: 'in' | 'out'; reason: string }) =>
  `${m.type === 'in' ? 'Cash in' : 'Cash out'}: ${m.reason}`;

function shiftDrawer(slip: Slip, r: XReading) {
  slip.row('Opening cash', amount(r.openingCash));
  slip.row('Cash taken', amount(r.cashTaken));
  slip.row('Change given', less(r.changeGiven));
  slip.row('Cash refunded', less(r.cashRefunded));
  slip.row('Cash in', amount(r.cashIn));
  slip.row('Cash out', less(r.cashOut));
  for (const m of r.movements) {
    if (m.voidedAt)
      slip.indented(
        `VOIDED ${moveLabel(m)} (${m.voidReason ?? ''}${m.voidedBy ? `, by ${m.voidedBy}` : ''})`,
        amount(m.amount),
      );
    else slip.indented(moveLabel(m), m.type === 'in' ? amount(m.amount) : less(m.amount));
  }
  slip.row('Expected cash', amount(r.expectedCash), true);
  if (r.countedCash === null) return;
  slip.row('Counted cash', peso(r.countedCash));
  slip.row('Variance', peso(r.variance), true);
  if (r.closedBy && r.closedBy !== r.cashier)
    slip.text(`Closed by ${r.closedBy}${r.closeReason ? `: ${r.closeReason}` : ''}`);
  else if (r.closeReason) slip.text(`Reason: ${r.closeReason}`);
}

function dayDrawer(slip: Slip, r: ZReading) {
  slip.row('Cash taken', amount(r.cashTaken));
  slip.row('Change given', less(r.changeGiven));
  slip.row('Cash refunded', less(r.cashRefunded));
  slip.row(`${SHIFT_TEXT.refundsOutside} (${r.refundsOutsideShiftsCount})`, less(r.refundsOutsideShifts));
  if (r.cashVoids.length > 0) {
    slip.text(`Voided cash movements (${r.cashVoids.length}), not counted:`);
    for (const m of r.cashVoids)
      slip.indented(
        `VOIDED ${moveLabel(m)} · shift #${m.shiftId} (${m.voidReason ?? ''}${m.voidedBy ? `, by ${m.voidedBy}` : ''})`,
        amount(m.amount),
      );
  }
  slip.rule();
  slip.row('Cash in', amount(r.cashIn));
  slip.row('Cash out', less(r.cashOut));
  slip.row('Expected cash', amount(r.expectedCash), true);
  slip.row('Counted cash', peso(r.countedCash));
}

/** An X reading (a shift, or its close slip) or a Z reading (a terminal's day). */
export function readingSlip(
  reading: Reading,
  profile: ShopProfile,
  terminal: Terminal | undefined,
  columns: number,
): Slip {
  const slip = new Slip(columns);
  header(slip, reading, profile, terminal);
  slip.rule();
  counters(slip, reading);
  slip.rule();
  sales(slip, reading);
  slip.rule();
  if (reading.kind === 'X') shiftDrawer(slip, reading);
  else dayDrawer(slip, reading);
  return slip;
}
