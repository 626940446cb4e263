// The soak's check of cake orders and their pickups (bench/soakCheck.ts): each order taken
// whole with its deposit, each pickup whole (the order picked up, its balance paid, one sale
// of the order's total with the deposits applied, its cakes taken from their lots) or not
// there at all: never a payment without the pickup, nor a pickup's sale without its order.
import type Database from 'better-sqlite3';
import { orderNumber } from '../shared/texts/cakeOrders';
import { type Books, type Fail, group, isPickupSale, ledgerOf } from './soakBooks';
import { type Known, type OrderLine, type Payment, pickedUp } from './soakTypes';

/** The file's cake orders by customer name. */
export type OrdersFound = Map<string, { id: number; number: string; status: string }>;

type OrderRow = {
  id: number;
  number: number;
  name: string;
  status: string;
  subtotal: number;
  tax: number;
  total: number;
  sale: number | null;
};

const linesText = (lines: OrderLine[]) =>
  lines.map((l) => `${l.cakeId ?? 'custom'}x${l.quantity}@${l.price}`).join(',');
const paid = (payments: Payment[]) =>
  payments.map((p) => `${p.method}:${p.amount}:${p.reference ?? ''}`).join(',');

export function checkOrders(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const rows = db
    .prepare(
      `select id, number, customer_name as name, status, subtotal, tax_amount as tax, total, sale_id as sale
         from cake_orders order by id`,
    )
    .all() as OrderRow[];
  const lines = new Map<number, OrderLine[]>();
  for (const l of db
    .prepare(
      'select order_id as orderId, cake_id as cakeId, description, quantity, price from cake_order_lines order by id',
    )
    .all() as (OrderLine & { orderId: number })[])
    group(lines, l.orderId, {
      cakeId: l.cakeId,
      description: l.description,
      quantity: l.quantity,
      price: l.price,
    });
  const payments = new Map<number, (Payment & { kind: string })[]>();
  for (const p of db
    .prepare(
      'select order_id as orderId, kind, method, amount, reference from cake_order_payments order by id',
    )
    .all() as (Payment & { orderId: number; kind: string; reference: string | null })[])
    group(payments, p.orderId, {
      kind: p.kind,
      method: p.method,
      amount: p.amount,
      ...(p.reference ? { reference: p.reference } : {}),
    });
  const sales = new Map(books.sales.map((s) => [s.id, s]));
  const found: OrdersFound = new Map();
  let unacknowledgedPresent = 0;
  let picked = 0;
  const pickupSales = new Set<number>();
  for (const row of rows) {
    const number = orderNumber(row.number);
    found.set(row.name, { id: row.id, number, status: row.status });
    const sent = known.orders.get(row.name);
    if (!sent) {
      fail(`${number} (${row.name}) is in the database but no client ever took it`);
      continue;
    }
    if (sent.id !== undefined && sent.id !== row.id)
      fail(`${number} (${row.name}) was answered as _id ${sent.id}`);
    if (sent.created === 0) {
      unacknowledgedPresent++;
      if (sent.createUnanswered === 0) fail(`${number} was refused but is in the database`);
      else if (sent.createSettled && sent.id === undefined)
        fail(`${number} was settled as not taken but is there`);
    }
    const t = sent.totals;
    const mine = payments.get(row.id) ?? [];
    const deposits = mine.filter((p) => p.kind === 'deposit');
    const balance = mine.filter((p) => p.kind === 'balance');
    if (
      linesText(lines.get(row.id) ?? []) !== linesText(sent.lines) ||
      row.subtotal !== t.subtotal ||
      row.tax !== t.taxAmount ||
      row.total !== t.totalAmount ||
      paid(deposits) !== paid([sent.deposit])
    )
      fail(
        `${number} holds [${linesText(lines.get(row.id) ?? [])}] ${row.total} paid ${paid(deposits)}; taken as [${linesText(sent.lines)}] ${t.totalAmount} paid ${paid([sent.deposit])}`,
      );
    const p = sent.pickup;
    if (row.status === 'Picked up') {
      picked++;
      if (!pickedUp(p)) {
        unacknowledgedPresent++;
        if (!p || p.unanswered === 0) fail(`${number} is picked up but no pickup went through`);
      }
      const sale = row.sale === null ? undefined : sales.get(row.sale);
      if (!sale) {
        fail(`${number} is picked up without its sale`);
        continue;
      }
      pickupSales.add(sale.id);
      if (p?.saleId !== undefined && p.saleId !== sale.saleId)
        fail(`${number}'s pickup was answered as ${p.saleId}, the file has ${sale.saleId}`);
      if (paid(balance) !== paid(p?.payments ?? []))
        fail(`${number}: balance payments ${paid(balance)}, paid ${paid(p?.payments ?? [])}`);
      checkPickupSale(books, sale, number, sent.lines, [...deposits, ...balance], p?.terminalId, fail);
    } else if (row.status === 'Confirmed') {
      if (pickedUp(p)) fail(`${number}: its pickup was acknowledged, but it is ${row.status}`);
      if (row.sale !== null || balance.length > 0)
        fail(`${number} is ${row.status} with sale ${row.sale} and balance payments ${paid(balance)}`);
    } else fail(`${number} is ${row.status}`);
  }
  for (const order of known.orders.values())
    if (order.created > 0 && !found.has(order.name))
      fail(`${order.number} (${order.name}) was taken but is missing`);
  for (const sale of books.sales)
    if (isPickupSale(sale.linesKey) && !pickupSales.has(sale.id))
      fail(`${sale.saleId} is a pickup's sale (${sale.linesKey}) but no picked-up order holds it`);
  const activity = db
    .prepare(
      `select sum(action = 'Take Cake Order') as taken, sum(action = 'Pick Up Cake Order') as picked
         from activity_logs`,
    )
    .get() as { taken: number | null; picked: number | null };
  if ((activity.taken ?? 0) !== rows.length || (activity.picked ?? 0) !== picked)
    fail(
      `the activity log has ${activity.taken} orders taken and ${activity.picked} picked up; the file ${rows.length} and ${picked}`,
    );
  return { found, unacknowledgedPresent };
}

