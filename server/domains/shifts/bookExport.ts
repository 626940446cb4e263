import { toPesos } from '../../../shared/money';
import { daysInput } from '../../../shared/schemas/shifts';
import type { Db } from '../../db/open';
import { type Column, DATE_TIME_FORMAT, manilaCellDate, PESO_FORMAT, workbookStream } from '../../lib/xlsx';
import { allow, router } from '../../trpc/procedures';
import { scPwdBook } from './endOfDay';
import { spanOf } from './router';

type BookRow = ReturnType<typeof scPwdBook>[number];

const CHUNK = 1000;

const COLUMNS: Column<BookRow>[] = [
  { header: 'Date', width: 18, numFmt: DATE_TIME_FORMAT, value: (r) => manilaCellDate(r.soldAt) },
  { header: 'Sale ID', width: 16, value: (r) => r.saleId },
  { header: 'Type', width: 8, value: (r) => r.type },
  { header: 'Name', width: 28, value: (r) => r.name },
  { header: 'ID Number', width: 18, value: (r) => r.idNumber },
  { header: 'Gross', numFmt: PESO_FORMAT, value: (r) => toPesos(r.gross) },
  { header: 'Discount', numFmt: PESO_FORMAT, value: (r) => toPesos(r.discount) },
  { header: 'SC 5%', numFmt: PESO_FORMAT, value: (r) => toPesos(r.sc5Discount) },
  { header: 'Net', numFmt: PESO_FORMAT, value: (r) => toPesos(r.net) },
  { header: 'Status', value: (r) => (r.status === 'refunded' ? 'Refunded' : 'Completed') },
];

/** The SC/PWD sales book of Manila days [from, to] as a workbook, oldest first (as BIR reads it). */
function scPwdBookWorkbook(db: Db, input: { from?: string; to?: string }) {
  const span = spanOf(input);
  // The book is read at once (it holds at most 10,000 rows), then written a thousand at a time.
  const rows = scPwdBook(db, span.start, span.end);
  function* chunks() {
    for (let at = 0; at < rows.length; at += CHUNK) yield rows.slice(at, at + CHUNK);
  }
  return {
    filename: `sc_pwd_book_${span.from}_to_${span.to}.xlsx`,
    stream: workbookStream([{ name: 'SC-PWD Sales Book', columns: COLUMNS, chunks }]),
  };
}

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST download route
 * (bookRest.ts) calls it, in-process, for its role check and input validation.
 */
export const bookFilesRouter = router({
  scPwdBookWorkbook: allow('endOfDay')
    .input(daysInput)
    .query(({ ctx, input }) => scPwdBookWorkbook(ctx.db, input)),
});
