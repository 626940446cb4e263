// What the books hold after the drain (bench/drain.ts): none lost, none doubled, each number
// once and each terminal's series gapless, the items that ran out at 0 with lots agreeing.
import { manilaDate } from '../shared/time';
import type { SeededShop } from './bigShop';

/** A sale as a device sent it: the fields the books are checked against. */
interface Sent {
  saleId: string;
  terminalId: number;
  invoiceSeq: number;
  totalAmount: number;
}

/** What the books hold of one side's queues: none lost, none doubled, each number as sent. */
export function checkBooks(shop: SeededShop, queues: Sent[][], soldOut: number) {
  const sql = shop.db.$client;
  const sent = queues.flat();
  const ids = JSON.stringify(sent.map((s) => s.saleId));
  const rows = sql
    .prepare(
      `select sale_id as saleId, terminal_id as terminalId, invoice_seq as seq, sold_offline as offline,
         total_amount as total from sales where sale_id in (select value from json_each(?))`,
    )
    .all(ids) as { saleId: string; terminalId: number; seq: number; offline: number; total: number }[];
  const held = new Map(rows.map((r) => [r.saleId, r]));
  const lost = sent.filter((s) => !held.has(s.saleId)).length;
  const doubled = rows.length - held.size;
  const misnumbered = sent.filter((s) => {
    const r = held.get(s.saleId);
    return r && (r.terminalId !== s.terminalId || r.seq !== s.invoiceSeq || r.offline !== 1);
  }).length;
  const numbers = new Set(rows.map((r) => `${r.terminalId}:${r.seq}`)).size;
  const expected = sent.reduce((sum, s) => sum + Math.round(s.totalAmount * 100), 0);
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  const shortfalls = sql
    .prepare(
      "select count(*) from stock_movements where reason = 'shortfall' and reference in (select value from json_each(?))",
    )
    .pluck()
    .get(ids) as number;
  // The items that ran out: at 0 now, never below, their lots agreeing with their stock.
  const short = sql
    .prepare(
      `select min(i.stock) as least, sum(i.stock != (select coalesce(sum(remaining), 0) from stock_lots l
         where l.item_id = i.id and (l.expiration_date is null or l.expiration_date >= ?))) as astray
       from inventory_items i where i.id <= ?`,
    )
    .get(manilaDate(), soldOut) as { least: number; astray: number };
  return {
    sales: rows.length,
    lost,
    doubled,
    misnumbered,
    numbersOnce: numbers === rows.length,
    totalsAgree: expected === total,
    shortfalls,
    soldOutStock: short.least,
    lotsAgree: short.astray === 0,
  };
}

/** Each terminal's invoice numbers: 1..last, each once (blocks and the server's own numbers). */
export function gapless(shop: SeededShop) {
  const sql = shop.db.$client;
  return (
    sql.prepare('select id, last_invoice as last from terminals order by id').all() as {
      id: number;
      last: number;
    }[]
  ).map((t) => {
    const seqs = sql
      .prepare(
        'select invoice_seq from sales where terminal_id = ? and invoice_seq is not null order by invoice_seq',
      )
      .pluck()
      .all(t.id) as number[];
    return {
      terminal: t.id,
      last: t.last,
      gapless: seqs.length === t.last && seqs.every((s, i) => s === i + 1),
    };
  });
}

/** Rows of the tables a sale writes: a second send of the batch must leave them as they were. */
export const counts = (shop: SeededShop) =>
  ['sales', 'sale_lines', 'stock_movements', 'stock_lots', 'journal', 'notifications', 'sale_payments'].map(
    (t) => shop.db.$client.prepare(`select count(*) from ${t}`).pluck().get() as number,
  );
