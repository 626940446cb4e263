// The bare baseline's cake orders (bench/bare.ts), by hand on plain better-sqlite3: the rows
// the app's createOrder writes (server/domains/cakeOrders/service.ts) and, in bench/barePickup.ts,
// those its pickUp writes; without auth, validation or an ORM, answering a few fields where the
// app answers the whole order (and the pickup's sale). The bodies are the REST routes' own,
// money in pesos.
import type Database from 'better-sqlite3';
import { minimumDeposit } from '../shared/cakeOrders';
import { formatPeso } from '../shared/money';
import { orderNumber } from '../shared/texts/cakeOrders';
import { formatDateTime, manilaDate } from '../shared/time';
import { saleTotals } from '../shared/totals';
import { barePickup, cents, type Payment } from './barePickup';
import type { BareParts } from './bareWrites';

export interface TakeBody {
  customerName: string;
  phone: string;
  pickupAt: string;
  lines: { cakeId?: string; description?: string; quantity: number; price?: number }[];
  inscription?: string;
  notes?: string;
  taxRate: number;
  payments: Payment[];
  cashTendered?: number | null;
}

export function bareOrders(sqlite: Database.Database, p: BareParts) {
  const { userId } = p;
  const cakeByCode = sqlite.prepare(
    'select id, cake_id as code, name, price from cakes where lower(cake_id) = lower(?)',
  );
  const setting = sqlite.prepare("select value from settings where key = 'cakeOrders'").pluck();
  const onDay = sqlite
    .prepare("select count(*) from cake_orders where pickup_date = ? and status <> 'Cancelled'")
    .pluck();
  const lastNumber = sqlite.prepare('select number from cake_orders order by number desc limit 1').pluck();
  const insertOrder = sqlite.prepare(
    `insert into cake_orders (number, customer_id, customer_name, phone, pickup_at, pickup_date, inscription, notes,
       tax_rate, subtotal, tax_amount, total, status, created_by, created_at)
     values (?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertOrderLine = sqlite.prepare(
    `insert into cake_order_lines (order_id, cake_id, code, description, quantity, price, line_total)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertOrderPayment = sqlite.prepare(
    `insert into cake_order_payments (order_id, kind, method, amount, reference, cash_tendered, change, shift_id,
       terminal_id, z_pending, taken_by, taken_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvent = sqlite.prepare(
    'insert into cake_order_events (order_id, at, user_id, text) values (?, ?, ?, ?)',
  );
  const activity = sqlite.prepare(
    "insert into activity_logs (user_id, action, module, description) values (?, ?, 'Cake Orders', ?)",
  );
  const shiftId = () => (p.shift.get(userId) as { id: number } | undefined)?.id ?? null;
  function event(order: { id: number; number: number }, action: string, text: string, at: number) {
    insertEvent.run(order.id, at, userId, text);
    activity.run(userId, action, `${orderNumber(order.number)}: ${text}`);
  }

  /** An order taken with its deposits: createOrder's rows. */
  function take(b: TakeBody) {
    const now = Date.now();
    const pickupAt = Date.parse(b.pickupAt);
    if (!(pickupAt > now)) throw new Error('Pickup must be in the future');
    const lines = b.lines.map((l) => {
      if (!l.cakeId)
        return {
          cakeId: null,
          code: null,
          description: l.description ?? '',
          quantity: l.quantity,
          price: cents(l.price ?? 0),
        };
      const cake = cakeByCode.get(l.cakeId) as { id: number; code: string; name: string; price: number };
      if (!cake) throw new Error('No such cake');
      return {
        cakeId: cake.id,
        code: cake.code,
        description: cake.name,
        quantity: l.quantity,
        price: cake.price,
      };
    });
    const totals = saleTotals(lines, b.taxRate);
    const payments = b.payments.map((x) => ({ ...x, amount: cents(x.amount) }));
    const paid = payments.reduce((s, x) => s + x.amount, 0);
    if (paid > totals.totalAmount) throw new Error('Over the balance');
    const rules = { minimumDepositPercent: 50, maxOrdersPerDay: null as number | null };
    Object.assign(rules, JSON.parse((setting.get() as string | undefined) ?? '{}'));
    const pickupDate = manilaDate(new Date(pickupAt));
    if (rules.maxOrdersPerDay !== null && (onDay.get(pickupDate) as number) >= rules.maxOrdersPerDay)
      throw new Error('Day full');
    const number = ((lastNumber.get() as number | undefined) ?? 0) + 1;
    const status =
      paid >= minimumDeposit(totals.totalAmount, rules.minimumDepositPercent) ? 'Confirmed' : 'Pending';
    const { id } = insertOrder.get(
      number,
      b.customerName,
      b.phone,
      pickupAt,
      pickupDate,
      b.inscription ?? '',
      b.notes ?? '',
      b.taxRate,
      totals.subtotal,
      totals.taxAmount,
      totals.totalAmount,
      status,
      userId,
      now,
    ) as { id: number };
    for (const l of lines)
      insertOrderLine.run(id, l.cakeId, l.code, l.description, l.quantity, l.price, l.price * l.quantity);
    if (payments.length > 0) {
      const shift = shiftId();
      const terminalId = p.shiftTerminal.get(shift) as number;
      const tendered = b.cashTendered == null ? null : cents(b.cashTendered);
      for (const x of payments) {
        const cash = x.method === 'Cash' ? tendered : null;
        insertOrderPayment.run(
          id,
          'deposit',
          x.method,
          x.amount,
          x.reference || null,
          cash,
          cash === null ? null : cash - x.amount,
          shift,
          terminalId,
          1,
          userId,
          now,
        );
      }
    }
    const deposit = payments.map(
      (x) => `${formatPeso(x.amount)} by ${x.method}${x.reference ? ` (${x.reference})` : ''}`,
    );
    event(
      { id, number },
      'Take Cake Order',
      `Taken for ${b.customerName}, pickup ${formatDateTime(pickupAt)}, total ${formatPeso(totals.totalAmount)}${paid ? `, deposit ${deposit.join(', ')}` : ''}`,
      now,
    );
    return { orderNumber: orderNumber(number), status, total: totals.totalAmount / 100 };
  }

  const { pickup } = barePickup(sqlite, p, { event, shiftId, insertOrderPayment });
  return { take, pickup };
}
