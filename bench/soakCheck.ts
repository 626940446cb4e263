// The soak's judge (bench/soakRounds.ts): reads the shop's database file while the server is
// down and holds it against what the clients sent and were told (bench/soakTypes.ts). Nothing
// here trusts the server's own arithmetic: prices are the ones the soak seeded, totals are
// recomputed here. This file: the sales made at the counter and offline, and the report
// roll-ups; soakStock.ts the lots and the ledger; soakNumbers.ts the invoice numbers and the
// journal; soakKitchenCheck.ts and soakOrdersCheck.ts deliveries, batches and cake orders.
import Database from 'better-sqlite3';
import { costOf, QUANTITY_SCALE } from '../shared/quantity';
import { type Books, type Fail, isPickupSale, ledgerOf, loadBooks } from './soakBooks';
import { checkKitchen } from './soakKitchenCheck';
import { checkNumbers } from './soakNumbers';
import { checkOrders, type OrdersFound } from './soakOrdersCheck';
import { checkStock } from './soakStock';
import { acknowledged, type Known } from './soakTypes';

export interface CheckResult {
  failures: string[];
  /** What the file holds, for the tills to settle what they sent without an answer. */
  found: {
    /** saleId -> status, for every sale in the file. */
    status: Map<string, string>;
    /** Purchase order id -> status. */
    receipts: Map<number, string>;
    batches: { number: number; cakeId: number; quantity: number }[];
    orders: OrdersFound;
  };
  /** Writes in the file that no client was told about (in flight when the server died). */
  unacknowledgedPresent: number;
}

const MAX_REPORTED = 25;

/**
 * Opens `file` read-only (the server must be down, or at least not writing) and checks:
 * PRAGMA integrity_check and foreign_key_check; every acknowledged sale present, whole
 * (lines, totals, payments, lot takes, ledger rows, activity row) and with the status its
 * refunds earned; no sale twice, none the clients never sent, none that was refused; an
 * offline sale with the number its device gave it; the report roll-ups; then the pieces
 * named above.
 */
export function checkDatabase(file: string, known: Known): CheckResult {
  const failures: string[] = [];
  const fail: Fail = (text) => {
    if (failures.length < MAX_REPORTED) failures.push(text);
    else if (failures.length === MAX_REPORTED) failures.push('… more failures left out');
  };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') fail(`PRAGMA integrity_check: ${String(integrity)}`);
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) fail(`PRAGMA foreign_key_check: ${broken.length} broken references`);
    const books = loadBooks(db);
    const sales = checkSales(db, books, known, fail);
    checkStock(db, books, known, fail);
    checkNumbers(db, books, known, fail);
    const kitchen = checkKitchen(db, books, known, fail);
    const orders = checkOrders(db, books, known, fail);
    return {
      failures,
      found: {
        status: sales.status,
        receipts: kitchen.receipts,
        batches: kitchen.batches,
        orders: orders.found,
      },
      unacknowledgedPresent:
        sales.unacknowledgedPresent + kitchen.unacknowledgedPresent + orders.unacknowledgedPresent,
    };
  } finally {
    db.close();
  }
}

