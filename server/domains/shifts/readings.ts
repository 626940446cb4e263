import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';

/** A reading's statement, prepared once per text: a reading is taken often, and compiling cost more than reading. */
const statement = (db: Db, text: string) => prepared(db, `readings:${text}`, () => db.$client.prepare(text));

// The X and Z readings' totals, in centavos. A reading covers a set of sales
// (those made in a shift, or counted by a Z reading) and a set of refunds (those made in
// a shift, or counted by a Z reading): a sale refunded later counts as a sale where it
// was made and as a refund where it was refunded.

export interface MethodTotals {
  method: string;
  sales: number;
  refunds: number;
  net: number;
}

export interface ReadingTotals {
  salesCount: number;
  /** The lines before discounts (the subtotals). */
  gross: number;
  scPwdDiscounts: number;
  scPwdSales: number;
  vat: number;
  vatExempt: number;
  /** What the sales charged: gross - discounts + VAT. */
  salesTotal: number;
  refundsCount: number;
  refunds: number;
  /** salesTotal - refunds. */
  net: number;
  byMethod: MethodTotals[];
  /** Cash handed over by customers (tendered, or the cash share when none was recorded). */
  cashTaken: number;
  changeGiven: number;
  cashRefunded: number;
  /** Cake order deposits taken here (every method); their cash is in cashTaken. */
  depositsTaken: number;
  /** Deposits taken before and applied to the pickups' sales here: in salesTotal, never cash taken again. */
  depositsApplied: number;
  /** Deposits given back on cancelled orders here; their cash is in cashRefunded. */
  depositsRefunded: number;
}

/** Which sales and refunds: a shift's (by id) or a Z reading's (by number). */
export type Scope = { shift: number } | { z: number };

function columns(scope: Scope) {
  return 'shift' in scope
    ? { sale: 'shift_id', refund: 'refund_shift_id', deposit: 'shift_id', key: scope.shift }
    : { sale: 'z_number', refund: 'refund_z_number', deposit: 'z_number', key: scope.z };
}

const num = (v: unknown) => Number(v ?? 0);

export function readingTotals(db: Db, scope: Scope): ReadingTotals {
  // Inside a transaction too: better-sqlite3 has one connection, so these read its writes.
  const { sale, refund, deposit, key } = columns(scope);
  const sold = statement(
    db,

    `select count(*) as n, sum(subtotal) as gross, sum(discount_amount) as discounts,
         sum(case when discount_type is not null then total_amount else 0 end) as scPwdSales,
         sum(tax_amount) as vat, sum(vat_exempt_amount) as vatExempt, sum(total_amount) as total,
         sum(coalesce(cash_tendered, (select amount from sale_payments p where p.sale_id = s.id and p.method = 'Cash' and p.applied_deposit = 0), 0)) as cashTaken,
         sum(coalesce(change, 0)) as changeGiven
       from sales s where ${sale} = ?`,
  ).get(key) as Record<string, number | null>;
  const refunded = statement(
    db,
    `select count(*) as n, sum(total_amount) as total from sales where ${refund} = ?`,
  ).get(key) as Record<string, number | null>;
  const methods = statement(
    db,

    `select method, sum(case when s.${sale} = ? then amount else 0 end) as sales,
         sum(case when s.${refund} = ? then amount else 0 end) as refunds
       from sale_payments p join sales s on s.id = p.sale_id
       where s.${sale} = ? or s.${refund} = ?
       group by method order by method`,
  ).all(key, key, key, key) as { method: string; sales: number; refunds: number }[];
  // Cake order deposits (docs/decisions.md, Cake orders): cash counted where it was taken or given back.
  const deposits = statement(
    db,

    `select sum(case when kind = 'deposit' then amount else 0 end) as taken,
         sum(case when kind = 'refund' then amount else 0 end) as refunded,
         sum(case when kind = 'deposit' and method = 'Cash' then coalesce(cash_tendered, amount) else 0 end) as cashTaken,
         sum(case when kind = 'deposit' and method = 'Cash' then coalesce(change, 0) else 0 end) as changeGiven,
         sum(case when kind = 'refund' and method = 'Cash' then amount else 0 end) as cashRefunded
       from cake_order_payments where ${deposit} = ? and kind in ('deposit', 'refund')`,
  ).get(key) as Record<string, number | null>;
  const applied = statement(
    db,

    `select sum(p.amount) as total from sale_payments p join sales s on s.id = p.sale_id
       where s.${sale} = ? and p.applied_deposit = 1`,
  ).get(key) as Record<string, number | null>;
  const salesTotal = num(sold.total);
  const refunds = num(refunded.total);
  return {
    salesCount: num(sold.n),
    gross: num(sold.gross),
    scPwdDiscounts: num(sold.discounts),
    scPwdSales: num(sold.scPwdSales),
    vat: num(sold.vat),
    vatExempt: num(sold.vatExempt),
    salesTotal,
    refundsCount: num(refunded.n),
    refunds,
    net: salesTotal - refunds,
    byMethod: methods.map((m) => ({
      method: m.method,
      sales: m.sales,
      refunds: m.refunds,
      net: m.sales - m.refunds,
    })),
    cashTaken: num(sold.cashTaken) + num(deposits.cashTaken),
    changeGiven: num(sold.changeGiven) + num(deposits.changeGiven),
    cashRefunded: (methods.find((m) => m.method === 'Cash')?.refunds ?? 0) + num(deposits.cashRefunded),
    depositsTaken: num(deposits.taken),
    depositsApplied: num(applied.total),
    depositsRefunded: num(deposits.refunded),
  };
}

