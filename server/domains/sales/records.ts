import { desc, eq, inArray, sql } from 'drizzle-orm';
import { SALES_TEXT } from '../../../shared/texts/sales';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { saleLines, salePayments, sales } from '../../db/schema';
import { fail } from '../../lib/errors';
import { usernameOf } from '../users/names';

// Reading sales back: one by id or SALE- id (the receipt), and the newest first (the list).

export function findSale(db: Db | Tx, ref: number | string) {
  const by = typeof ref === 'number' ? 'id' : 'saleId';
  return prepared(db, `sales.find:${by}`, () =>
    db
      .select()
      .from(sales)
      .where(eq(by === 'id' ? sales.id : sales.saleId, sql.placeholder('ref')))
      .prepare(),
  ).get({ ref });
}

export type SaleRow = NonNullable<ReturnType<typeof findSale>>;

/** Who sold and who refunded, by name, as the receipt prints them (null once the account is gone). */
function namesOf(db: Db | Tx, sale: Pick<SaleRow, 'soldBy' | 'refundedBy'>) {
  return { cashier: usernameOf(db, sale.soldBy), refundedByName: usernameOf(db, sale.refundedBy) };
}

const PAYMENT_FIELDS = {
  saleId: salePayments.saleId,
  method: salePayments.method,
  amount: salePayments.amount,
  reference: salePayments.reference,
  appliedDeposit: salePayments.appliedDeposit,
};

/** A sale with its lines and payments, as the receipt shows it. */
export function getSale(db: Db | Tx, ref: number | string) {
  const sale = findSale(db, ref);
  if (!sale) throw fail.notFound(SALES_TEXT.notFound);
  const lines = prepared(db, 'sales.lines', () =>
    db
      .select()
      .from(saleLines)
      .where(eq(saleLines.saleId, sql.placeholder('saleId')))
      .orderBy(saleLines.id)
      .prepare(),
  ).all({ saleId: sale.id });
  const payments = prepared(db, 'sales.payments', () =>
    db
      .select(PAYMENT_FIELDS)
      .from(salePayments)
      .where(eq(salePayments.saleId, sql.placeholder('saleId')))
      .orderBy(salePayments.id)
      .prepare(),
  ).all({ saleId: sale.id });
  return { ...sale, lines, payments, ...namesOf(db, sale) };
}

/** How the sales were paid, by method (a split sale under each of its methods), in the order given. */
function paymentsOf(db: Db | Tx, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  return db
    .select(PAYMENT_FIELDS)
    .from(salePayments)
    .where(inArray(salePayments.saleId, saleIds))
    .orderBy(salePayments.id)
    .all();
}
export type Sale = ReturnType<typeof getSale>;

/** Newest first, with lines, for GET /api/sales/all and the receipt lookups. */
export function listSales(db: Db, { page, limit }: { page: number; limit: number }) {
  const total = db.select({ n: sql<number>`count(*)` }).from(sales).get()?.n ?? 0;
  const rows = db
    .select()
    .from(sales)
    .orderBy(desc(sales.soldAt), desc(sales.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const lines = rows.length
    ? db
        .select()
        .from(saleLines)
        .where(
          inArray(
            saleLines.saleId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(saleLines.id)
        .all()
    : [];
  const payments = paymentsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((sale) => ({
      ...sale,
      ...namesOf(db, sale),
      lines: lines.filter((l) => l.saleId === sale.id),
      payments: payments.filter((p) => p.saleId === sale.id),
    })),
    total,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}