function checkSales(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const status = new Map<string, string>();
  let unacknowledgedPresent = 0;
  const sold = new Map<number, number>();
  let completed = 0;
  let completedTotal = 0;
  let counterSales = 0;
  let refunded = 0;
  const lotById = new Map(books.lots.map((l) => [l.id, l]));
  for (const row of books.sales) {
    if (status.has(row.saleId)) fail(`${row.saleId} is recorded twice`);
    status.set(row.saleId, row.status);
    if (row.status === 'completed') {
      completed++;
      completedTotal += row.total;
    }
    if (isPickupSale(row.linesKey)) continue;
    counterSales++;
    const sent = known.sales.get(row.saleId);
    if (!sent) {
      fail(`${row.saleId} is in the database but no client ever sent it`);
      continue;
    }
    const mine = books.lines.get(row.id) ?? [];
    const got = mine.map((l) => `${l.kind}:${l.item}x${l.qty}@${l.price}=${l.lineTotal}`).join(',');
    const want = sent.cart
      .map((l) => {
        const price = known.products.get(l.id)!.price;
        return `item:${l.id}x${l.quantity}@${price}=${price * l.quantity}`;
      })
      .join(',');
    if (got !== want) fail(`${row.saleId} has lines [${got}], sent [${want}]`);
    for (const l of mine) {
      const takes = books.takes.get(l.id) ?? [];
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
    if (row.subtotal !== t.subtotal || row.tax !== t.taxAmount || row.total !== t.totalAmount || row.discount)
      fail(
        `${row.saleId} totals ${row.subtotal}/${row.tax}/${row.total} centavos, expected ${t.subtotal}/${t.taxAmount}/${t.totalAmount}`,
      );
    const pay = (books.payments.get(row.id) ?? []).reduce((sum, p) => sum + p.amount, 0);
    if (pay !== row.total) fail(`${row.saleId} payments add up to ${pay}, total ${row.total}`);
    if (row.terminalId !== sent.terminalId)
      fail(`${row.saleId} was sold at terminal ${sent.terminalId} but is recorded at ${row.terminalId}`);
    if (sent.ref !== undefined && sent.ref !== row.id)
      fail(`${row.saleId} was answered as _id ${sent.ref} but is row ${row.id}`);
    if (!!row.soldOffline !== !!sent.offline || (sent.offline && row.invoiceSeq !== sent.offline.invoiceSeq))
      fail(
        `${row.saleId} is recorded ${row.soldOffline ? 'offline' : 'online'} as number ${row.invoiceSeq}; sent ${sent.offline ? `offline as ${sent.offline.invoiceSeq}` : 'online'}`,
      );
    const cartMoves = (sign: number) =>
      sent.cart
        .map((l) => `${l.id}:${sign * l.quantity * QUANTITY_SCALE}`)
        .sort()
        .join(',');
    if (ledgerOf(books, 'sale', row.saleId) !== cartMoves(-1))
      fail(
        `${row.saleId} sale ledger rows [${ledgerOf(books, 'sale', row.saleId)}], expected [${cartMoves(-1)}]`,
      );
    const back = row.status === 'refunded' ? cartMoves(1) : '';
    if (ledgerOf(books, 'refund', row.saleId) !== back)
      fail(
        `${row.saleId} (${row.status}) refund ledger rows [${ledgerOf(books, 'refund', row.saleId)}], expected [${back}]`,
      );
    if (!acknowledged(sent)) {
      unacknowledgedPresent++;
      if (sent.unanswered === 0) fail(`${row.saleId} was refused (409) but is in the database`);
      else if (sent.settled) fail(`${row.saleId} was settled as not made but is in the database`);
    }
    if (row.status === 'completed') {
      for (const l of mine) if (l.item !== null) sold.set(l.item, (sold.get(l.item) ?? 0) + l.qty);
    } else if (row.status === 'refunded') {
      refunded++;
      const r = sent.refund;
      if (r.ok === 0 && r.unanswered === 0) fail(`${row.saleId} is refunded but no refund was asked for`);
    } else fail(`${row.saleId} has status ${row.status}`);
  }

  // ---- Each saleId the clients were told about. ----
  for (const sent of known.sales.values()) {
    const now = status.get(sent.saleId);
    if (sent.created > 1) fail(`${sent.saleId} was answered 201 (a new sale) ${sent.created} times`);
    if (acknowledged(sent) && now === undefined) fail(`acknowledged sale ${sent.saleId} is missing`);
    const r = sent.refund;
    if (r.ok > 1) fail(`${sent.saleId} was refunded ${r.ok} times`);
    if ((r.ok > 0 || r.conflict > 0) && now !== 'refunded')
      fail(`${sent.saleId} had its refund acknowledged (${r.ok} ok, ${r.conflict} "already") but is ${now}`);
    if (r.conflict > 0 && r.ok === 0 && r.unanswered === 0)
      fail(`${sent.saleId} was "already refunded" though no refund went through`);
  }

  // ---- Stock of the shelf items: conserved through the sales. ----
  const stock = new Map(
    (db.prepare('select id, stock from inventory_items').all() as { id: number; stock: number }[]).map(
      (r) => [r.id, r.stock],
    ),
  );
  for (const product of known.products.values()) {
    const now = stock.get(product.id);
    const initial = product.initial * QUANTITY_SCALE;
    const out = (sold.get(product.id) ?? 0) * QUANTITY_SCALE;
    if (now === undefined) fail(`item ${product.code} is gone`);
    else if (initial !== now + out)
      fail(
        `item ${product.code}: seeded ${initial} but stock ${now} + sold and not refunded ${out} = ${now + out}`,
      );
  }

  // ---- The roll-ups the reports read, kept by triggers in the same transactions (pickups' sales too). ----
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
  const rolled = new Map(
    (
      db
        .prepare(
          "select code, sum(quantity) as qty from product_sales_by_day where kind = 'item' group by code",
        )
        .all() as { code: string; qty: number }[]
    ).map((p) => [p.code, p.qty]),
  );
  for (const product of known.products.values()) {
    const want = sold.get(product.id) ?? 0;
    if ((rolled.get(product.code) ?? 0) !== want)
      fail(`product_sales_by_day holds ${rolled.get(product.code) ?? 0} of ${product.code}, sold ${want}`);
  }
  const activity = one<{ made: number; back: number }>(
    `select sum(action = 'Create Sale') as made, sum(action = 'Refund Sale') as back from activity_logs`,
  );
  if ((activity.made ?? 0) !== counterSales || (activity.back ?? 0) !== refunded)
    fail(
      `activity log has ${activity.made} sales and ${activity.back} refunds; the sales table ${counterSales} and ${refunded}`,
    );
  return { status, unacknowledgedPresent };
}
