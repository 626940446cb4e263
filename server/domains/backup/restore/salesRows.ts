import { z } from 'zod';
import { ORDER_TYPES, PAYMENT_METHODS, VAT_RATES } from '../../../../shared/constants';
import { lineTotalProblem, saleRecordProblem } from '../../../../shared/saleRules';
import { saleLineInput } from '../../../../shared/schemas/sales';
import { DISCOUNT_TYPES } from '../../../../shared/totals';
import { SALE_LINE_KINDS, SALE_STATUSES } from '../../../db/tables/sales';
import type { SheetRow } from './read';
import { cellText, instantCell, numberCell, orNull, pesosCell, readRow, type Tally, yesNoCell } from './rows';

// The sales backup's sheets as the restore reads them: each row checked on its own, and
// a sale's figures checked against its lines and payments.

export const SALES_LAYOUT = {
  sales: [
    'saleId',
    'soldAt',
    'customerName',
    'customerId',
    'orderType',
    'subtotal',
    'discountType?',
    'discountName?',
    'discountIdNumber?',
    'discountAmount?',
    'vatExemptAmount?',
    'taxRate',
    'taxAmount',
    'totalAmount',
    'paymentMethod',
    'paymentReference',
    'cashTendered',
    'change',
    'status',
    'refundedAt',
    'refundedBy',
    'soldBy',
    // Backups made before back-dating needed a reason have no such column.
    'backdateReason?',
    // Backups made before terminals have none of these: such sales have no invoice number.
    'terminalId?',
    'invoiceSeq?',
    'invoiceNumber?',
    'refundTerminalId?',
    'refundSeq?',
    'refundNumber?',
    'reprintCount?',
    'buyerName?',
    'buyerAddress?',
    'buyerTin?',
    // Backups made before selling offline have neither: their sales were made online.
    'soldOffline?',
    'receivedAt?',
  ],
  lines: [
    'saleId',
    'kind',
    'code',
    'name',
    'category',
    'price',
    'purchasePrice',
    'quantity',
    'lineTotal',
    'discount?',
    // Backups made before lots have no cost column: their lines cost purchase price x quantity.
    'cost?',
    // Backups made before selling offline have no catalogue price beside the price charged.
    'catalogPrice?',
  ],
  // Older backups (before split tender) have no payments sheet: each sale was one payment of its total.
  // A deposit a pickup applied; older backups lack the column: none was.
  'payments?': ['saleId', 'method', 'amount', 'reference', 'appliedDeposit?'],
} as const;

/** Sale ids are upper-case, as the counter makes them (the unique index compares exactly). */
const saleIdCell = cellText.pipe(
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(40, 'is too long')
    .transform((id) => id.toUpperCase()),
);

/** A terminal id or a number in its series: a whole number from 1. */
const count = numberCell.pipe(z.number().int('must be a whole number').min(1, 'must be 1 or more'));

export const saleRow = z.object({
  saleId: saleIdCell,
  soldAt: instantCell,
  customerName: cellText.pipe(z.string().max(200, 'is too long')),
  customerId: orNull(cellText),
  orderType: cellText.pipe(z.enum(ORDER_TYPES, { error: `must be ${ORDER_TYPES.join(' or ')}` })),
  subtotal: pesosCell,
  taxRate: numberCell.pipe(
    z.union(
      VAT_RATES.map((r) => z.literal(r)),
      { error: `must be ${VAT_RATES.join(' or ')}` },
    ),
  ),
  taxAmount: pesosCell,
  totalAmount: pesosCell,
  // One method, or a split's methods joined by " + ".
  paymentMethod: cellText.pipe(
    z
      .string()
      .refine(
        (v) => v.split(' + ').every((m) => (PAYMENT_METHODS as readonly string[]).includes(m)),
        `must be one of ${PAYMENT_METHODS.join(', ')}, or several joined by " + "`,
      ),
  ),
  paymentReference: orNull(cellText),
  cashTendered: orNull(pesosCell),
  change: orNull(pesosCell),
  status: cellText.pipe(z.enum(SALE_STATUSES, { error: 'must be completed or refunded' })),
  refundedAt: orNull(instantCell),
  refundedBy: orNull(cellText),
  soldBy: orNull(cellText),
  backdateReason: orNull(cellText),
  discountType: orNull(cellText.pipe(z.enum(DISCOUNT_TYPES, { error: 'must be SC, PWD, SC5 or blank' }))),
  discountName: orNull(cellText),
  discountIdNumber: orNull(cellText),
  discountAmount: orNull(pesosCell).transform((v) => v ?? 0),
  vatExemptAmount: orNull(pesosCell).transform((v) => v ?? 0),
  terminalId: orNull(count),
  invoiceSeq: orNull(count),
  invoiceNumber: orNull(cellText),
  refundTerminalId: orNull(count),
  refundSeq: orNull(count),
  refundNumber: orNull(cellText),
  reprintCount: orNull(
    numberCell.pipe(z.number().int('must be a whole number').min(0, 'cannot be negative')),
  ).transform((v) => v ?? 0),
  buyerName: orNull(cellText),
  buyerAddress: orNull(cellText),
  buyerTin: orNull(cellText),
  soldOffline: yesNoCell(false),
  receivedAt: orNull(instantCell),
});

