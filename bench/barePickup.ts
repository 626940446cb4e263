// The bare baseline's cake order pickup (bench/bareOrders.ts): what pickUp writes
// (server/domains/cakeOrders/pickup.ts), by hand. One sale of the order's whole total at the
// picker's shift's terminal, numbered there; each catalogue cake taken from its lots (the
// order's own first, then the shelf's, as server/domains/cakes/cakeLots.ts takes them) with
// its ledger rows; the deposits applied and the balance as the sale's payments; the balance
// on the order; the order closed with its history, activity and journal rows.
import type Database from 'better-sqlite3';
import { formatPeso } from '../shared/money';
import { CUSTOM_CODE, OPEN_ORDER_STATUSES, orderNumber } from '../shared/texts/cakeOrders';
import { newSaleId } from '../shared/texts/sales';
import { manilaDate } from '../shared/time';
import type { BareParts } from './bareWrites';

export type Payment = { method: string; amount: number; reference?: string };
export const cents = (pesos: number) => Math.round(pesos * 100);

export interface PickupBody {
  payments: Payment[];
  cashTendered?: number | null;
  key?: string;
}

interface Shared {
  event(order: { id: number; number: number }, action: string, text: string, at: number): void;
  shiftId(): number | null;
  insertOrderPayment: Database.Statement;
}

type Order = {
  id: number;
  number: number;
  status: string;
  customer_name: string;
  customer_id: number | null;
  subtotal: number;
  tax_rate: number;
  tax_amount: number;
  total: number;
  sale_id: number | null;
  pickup_key: string | null;
};
type Take = { lotId: number; quantity: number; unitCost: number };

const fresh = '(expiration_date is null or expiration_date >= @today)';
// A cake's base cost: its recipe at the ingredients' purchase prices (server/domains/cakes/queries.ts).
const BASE_COST = `(select coalesce(sum((ci.quantity * ii.purchase_price + 500) / 1000), 0)
  from cake_ingredients ci join inventory_items ii on ii.id = ci.item_id where ci.cake_id = k.id)`;

