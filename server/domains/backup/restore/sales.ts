import { eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { ORDER_TYPES, PAYMENT_METHODS, VAT_RATES } from '../../../../shared/constants';
import { formatPeso } from '../../../../shared/money';
import { DISCOUNT_TYPES } from '../../../../shared/totals';
import type { Tx } from '../../../db/open';
import { cakes, customers, inventoryItems, saleLines, salePayments, sales, users } from '../../../db/schema';
import { SALE_LINE_KINDS, SALE_STATUSES } from '../../../db/tables/sales';
import { linesKey } from '../../sales/service';
import type { Book, SheetRow } from './read';
import {
  cellText,
  changedFields,
  firstSeen,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  readRow,
  remembered,
  type Tally,
  tableWriter,
} from './rows';

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
  ],
  // Older backups (before split tender) have no payments sheet: each sale was one payment of its total.
  'payments?': ['saleId', 'method', 'amount', 'reference'],
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

const saleRow = z.object({
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
  discountType: orNull(cellText.pipe(z.enum(DISCOUNT_TYPES, { error: 'must be SC, PWD or blank' }))),
  discountName: orNull(cellText),
  discountIdNumber: orNull(cellText),
  discountAmount: orNull(pesosCell).transform((v) => v ?? 0),
  vatExemptAmount: orNull(pesosCell).transform((v) => v ?? 0),
});

