import { invoiceAmounts } from '../../shared/invoiceAmounts';
import type { SessionUser } from '../../shared/schemas/auth';
import { saleTender } from '../../shared/tender';
import { formatDateTime } from '../../shared/time';
import { lineDiscounts, type Totals, type TotalsLine } from '../../shared/totals';
import type { RouterInputs, RouterOutputs } from '../trpc';
import type { OfflineSaleInput, ReceiptContents } from './store';

// A sale made while the server cannot be reached, as the device sends it later and as its
// receipt prints now (docs/decisions.md, Selling offline). The receipt is built from the
// same shared rules the server's is (totals, tender, the invoice's VAT split).

type Checkout = RouterInputs['sales']['checkout'];
type ShopProfile = RouterOutputs['settings']['shopProfile'];
type Terminal = RouterOutputs['terminals']['list'][number];

/** A cart line as charged: its product, name and price on the device. */
interface ChargedLine extends TotalsLine {
  kind: 'item' | 'cake';
  id: number;
  code: string;
  name: string;
}

export interface OfflineSaleMaking {
  checkout: Checkout & { saleId: string };
  lines: readonly ChargedLine[];
  totals: Totals;
  terminal: Terminal;
  invoice: { seq: number; number: string };
  profile: ShopProfile | undefined;
  cashier: SessionUser;
  shiftId: number | null;
  soldAt: Date;
}

/** The sale to send (sales.offline) and the receipt to show and print now. */
export function offlineSaleOf(m: OfflineSaleMaking): { input: OfflineSaleInput; receipt: ReceiptContents } {
  const { checkout, totals, terminal } = m;
  const {
    date: _date,
    backdateReason: _reason,
    inDrawer: _drawer,
    expected: _expected,
    ...fields
  } = checkout;
  const input: OfflineSaleInput = {
    ...fields,
    saleId: checkout.saleId,
    soldAt: m.soldAt,
    terminalId: terminal.id,
    invoiceSeq: m.invoice.seq,
    shiftId: m.shiftId,
    cashierId: m.cashier.id,
    lines: m.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity, price: l.price })),
    expected: {
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      discountAmount: totals.discountAmount,
    },
  };
  const discount = checkout.discount ?? null;
  const discounts = lineDiscounts(m.lines, discount?.type ?? null);
  const tender = saleTender(
    {
      payments: checkout.payments ?? null,
      paymentMethod: checkout.paymentMethod,
      reference: checkout.reference ?? '',
      cashTendered: checkout.cashTendered ?? null,
    },
    totals.totalAmount,
  );
  const taxRate = checkout.taxRate ?? 0;
  const buyer = checkout.buyer;
  const receipt: ReceiptContents = {
    id: 0,
    saleId: checkout.saleId,
    invoiceNumber: m.invoice.number,
    reprint: 0,
    status: 'completed',
    refundNumber: null,
    refundedAt: null,
    refundedBy: null,
    businessName: m.profile?.businessName ?? '',
    vatRegTin: m.profile?.tin ?? '',
    address: m.profile?.address ?? '',
    contact: m.profile?.contact ?? '',
    terminal: terminal.name,
    min: terminal.min,
    serialNumber: terminal.serialNumber,
    permitNumber: terminal.permitNumber || m.profile?.birPermitNumber || '',
    soldAt: m.soldAt,
    dateTime: formatDateTime(m.soldAt),
    cashier: m.cashier.username,
    shiftId: m.shiftId,
    backdateReason: null,
    customerName: checkout.customerName || 'Unregistered',
    orderType: checkout.orderType,
    lines: m.lines.map((l, i) => ({
      kind: l.kind,
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      amount: l.price * l.quantity,
      discount: discounts[i] ?? 0,
    })),
    subtotal: totals.subtotal,
    taxRate,
    ...invoiceAmounts({ ...totals, discountType: discount?.type ?? null, taxRate }),
    discountAmount: totals.discountAmount,
    totalAmount: totals.totalAmount,
    paymentMethod: tender.paymentMethod,
    paymentReference: tender.paymentReference,
    payments: tender.payments.map((p) => ({ ...p, appliedDeposit: false })),
    cashTendered: tender.cashTendered,
    change: tender.change,
    buyer: { name: buyer?.name ?? '', address: buyer?.address ?? '', tin: buyer?.tin ?? '' },
    holder: discount ? { type: discount.type, name: discount.name, idNumber: discount.idNumber } : null,
  };
  return { input, receipt };
}