export function barePickup(sqlite: Database.Database, p: BareParts, shared: Shared) {
  const { userId } = p;
  const orderById = sqlite.prepare('select * from cake_orders where id = ?');
  const depositsOf = sqlite.prepare(
    "select method, amount, reference from cake_order_payments where order_id = ? and kind = 'deposit' order by id",
  );
  const linesOf = sqlite.prepare(
    'select cake_id as cakeId, description, quantity, price from cake_order_lines where order_id = ? order by id',
  );
  const reservedFor = sqlite
    .prepare(
      `select coalesce(sum(remaining), 0) from cake_lots where order_id = @order and cake_id = @id and ${fresh}`,
    )
    .pluck();
  const priceCake = sqlite.prepare(
    `select k.id, k.cake_id as code, k.name, ${BASE_COST} as purchasePrice, k.stock, c.name as category,
       case when k.availability = 'Seasonal' and (@today < k.season_start or @today > k.season_end) then 'Out of season'
         when k.stock = 0 then 'Out of stock'
         when k.expiration_date is not null and k.expiration_date < @today then 'Expired' else 'Available' end as status
     from cakes k left join categories c on c.id = k.category_id where k.id = @id`,
  );
  const baseCost = sqlite.prepare(`select ${BASE_COST} from cakes k where k.id = ?`).pluck();
  const lots = (whose: string) =>
    sqlite.prepare(
      `select id, remaining, unit_cost as unitCost from cake_lots where cake_id = @id and remaining > 0 and ${whose}
       and ${fresh} order by expiration_date is null, expiration_date, id`,
    );
  const orderLots = lots('order_id = @order');
  const shelfLots = lots('order_id is null');
  const lowerLot = sqlite.prepare(
    'update cake_lots set remaining = remaining - ? where id = ? and remaining >= ? returning id',
  );
  const earlier = sqlite.prepare('select id from sales where sale_id = ?');
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, customer_id, order_type, subtotal, discount_amount, vat_exempt_amount,
       tax_rate, tax_amount, total_amount, payment_method, payment_reference, cash_tendered, change, lines_key, sold_by,
       sold_at, shift_id, terminal_id, invoice_seq, invoice_number, z_pending, received_at)
     values (?, ?, ?, 'Walk-in', ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) returning id`,
  );
  const insertLineLot = sqlite.prepare(
    'insert into sale_line_cake_lots (sale_line_id, lot_id, quantity, unit_cost) values (?, ?, ?, ?)',
  );
  const held = sqlite.prepare(
    `select distinct c.id, c.cake_id as code from cake_lots l join cakes c on c.id = l.cake_id
     where l.order_id = ? and l.remaining > 0`,
  );
  const release = sqlite.prepare(
    'update cake_lots set order_id = null where order_id = ? and cake_id = ? and remaining > 0',
  );
  const insertPayment = sqlite.prepare(
    'insert into sale_payments (sale_id, method, amount, reference, applied_deposit) values (?, ?, ?, ?, ?)',
  );
  const pickedUp = sqlite.prepare(
    `update cake_orders set status = 'Picked up', sale_id = ?, pickup_key = ?, picked_up_at = ?, picked_up_by = ?
     where id = ?`,
  );

  /** `quantity` cakes from the order's lots, then the shelf's, by expiry: takeCakeLots. */
  function takeCakes(id: number, code: string, quantity: number, order: number, ref: string, today: string) {
    p.refreshCake(id, code, today, 'expired', null, null);
    const takes: Take[] = [];
    let left = quantity;
    let base: number | undefined;
    for (const lot of [...orderLots.all({ id, order, today }), ...shelfLots.all({ id, today })] as {
      id: number;
      remaining: number;
      unitCost: number | null;
    }[]) {
      if (left === 0) break;
      const q = Math.min(left, lot.remaining);
      base ??= lot.unitCost === null ? (baseCost.get(id) as number) : undefined;
      takes.push({ lotId: lot.id, quantity: q, unitCost: lot.unitCost ?? base ?? 0 });
      left -= q;
    }
    if (left > 0) throw new Error(`Not enough stock of ${code}.`);
    for (const t of takes)
      if (!lowerLot.get(t.quantity, t.lotId, t.quantity)) throw new Error(`Not enough stock of ${code}.`);
    p.refreshCake(id, code, today, 'sale', ref, userId);
    return takes;
  }

  /** The order's lines as the sale's: a catalogue cake priced as checkout prices it, a custom one as ordered. */
  function saleLines(order: number, today: string) {
    const lines = linesOf.all(order) as {
      cakeId: number | null;
      description: string;
      quantity: number;
      price: number;
    }[];
    return lines.map((l) => {
      if (l.cakeId === null)
        return {
          kind: 'custom',
          cakeId: null,
          code: CUSTOM_CODE,
          name: l.description,
          price: l.price,
          purchasePrice: 0,
          quantity: l.quantity,
          category: null,
        };
      const fromShelf =
        l.quantity - Math.min(reservedFor.get({ order, id: l.cakeId, today }) as number, l.quantity);
      const cake = priceCake.get({ id: l.cakeId, today }) as {
        code: string;
        name: string;
        purchasePrice: number;
        stock: number;
        category: string | null;
        status: string;
      };
      if (fromShelf > 0 && (cake.status !== 'Available' || cake.stock < fromShelf))
        throw new Error(`Not enough stock of ${cake.code}.`);
      return { kind: 'cake', ...cake, cakeId: l.cakeId, price: l.price, quantity: l.quantity };
    });
  }

  function pickup(id: number, b: PickupBody) {
    const now = Date.now();
    const today = manilaDate(new Date(now));
    const payments = b.payments.map((x) => ({ ...x, amount: cents(x.amount) }));
    const key = b.key
      ? `key:${b.key}`
      : `tender:${payments.map((x) => `${x.method}:${x.amount}:${x.reference}`).join('|')}/${b.cashTendered ?? ''}`;
    const order = orderById.get(id) as Order | undefined;
    if (!order) throw new Error('No such order');
    if (order.status === 'Picked up' && order.sale_id !== null) {
      if (order.pickup_key === key) return { orderNumber: orderNumber(order.number), repeated: true };
      throw new Error('Already picked up');
    }
    if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(order.status)) throw new Error('Not open');
    const deposits = depositsOf.all(id) as { method: string; amount: number; reference: string | null }[];
    const paid = deposits.reduce((s, d) => s + d.amount, 0);
    const balance = order.total - paid;
    if (payments.reduce((s, x) => s + x.amount, 0) !== balance) throw new Error('Not the balance');
    const cashShare = payments.filter((x) => x.method === 'Cash').reduce((s, x) => s + x.amount, 0);
    const tendered = cashShare > 0 && b.cashTendered != null ? cents(b.cashTendered) : null;
    if (tendered !== null && tendered < cashShare) throw new Error('Cash tendered short');
    const change = tendered === null ? null : tendered - cashShare;
    const shift = shared.shiftId();
    const lines = saleLines(id, today);
    let saleId = newSaleId();
    while (earlier.get(saleId)) saleId = newSaleId();
    const terminalId = p.shiftTerminal.get(shift) as number;
    const invoice = p.issueInvoice.get(order.total, terminalId) as { seq: number; prefix: string };
    const invoiceNumber = `${invoice.prefix}${String(invoice.seq).padStart(9, '0')}`;
    const all = [
      ...deposits.map((d) => ({ ...d, applied: 1 })),
      ...payments.map((x) => ({
        method: x.method,
        amount: x.amount,
        reference: x.reference || null,
        applied: 0,
      })),
    ];
    const number = orderNumber(order.number);
    const sale = insertSale.get(
      saleId,
      order.customer_name,
      order.customer_id,
      order.subtotal,
      order.tax_rate,
      order.tax_amount,
      order.total,
      [...new Set(all.map((x) => x.method))].join(' + ') || 'Cash',
      all
        .filter((x) => x.reference)
        .map((x) => `${x.method} ${x.reference}`)
        .join('; ') || null,
      tendered,
      change,
      `order:${number}`,
      userId,
      now,
      shift,
      terminalId,
      invoice.seq,
      invoiceNumber,
      now,
    ) as { id: number };
    const sold: unknown[] = [];
    for (const l of lines) {
      const takes = l.cakeId === null ? [] : takeCakes(l.cakeId, l.code, l.quantity, id, saleId, today);
      const cost = takes.reduce((s, t) => s + t.quantity * t.unitCost, 0);
      const line = p.insertLine.get(
        sale.id,
        l.kind,
        null,
        l.cakeId,
        l.code,
        l.name,
        l.price,
        l.purchasePrice,
        l.quantity,
        l.price * l.quantity,
        l.category,
        0,
        cost,
      ) as { id: number };
      for (const t of takes) insertLineLot.run(line.id, t.lotId, t.quantity, t.unitCost);
      sold.push({ ...l, lineId: line.id, cost });
    }
    // Cakes baked for the order beyond what it took go on the shelf (releaseOrderLots).
    for (const cake of held.all(id) as { id: number; code: string }[]) {
      p.refreshCake(cake.id, cake.code, today, 'expired', null, null);
      release.run(id, cake.id);
      p.refreshCake(cake.id, cake.code, today, 'edit', saleId, userId);
    }
    for (const x of all) insertPayment.run(sale.id, x.method, x.amount, x.reference, x.applied);
    for (const x of payments) {
      const cash = x.method === 'Cash';
      shared.insertOrderPayment.run(
        id,
        'balance',
        x.method,
        x.amount,
        x.reference || null,
        cash ? tendered : null,
        cash ? change : null,
        shift,
        terminalId,
        0,
        userId,
        now,
      );
    }
    pickedUp.run(sale.id, key, now, userId, id);
    const by = payments.length ? ` by ${payments.map((x) => x.method).join(' + ')}` : '';
    shared.event(
      order,
      'Pick Up Cake Order',
      `Picked up as sale ${saleId}: ${formatPeso(order.total)}, deposits applied ${formatPeso(paid)}, balance ${formatPeso(balance)}${by}`,
      now,
    );
    p.journalRow(terminalId, 'sale', invoiceNumber, order.total, {
      id: sale.id,
      saleId,
      invoiceNumber,
      orderNumber: number,
      subtotal: order.subtotal,
      taxAmount: order.tax_amount,
      totalAmount: order.total,
      lines: sold,
      payments: all,
    });
    return { orderNumber: number, saleId, invoiceNumber, repeated: false };
  }
  return { pickup };
}