const paymentRow = z.object({
  saleId: saleIdCell,
  method: cellText.pipe(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` })),
  amount: pesosCell,
  reference: orNull(cellText),
});
type Payment = z.infer<typeof paymentRow> & { row: number };

const lineRow = z.object({
  saleId: saleIdCell,
  kind: cellText.pipe(z.enum(SALE_LINE_KINDS, { error: 'must be item or cake' })),
  code: cellText.pipe(z.string().trim().min(1, 'is required').max(40, 'is too long')),
  name: cellText.pipe(z.string().min(1, 'is required').max(200, 'is too long')),
  category: orNull(cellText),
  price: pesosCell,
  purchasePrice: pesosCell,
  quantity: numberCell.pipe(z.number().int('must be a whole number').min(1, 'must be at least 1')),
  lineTotal: pesosCell,
  discount: orNull(pesosCell).transform((v) => v ?? 0),
});

type Line = z.infer<typeof lineRow> & { row: number };

const lower = (v: string | null) => v?.toLowerCase() ?? '';

/** The lines sheet by sale, each line checked on its own first. */
function linesBySale(rows: SheetRow[], tally: Tally): Map<string, Line[]> {
  const bySale = new Map<string, Line[]>();
  for (const row of rows) {
    const read = readRow(lineRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, 'lines');
      continue;
    }
    const line = { ...read.value, row: row.row };
    if (line.lineTotal !== line.price * line.quantity - line.discount) {
      tally.reject(
        row.row,
        `lineTotal ${formatPeso(line.lineTotal)} is not price × quantity - discount.`,
        'lines',
      );
      continue;
    }
    const key = lower(line.saleId);
    bySale.set(key, [...(bySale.get(key) ?? []), line]);
  }
  return bySale;
}

/** The payments sheet by sale. */
function paymentsBySale(rows: SheetRow[], tally: Tally): Map<string, Payment[]> {
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

const SALE_FIELDS = [
  ...SALES_LAYOUT.sales.map((f) => f.replace(/\?$/, '')).filter((f) => f !== 'customerId'),
  'customerId',
  'linesKey',
] as const;
const LINE_FIELDS = [
  'saleId',
  'kind',
  'itemId',
  'cakeId',
  'code',
  'name',
  'category',
  'price',
  'purchasePrice',
  'quantity',
  'lineTotal',
  'discount',
];

/** Customers, accounts and products by business id, each looked up once per restore. */
function lookups(tx: Tx) {
  const byCode = (table: typeof inventoryItems | typeof cakes, code: AnySQLiteColumn) =>
    remembered(
      (key) =>
        tx
          .select({ id: table.id })
          .from(table)
          .where(eq(sql`lower(${code})`, key.toLowerCase()))
          .get()?.id ?? null,
    );
  const user = remembered(
    (email) =>
      tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get()?.id ?? null,
  );
  return {
    customer: remembered(
      (id) =>
        tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(sql`lower(${customers.customerId})`, id.toLowerCase()))
          .get()?.id,
    ),
    user: (email: string | null) => (email ? user(email) : null),
    item: byCode(inventoryItems, inventoryItems.itemId),
    cake: byCode(cakes, cakes.cakeId),
  };
}

/** Why a sale's figures do not hold together, or null. */
function figuresProblem(
  sale: z.infer<typeof saleRow>,
  lines: Line[],
  payments: { amount: number }[],
): string | null {
  const sum = lines.reduce((total, l) => total + l.lineTotal + l.discount, 0);
  if (sale.subtotal !== sum)
    return `subtotal ${formatPeso(sale.subtotal)} is not the sum of its lines (${formatPeso(sum)}).`;
  const discounts = lines.reduce((total, l) => total + l.discount, 0);
  if (sale.discountAmount !== discounts)
    return `discountAmount ${formatPeso(sale.discountAmount)} is not the sum of its lines' discounts (${formatPeso(discounts)}).`;
  if (sale.totalAmount !== sale.subtotal - sale.discountAmount + sale.taxAmount)
    return 'totalAmount is not subtotal - discountAmount + taxAmount.';
  const paid = payments.reduce((total, p) => total + p.amount, 0);
  if (paid !== sale.totalAmount)
    return `payments add up to ${formatPeso(paid)}, not the total ${formatPeso(sale.totalAmount)}.`;
  if (sale.status === 'refunded' && !sale.refundedAt)
    return 'refundedAt: a refunded sale needs its refund time.';
  return null;
}

/**
 * Sales by saleId, with their lines. A sale is a record of what happened: a missing one
 * is added (stock is the inventory backup's to restore, so none moves here), one on file
 * is left as it is, and may only take a refund the file records. Any other difference is
 * refused, as is undoing a refund.
 */
export function restoreSales(tx: Tx, book: Book, tally: Tally): void {
  const lines = linesBySale(book.lines ?? [], tally);
  const paid = paymentsBySale(book.payments ?? [], tally);
  const seen = firstSeen();
  const find = lookups(tx);
  const saleRows = tableWriter<typeof sales.$inferSelect>(
    tx,
    'sales',
    sales,
    sales.saleId,
    SALE_FIELDS,
    'exact',
  );
  const lineRows = tableWriter(tx, 'sale-lines', saleLines, saleLines.code, LINE_FIELDS);
  const paymentRows = tableWriter(tx, 'sale-payments', salePayments, salePayments.method, [
    'saleId',
    'method',
    'amount',
    'reference',
  ]);
  const saleIds = new Set<string>();
  for (const row of book.sales ?? []) {
    const read = readRow(saleRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason);
      continue;
    }
    const sale = read.value;
    saleIds.add(lower(sale.saleId));
    const earlier = seen(sale.saleId, row.row);
    if (earlier !== null) {
      tally.reject(row.row, `saleId ${sale.saleId} is also on row ${earlier}.`);
      continue;
    }
    const its = lines.get(lower(sale.saleId)) ?? [];
    const payments = paid.get(lower(sale.saleId)) ?? [
      { method: sale.paymentMethod, amount: sale.totalAmount, reference: sale.paymentReference },
    ];
    const problem =
      its.length === 0 ? 'has no lines in the lines sheet.' : figuresProblem(sale, its, payments);
    if (problem) {
      tally.reject(row.row, `${sale.saleId} ${problem}`);
      continue;
    }
    const customer = sale.customerId ? find.customer(sale.customerId) : null;
    if (customer === undefined) {
      tally.reject(row.row, `customerId: ${sale.customerId} is not a customer on file.`);
      continue;
    }
    const { customerId: _c, soldBy, refundedBy, ...fields } = sale;
    const wanted = {
      ...fields,
      customerId: customer,
      soldBy: find.user(soldBy),
      refundedBy: find.user(refundedBy),
    };
    const existing = saleRows.find(sale.saleId);
    if (existing) {
      applyToExisting(tx, tally, row.row, existing, wanted);
      continue;
    }
    const resolved = its.map((l) => ({
      ...l,
      id: l.kind === 'item' ? find.item(l.code) : find.cake(l.code),
    }));
    const key = linesKey(resolved.map((l) => ({ kind: l.kind, id: l.id ?? 0, quantity: l.quantity })));
    const saleId = saleRows.insert({ ...wanted, linesKey: key });
    for (const { row: _r, saleId: _s, id, ...line } of resolved) {
      lineRows.insert({
        ...line,
        saleId,
        itemId: line.kind === 'item' ? id : null,
        cakeId: line.kind === 'cake' ? id : null,
      });
    }
    for (const { method, amount, reference } of payments)
      paymentRows.insert({ saleId, method, amount, reference });
    tally.added++;
  }
  for (const [saleId, its] of paid) {
    if (saleIds.has(saleId)) continue;
    for (const p of its) tally.reject(p.row, `saleId ${p.saleId} is not in the sales sheet.`, 'payments');
  }
  for (const [saleId, its] of lines) {
    if (saleIds.has(saleId)) continue;
    for (const line of its)
      tally.reject(line.row, `saleId ${line.saleId} is not in the sales sheet.`, 'lines');
  }
}

function applyToExisting(
  tx: Tx,
  tally: Tally,
  row: number,
  existing: typeof sales.$inferSelect,
  wanted: Partial<typeof sales.$inferSelect>,
): void {
  const { status, refundedAt, refundedBy, ...record } = wanted;
  const differs = changedFields(existing, record);
  if (differs.length > 0) {
    tally.reject(
      row,
      `${existing.saleId} differs from the sale on file (${differs.join(', ')}); a sale is never changed.`,
    );
  } else if (existing.status === status) {
    tally.unchanged++;
  } else if (existing.status === 'refunded') {
    tally.reject(row, `${existing.saleId} was refunded after this backup; a refund is never undone.`);
  } else {
    // The refund the file records; the report roll-ups follow through their triggers.
    tx.update(sales).set({ status, refundedAt, refundedBy }).where(eq(sales.id, existing.id)).run();
    tally.updated++;
  }
}
