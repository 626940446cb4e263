// The cake order scenarios (bench/scenarios.ts): taking an order with a deposit, and picking
// one up. Each order is a cake off the counter's shelf (one of the CAKES_ON_SALE, stocked in
// lots by bench/bigShop.ts) and a custom cake, 12% VAT, a ₱2,000 cash deposit, picked up 30 to
// 89 days out: clear of today's pickups and of the bake plan's day.
import { minimumDeposit } from '../shared/cakeOrders';
import { addDays, manilaDate, manilaDayStart } from '../shared/time';
import { saleTotals } from '../shared/totals';
import { CAKES_ON_SALE, type SeededShop } from './bigShop';

export const TAKE_SCENARIO = 'taking a cake order with a ₱2,000 deposit';
export const PICKUP_SCENARIO = 'picking up a cake order (balance in cash)';

/** Orders waiting for each server's pickups: far more than a run picks up. */
const PICKUPS_EACH = 30_000;
const CUSTOM = { description: 'Two-tier custom cake, ube and mango, fondant roses', price: 250_000 };
const DEPOSIT = 200_000;
const INSCRIPTION = 'Happy 80th Birthday, Lola Nena!';

const cakeCode = (n: number) => `CK-${String(1 + (n % CAKES_ON_SALE)).padStart(5, '0')}`;
const pickupDay = (n: number) => addDays(manilaDate(), 30 + (n % 60));

/** The REST body of the `n`th order taken (POST /api/cake-orders), money in pesos. */
export function takeBody(n: number): string {
  return JSON.stringify({
    customerName: `Bench Customer ${n + 1}`,
    phone: '0917 555 0101',
    pickupAt: `${pickupDay(n)}T10:00:00+08:00`,
    lines: [
      { cakeId: cakeCode(n), quantity: 1 },
      { description: CUSTOM.description, quantity: 1, price: CUSTOM.price / 100 },
    ],
    inscription: INSCRIPTION,
    taxRate: 12,
    payments: [{ method: 'Cash', amount: DEPOSIT / 100 }],
    cashTendered: DEPOSIT / 100,
  });
}

export interface Pickup {
  /** The order's `_id`. */
  id: number;
  /** The pickup's REST body: the balance in cash, tendered to the next ₱100. */
  body: string;
}

/** Orders to pick up, a pile for the app and one for the baseline, seeded when `fill` is called. */
export interface PickupPiles {
  app: Pickup[];
  bare: Pickup[];
  fill(): void;
}

/**
 * 2 × PICKUPS_EACH open orders as createOrder leaves them (the order, its two lines, the deposit,
 * its history line), written straight into SQLite, alternately for the app and the baseline.
 * Seeded just before the pickups are measured, after the read scenarios: open orders are what
 * the dashboard's Deposits Held sums, and no shop holds 60,000 of them.
 */
export function pickupPiles(shop: SeededShop): PickupPiles {
  const piles: PickupPiles = {
    app: [],
    bare: [],
    fill: () => {
      if (piles.app.length + piles.bare.length === 0) seedPickups(shop, piles);
    },
  };
  return piles;
}

function seedPickups(shop: SeededShop, piles: PickupPiles) {
  const sqlite = shop.db.$client;
  const admin = sqlite.prepare('select min(id) from users').pluck().get() as number;
  const first = sqlite.prepare('select coalesce(max(number), 0) from cake_orders').pluck().get() as number;
  const cakes = sqlite
    .prepare('select id, cake_id as code, name, price from cakes where id <= ? order by id')
    .all(CAKES_ON_SALE) as { id: number; code: string; name: string; price: number }[];
  const order = sqlite.prepare(
    `insert into cake_orders (number, customer_name, phone, pickup_at, pickup_date, inscription, tax_rate, subtotal,
       tax_amount, total, status, created_by, created_at) values (?, ?, '0917 555 0101', ?, ?, ?, 12, ?, ?, ?, ?, ?, ?)
     returning id`,
  );
  const line = sqlite.prepare(
    `insert into cake_order_lines (order_id, cake_id, code, description, quantity, price, line_total)
     values (?, ?, ?, ?, 1, ?, ?)`,
  );
  const deposit = sqlite.prepare(
    `insert into cake_order_payments (order_id, kind, method, amount, cash_tendered, change, terminal_id, taken_by,
       taken_at) values (?, 'deposit', 'Cash', ?, ?, 0, (select min(id) from terminals), ?, ?)`,
  );
  const history = sqlite.prepare(
    'insert into cake_order_events (order_id, at, user_id, text) values (?, ?, ?, ?)',
  );
  const taken = Date.now() - 7 * 86_400_000;
  sqlite.transaction(() => {
    for (let n = 0; n < 2 * PICKUPS_EACH; n++) {
      const cake = cakes[n % cakes.length] as (typeof cakes)[number];
      const totals = saleTotals(
        [
          { price: cake.price, quantity: 1 },
          { price: CUSTOM.price, quantity: 1 },
        ],
        12,
      );
      const day = pickupDay(n);
      const status = DEPOSIT >= minimumDeposit(totals.totalAmount, 50) ? 'Confirmed' : 'Pending';
      const { id } = order.get(
        first + n + 1,
        `Bench Customer ${n + 1}`,
        manilaDayStart(day).getTime() + 10 * 3_600_000,
        day,
        INSCRIPTION,
        totals.subtotal,
        totals.taxAmount,
        totals.totalAmount,
        status,
        admin,
        taken,
      ) as { id: number };
      line.run(id, cake.id, cake.code, cake.name, cake.price, cake.price);
      line.run(id, null, null, CUSTOM.description, CUSTOM.price, CUSTOM.price);
      deposit.run(id, DEPOSIT, DEPOSIT, admin, taken);
      history.run(id, taken, admin, `Taken for Bench Customer ${n + 1}, deposit ₱2,000.00 by Cash`);
      const balance = totals.totalAmount - DEPOSIT;
      const body = JSON.stringify({
        payments: [{ method: 'Cash', amount: balance / 100 }],
        cashTendered: Math.ceil(balance / 10_000) * 100,
        key: `bench-pickup-${id}`,
      });
      (n % 2 === 0 ? piles.app : piles.bare).push({ id, body });
    }
  })();
}
