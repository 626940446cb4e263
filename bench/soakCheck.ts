// The soak's judge (bench/soakRounds.ts): reads the shop's database file while the server is
// down and holds it against what the clients sent and were told. Nothing here trusts the
// server's own arithmetic: prices are the ones the soak seeded, totals are recomputed here.
import Database from 'better-sqlite3';
import { shopDb } from '../server/db/open';
import { verifyJournal } from '../server/domains/journal/chain';
import { costOf, QUANTITY_SCALE } from '../shared/quantity';
import { invoiceNumber, refundNumber } from '../shared/texts/bir';
import { manilaDate } from '../shared/time';

export interface Product {
  id: number;
  code: string;
  /** Centavos, as seeded. */
  price: number;
  /** Stock when seeded, in units as sent (the ledger's 'created' row keeps thousandths). */
  initial: number;
}

export interface CartLine {
  id: number;
  quantity: number;
}

export interface Totals {
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
}

/** Everything the clients know about one saleId: what they sent, and every answer they heard. */
export interface SaleAttempts {
  saleId: string;
  round: number;
  /** The terminal the till sells and refunds at. */
  terminalId: number;
  /** By product id, ascending. */
  cart: CartLine[];
  totals: Totals;
  /** 201 answers (a new sale); more than one is a double sale. */
  created: number;
  /** 200 answers (`repeated`: the sale already made). */
  repeated: number;
  /** 409 answers for short stock: nothing may have been written. */
  refused: number;
  /** Attempts that had no answer because the server was killed. */
  unanswered: number;
  /** After a crash the till retried it and got a definite answer. */
  settled: boolean;
  /** The sale's `_id` as answered. */
  ref?: number;
  refund: { ok: number; conflict: number; unanswered: number; settled: boolean };
}

export const acknowledged = (s: SaleAttempts) => s.created + s.repeated > 0;

/** VAT is 12% of the subtotal, rounded half-up to the centavo. */
export function totalsOf(cart: CartLine[], products: Map<number, Product>): Totals {
  const subtotal = cart.reduce((sum, l) => sum + products.get(l.id)!.price * l.quantity, 0);
  const taxAmount = Math.floor((subtotal * 12 + 50) / 100);
  return { subtotal, taxAmount, totalAmount: subtotal + taxAmount };
}

export interface CheckResult {
  failures: string[];
  /** saleId -> status, for every sale in the file. */
  status: Map<string, string>;
  /** Sales in the file that no client was told about (in flight when the server died). */
  unacknowledgedPresent: string[];
}

type SaleRow = {
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
};
type LineRow = {
  id: number;
  sale: number;
  kind: string;
  item: number | null;
  price: number;
  qty: number;
  lineTotal: number;
};
type MoveRow = {
  id: number;
  item: number | null;
  reason: string;
  change: number;
  before: number;
  after: number;
  ref: string | null;
};
type LotRow = {
  id: number;
  item: number;
  quantity: number;
  remaining: number;
  unitCost: number;
  expires: string | null;
};

const MAX_REPORTED = 25;

function group<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Opens `file` read-only (the server must be down, or at least not writing) and checks:
 * PRAGMA integrity_check and foreign_key_check; every acknowledged sale present, whole
 * (lines, totals, payments, ledger rows, activity row) and with the status its refunds
 * earned; no sale twice, none the clients never sent, none that was refused; per item,
 * initial stock = stock + sold - refunded and never negative; the ledger chains from the
 * seeded stock to the current one; every lot holds 0 to its quantity, lost what the
 * completed sales' lines took from it, and each item's stock is its unexpired lots' sum;
 * each item line took its quantity from lots and costs what they cost; the report roll-ups
 * agree with the sales; each terminal's invoice and refund numbers are gapless and the journal
 * verifies (checkNumbers). Stock, lots and the ledger are in thousandths; lines in units.
 */
