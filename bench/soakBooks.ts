// The shop's books as bench/soakCheck.ts reads them out of the file while the server is
// down: every sale with its lines, payments and lot takes, the lots of items and cakes, and
// the stock ledger, loaded once per check and shared by its pieces.
import type Database from 'better-sqlite3';

export type SaleRow = {
  id: number;
  saleId: string;
  status: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  terminalId: number | null;
  invoiceSeq: number | null;
  invoiceNumber: string | null;
  refundTerminalId: number | null;
  refundSeq: number | null;
  refundNumber: string | null;
  soldOffline: number;
  linesKey: string;
};
type LineRow = {
  id: number;
  sale: number;
  kind: string;
  item: number | null;
  cake: number | null;
  price: number;
  qty: number;
  lineTotal: number;
  cost: number;
};
export type MoveRow = {
  id: number;
  item: number | null;
  cake: number | null;
  reason: string;
  change: number;
  before: number;
  after: number;
  ref: string | null;
};
type LotRow = {
  id: number;
  item: number;
  source: string;
  quantity: number;
  remaining: number;
  unitCost: number;
  expires: string | null;
  po: number | null;
};
type CakeLotRow = {
  id: number;
  cake: number;
  source: string;
  batch: number | null;
  order: number | null;
  quantity: number;
  remaining: number;
  unitCost: number | null;
  expires: string | null;
};
type Take = { line: number; lot: number; qty: number };

export interface Books {
  sales: SaleRow[];
  /** By the sale's row id. */
  lines: Map<number, LineRow[]>;
  /** By sale line id: what it took from items' lots, and from cakes' lots. */
  takes: Map<number, Take[]>;
  cakeTakes: Map<number, Take[]>;
  lots: LotRow[];
  cakeLots: CakeLotRow[];
  /** By the sale's row id. */
  payments: Map<number, { method: string; amount: number; applied: number }[]>;
  moves: MoveRow[];
  /** "reason:reference" -> the ledger rows. */
  movesOf: Map<string, MoveRow[]>;
}

/** A failure of a check, reported with the others after the round. */
export type Fail = (text: string) => void;

/** A pickup's sale: its lines' key names the cake order (bench/soakOrdersCheck.ts judges it). */
export const isPickupSale = (linesKey: string) => linesKey.startsWith('order:');

export function group<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function loadBooks(db: Database.Database): Books {
  const all = <T>(query: string) => db.prepare(query).all() as T[];
  const lines = new Map<number, LineRow[]>();
  for (const line of all<LineRow>(
    `select id, sale_id as sale, kind, item_id as item, cake_id as cake, price, quantity as qty,
       line_total as lineTotal, cost from sale_lines order by item_id, cake_id, id`,
  ))
    group(lines, line.sale, line);
  const takes = new Map<number, Take[]>();
  for (const t of all<Take>(
    'select sale_line_id as line, lot_id as lot, quantity as qty from sale_line_lots',
  ))
    group(takes, t.line, t);
  const cakeTakes = new Map<number, Take[]>();
  for (const t of all<Take>(
    'select sale_line_id as line, lot_id as lot, quantity as qty from sale_line_cake_lots',
  ))
    group(cakeTakes, t.line, t);
  const payments = new Map<number, { method: string; amount: number; applied: number }[]>();
  for (const p of all<{ sale: number; method: string; amount: number; applied: number }>(
    'select sale_id as sale, method, amount, applied_deposit as applied from sale_payments order by id',
  ))
    group(payments, p.sale, p);
  const moves = all<MoveRow>(
    `select id, item_id as item, cake_id as cake, reason, change, stock_before as before,
       stock_after as after, reference as ref from stock_movements order by id`,
  );
  const movesOf = new Map<string, MoveRow[]>();
  for (const m of moves) if (m.ref !== null) group(movesOf, `${m.reason}:${m.ref}`, m);
  return {
    sales: all<SaleRow>(
      `select id, sale_id as saleId, status, subtotal, discount_amount as discount, tax_amount as tax,
         total_amount as total, terminal_id as terminalId, invoice_seq as invoiceSeq,
         invoice_number as invoiceNumber, refund_terminal_id as refundTerminalId,
         refund_seq as refundSeq, refund_number as refundNumber, sold_offline as soldOffline,
         lines_key as linesKey from sales order by id`,
    ),
    lines,
    takes,
    cakeTakes,
    lots: all<LotRow>(
      `select id, item_id as item, source, quantity, remaining, unit_cost as unitCost,
         expiration_date as expires, purchase_order_id as po from stock_lots order by id`,
    ),
    cakeLots: all<CakeLotRow>(
      `select id, cake_id as cake, source, batch_id as batch, order_id as "order", quantity, remaining,
         unit_cost as unitCost, expiration_date as expires from cake_lots order by id`,
    ),
    payments,
    moves,
    movesOf,
  };
}

/** "item:change,..." of the ledger rows for one reason and reference, by item or cake id. */
export function ledgerOf(books: Books, reason: string, ref: string): string {
  return (books.movesOf.get(`${reason}:${ref}`) ?? [])
    .map((m) => `${m.item ?? `cake${m.cake}`}:${m.change}`)
    .sort()
    .join(',');
}
