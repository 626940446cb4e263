import { formatPeso, toPesos } from '../../../shared/money';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import type { Db } from '../../db/open';
import { readSnapshot } from '../../db/readSnapshot';
import { type Column, DATE_TIME_FORMAT, manilaCellDate, PESO_FORMAT, workbookStream } from '../../lib/xlsx';
import { wasteCostBetween } from '../waste/queries';
import type { Days } from './period';

// The Sales Report's workbook, readable without the app: a Summary sheet of the period's
// totals, a Sales sheet of one row per sale (refunded ones too, with their status), and a
// Payments sheet of one row per payment, so a split sale reconciles to its total. Every
// Summary figure is the sum of the Sales rows (or Payments rows) whose status is Completed:
// all three are read from one snapshot of the database, so a sale rung up or refunded while
// the file streams cannot make them disagree.

const CHUNK = 1000;
const S = REPORT_TEXT.exportSummary;

interface SaleRow {
  id: number;
  saleId: string;
  invoiceNumber: string | null;
  soldAt: number;
  cashier: string | null;
  customerName: string;
  orderType: string;
  status: 'completed' | 'refunded';
  subtotal: number;
  discountType: string | null;
  discountAmount: number;
  vatExemptAmount: number;
  taxAmount: number;
  totalAmount: number;
  cost: number;
}

interface PaymentRow {
  saleId: number;
  method: string;
  amount: number;
  reference: string | null;
}

type Sale = SaleRow & { payments: PaymentRow[] };
type Payment = PaymentRow & { sale: Sale };

const statusText = (s: SaleRow) => (s.status === 'refunded' ? 'Refunded' : 'Completed');
const money = (centavos: number) => toPesos(centavos);

const SALE_COLUMNS: Column<Sale>[] = [
  { header: 'Sale ID', width: 16, value: (r) => r.saleId },
  { header: 'Invoice No.', width: 18, value: (r) => r.invoiceNumber },
  { header: 'Date', width: 18, numFmt: DATE_TIME_FORMAT, value: (r) => manilaCellDate(new Date(r.soldAt)) },
  { header: 'Cashier', width: 18, value: (r) => r.cashier ?? REPORT_TEXT.noCashier },
  { header: 'Customer', width: 28, value: (r) => r.customerName },
  { header: 'Order Type', value: (r) => r.orderType },
  { header: 'Status', width: 12, value: statusText },
  { header: 'Subtotal', numFmt: PESO_FORMAT, value: (r) => money(r.subtotal) },
  { header: 'Discount Type', width: 14, value: (r) => r.discountType },
  { header: 'Discount', numFmt: PESO_FORMAT, value: (r) => money(r.discountAmount) },
  { header: 'VAT-Exempt Sales', width: 18, numFmt: PESO_FORMAT, value: (r) => money(r.vatExemptAmount) },
  { header: 'VAT', numFmt: PESO_FORMAT, value: (r) => money(r.taxAmount) },
  { header: 'Total Amount', numFmt: PESO_FORMAT, value: (r) => money(r.totalAmount) },
  { header: 'Cost', numFmt: PESO_FORMAT, value: (r) => money(r.cost) },
  {
    header: 'Payments',
    width: 36,
    value: (r) => r.payments.map((p) => `${p.method} ${formatPeso(p.amount)}`).join(' + '),
  },
];

const PAYMENT_COLUMNS: Column<Payment>[] = [
  { header: 'Sale ID', width: 16, value: (p) => p.sale.saleId },
  {
    header: 'Date',
    width: 18,
    numFmt: DATE_TIME_FORMAT,
    value: (p) => manilaCellDate(new Date(p.sale.soldAt)),
  },
  { header: 'Status', width: 12, value: (p) => statusText(p.sale) },
  { header: 'Method', width: 14, value: (p) => p.method },
  { header: 'Amount', numFmt: PESO_FORMAT, value: (p) => money(p.amount) },
  { header: 'Reference', width: 20, value: (p) => p.reference },
];

interface Figure {
  figure: string;
  value: string | number | null;
  pesos?: boolean;
}

const SUMMARY_COLUMNS: Column<Figure>[] = [
  { header: 'Figure', width: 44, value: (f) => f.figure },
  {
    header: 'Value',
    width: 18,
    cellFormat: (f) => (f.pesos ? PESO_FORMAT : undefined),
    value: (f) => f.value,
  },
];

