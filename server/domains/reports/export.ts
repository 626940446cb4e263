import { toPesos } from '../../../shared/money';
import type { Store } from '../../db/open';
import { type Column, DATE_TIME_FORMAT, manilaCellDate, PESO_FORMAT, workbookStream } from '../../xlsx';
import type { Days } from './period';
import { type ReportRecord, recordsAfter } from './records';

const CHUNK = 1000;

const COLUMNS: Column<ReportRecord>[] = [
  { header: 'Sale ID', width: 16, value: (r) => r.saleId },
  { header: 'Date', width: 18, numFmt: DATE_TIME_FORMAT, value: (r) => manilaCellDate(r.soldAt) },
  { header: 'Customer', width: 28, value: (r) => r.customerName },
  { header: 'Order Type', value: (r) => r.orderType },
  { header: 'Payment Method', value: (r) => r.paymentMethod },
  { header: 'Subtotal', numFmt: PESO_FORMAT, value: (r) => toPesos(r.subtotal) },
  { header: 'VAT', numFmt: PESO_FORMAT, value: (r) => toPesos(r.taxAmount) },
  { header: 'Total Amount', numFmt: PESO_FORMAT, value: (r) => toPesos(r.totalAmount) },
  { header: 'Status', value: (r) => (r.status === 'refunded' ? 'Refunded' : 'Completed') },
];

/** The period's transaction records as a workbook, newest first, read a thousand at a time. */
export function salesWorkbook(db: Store, days: Days) {
  function* chunks() {
    let page = recordsAfter(db, days, CHUNK);
    yield page.records;
    while (page.nextCursor) {
      page = recordsAfter(db, days, CHUNK, page.nextCursor);
      yield page.records;
    }
  }
  return {
    filename: `sales_report_${days.from}_to_${days.to}.xlsx`,
    stream: workbookStream([{ name: 'Sales', columns: COLUMNS, chunks }]),
  };
}