/** The pickup's sale: the order's lines and total, its payments the deposits (applied) and the balance, its cakes taken. */
function checkPickupSale(
  books: Books,
  sale: Books['sales'][number],
  number: string,
  lines: OrderLine[],
  payments: Payment[],
  terminalId: number | undefined,
  fail: Fail,
) {
  const mine = [...(books.lines.get(sale.id) ?? [])].sort((a, b) => a.id - b.id);
  const got = mine.map((l) => `${l.kind}:${l.cake}x${l.qty}@${l.price}=${l.lineTotal}`).join(',');
  const want = lines
    .map(
      (l) =>
        `${l.cakeId === null ? 'custom' : 'cake'}:${l.cakeId}x${l.quantity}@${l.price}=${l.price * l.quantity}`,
    )
    .join(',');
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (
    got !== want ||
    sale.status !== 'completed' ||
    sale.subtotal !== total ||
    sale.linesKey !== `order:${number}`
  )
    fail(
      `${number}'s sale ${sale.saleId} (${sale.status}, ${sale.linesKey}) has [${got}], the order [${want}]`,
    );
  if (terminalId !== undefined && sale.terminalId !== terminalId)
    fail(`${number}'s sale ${sale.saleId} is at terminal ${sale.terminalId}, picked up at ${terminalId}`);
  const salePaid = (books.payments.get(sale.id) ?? [])
    .map((p) => `${p.method}:${p.amount}:${p.applied}`)
    .join(',');
  const wantPaid = payments.map((p, i) => `${p.method}:${p.amount}:${i === 0 ? 1 : 0}`).join(',');
  if (salePaid !== wantPaid)
    fail(`${number}'s sale ${sale.saleId} has payments ${salePaid}, expected ${wantPaid}`);
  for (const l of mine) {
    const took = (books.cakeTakes.get(l.id) ?? []).reduce((sum, t) => sum + t.qty, 0);
    if (took !== (l.kind === 'cake' ? l.qty : 0))
      fail(
        `${number}'s sale ${sale.saleId}: its ${l.kind} line x${l.qty} took ${took} cakes from their lots`,
      );
  }
  const ledger = mine
    .filter((l) => l.kind === 'cake')
    .map((l) => `cake${l.cake}:${-l.qty * 1000}`)
    .sort()
    .join(',');
  if (ledgerOf(books, 'sale', sale.saleId) !== ledger)
    fail(
      `${number}'s sale ${sale.saleId}: ledger rows [${ledgerOf(books, 'sale', sale.saleId)}], expected [${ledger}]`,
    );
}
