// The BIR records' side of the bench shop (docs/decisions.md, BIR records), written before any
// server starts: a day of Z_SALES sales on a terminal of its own waiting for its Z reading, and
// the journal of the last year of the seeded history as the app journals each sale.
import { appendJournal } from '../server/domains/journal/chain';
import { getSale } from '../server/domains/sales/records';
import { addDays, manilaDate, manilaDayStart } from '../shared/time';
import { type DiscountType, lineDiscount, saleTotals } from '../shared/totals';
import { ON_SALE, type SeededShop } from './bigShop';

const Z_SALES = 10_000;
/** The Z reading is a write (it closes the terminal's day): taken once, then read back. */
export const Z_SCENARIO = `the Z reading of a ${Z_SALES.toLocaleString('en-PH')}-sale day, read back`;
/** The one-shot measurement of bench/oneShots.ts; named in BENCH_ONLY like a scenario. */
export const JOURNAL_ONE_SHOT = 'journal verification over a year of sales';

const HOUR = 3_600_000;
const METHODS = ['Cash', 'Cash', 'GCash', 'Cash', 'Credit Card', 'Cash', 'PayMaya', 'Cash', 'GCash', 'Cash'];

/**
 * Z_SALES sales of yesterday, 07:00 to 20:00, on a terminal of their own (one to five shelf items
 * each; one in 25 with the SC discount, one in 40 PWD, one in ten without VAT; cash, cards and
 * e-wallets), numbered on the terminal; one in a hundred refunded there. All wait for its Z
 * reading, as the counter leaves them. Answers the terminal's id.
 */
export function seedZDay(shop: SeededShop): number {
  const sqlite = shop.db.$client;
  const userId = sqlite.prepare('select min(id) from users').pluck().get() as number;
  const day = addDays(manilaDate(), -1);
  const opens = manilaDayStart(day).getTime() + 7 * HOUR;
  const terminal = sqlite
    .prepare(
      "insert into terminals (name, invoice_prefix) values ('Bench Z counter', 'BZ-') returning id, invoice_prefix as prefix",
    )
    .get() as { id: number; prefix: string };
  const items = sqlite
    .prepare(
      `select i.id, i.item_id as code, i.name, i.unit_price as price, i.purchase_price as cost,
         i.sc_pwd_eligible = 1 as scPwdEligible, c.name as category
       from inventory_items i left join categories c on c.id = i.category_id where i.id <= ? order by i.id`,
    )
    .all(ON_SALE) as {
    id: number;
    code: string;
    name: string;
    price: number;
    cost: number;
    scPwdEligible: number;
    category: string | null;
  }[];
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, discount_amount, vat_exempt_amount, discount_type,
       discount_name, discount_id_number, tax_rate, tax_amount, total_amount, payment_method, payment_reference,
       cash_tendered, change, lines_key, sold_by, sold_at, terminal_id, invoice_seq, invoice_number, z_pending,
       received_at) values (?, 'Unregistered', 'Walk-in', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
     returning id`,
  );
  const insertLine = sqlite.prepare(
    `insert into sale_lines (sale_id, kind, item_id, code, name, price, purchase_price, quantity, line_total, category,
       discount, cost) values (?, 'item', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = sqlite.prepare(
    'insert into sale_payments (sale_id, method, amount, reference) values (?, ?, ?, ?)',
  );
  const refund = sqlite.prepare(
    `update sales set status = 'refunded', refunded_at = ?, refunded_by = ?, refund_terminal_id = ?, refund_seq = ?,
       refund_number = ?, refund_z_pending = 1 where id = ?`,
  );
  const nine = (n: number) => String(n).padStart(9, '0');
  let grandTotal = 0;
  let refunds = 0;
  sqlite.transaction(() => {
    for (let k = 0; k < Z_SALES; k++) {
      const lines = Array.from({ length: 1 + ((k * 7) % 5) }, (_, j) => {
        const item = items[(k * 31 + j * 97) % items.length] as (typeof items)[number];
        return { ...item, scPwdEligible: item.scPwdEligible === 1, quantity: 1 + ((k + j) % 3) };
      });
      const discount: DiscountType | null = k % 25 === 0 ? 'SC' : k % 40 === 0 ? 'PWD' : null;
      const taxRate = k % 10 === 9 ? 0 : 12;
      const totals = saleTotals(lines, taxRate, discount);
      const method = METHODS[k % METHODS.length] as string;
      const tendered = method === 'Cash' ? Math.ceil(totals.totalAmount / 10_000) * 10_000 : null;
      const soldAt = opens + Math.floor((k * 13 * HOUR) / Z_SALES);
      const { id } = insertSale.get(
        `SALE-Z${String(k).padStart(7, '0')}`,
        totals.subtotal,
        totals.discountAmount,
        totals.vatExemptAmount,
        discount,
        discount ? `Bench Senior ${k}` : null,
        discount ? `OSCA-${k}` : null,
        taxRate,
        totals.taxAmount,
        totals.totalAmount,
        method,
        tendered === null ? `REF-${k}` : null,
        tendered,
        tendered === null ? null : tendered - totals.totalAmount,
        lines
          .map((l) => `item:${l.id}x${l.quantity}`)
          .sort()
          .join(','),
        userId,
        soldAt,
        terminal.id,
        k + 1,
        `${terminal.prefix}${nine(k + 1)}`,
        soldAt,
      ) as { id: number };
      for (const l of lines) {
        const off = lineDiscount(l, discount);
        const amount = l.price * l.quantity;
        insertLine.run(
          id,
          l.id,
          l.code,
          l.name,
          l.price,
          l.cost,
          l.quantity,
          amount - off,
          l.category,
          off,
          l.cost * l.quantity,
        );
      }
      insertPayment.run(id, method, totals.totalAmount, tendered === null ? `REF-${k}` : null);
      grandTotal += totals.totalAmount;
      if (k % 100 === 50) {
        refunds++;
        refund.run(soldAt + HOUR, userId, terminal.id, refunds, `${terminal.prefix}R${nine(refunds)}`, id);
      }
    }
    sqlite
      .prepare('update terminals set last_invoice = ?, last_refund = ?, grand_total = ? where id = ?')
      .run(Z_SALES, refunds, grandTotal, terminal.id);
  })();
  return terminal.id;
}

/**
 * A journal row for every sale of the last 365 days, oldest first, each the sale as the app
 * journals it at checkout (getSale, appended by the app's own appendJournal, at the time of
 * the sale). Answers how many rows it wrote.
 */
export function seedJournalYear(shop: SeededShop): number {
  const sqlite = shop.db.$client;
  const since = manilaDayStart(addDays(manilaDate(), -364)).getTime();
  const ids = sqlite
    .prepare('select id from sales where sold_at >= ? order by sold_at, id')
    .pluck()
    .all(since) as number[];
  const batch = sqlite.transaction((some: number[]) => {
    for (const id of some) {
      const sale = getSale(shop.db, id);
      const entry = {
        terminalId: sale.terminalId,
        kind: 'sale' as const,
        documentNumber: sale.invoiceNumber ?? sale.saleId,
        amount: sale.totalAmount,
        document: sale,
      };
      appendJournal(shop.db, entry, sale.soldAt);
    }
  });
  for (let i = 0; i < ids.length; i += 5_000) batch(ids.slice(i, i + 5_000));
  return ids.length;
}
