import { and, count, desc, gte, lt, lte, sql } from 'drizzle-orm';
import type { RecordsCursor } from '../../../shared/schemas/reports';
import type { Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { sales } from '../../db/schema';
import type { Days } from './period';

// The report's Transaction Records: the period's sales newest first, refunded ones too
// (with their status). Paging must neither repeat nor skip a sale while the counter keeps
// selling, so pages are bounded by what was already shown, not by a count from the top.

const row = {
  id: sales.id,
  saleId: sales.saleId,
  invoiceNumber: sales.invoiceNumber,
  customerName: sales.customerName,
  orderType: sales.orderType,
  subtotal: sales.subtotal,
  taxAmount: sales.taxAmount,
  totalAmount: sales.totalAmount,
  paymentMethod: sales.paymentMethod,
  status: sales.status,
  soldAt: sales.soldAt,
  soldOffline: sales.soldOffline,
  receivedAt: sales.receivedAt,
};

const inPeriod = (days: Days) => and(gte(sales.soldAt, days.start), lt(sales.soldAt, days.end));
const newestFirst = [desc(sales.soldAt), desc(sales.id)];

/** The next `limit` records after `cursor` (the last one shown), and where the page after starts. */
export function recordsAfter(db: Store, days: Days, limit: number, cursor?: RecordsCursor | null) {
  const older = cursor ? sql`(${sales.soldAt}, ${sales.id}) < (${cursor.soldAt}, ${cursor.id})` : undefined;
  const rows = db
    .select(row)
    .from(sales)
    .where(and(inPeriod(days), older))
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .all();
  return pageAt(rows, limit);
}

export type ReportRecord = ReturnType<typeof recordsAfter>['records'][number];

function pageAt<Row extends { soldAt: Date; id: number }>(rows: Row[], limit: number) {
  const records = rows.slice(0, limit);
  const last = records.at(-1);
  return {
    records,
    nextCursor: rows.length > limit && last ? { soldAt: last.soldAt.getTime(), id: last.id } : null,
  };
}

/** The legacy pages' statements, prepared once: the report is paged through often. */
const pageStatements = (db: Store) =>
  prepared(db, 'reports.recordsPage', () => {
    const ph = sql.placeholder;
    const where = and(
      gte(sales.soldAt, ph('start')),
      lt(sales.soldAt, ph('end')),
      lte(sales.id, ph('snapshot')),
    );
    return {
      newest: db
        .select({ id: sql<number>`coalesce(max(${sales.id}), 0)` })
        .from(sales)
        .prepare(),
      counted: db.select({ n: count() }).from(sales).where(where).prepare(),
      page: db
        .select(row)
        .from(sales)
        .where(where)
        .orderBy(...newestFirst)
        .limit(ph('limit'))
        .offset(ph('offset'))
        .prepare(),
    };
  });

/**
 * Page `page` of the sales that existed when page 1 was read (ids up to `asOf`), for
 * the legacy GET /api/salesReport/sales?page&limit: a sale made meanwhile has a higher id,
 * so it cannot push a shown record onto the next page.
 */
export function recordsPage(db: Store, days: Days, page: number, limit: number, asOf?: number) {
  const { newest, counted, page: read } = pageStatements(db);
  const snapshot = asOf ?? newest.get()?.id ?? 0;
  // Epoch milliseconds, as the column stores them (placeholders skip the column's mapping).
  const bounds = { start: days.start.getTime(), end: days.end.getTime(), snapshot };
  const total = counted.get(bounds)?.n ?? 0;
  const records = read.all({ ...bounds, limit, offset: (page - 1) * limit });
  return {
    records,
    page,
    limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    hasMore: page * limit < total,
    asOf: snapshot,
  };
}
