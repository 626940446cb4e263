// The bare baseline's writes (bench/bare.ts), by hand on plain better-sqlite3: what the
// app's checkout and refund transactions write, without auth, validation or an ORM. Each
// function is the body of one transaction; the caller wraps it (bare.ts, floor.ts).
// An item's stock is taken from its lots first-expiry-first-out and put back into them, as
// server/domains/inventory/lots.ts does; quantities of stock in thousandths.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { costOf, QUANTITY_SCALE } from '../shared/quantity';
import { addDays, manilaDate } from '../shared/time';
import { type DiscountType, lineDiscount, saleTotals } from '../shared/totals';

export interface Body {
  saleId: string;
  customerName: string;
  orderType: string;
  items: { itemId: number; kind?: 'item' | 'cake'; quantity: number }[];
  taxRate: number;
  paymentMethod?: string;
  discount?: { type: DiscountType; name: string; idNumber: string } | null;
  payments?: { method: string; amount: number; reference?: string }[];
}

type Product = {
  id: number;
  code: string;
  name: string;
  price: number;
  purchasePrice: number;
  stock: number;
  scPwdEligible: number;
  category: string | null;
};

export function bareWrites(sqlite: Database.Database) {
  const userId = sqlite.prepare('select min(id) from users').pluck().get() as number;

  const product = {
    item: sqlite.prepare(
      `select i.id, i.item_id as code, i.name, i.unit_price as price, i.purchase_price as purchasePrice, i.stock,
         i.sc_pwd_eligible as scPwdEligible, c.name as category
       from inventory_items i left join categories c on c.id = i.category_id where i.id = ?`,
    ),
    cake: sqlite.prepare(
      `select k.id, k.cake_id as code, k.name, k.price, 0 as purchasePrice, k.stock, k.sc_pwd_eligible as scPwdEligible,
         c.name as category from cakes k left join categories c on c.id = k.category_id where k.id = ?`,
    ),
  };
  const earlier = sqlite.prepare('select id from sales where sale_id = ?');
  const shift = sqlite.prepare('select id from shifts where cashier_id = ? and closed_at is null');
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, discount_amount, vat_exempt_amount, discount_type,
       discount_name, discount_id_number, tax_rate, tax_amount, total_amount, payment_method, lines_key, sold_by,
       sold_at, shift_id, terminal_id, invoice_seq, invoice_number, z_pending, received_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) returning id`,
  );
  // The BIR records (server/domains/terminals, server/domains/journal): the terminal of the
  // cashier's shift, its next invoice or refund number, and the journal's hashed row.
  const shiftTerminal = sqlite
    .prepare(
      'select coalesce((select terminal_id from shifts where id = ?), (select min(id) from terminals))',
    )
    .pluck();
  const issueInvoice = sqlite.prepare(
    `update terminals set last_invoice = last_invoice + 1, grand_total = grand_total + ? where id = ?
     returning last_invoice as seq, invoice_prefix as prefix`,
  );
  const issueRefund = sqlite.prepare(
    'update terminals set last_refund = last_refund + 1 where id = ? returning last_refund as seq, invoice_prefix as prefix',
  );
  const lastJournal = sqlite.prepare('select sequence, hash from journal order by sequence desc limit 1');
  const insertJournal = sqlite.prepare(
    `insert into journal (sequence, at, terminal_id, kind, document_number, amount, document, previous_hash, hash)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const nine = (n: number) => String(n).padStart(9, '0');
  function journalRow(terminalId: number, kind: string, number: string, amount: number, document: unknown) {
    const last = lastJournal.get() as { sequence: number; hash: string } | undefined;
    const sequence = (last?.sequence ?? 0) + 1;
    const previous = last?.hash ?? '0'.repeat(64);
    const at = Date.now();
    const text = JSON.stringify(document);
    const hash = createHash('sha256')
      .update(previous)
      .update('\n')
      .update(JSON.stringify([sequence, at, terminalId, kind, number, amount, text]))
      .digest('hex');
    insertJournal.run(sequence, at, terminalId, kind, number, amount, text, previous, hash);
  }
  const insertLine = sqlite.prepare(
    `insert into sale_lines (sale_id, kind, item_id, cake_id, code, name, price, purchase_price, quantity, line_total,
       category, discount, cost) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertLineLot = sqlite.prepare(
    'insert into sale_line_lots (sale_line_id, lot_id, quantity, unit_cost) values (?, ?, ?, ?)',
  );
  const insertPayment = sqlite.prepare(
    'insert into sale_payments (sale_id, method, amount, reference) values (?, ?, ?, ?)',
  );
  const takeCake = sqlite.prepare(
    'update cakes set stock = stock + ? where id = ? and stock + ? >= 0 returning stock',
  );
  const fresh = '(expiration_date is null or expiration_date >= @today)';
  const fefo = sqlite.prepare(
    `select id, remaining, unit_cost as unitCost from stock_lots
     where item_id = @id and remaining > 0 and ${fresh}
     order by expiration_date is null, expiration_date, id`,
  );
  const lowerLot = sqlite.prepare(
    'update stock_lots set remaining = remaining - ? where id = ? and remaining >= ? returning id',
  );
  const raiseLot = sqlite.prepare(
    'update stock_lots set remaining = remaining + ? where id = ? and remaining + ? <= quantity returning id',
  );
  const returnLot = sqlite.prepare(
    `insert into stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date, received_by)
     select id, '', 'return', @quantity, @quantity, purchase_price, expiration_date, @userId from inventory_items
     where id = @id returning id`,
  );
  const nameLot = sqlite.prepare("update stock_lots set lot_code = printf('LOT-%06d', id) where id = ?");
  const stockOf = sqlite.prepare('select stock from inventory_items where id = ?').pluck();
  // The item's stock and expiry from its unexpired lots with stock left. The date is written
  // only when it changes, as the app does: writing it fires the inventory list's version trigger.
  const lotsNow = sqlite.prepare(
    `select coalesce(sum(remaining), 0) as stock, count(*) as lots, min(expiration_date) as earliest,
       (select expiration_date from inventory_items where id = @id) as shown
     from stock_lots where item_id = @id and remaining > 0 and ${fresh}`,
  );
  const setStock = sqlite.prepare('update inventory_items set stock = ? where id = ?');
  const setDate = sqlite.prepare('update inventory_items set expiration_date = ? where id = ?');
  const linesLots = sqlite.prepare(
    'select lot_id as lotId, quantity from sale_line_lots where sale_line_id = ?',
  );
  const ledger = sqlite.prepare(
    `insert into stock_movements (item_id, cake_id, record, reason, change, stock_before, stock_after, reference, user_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const activity = sqlite.prepare(
    "insert into activity_logs (user_id, action, module, description) values (?, ?, 'Sales Management', ?)",
  );
  const notification = sqlite.prepare("insert into notifications (type, message) values ('info', ?)");

  /** A cake's whole count; the ledger keeps thousandths. */
  function moveCake(id: number, code: string, change: number, reason: string, ref: string) {
    const after = takeCake.get(change, id, change) as { stock: number } | undefined;
    if (!after) throw new Error(`Not enough stock of ${code}.`);
    ledger.run(
      null,
      id,
      code,
      reason,
      change * QUANTITY_SCALE,
      (after.stock - change) * QUANTITY_SCALE,
      after.stock * QUANTITY_SCALE,
      ref,
      userId,
    );
  }

  /** The item's stock re-read from its lots, with the move's one ledger row. */
  function settleItem(id: number, code: string, before: number, reason: string, ref: string) {
    const now = lotsNow.get({ id, today: manilaDate() }) as {
      stock: number;
      lots: number;
      earliest: string | null;
      shown: string | null;
    };
    const after = now.stock;
    if (after !== before) setStock.run(after, id);
    if (now.lots > 0 && now.earliest !== now.shown) setDate.run(now.earliest, id);
    ledger.run(id, null, code, reason, after - before, before, after, ref, userId);
  }

  /** Takes `quantity` units of the item from its lots FEFO; returns the takes. */
  function takeItem(id: number, code: string, quantity: number, ref: string) {
    const before = stockOf.get(id) as number;
    let left = quantity * QUANTITY_SCALE;
    const takes: { lotId: number; quantity: number; unitCost: number }[] = [];
    for (const lot of fefo.all({ id, today: manilaDate() }) as {
      id: number;
      remaining: number;
      unitCost: number;
    }[]) {
      if (left === 0) break;
      const q = Math.min(left, lot.remaining);
      takes.push({ lotId: lot.id, quantity: q, unitCost: lot.unitCost });
      left -= q;
    }
    if (left > 0) throw new Error(`Not enough stock of ${code}.`);
    for (const t of takes)
      if (!lowerLot.get(t.quantity, t.lotId, t.quantity)) throw new Error(`Not enough stock of ${code}.`);
    settleItem(id, code, before, 'sale', ref);
    return takes;
  }

  function sale(b: Body) {
    if (earlier.get(b.saleId)) return { saleId: b.saleId, repeated: true };
    const lines = b.items.map((l) => {
      const kind = l.kind ?? 'item';
      return { kind, ...(product[kind].get(l.itemId) as Product), quantity: l.quantity };
    });
    const discount = b.discount?.type ?? null;
    const totals = saleTotals(
      lines.map((l) => ({ ...l, scPwdEligible: l.scPwdEligible === 1 })),
      b.taxRate,
      discount,
    );
    const payments = b.payments
      ? b.payments.map((p) => ({ ...p, amount: Math.round(p.amount * 100) }))
      : [{ method: b.paymentMethod as string, amount: totals.totalAmount, reference: undefined }];
    const key = lines
      .map((l) => `${l.kind}:${l.id}x${l.quantity}`)
      .sort()
      .join(',');
    const shiftId = (shift.get(userId) as { id: number } | undefined)?.id ?? null;
    const terminalId = shiftTerminal.get(shiftId) as number;
    const invoice = issueInvoice.get(totals.totalAmount, terminalId) as { seq: number; prefix: string };
    const invoiceNumber = `${invoice.prefix}${nine(invoice.seq)}`;
    const now = Date.now();
    const { id } = insertSale.get(
      b.saleId,
      b.customerName,
      b.orderType,
      totals.subtotal,
      totals.discountAmount,
      totals.vatExemptAmount,
      discount,
      b.discount?.name ?? null,
      b.discount?.idNumber ?? null,
      b.taxRate,
      totals.taxAmount,
      totals.totalAmount,
      payments.map((p) => p.method).join(' + '),
      key,
      userId,
      now,
      shiftId,
      terminalId,
      invoice.seq,
      invoiceNumber,
      now,
    ) as { id: number };
    const sold: unknown[] = [];
    for (const l of lines) {
      const off = lineDiscount({ ...l, scPwdEligible: l.scPwdEligible === 1 }, discount);
      const takes = l.kind === 'item' ? takeItem(l.id, l.code, l.quantity, b.saleId) : [];
      if (l.kind === 'cake') moveCake(l.id, l.code, -l.quantity, 'sale', b.saleId);
      const cost =
        l.kind === 'item'
          ? takes.reduce((sum, t) => sum + costOf(t.quantity, t.unitCost), 0)
          : l.purchasePrice * l.quantity;
      const line = insertLine.get(
        id,
        l.kind,
        l.kind === 'item' ? l.id : null,
        l.kind === 'cake' ? l.id : null,
        l.code,
        l.name,
        l.price,
        l.purchasePrice,
        l.quantity,
        l.price * l.quantity - off,
        l.category,
        off,
        cost,
      ) as { id: number };
      for (const t of takes) insertLineLot.run(line.id, t.lotId, t.quantity, t.unitCost);
      sold.push({ ...l, lineId: line.id, cost, discount: off });
    }
    for (const p of payments) insertPayment.run(id, p.method, p.amount, p.reference ?? null);
    activity.run(userId, 'Create Sale', `Sold ${b.saleId} to ${b.customerName}`);
    journalRow(terminalId, 'sale', invoiceNumber, totals.totalAmount, {
      id,
      saleId: b.saleId,
      invoiceNumber,
      ...totals,
      lines: sold,
      payments,
    });
    return { saleId: b.saleId, totalAmount: totals.totalAmount / 100 };
  }

  const saleOf = sqlite.prepare(
    'select id, sale_id as saleId, status, total_amount as total from sales where id = ?',
  );
  const linesOf = sqlite.prepare(
    'select id, kind, item_id, cake_id, code, quantity from sale_lines where sale_id = ?',
  );
  const markRefunded = sqlite.prepare(
    `update sales set status = 'refunded', refunded_at = ?, refunded_by = ?, refund_shift_id = ?,
       refund_terminal_id = ?, refund_seq = ?, refund_number = ?, refund_z_pending = 1 where id = ?`,
  );
  function refund(id: number) {
    const sale = saleOf.get(id) as { id: number; saleId: string; status: string; total: number } | undefined;
    if (!sale || sale.status === 'refunded') throw new Error('Not refundable');
    const lines = linesOf.all(id) as {
      id: number;
      kind: 'item' | 'cake';
      item_id: number | null;
      cake_id: number | null;
      code: string;
      quantity: number;
    }[];
    const shiftId = (shift.get(userId) as { id: number } | undefined)?.id ?? null;
    const terminalId = shiftTerminal.get(shiftId) as number;
    const number = issueRefund.get(terminalId) as { seq: number; prefix: string };
    const refundNumber = `${number.prefix}R${nine(number.seq)}`;
    markRefunded.run(Date.now(), userId, shiftId, terminalId, number.seq, refundNumber, id);
    for (const l of lines) {
      if (l.cake_id !== null) moveCake(l.cake_id, l.code, l.quantity, 'refund', sale.saleId);
      if (l.item_id === null) continue;
      const before = stockOf.get(l.item_id) as number;
      const taken = linesLots.all(l.id) as { lotId: number; quantity: number }[];
      for (const t of taken)
        if (!raiseLot.get(t.quantity, t.lotId, t.quantity)) throw new Error(`Lot ${t.lotId} is full.`);
      // A line sold before lots were kept goes back as a new lot.
      if (taken.length === 0) {
        const lot = returnLot.get({ id: l.item_id, quantity: l.quantity * QUANTITY_SCALE, userId }) as {
          id: number;
        };
        nameLot.run(lot.id);
      }
      settleItem(l.item_id, l.code, before, 'refund', sale.saleId);
    }
    activity.run(userId, 'Refund Sale', `Refunded ${sale.saleId}`);
    notification.run(`Sale ${sale.saleId} was refunded.`);
    journalRow(terminalId, 'refund', refundNumber, sale.total, { ...sale, refundNumber, lines });
    return { saleId: sale.saleId, status: 'refunded' };
  }
  const itemByCode = sqlite.prepare('select id, stock from inventory_items where item_id = ?');
  const order = sqlite.prepare(
    'select id, po_number as poNumber, status, supplier_id as supplierId from purchase_orders where id = ?',
  );
  const orderLine = sqlite.prepare(
    'select id, unit_cost as unitCost from purchase_order_lines where purchase_order_id = ? and item_id = ?',
  );
  const countIn = sqlite.prepare(
    'update purchase_order_lines set received = received + ? where id = ? and received + ? <= quantity returning id',
  );
  const receivedLot = sqlite.prepare(
    `insert into stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date, supplier_id,
       purchase_order_id, received_by) values (?, '', 'purchase', ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  // The item's purchase price: the average unit cost of its unexpired stock.
  const average = sqlite.prepare(
    `update inventory_items set purchase_price = (select cast(round(1.0 * sum(remaining * unit_cost) / sum(remaining)) as integer)
       from stock_lots where item_id = @id and remaining > 0 and ${fresh}) where id = @id`,
  );
  const stillOpen = sqlite
    .prepare('select count(*) from purchase_order_lines where purchase_order_id = ? and received < quantity')
    .pluck();
  const setStatus = sqlite.prepare('update purchase_orders set status = ? where id = ?');
  const orderLines = sqlite.prepare(
    'select item_id, quantity, received, unit_cost from purchase_order_lines where purchase_order_id = ?',
  );

  /** A delivery against an Ordered purchase order: each line a lot, counted on the order. */
  function receive(
    id: number,
    b: { reference?: string; lines: { itemId: string; quantity: number; expirationDate: string }[] },
  ) {
    const po = order.get(id) as
      | { id: number; poNumber: string; status: string; supplierId: number }
      | undefined;
    if (!po || (po.status !== 'Ordered' && po.status !== 'Partly received'))
      throw new Error('Not receivable');
    const reference = b.reference ? `${po.poNumber} (${b.reference})` : po.poNumber;
    const lots: { lotId: number; itemId: string }[] = [];
    for (const line of b.lines) {
      const item = itemByCode.get(line.itemId) as { id: number; stock: number };
      const ordered = orderLine.get(po.id, item.id) as { id: number; unitCost: number };
      const quantity = line.quantity * QUANTITY_SCALE;
      if (!countIn.get(quantity, ordered.id, quantity)) throw new Error(`Too much of ${line.itemId}`);
      const lot = receivedLot.get(
        item.id,
        quantity,
        quantity,
        ordered.unitCost,
        line.expirationDate,
        po.supplierId,
        po.id,
        userId,
      ) as { id: number };
      nameLot.run(lot.id);
      settleItem(item.id, line.itemId, item.stock, 'received', reference);
      average.run({ id: item.id, today: manilaDate() });
      lots.push({ lotId: lot.id, itemId: line.itemId });
    }
    setStatus.run(stillOpen.get(po.id) === 0 ? 'Received' : 'Partly received', po.id);
    activity.run(userId, 'Receive Purchase Order', `Received on ${reference}: ${lots.length} lines`);
    return { poNumber: po.poNumber, lines: orderLines.all(po.id), lots };
  }

  // A production batch: the statements the app's bake runs (server/domains/production/service.ts),
  // one for one, written by hand.
  const cakeByCode = sqlite.prepare(
    'select id, cake_id as code, name, shelf_life_days as shelfLifeDays from cakes where lower(cake_id) = lower(?)',
  );
  const recipe = sqlite.prepare(
    `select i.id, i.item_id as code, i.name, ci.quantity from cake_ingredients ci
     join inventory_items i on i.id = ci.item_id where ci.cake_id = ? order by i.name`,
  );
  const lastBatch = sqlite
    .prepare('select number from production_batches order by number desc limit 1')
    .pluck();
  const itemNow = sqlite.prepare('select stock, expiration_date as shown from inventory_items where id = ?');
  const sums = (table: string, owner: string, reserved: string) =>
    sqlite.prepare(
      `select coalesce(sum(case when ${fresh} then remaining end), 0) as stock,
         count(case when ${fresh} then 1 end) as freshLots,
         min(case when ${fresh} then expiration_date end) as earliest,
         max(case when not ${fresh} then expiration_date end) as latestExpired, count(*) as lots
       from ${table} where ${owner} = @id and remaining > @none${reserved}`,
    );
  const itemSums = sums('stock_lots', 'item_id', '');
  const cakeSums = sums('cake_lots', 'cake_id', ' and order_id is null');
  const fefoAfter = sqlite.prepare(
    `select id, remaining, unit_cost as unitCost, expiration_date from stock_lots
     where item_id = @id and remaining > @none and ${fresh}
     order by expiration_date is null, expiration_date, id`,
  );
  const insertBatch = sqlite.prepare(
    `insert into production_batches (number, cake_id, record, name, quantity, baked_on, expiration_date, cost, unit_cost,
       order_id, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertUsed = sqlite.prepare(
    'insert into batch_ingredients (batch_id, item_id, record, name, quantity, cost) values (?, ?, ?, ?, ?, ?)',
  );
  const cakeNow = sqlite.prepare('select stock, expiration_date as shown from cakes where id = ?');
  const insertCakeLot = sqlite.prepare(
    `insert into cake_lots (cake_id, source, batch_id, order_id, quantity, remaining, unit_cost, expiration_date,
       made_at, made_by) values (?, 'batch', ?, null, ?, ?, ?, ?, ?, ?) returning *`,
  );
  const setCake = sqlite.prepare('update cakes set stock = ?, expiration_date = ? where id = ?');
  const productionActivity = sqlite.prepare(
    "insert into activity_logs (user_id, action, module, description) values (?, 'Bake', 'Production', ?)",
  );
  const batchRow = sqlite.prepare(
    'select b.*, u.username as by from production_batches b left join users u on u.id = b.created_by where b.id = ?',
  );
  const batchUsed = sqlite.prepare('select * from batch_ingredients where batch_id in (?) order by name');

  type Sums = {
    stock: number;
    freshLots: number;
    earliest: string | null;
    latestExpired: string | null;
    lots: number;
  };
  /** The item's stock and date from its lots, as the app's lot writer refreshes them; the move's ledger row. */
  function refreshItem(
    id: number,
    code: string,
    today: string,
    reason: string,
    ref: string | null,
    user: number | null,
  ) {
    const before = itemNow.get(id) as { stock: number; shown: string | null };
    const now = itemSums.get({ id, today, none: 0 }) as Sums;
    const date = now.freshLots > 0 ? now.earliest : now.lots > 0 ? now.latestExpired : before.shown;
    if (now.stock !== before.stock) setStock.run(now.stock, id);
    if (date !== before.shown) setDate.run(date, id);
    if (now.stock !== before.stock)
      ledger.run(id, null, code, reason, now.stock - before.stock, before.stock, now.stock, ref, user);
  }
  function refreshCake(
    id: number,
    code: string,
    today: string,
    reason: string,
    ref: string | null,
    user: number | null,
  ) {
    const before = cakeNow.get(id) as { stock: number; shown: string | null };
    const now = cakeSums.get({ id, today, none: 0 }) as Sums;
    const date = now.freshLots > 0 ? now.earliest : now.lots > 0 ? now.latestExpired : before.shown;
    if (now.stock !== before.stock || date !== before.shown) setCake.run(now.stock, date, id);
    if (now.stock !== before.stock)
      ledger.run(
        null,
        id,
        code,
        reason,
        (now.stock - before.stock) * QUANTITY_SCALE,
        before.stock * QUANTITY_SCALE,
        now.stock * QUANTITY_SCALE,
        ref,
        user,
      );
  }

  /** Bakes `quantity` of the cake: each ingredient taken FEFO, the cakes one lot, the batch recorded. */
  function bake(b: { cakeId: string; quantity: number }) {
    const cake = cakeByCode.get(b.cakeId) as {
      id: number;
      code: string;
      name: string;
      shelfLifeDays: number;
    };
    if (!cake) throw new Error('No such cake');
    const today = manilaDate();
    const now = Date.now();
    const ingredients = recipe.all(cake.id) as { id: number; code: string; name: string; quantity: number }[];
    const number = ((lastBatch.get() as number | undefined) ?? 0) + 1;
    const reference = `BATCH-${String(number).padStart(6, '0')}`;
    const taken = ingredients.map((i) => {
      const needed = i.quantity * b.quantity;
      refreshItem(i.id, i.code, today, 'expired', null, null);
      let left = needed;
      const takes: { lotId: number; quantity: number; unitCost: number }[] = [];
      for (const lot of fefoAfter.all({ id: i.id, today, none: 0 }) as {
        id: number;
        remaining: number;
        unitCost: number;
      }[]) {
        if (left === 0) break;
        const q = Math.min(left, lot.remaining);
        takes.push({ lotId: lot.id, quantity: q, unitCost: lot.unitCost });
        left -= q;
      }
      if (left > 0) throw new Error(`Not enough ${i.name}`);
      for (const t of takes)
        if (!lowerLot.get(t.quantity, t.lotId, t.quantity)) throw new Error(`Not enough ${i.name}`);
      refreshItem(i.id, i.code, today, 'production', reference, userId);
      return {
        ...i,
        quantity: needed,
        cost: takes.reduce((sum, t) => sum + costOf(t.quantity, t.unitCost), 0),
      };
    });
    const cost = taken.reduce((sum, t) => sum + t.cost, 0);
    const unitCost = Math.round(cost / b.quantity);
    const expires = addDays(today, cake.shelfLifeDays);
    const batch = insertBatch.get(
      number,
      cake.id,
      cake.code,
      cake.name,
      b.quantity,
      today,
      expires,
      cost,
      unitCost,
      null,
      userId,
      now,
    ) as { id: number };
    for (const t of taken) insertUsed.run(batch.id, t.id, t.code, t.name, t.quantity, t.cost);
    refreshCake(cake.id, cake.code, today, 'expired', null, null);
    insertCakeLot.get(cake.id, batch.id, b.quantity, b.quantity, unitCost, expires, now, userId);
    refreshCake(cake.id, cake.code, today, 'production', reference, userId);
    productionActivity.run(
      userId,
      `Baked ${b.quantity} of ${cake.code} "${cake.name}" as ${reference} on ${today}`,
    );
    return {
      message: `Baked ${reference}`,
      batch: { ...(batchRow.get(batch.id) as object), ingredients: batchUsed.all(batch.id) },
    };
  }
  // What the offline sale's and the cake orders' baselines (bench/bareOffline.ts,
  // bench/bareOrders.ts, bench/barePickup.ts) write alike.
  const parts = {
    userId,
    shift,
    shiftTerminal,
    issueInvoice,
    refreshCake,
    item: product.item,
    stockOf,
    takeItem,
    settleItem,
    journalRow,
    insertLine,
    insertLineLot,
    insertPayment,
    activity,
  };
  return { sale, refund, receive, bake, parts };
}
export type BareParts = ReturnType<typeof bareWrites>['parts'];