/** The discounts of a reading by type; `other` has no source yet. */
export interface DiscountsByType {
  SC: number;
  PWD: number;
  SC5: number;
  other: number;
}

/**
 * The figures a BIR reading shows by name (docs/decisions.md, BIR records), over the same
 * sales and refunds as readingTotals. Per sale: VATable is what VAT was charged on after
 * discounts (a 5% senior discount leaves its lines taxed); VAT-exempt is the SC/PWD lines
 * after the 20%, and a whole sale made with no VAT after its discounts.
 */
export interface BirTotals {
  beginningInvoice: string | null;
  endingInvoice: string | null;
  beginningRefund: string | null;
  endingRefund: string | null;
  resetCounter: 0;
  grossSales: number;
  vatableSales: number;
  vatAmount: number;
  vatExemptSales: number;
  zeroRatedSales: number;
  discounts: DiscountsByType;
  refundsCount: number;
  refundsAmount: number;
  /** grossSales - discounts + vatAmount - refundsAmount. */
  netSales: number;
  /** What the sales were paid by, per method (applied deposits under theirs). */
  payments: Record<string, number>;
}

export function birTotals(db: Db, scope: Scope): BirTotals {
  const { sale, refund, key } = columns(scope);
  const sold = statement(
    db,

    `select sum(subtotal) as gross, sum(tax_amount) as vat,
         sum(case when tax_rate > 0 then subtotal - vat_exempt_amount
           - (case when discount_type = 'SC5' then discount_amount else 0 end) else 0 end) as vatable,
         sum(case when tax_rate > 0
           then (case when discount_type in ('SC', 'PWD') then vat_exempt_amount - discount_amount else 0 end)
           else subtotal - discount_amount end) as exempt,
         sum(case when discount_type = 'SC' then discount_amount else 0 end) as sc,
         sum(case when discount_type = 'PWD' then discount_amount else 0 end) as pwd,
         sum(case when discount_type = 'SC5' then discount_amount else 0 end) as sc5,
         sum(discount_amount) as discounts
       from sales where ${sale} = ?`,
  ).get(key) as Record<string, number | null>;
  const invoices = statement(
    db,

    `select (select invoice_number from sales where ${sale} = ? and invoice_seq is not null order by invoice_seq limit 1) as first,
         (select invoice_number from sales where ${sale} = ? and invoice_seq is not null order by invoice_seq desc limit 1) as last,
         (select refund_number from sales where ${refund} = ? and refund_seq is not null order by refund_seq limit 1) as firstRefund,
         (select refund_number from sales where ${refund} = ? and refund_seq is not null order by refund_seq desc limit 1) as lastRefund`,
  ).get(key, key, key, key) as Record<string, string | null>;
  const refunded = statement(
    db,
    `select count(*) as n, sum(total_amount) as total from sales where ${refund} = ?`,
  ).get(key) as Record<string, number | null>;
  const paid = statement(
    db,

    `select method, sum(amount) as amount from sale_payments p join sales s on s.id = p.sale_id
       where s.${sale} = ? group by method order by method`,
  ).all(key) as { method: string; amount: number }[];
  const grossSales = num(sold.gross);
  const vatAmount = num(sold.vat);
  const refundsAmount = num(refunded.total);
  const other = num(sold.discounts) - num(sold.sc) - num(sold.pwd) - num(sold.sc5);
  const discounts = { SC: num(sold.sc), PWD: num(sold.pwd), SC5: num(sold.sc5), other };
  return {
    beginningInvoice: invoices.first ?? null,
    endingInvoice: invoices.last ?? null,
    beginningRefund: invoices.firstRefund ?? null,
    endingRefund: invoices.lastRefund ?? null,
    resetCounter: 0,
    grossSales,
    vatableSales: num(sold.vatable),
    vatAmount,
    vatExemptSales: num(sold.exempt),
    zeroRatedSales: 0,
    discounts,
    refundsCount: num(refunded.n),
    refundsAmount,
    netSales: grossSales - num(sold.discounts) + vatAmount - refundsAmount,
    payments: Object.fromEntries(paid.map((p) => [p.method, p.amount])),
  };
}