export function checkDatabase(
  file: string,
  products: Map<number, Product>,
  sales: Map<string, SaleAttempts>,
): CheckResult {
  const failures: string[] = [];
  const fail = (text: string) => {
    if (failures.length < MAX_REPORTED) failures.push(text);
    else if (failures.length === MAX_REPORTED) failures.push('… more failures left out');
  };
  const status = new Map<string, string>();
  const unacknowledgedPresent: string[] = [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') fail(`PRAGMA integrity_check: ${String(integrity)}`);
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) fail(`PRAGMA foreign_key_check: ${broken.length} broken references`);

    const rows = db
      .prepare(
        `select id, sale_id as saleId, status, subtotal, discount_amount as discount, tax_amount as tax,
           total_amount as total, terminal_id as terminalId, invoice_seq as invoiceSeq,
           invoice_number as invoiceNumber, refund_terminal_id as refundTerminalId,
           refund_seq as refundSeq, refund_number as refundNumber from sales order by id`,
      )
      .all() as SaleRow[];
    const lines = new Map<number, LineRow[]>();
    for (const line of db
      .prepare(
        `select id, sale_id as sale, kind, item_id as item, price, quantity as qty, line_total as lineTotal,
           cost from sale_lines order by item_id`,
      )
      .all() as (LineRow & { cost: number })[])
      group(lines, line.sale, line);
    const lots = db
      .prepare(
        `select id, item_id as item, quantity, remaining, unit_cost as unitCost, expiration_date as expires
           from stock_lots order by id`,
      )
      .all() as LotRow[];
    const lotById = new Map(lots.map((l) => [l.id, l]));
    const takenBy = new Map<number, { lot: number; qty: number }[]>();
    for (const t of db
      .prepare('select sale_line_id as line, lot_id as lot, quantity as qty from sale_line_lots')
      .all() as { line: number; lot: number; qty: number }[])
      group(takenBy, t.line, t);
    /** By lot: what the lines of completed sales took from it. */
    const keptOut = new Map<number, number>();
    const paid = new Map<number, { n: number; amount: number }>();
    for (const p of db
      .prepare(
        'select sale_id as sale, count(*) as n, sum(amount) as amount from sale_payments group by sale_id',
      )
      .all() as { sale: number; n: number; amount: number }[])
      paid.set(p.sale, p);
    const moves = db
      .prepare(
        `select id, item_id as item, reason, change, stock_before as before, stock_after as after,
           reference as ref from stock_movements order by id`,
      )
      .all() as MoveRow[];
    const movesOf = new Map<string, MoveRow[]>();
    for (const m of moves) if (m.ref !== null) group(movesOf, `${m.reason}:${m.ref}`, m);

    // ---- Each sale in the file: known, whole, once. ----
    const sold = new Map<number, number>();
    let completed = 0;
    let completedTotal = 0;
    let refunded = 0;
    for (const row of rows) {
      if (status.has(row.saleId)) fail(`${row.saleId} is recorded twice`);
      status.set(row.saleId, row.status);
      const sent = sales.get(row.saleId);
      if (!sent) {
        fail(`${row.saleId} is in the database but no client ever sent it`);
        continue;
      }
      const mine = lines.get(row.id) ?? [];
      const got = mine.map((l) => `${l.kind}:${l.item}x${l.qty}@${l.price}=${l.lineTotal}`).join(',');
      const want = sent.cart
        .map((l) => {
          const price = products.get(l.id)!.price;
          return `item:${l.id}x${l.quantity}@${price}=${price * l.quantity}`;
        })
        .join(',');
      if (got !== want) fail(`${row.saleId} has lines [${got}], sent [${want}]`);
      for (const l of mine as (LineRow & { cost: number })[]) {
        const takes = takenBy.get(l.id) ?? [];
        const qty = takes.reduce((sum, t) => sum + t.qty, 0);
        const cost = takes.reduce(
          (sum, t) => sum + costOf(t.qty, lotById.get(t.lot)?.unitCost ?? Number.NaN),
          0,
        );
        if (qty !== l.qty * QUANTITY_SCALE || takes.some((t) => lotById.get(t.lot)?.item !== l.item))
          fail(`${row.saleId} line of item ${l.item} x${l.qty} took ${qty} thousandths from its lots`);
        if (cost !== l.cost) fail(`${row.saleId} line of item ${l.item} costs ${l.cost}, its lots ${cost}`);
      }
      const t = sent.totals;
      if (
        row.subtotal !== t.subtotal ||
        row.tax !== t.taxAmount ||
        row.total !== t.totalAmount ||
        row.discount
      )
        fail(
          `${row.saleId} totals ${row.subtotal}/${row.tax}/${row.total} centavos, expected ${t.subtotal}/${t.taxAmount}/${t.totalAmount}`,
        );
      const pay = paid.get(row.id);
      if (!pay || pay.amount !== row.total)
        fail(`${row.saleId} payments add up to ${pay?.amount ?? 'nothing'}, total ${row.total}`);
      if (row.terminalId !== sent.terminalId)
        fail(`${row.saleId} was sold at terminal ${sent.terminalId} but is recorded at ${row.terminalId}`);
      if (sent.ref !== undefined && sent.ref !== row.id)
        fail(`${row.saleId} was answered as _id ${sent.ref} but is row ${row.id}`);
      const cartMoves = (sign: number) =>
        sent.cart.map((l) => `${l.id}:${sign * l.quantity * QUANTITY_SCALE}`).join(',');
      const ledger = (reason: string) =>
        (movesOf.get(`${reason}:${row.saleId}`) ?? [])
          .map((m) => `${m.item}:${m.change}`)
          .sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0]))
          .join(',');
      if (ledger('sale') !== cartMoves(-1))
        fail(`${row.saleId} sale ledger rows [${ledger('sale')}], expected [${cartMoves(-1)}]`);
      const back = row.status === 'refunded' ? cartMoves(1) : '';
      if (ledger('refund') !== back)
        fail(`${row.saleId} (${row.status}) refund ledger rows [${ledger('refund')}], expected [${back}]`);

      if (!acknowledged(sent)) {
        unacknowledgedPresent.push(row.saleId);
        if (sent.unanswered === 0) fail(`${row.saleId} was refused (409) but is in the database`);
        else if (sent.settled) fail(`${row.saleId} was settled as not made but is in the database`);
      }
      if (row.status === 'completed') {
        completed++;
        completedTotal += row.total;
        for (const l of mine) if (l.item !== null) sold.set(l.item, (sold.get(l.item) ?? 0) + l.qty);
        for (const l of mine)
          for (const t of takenBy.get(l.id) ?? []) keptOut.set(t.lot, (keptOut.get(t.lot) ?? 0) + t.qty);
      } else if (row.status === 'refunded') {
        refunded++;
        const r = sent.refund;
        if (r.ok === 0 && r.unanswered === 0) fail(`${row.saleId} is refunded but no refund was asked for`);
      } else fail(`${row.saleId} has status ${row.status}`);
    }

    // ---- Each saleId the clients were told about. ----
    for (const sent of sales.values()) {
      const now = status.get(sent.saleId);
      if (sent.created > 1) fail(`${sent.saleId} was answered 201 (a new sale) ${sent.created} times`);
      if (acknowledged(sent) && now === undefined) fail(`acknowledged sale ${sent.saleId} is missing`);
      const r = sent.refund;
      if (r.ok > 1) fail(`${sent.saleId} was refunded ${r.ok} times`);
      if ((r.ok > 0 || r.conflict > 0) && now !== 'refunded')
        fail(
          `${sent.saleId} had its refund acknowledged (${r.ok} ok, ${r.conflict} "already") but is ${now}`,
        );
      if (r.conflict > 0 && r.ok === 0 && r.unanswered === 0)
        fail(`${sent.saleId} was "already refunded" though no refund went through`);
    }

    // ---- Stock: conserved, never negative, and the ledger agrees. ----
    const stock = new Map(
      (db.prepare('select id, stock from inventory_items').all() as { id: number; stock: number }[]).map(
        (r) => [r.id, r.stock],
      ),
    );
    // ---- Lots: within bounds, lowered only by what completed sales took, summing to the stock. ----
    const today = manilaDate();
    const fresh = new Map<number, number>();
    for (const lot of lots) {
      if (lot.remaining < 0 || lot.remaining > lot.quantity)
        fail(`lot ${lot.id} of item ${lot.item} holds ${lot.remaining} of ${lot.quantity}`);
      const out = keptOut.get(lot.id) ?? 0;
      if (lot.quantity - lot.remaining !== out)
        fail(
          `lot ${lot.id} of item ${lot.item} lost ${lot.quantity - lot.remaining}; completed sales took ${out}`,
        );
      if (lot.expires === null || lot.expires >= today)
        fresh.set(lot.item, (fresh.get(lot.item) ?? 0) + lot.remaining);
    }
    for (const [id, now] of stock)
      if ((fresh.get(id) ?? 0) !== now)
        fail(`item ${id}: stock ${now}, its unexpired lots hold ${fresh.get(id) ?? 0}`);
    const chains = new Map<number, MoveRow[]>();
    for (const m of moves) if (m.item !== null) group(chains, m.item, m);
    for (const product of products.values()) {
      const now = stock.get(product.id);
      if (now === undefined) {
        fail(`item ${product.code} is gone`);
        continue;
      }
      if (now < 0) fail(`item ${product.code} has negative stock ${now}`);
      const initial = product.initial * QUANTITY_SCALE;
      const out = (sold.get(product.id) ?? 0) * QUANTITY_SCALE;
      if (initial !== now + out)
        fail(
          `item ${product.code}: seeded ${initial} but stock ${now} + sold and not refunded ${out} = ${now + out}`,
        );
      const chain = chains.get(product.id) ?? [];
      const first = chain[0];
      if (!first || first.reason !== 'created' || first.before !== 0 || first.after !== initial)
        fail(`item ${product.code}: the ledger does not start with its seeded stock of ${initial}`);
      let level = 0;
      let whole = true;
      for (const m of chain) {
        if (m.before !== level || m.after !== m.before + m.change || m.after < 0) {
          fail(
            `item ${product.code}: ledger row ${m.id} ${m.before}${m.change >= 0 ? '+' : ''}${m.change}=${m.after} after ${level}`,
          );
          whole = false;
          break;
        }
        level = m.after;
      }
      if (whole && level !== now)
        fail(`item ${product.code}: the ledger ends at ${level}, the stock is ${now}`);
    }
    const orphans = moves.filter(
      (m) => (m.reason === 'sale' || m.reason === 'refund') && (m.ref === null || !status.has(m.ref)),
    );
    if (orphans.length > 0) fail(`${orphans.length} ledger rows name sales that are not in the database`);

    // ---- The roll-ups the reports read, kept by triggers in the same transactions. ----
    const one = <T>(query: string) => db.prepare(query).get() as T;
    const byDay = one<{ n: number | null; total: number | null }>(
      'select sum(sales) as n, sum(total_amount) as total from sales_by_day',
    );
    if ((byDay.n ?? 0) !== completed || (byDay.total ?? 0) !== completedTotal)
      fail(
        `sales_by_day holds ${byDay.n} sales of ${byDay.total}; the sales table ${completed} of ${completedTotal}`,
      );
    const payments = one<{ amount: number | null }>('select sum(amount) as amount from payments_by_day');
    if ((payments.amount ?? 0) !== completedTotal)
      fail(`payments_by_day holds ${payments.amount}; completed sales total ${completedTotal}`);
    const products_ = db
      .prepare(
        "select code, sum(quantity) as qty from product_sales_by_day where kind = 'item' group by code",
      )
      .all() as { code: string; qty: number }[];
    const rolled = new Map(products_.map((p) => [p.code, p.qty]));
    for (const product of products.values()) {
      const want = sold.get(product.id) ?? 0;
      if ((rolled.get(product.code) ?? 0) !== want)
        fail(`product_sales_by_day holds ${rolled.get(product.code) ?? 0} of ${product.code}, sold ${want}`);
    }
    const activity = one<{ made: number; back: number }>(
      `select sum(action = 'Create Sale') as made, sum(action = 'Refund Sale') as back from activity_logs`,
    );
    if ((activity.made ?? 0) !== rows.length || (activity.back ?? 0) !== refunded)
      fail(
        `activity log has ${activity.made} sales and ${activity.back} refunds; the sales table ${rows.length} and ${refunded}`,
      );

    checkNumbers(db, rows, fail);
  } finally {
    db.close();
  }
  return { failures, status, unacknowledgedPresent };
}

