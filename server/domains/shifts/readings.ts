import type { Db } from '../../db/open';

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
  const sqlite = db.$client;
  const { sale, refund, deposit, key } = columns(scope);
  const sold = sqlite
    .prepare(
      `select count(*) as n, sum(subtotal) as gross, sum(discount_amount) as discounts,
         sum(case when discount_type is not null then total_amount else 0 end) as scPwdSales,
         sum(tax_amount) as vat, sum(vat_exempt_amount) as vatExempt, sum(total_amount) as total,
         sum(coalesce(cash_tendered, (select amount from sale_payments p where p.sale_id = s.id and p.method = 'Cash' and p.applied_deposit = 0), 0)) as cashTaken,
         sum(coalesce(change, 0)) as changeGiven
       from sales s where ${sale} = ?`,
    )
    .get(key) as Record<string, number | null>;
  const refunded = sqlite
    .prepare(`select count(*) as n, sum(total_amount) as total from sales where ${refund} = ?`)
    .get(key) as Record<string, number | null>;
  const methods = sqlite
    .prepare(
      `select method, sum(case when s.${sale} = ? then amount else 0 end) as sales,
         sum(case when s.${refund} = ? then amount else 0 end) as refunds
       from sale_payments p join sales s on s.id = p.sale_id
       where s.${sale} = ? or s.${refund} = ?
       group by method order by method`,
    )
    .all(key, key, key, key) as { method: string; sales: number; refunds: number }[];
  // Cake order deposits (docs/decisions.md, Cake orders): cash counted where it was taken or given back.
  const deposits = sqlite
    .prepare(
      `select sum(case when kind = 'deposit' then amount else 0 end) as taken,
         sum(case when kind = 'refund' then amount else 0 end) as refunded,
         sum(case when kind = 'deposit' and method = 'Cash' then coalesce(cash_tendered, amount) else 0 end) as cashTaken,
         sum(case when kind = 'deposit' and method = 'Cash' then coalesce(change, 0) else 0 end) as changeGiven,
         sum(case when kind = 'refund' and method = 'Cash' then amount else 0 end) as cashRefunded
       from cake_order_payments where ${deposit} = ? and kind in ('deposit', 'refund')`,
    )
    .get(key) as Record<string, number | null>;
  const applied = sqlite
    .prepare(
      `select sum(p.amount) as total from sale_payments p join sales s on s.id = p.sale_id
       where s.${sale} = ? and p.applied_deposit = 1`,
    )
    .get(key) as Record<string, number | null>;
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
