// The soak's check of the back office (bench/soakCheck.ts): deliveries received against
// purchase orders and production batches, each all there or not there at all.
import type Database from 'better-sqlite3';
import { batchNumber } from '../shared/texts/production';
import { type Books, type Fail, group, ledgerOf } from './soakBooks';
import { type Known, receiptKnown } from './soakTypes';

type PoRow = { id: number; number: string; status: string };
type PoLine = { po: number; item: number; quantity: number; received: number };
type BatchRow = {
  id: number;
  number: number;
  cakeId: number;
  quantity: number;
  cost: number;
  unitCost: number;
};

export function checkKitchen(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const receipts = checkReceipts(db, books, known, fail);
  const batches = checkBatches(db, books, known, fail);
  return {
    receipts: receipts.found,
    batches: batches.found,
    unacknowledgedPresent: receipts.unacknowledgedPresent + batches.unacknowledgedPresent,
  };
}

/**
 * A delivery the receiving till was told about (200, or "already received" to a retry) is on
 * the books: its order Received, a lot per line with the quantity, expiry and the order's
 * cost, the order's lines counting it, and a 'received' ledger row per line naming the order
 * and the delivery. One not on the books left nothing: no lot, nothing counted, no ledger row.
 * No other order was received.
 */
function checkReceipts(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const orders = new Map(
    (db.prepare('select id, po_number as number, status from purchase_orders').all() as PoRow[]).map((o) => [
      o.id,
      o,
    ]),
  );
  const lines = new Map<number, PoLine[]>();
  for (const l of db
    .prepare(
      'select purchase_order_id as po, item_id as item, quantity, received from purchase_order_lines order by id',
    )
    .all() as PoLine[])
    group(lines, l.po, l);
  const lots = new Map<number, Books['lots']>();
  for (const lot of books.lots) if (lot.po !== null) group(lots, lot.po, lot);
  const mine = new Set<number>();
  let unacknowledgedPresent = 0;
  for (const r of known.receipts) {
    mine.add(r.poId);
    const order = orders.get(r.poId);
    if (!order) {
      fail(`${r.poNumber} (ordered, its delivery sent) is not in the database`);
      continue;
    }
    const reference = `${order.number} (${r.reference})`;
    const got = {
      lots: (lots.get(order.id) ?? [])
        .map((l) => `${l.item}x${l.quantity}@${l.expires}/${l.unitCost}/${l.source}`)
        .join(','),
      counted: (lines.get(order.id) ?? []).map((l) => `${l.item}:${l.received}/${l.quantity}`).join(','),
      ledger: ledgerOf(books, 'received', reference),
    };
    const received = order.status === 'Received';
    const want = {
      lots: received
        ? r.lines.map((l) => `${l.itemId}x${l.quantity}@${l.expires}/${l.unitCost}/purchase`).join(',')
        : '',
      counted: r.lines.map((l) => `${l.itemId}:${received ? l.quantity : 0}/${l.quantity}`).join(','),
      ledger: received
        ? r.lines
            .map((l) => `${l.itemId}:${l.quantity}`)
            .sort()
            .join(',')
        : '',
    };
    if (JSON.stringify(got) !== JSON.stringify(want))
      fail(
        `${order.number} (${order.status}) holds ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
      );
    if (receiptKnown(r) && !received)
      fail(`${order.number}: its delivery was acknowledged but the order is ${order.status}`);
    if (!received && order.status !== 'Ordered')
      fail(`${order.number} is ${order.status}, ordered and not received`);
    if (received && !receiptKnown(r)) {
      unacknowledgedPresent++;
      if (r.unanswered === 0) fail(`${order.number} was received though its delivery was refused`);
      else if (r.settled) fail(`${order.number} was settled as not received but is`);
    }
  }
  for (const order of orders.values())
    if (!mine.has(order.id) && order.status !== 'Draft' && order.status !== 'Ordered')
      fail(`${order.number} is ${order.status} though no delivery was sent against it`);
  const receivedCount = [...orders.values()].filter((o) => o.status === 'Received').length;
  const activity = db
    .prepare("select count(*) from activity_logs where action = 'Receive Purchase Order'")
    .pluck()
    .get() as number;
  if (activity !== receivedCount)
    fail(`the activity log has ${activity} deliveries received; ${receivedCount} orders are Received`);
  return { found: new Map([...orders.values()].map((o) => [o.id, o.status])), unacknowledgedPresent };
}

/**
 * Batches are numbered 1..n without gaps; each made its one cake lot (its quantity, at its
 * unit cost, on the shelf), took its recipe times its quantity of each ingredient at a cost
 * that adds up to its own, and has its 'production' ledger rows (ingredients out, cakes in).
 * Every batch the production till was told about is there as sent; any other is the one
 * batch in flight at a kill, as it was sent.
 */
function checkBatches(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const rows = db
    .prepare(
      `select id, number, cake_id as cakeId, quantity, cost, unit_cost as unitCost
         from production_batches order by number`,
    )
    .all() as BatchRow[];
  const used = new Map<number, { item: number; quantity: number; cost: number }[]>();
  for (const u of db
    .prepare(
      'select batch_id as batch, item_id as item, quantity, cost from batch_ingredients order by item_id',
    )
    .all() as { batch: number; item: number; quantity: number; cost: number }[])
    group(used, u.batch, u);
  const lotsOf = new Map<number, Books['cakeLots']>();
  for (const lot of books.cakeLots) if (lot.batch !== null) group(lotsOf, lot.batch, lot);
  const cakes = new Map(known.cakes.map((c) => [c.id, c]));
  for (const [i, row] of rows.entries()) {
    const name = batchNumber(row.number);
    if (row.number !== i + 1) fail(`${name} is batch ${i + 1} of the file: the numbers have a gap`);
    const cake = cakes.get(row.cakeId);
    if (!cake) {
      fail(`${name} baked cake ${row.cakeId}, which the soak never made`);
      continue;
    }
    const lots = lotsOf.get(row.id) ?? [];
    const lot = lots[0];
    if (
      lots.length !== 1 ||
      lot!.quantity !== row.quantity ||
      lot!.unitCost !== row.unitCost ||
      lot!.order !== null
    )
      fail(`${name} of ${row.quantity} at ${row.unitCost} made cake lots ${JSON.stringify(lots)}`);
    const took = (used.get(row.id) ?? []).map((u) => `${u.item}:${u.quantity}`).join(',');
    const recipe = [...cake.recipe]
      .sort((a, b) => a.itemId - b.itemId)
      .map((r) => `${r.itemId}:${r.quantity * row.quantity}`)
      .join(',');
    const cost = (used.get(row.id) ?? []).reduce((sum, u) => sum + u.cost, 0);
    if (took !== recipe || cost !== row.cost || row.unitCost !== Math.round(row.cost / row.quantity))
      fail(
        `${name}: took [${took}] for ${cost}, recipe [${recipe}], batch cost ${row.cost} (${row.unitCost} a cake)`,
      );
    const ledger = [
      ...cake.recipe.map((r) => `${r.itemId}:${-r.quantity * row.quantity}`),
      `cake${cake.id}:${row.quantity * 1000}`,
    ]
      .sort()
      .join(',');
    if (ledgerOf(books, 'production', name) !== ledger)
      fail(`${name}: ledger rows [${ledgerOf(books, 'production', name)}], expected [${ledger}]`);
  }
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  for (const batch of known.batches) {
    if (batch.number === undefined) continue;
    const row = byNumber.get(batch.number);
    if (!row)
      fail(
        `${batchNumber(batch.number)} (${batch.answered ? 'acknowledged' : 'found after a kill'}) is missing`,
      );
    else if (row.cakeId !== batch.cakeId || row.quantity !== batch.quantity)
      fail(
        `${batchNumber(batch.number)} is ${row.quantity} of cake ${row.cakeId}, sent ${batch.quantity} of ${batch.cakeId}`,
      );
  }
  const named = new Set(known.batches.flatMap((b) => (b.number === undefined ? [] : [b.number])));
  const unnamed = rows.filter((r) => !named.has(r.number));
  const inFlight = known.batches.filter((b) => b.unanswered && !b.settled);
  for (const row of unnamed)
    if (!inFlight.some((b) => b.cakeId === row.cakeId && b.quantity === row.quantity))
      fail(
        `${batchNumber(row.number)} (${row.quantity} of cake ${row.cakeId}) is no batch in flight at the kill`,
      );
  if (unnamed.length > inFlight.length)
    fail(`${unnamed.length} batches no answer named, ${inFlight.length} in flight at the kill`);
  const activity = db
    .prepare("select count(*) from activity_logs where action = 'Bake'")
    .pluck()
    .get() as number;
  if (activity !== rows.length)
    fail(`the activity log has ${activity} batches baked; the file ${rows.length}`);
  return {
    found: rows.map((r) => ({ number: r.number, cakeId: r.cakeId, quantity: r.quantity })),
    unacknowledgedPresent: unnamed.length,
  };
}