function statements(db: Db) {
  const sqlite = db.$client;
  const inPeriod = 's.sold_at >= @start and s.sold_at < @end';
  return {
    sales: sqlite.prepare<{ start: number; end: number; soldAt: number; id: number; limit: number }, SaleRow>(
      `select s.id, s.sale_id as saleId, s.invoice_number as invoiceNumber, s.sold_at as soldAt, u.username as cashier, s.customer_name as customerName,
         s.order_type as orderType, s.status, s.subtotal, s.discount_type as discountType,
         s.discount_amount as discountAmount, s.vat_exempt_amount as vatExemptAmount, s.tax_amount as taxAmount,
         s.total_amount as totalAmount,
         (select coalesce(sum(l.cost), 0) from sale_lines l where l.sale_id = s.id) as cost
       from sales s left join users u on u.id = s.sold_by
       where ${inPeriod} and (s.sold_at, s.id) < (@soldAt, @id)
       order by s.sold_at desc, s.id desc limit @limit`,
    ),
    payments: sqlite.prepare<[string], PaymentRow>(
      `select sale_id as saleId, method, amount, reference from sale_payments
       where sale_id in (select value from json_each(?)) order by sale_id, id`,
    ),
    totals: sqlite.prepare<{ start: number; end: number }, Record<string, number>>(
      `select sum(s.status = 'completed') as sales,
         coalesce(sum(case when s.status = 'completed' then s.subtotal end), 0) as gross,
         coalesce(sum(case when s.status = 'completed' then s.discount_amount end), 0) as discounts,
         coalesce(sum(case when s.status = 'completed' then s.vat_exempt_amount end), 0) as vatExempt,
         coalesce(sum(case when s.status = 'completed' then s.tax_amount end), 0) as vat,
         coalesce(sum(case when s.status = 'completed' then s.total_amount end), 0) as total,
         coalesce(sum(s.status = 'refunded'), 0) as refunds,
         coalesce(sum(case when s.status = 'refunded' then s.total_amount end), 0) as refundedAmount,
         coalesce(sum(case when s.status = 'completed' then
           (select coalesce(sum(l.cost), 0) from sale_lines l where l.sale_id = s.id) end), 0) as cost
       from sales s where ${inPeriod}`,
    ),
    byMethod: sqlite.prepare<{ start: number; end: number }, { method: string; amount: number }>(
      `select p.method, sum(p.amount) as amount from sale_payments p join sales s on s.id = p.sale_id
       where ${inPeriod} and s.status = 'completed' group by p.method order by 2 desc, 1`,
    ),
  };
}

/** The Summary sheet's figures: each one a sum a reader can redo from the other two sheets. */
function summaryOf(read: ReturnType<typeof statements>, days: Days, wasteCost: number): Figure[] {
  const range = { start: days.start.getTime(), end: days.end.getTime() };
  const t = read.totals.get(range) ?? {};
  const n = (key: string) => t[key] ?? 0;
  const pesos = (figure: string, centavos: number): Figure => ({
    figure,
    value: money(centavos),
    pesos: true,
  });
  return [
    { figure: S.period, value: days.from === days.to ? days.from : `${days.from} to ${days.to}` },
    { figure: S.sales, value: n('sales') },
    pesos(S.gross, n('gross')),
    pesos(S.discounts, n('discounts')),
    pesos(S.vatExempt, n('vatExempt')),
    pesos(S.vat, n('vat')),
    pesos(S.total, n('total')),
    { figure: S.refunds, value: n('refunds') },
    pesos(S.refundedAmount, n('refundedAmount')),
    pesos(S.cost, n('cost')),
    pesos(S.wasteCost, wasteCost),
    pesos(S.profit, n('gross') - n('discounts') - n('cost') - wasteCost),
    ...read.byMethod.all(range).map((m) => pesos(S.paidBy(m.method), m.amount)),
    { figure: S.note, value: null },
  ];
}

/** The period's sales, newest first, a thousand at a time, each with its payments. */
function* saleChunks(read: ReturnType<typeof statements>, days: Days): Generator<Sale[]> {
  let cursor = { soldAt: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
  for (;;) {
    const rows = read.sales.all({
      start: days.start.getTime(),
      end: days.end.getTime(),
      ...cursor,
      limit: CHUNK,
    });
    if (rows.length === 0) return;
    const payments = new Map<number, PaymentRow[]>();
    for (const p of read.payments.all(JSON.stringify(rows.map((r) => r.id))))
      payments.set(p.saleId, [...(payments.get(p.saleId) ?? []), p]);
    yield rows.map((r) => ({ ...r, payments: payments.get(r.id) ?? [] }));
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1] as SaleRow;
    cursor = { soldAt: last.soldAt, id: last.id };
  }
}

/** The period's workbook: Summary, Sales and Payments, streamed from one read snapshot. */
export function salesWorkbook(db: Db, days: Days) {
  const snapshot = readSnapshot(db);
  try {
    const read = statements(snapshot.db);
    const summary = summaryOf(read, days, wasteCostBetween(snapshot.db, days.start, days.end));
    const stream = workbookStream(
      [
        { name: 'Summary', columns: SUMMARY_COLUMNS, chunks: () => [summary] },
        { name: 'Sales', columns: SALE_COLUMNS, chunks: () => saleChunks(read, days) },
        {
          name: 'Payments',
          columns: PAYMENT_COLUMNS,
          chunks: function* () {
            for (const sales of saleChunks(read, days))
              yield sales.flatMap((sale) => sale.payments.map((p) => ({ ...p, sale })));
          },
        },
      ],
      { yieldBetweenChunks: snapshot.standsStill, onClose: snapshot.release },
    );
    return { filename: `sales_report_${days.from}_to_${days.to}.xlsx`, stream };
  } catch (error) {
    snapshot.release();
    throw error;
  }
}
