import { toPesos } from '../../../shared/money';
import { daysInput } from '../../../shared/schemas/shifts';
import { SALES_SUMMARY_TEXT } from '../../../shared/texts/salesSummary';
import type { Db } from '../../db/open';
import { type Column, PESO_FORMAT, workbookStream } from '../../lib/xlsx';
import { allow, router } from '../../trpc/procedures';
import { spanOf } from '../shifts/router';
import { listTerminals } from '../terminals/service';
import { type SummaryDay, salesSummary } from './summary';

const endOfDayProcedure = allow('endOfDay');

// The backend sales report BIR asks for: per Manila day and terminal, from the Z readings.
export const birRouter = router({
  salesSummary: endOfDayProcedure.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return { from: span.from, to: span.to, days: salesSummary(ctx.db, span.start, span.end) };
  }),
});

type Row = SummaryDay & { terminal: string };

const peso = (header: string, value: (r: Row) => number): Column<Row> => ({
  header,
  numFmt: PESO_FORMAT,
  value: (r) => toPesos(value(r)),
});

const COLUMNS: Column<Row>[] = [
  { header: 'Date', width: 12, value: (r) => r.date },
  { header: 'Terminal', width: 16, value: (r) => r.terminal },
  { header: 'Beginning invoice', width: 18, value: (r) => r.beginningInvoice },
  { header: 'Ending invoice', width: 18, value: (r) => r.endingInvoice },
  { header: 'Beginning refund', width: 18, value: (r) => r.beginningRefund },
  { header: 'Ending refund', width: 18, value: (r) => r.endingRefund },
  peso('Previous grand total', (r) => r.previousGrandTotal),
  peso('Gross sales', (r) => r.grossSales),
  peso('VATable sales', (r) => r.vatableSales),
  peso('VAT amount', (r) => r.vatAmount),
  peso('VAT-exempt sales', (r) => r.vatExemptSales),
  peso('Zero-rated sales', (r) => r.zeroRatedSales),
  peso('SC discount', (r) => r.discounts.SC),
  peso('PWD discount', (r) => r.discounts.PWD),
  peso('SC 5% discount', (r) => r.discounts.SC5),
  peso('Other discounts', (r) => r.discounts.other),
  { header: 'Refunds', value: (r) => r.refundsCount },
  peso('Refunds amount', (r) => r.refundsAmount),
  peso('Net sales', (r) => r.netSales),
  { header: 'Z counter', value: (r) => r.zCounter },
  { header: 'Reset counter', value: (r) => r.resetCounter },
  peso('Present grand total', (r) => r.presentGrandTotal),
];

/** The summary of Manila days [from, to] as a workbook, oldest first. */
function salesSummaryWorkbook(db: Db, input: { from?: string; to?: string }) {
  const span = spanOf(input);
  const names = new Map(listTerminals(db).map((t) => [t.id, t.name]));
  // A row per day and terminal: a year is a few hundred rows, written in one chunk.
  const rows: Row[] = salesSummary(db, span.start, span.end).map((d) => ({
    ...d,
    terminal: names.get(d.terminalId) ?? String(d.terminalId),
  }));
  return {
    filename: `sales_summary_${span.from}_to_${span.to}.xlsx`,
    stream: workbookStream([{ name: SALES_SUMMARY_TEXT.sheet, columns: COLUMNS, chunks: () => [rows] }]),
  };
}

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST download route
 * (rest.ts) calls it, in-process, for its role check and input validation.
 */
export const birFilesRouter = router({
  salesSummaryWorkbook: endOfDayProcedure
    .input(daysInput)
    .query(({ ctx, input }) => salesSummaryWorkbook(ctx.db, input)),
});