/**
 * The BIR records (docs/decisions.md): per terminal, invoice numbers 1..n in the order of the
 * sales' rows, spelled with its prefix, with its counter at n and its grand total the sum of
 * its sales; refund numbers 1..n on their own series likewise; the journal's chain verifies,
 * with one 'sale' row per numbered sale and one 'refund' row per numbered refund.
 */
function checkNumbers(db: Database.Database, rows: SaleRow[], fail: (text: string) => void) {
  const terminals = db
    .prepare(
      `select id, invoice_prefix as prefix, last_invoice as lastInvoice, last_refund as lastRefund,
         grand_total as grandTotal from terminals order by id`,
    )
    .all() as { id: number; prefix: string; lastInvoice: number; lastRefund: number; grandTotal: number }[];
  const series = (
    name: string,
    numbered: { saleId: string; seq: number | null; number: string | null }[],
    last: number,
    spelled: (n: number) => string,
  ) => {
    for (const [i, sale] of numbered.entries())
      if (sale.seq !== i + 1 || sale.number !== spelled(i + 1)) {
        fail(
          `${name}: ${sale.saleId} is number ${sale.seq} (${sale.number}), expected ${i + 1} (${spelled(i + 1)})`,
        );
        return;
      }
    if (last !== numbered.length) fail(`${name}: the counter is at ${last}, ${numbered.length} issued`);
  };
  for (const t of terminals) {
    const sold = rows.filter((r) => r.terminalId === t.id);
    series(
      `terminal ${t.id} invoices`,
      sold.map((r) => ({ saleId: r.saleId, seq: r.invoiceSeq, number: r.invoiceNumber })),
      t.lastInvoice,
      (n) => invoiceNumber(t.prefix, n),
    );
    const given = rows
      .filter((r) => r.refundTerminalId === t.id)
      .sort((a, b) => (a.refundSeq ?? 0) - (b.refundSeq ?? 0));
    series(
      `terminal ${t.id} refunds`,
      given.map((r) => ({ saleId: r.saleId, seq: r.refundSeq, number: r.refundNumber })),
      t.lastRefund,
      (n) => refundNumber(t.prefix, n),
    );
    const total = sold.reduce((sum, r) => sum + r.total, 0);
    if (t.grandTotal !== total)
      fail(`terminal ${t.id}: grand total ${t.grandTotal}, its sales total ${total}`);
  }
  const known = new Set(terminals.map((t) => t.id));
  for (const r of rows) {
    if (r.terminalId === null || !known.has(r.terminalId)) fail(`${r.saleId} has no terminal`);
    if ((r.status === 'refunded') !== (r.refundNumber !== null))
      fail(`${r.saleId} is ${r.status} with refund number ${r.refundNumber}`);
  }

  const verified = verifyJournal(shopDb(db));
  if (!verified.ok) fail(`the journal does not verify from sequence ${verified.firstBadSequence}`);
  const journaled = (kind: string) =>
    (
      db.prepare('select document_number as n from journal where kind = ? order by sequence').all(kind) as {
        n: string;
      }[]
    ).map((j) => j.n);
  const same = (kind: string, want: string[]) => {
    const got = journaled(kind);
    const missing = want.filter((n) => !got.includes(n));
    if (got.length !== want.length || missing.length > 0 || new Set(got).size !== got.length)
      fail(
        `the journal has ${got.length} '${kind}' rows for ${want.length} numbered; missing ${missing.slice(0, 5).join(', ') || 'none'}`,
      );
  };
  same(
    'sale',
    rows.flatMap((r) => (r.invoiceNumber ? [r.invoiceNumber] : [])),
  );
  same(
    'refund',
    rows.flatMap((r) => (r.refundNumber ? [r.refundNumber] : [])),
  );
}
