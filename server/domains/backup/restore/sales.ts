import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SALES_TEXT } from '../../../../shared/texts/sales';
import type { Tx } from '../../../db/open';
import {
  cakes,
  customers,
  inventoryItems,
  saleLines,
  salePayments,
  sales,
  terminals,
} from '../../../db/schema';
import { closeWaitingRequests } from '../../actionRequests/held';
import type { Viewer } from '../../auth/viewer';
import { linesKey, MODULE as SALES_MODULE } from '../../sales/service';
import type { Book } from './read';
import { changedFields, checkedRows, idLookup, type Tally, tableWriter, userLookup } from './rows';
import { figuresProblem, linesBySale, lower, paymentsBySale, SALES_LAYOUT, saleRow } from './salesRows';

export { SALES_LAYOUT };

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
  'cost',
  'catalogPrice',
];

/** Customers, accounts and products by business id, each looked up once per restore. */
function lookups(tx: Tx) {
  const item = idLookup(tx, inventoryItems, inventoryItems.itemId);
  const cake = idLookup(tx, cakes, cakes.cakeId);
  return {
    customer: idLookup(tx, customers, customers.customerId),
    user: userLookup(tx),
    // A product no longer on file leaves its line unlinked, as deleting it does.
    item: (code: string) => item(code) ?? null,
    cake: (code: string) => cake(code) ?? null,
  };
}

/**
 * Sales by saleId, with their lines. A sale is a record of what happened: a missing one
 * is added (stock is the inventory backup's to restore, so none moves here), one on file
 * is left as it is, and may only take a refund the file records. Any other difference is
 * refused, as is undoing a refund.
 */
export function restoreSales(tx: Tx, book: Book, tally: Tally, actor: Viewer): void {
  const lines = linesBySale(book.lines ?? [], tally);
  const paid = paymentsBySale(book.payments ?? [], tally);
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
    'appliedDeposit',
  ]);
  const saleIds = new Set<string>();
  for (const { row, value: sale } of checkedRows(book.sales ?? [], saleRow, 'saleId', tally)) {
    saleIds.add(lower(sale.saleId));
    const its = lines.get(lower(sale.saleId)) ?? [];
    const payments = paid.get(lower(sale.saleId)) ?? [
      {
        method: sale.paymentMethod,
        amount: sale.totalAmount,
        reference: sale.paymentReference,
        appliedDeposit: false,
      },
    ];
    const problem = its.length === 0 ? 'no lines in the lines sheet.' : figuresProblem(sale, its, payments);
    if (problem) {
      tally.reject(row, `${sale.saleId}: ${problem}`);
      continue;
    }
    const customer = sale.customerId ? find.customer(sale.customerId) : null;
    if (customer === undefined) {
      tally.reject(row, `customerId: ${sale.customerId} is not a customer on file.`);
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
    const numbering = existing ? null : numberingProblem(tx, sale);
    if (numbering) {
      tally.reject(row, `${sale.saleId}: ${numbering}`);
      continue;
    }
    if (existing) {
      applyToExisting(tx, tally, row, existing, wanted, actor);
      continue;
    }
    const resolved = its.map((l) => ({
      ...l,
      // A custom cake (from a cake order) has no product behind it.
      id: l.kind === 'item' ? find.item(l.code) : l.kind === 'cake' ? find.cake(l.code) : null,
    }));
    const key = linesKey(resolved.map((l) => ({ kind: l.kind, id: l.id ?? 0, quantity: l.quantity })));
    const saleId = saleRows.insert({ ...wanted, linesKey: key });
    raiseCounters(tx, sale);
    for (const { row: _r, saleId: _s, id, ...line } of resolved) {
      lineRows.insert({
        ...line,
        cost: line.cost ?? line.purchasePrice * line.quantity,
        saleId,
        itemId: line.kind === 'item' ? id : null,
        cakeId: line.kind === 'cake' ? id : null,
      });
    }
    for (const { method, amount, reference, appliedDeposit } of payments)
      paymentRows.insert({ saleId, method, amount, reference, appliedDeposit });
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
  actor: Viewer,
): void {
  // The numbers the terminals issued and the reprint count are the server's: never compared.
  const {
    status,
    refundedAt,
    refundedBy,
    terminalId: _t,
    invoiceSeq: _i,
    invoiceNumber: _n,
    refundTerminalId: _rt,
    refundSeq: _rs,
    refundNumber: _rn,
    reprintCount: _p,
    ...record
  } = wanted;
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
    // A staff request to refund it can only fail now: close it, saying why.
    closeWaitingRequests(
      tx,
      actor,
      { module: SALES_MODULE, requestType: 'refund', targetId: existing.saleId },
      SALES_TEXT.refundedByRestore(actor.user.username),
    );
    tally.updated++;
  }
}

/**
 * The terminals' counters past the numbers a sale the file adds keeps, so the next sale or
 * refund there takes the number after the highest on file rather than one already held.
 */
function raiseCounters(tx: Tx, sale: z.infer<typeof saleRow>): void {
  if (sale.terminalId !== null && sale.invoiceSeq !== null)
    tx.update(terminals)
      .set({ lastInvoice: sql`max(${terminals.lastInvoice}, ${sale.invoiceSeq})` })
      .where(eq(terminals.id, sale.terminalId))
      .run();
  if (sale.refundTerminalId !== null && sale.refundSeq !== null)
    tx.update(terminals)
      .set({ lastRefund: sql`max(${terminals.lastRefund}, ${sale.refundSeq})` })
      .where(eq(terminals.id, sale.refundTerminalId))
      .run();
}

/**
 * A sale the file adds keeps its invoice and refund numbers only on a terminal on file and
 * where no other sale holds them: an invoice number is issued once (docs/decisions.md).
 */
function numberingProblem(tx: Tx, sale: z.infer<typeof saleRow>): string | null {
  const series = [
    [sale.terminalId, sale.invoiceSeq, sale.invoiceNumber, sales.terminalId, sales.invoiceSeq],
    [sale.refundTerminalId, sale.refundSeq, sale.refundNumber, sales.refundTerminalId, sales.refundSeq],
  ] as const;
  for (const [terminal, seq, number, terminalColumn, seqColumn] of series) {
    if (terminal === null) continue;
    if (!tx.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, terminal)).get())
      return `terminal ${terminal} is not a terminal on file.`;
    if (seq === null) continue;
    const holder = tx
      .select({ saleId: sales.saleId })
      .from(sales)
      .where(and(eq(terminalColumn, terminal), eq(seqColumn, seq)))
      .get();
    if (holder) return `${number ?? seq} is already ${holder.saleId}'s on file.`;
  }
  return null;
}