const paymentRow = z.object({
  saleId: saleIdCell,
  method: cellText.pipe(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` })),
  amount: pesosCell,
  reference: orNull(cellText),
  appliedDeposit: yesNoCell(false),
});
export type Payment = z.infer<typeof paymentRow> & { row: number };

const lineRow = z.object({
  saleId: saleIdCell,
  kind: cellText.pipe(z.enum(SALE_LINE_KINDS, { error: `must be one of ${SALE_LINE_KINDS.join(', ')}` })),
  // A custom cake (from a cake order) may have none: no product stands behind it.
  code: cellText.pipe(z.string().trim().max(40, 'is too long')),
  name: cellText.pipe(z.string().min(1, 'is required').max(200, 'is too long')),
  category: orNull(cellText),
  price: pesosCell,
  purchasePrice: pesosCell,
  quantity: numberCell.pipe(saleLineInput.shape.quantity),
  lineTotal: pesosCell,
  discount: orNull(pesosCell).transform((v) => v ?? 0),
  cost: orNull(pesosCell),
  catalogPrice: orNull(pesosCell),
});

export type Line = z.infer<typeof lineRow> & { row: number };

export const lower = (v: string | null) => v?.toLowerCase() ?? '';

/** The lines sheet by sale, each line checked on its own first. */
export function linesBySale(rows: SheetRow[], tally: Tally): Map<string, Line[]> {
  const bySale = new Map<string, Line[]>();
  for (const row of rows) {
    const read = readRow(lineRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, 'lines');
      continue;
    }
    const line = { ...read.value, row: row.row };
    const problem = line.kind !== 'custom' && !line.code ? 'code: is required' : lineTotalProblem(line);
    if (problem) {
      tally.reject(row.row, problem, 'lines');
      continue;
    }
    const key = lower(line.saleId);
    bySale.set(key, [...(bySale.get(key) ?? []), line]);
  }
  return bySale;
}

/** The payments sheet by sale. */
export function paymentsBySale(rows: SheetRow[], tally: Tally): Map<string, Payment[]> {
  const bySale = new Map<string, Payment[]>();
  for (const row of rows) {
    const read = readRow(paymentRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, 'payments');
      continue;
    }
    const key = lower(read.value.saleId);
    bySale.set(key, [...(bySale.get(key) ?? []), { ...read.value, row: row.row }]);
  }
  return bySale;
}

/** Why a sale's figures are not ones checkout makes (its own rules), or null. */
export function figuresProblem(
  sale: z.infer<typeof saleRow>,
  lines: Line[],
  payments: readonly { method: string; amount: number; appliedDeposit?: boolean }[],
): string | null {
  const problem = saleRecordProblem({ ...sale, lines, payments });
  if (problem) return problem;
  if (sale.status === 'refunded' && !sale.refundedAt)
    return 'refundedAt: a refunded sale needs its refund time.';
  return null;
}
