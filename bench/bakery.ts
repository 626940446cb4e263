// The kitchen's side of the bench shop, written straight into SQLite before any server
// starts: two cakes of BAKE_INGREDIENTS ingredients each (one baked by the app, one by the
// baseline, so neither bakes over the other's lots), every ingredient in BAKE_LOTS lots; and
// ORDERS_DUE open cake orders picking up on one day, for the bake plan.
import { addDays, manilaDate } from '../shared/time';
import { CAKES_ON_SALE, type SeededShop } from './bigShop';

const BAKE_INGREDIENTS = 12;
const BAKE_LOTS = 5;
const ORDERS_DUE = 200;
/** Each ingredient's stock in thousandths: far beyond what a run bakes (0.25 a cake). */
const INGREDIENT_STOCK = 10_000_000_000;

/** The CK- ids of the cake the app bakes and of the one the baseline bakes. */
export const BAKE_CAKES = { app: 'CK-90001', bare: 'CK-90002' };
/** The day the orders pick up: tomorrow, the bake plan's date. */
export const dueDate = () => addDays(manilaDate(), 1);
/** The scenarios that need this seeding (bench/scenarios.ts). */
export const BATCH_SCENARIO = `a production batch of a ${BAKE_INGREDIENTS}-ingredient cake, ${BAKE_LOTS} lots per ingredient`;
export const PLAN_SCENARIO = `the bake plan with ${ORDERS_DUE} orders due`;

/**
 * Seeds the two cakes to bake (items from the middle of the catalogue, clear of the shelves and
 * the purchase orders) and the orders due, with shelf targets on some cakes and a few orders
 * already baked for: what a morning's plan sees.
 */
export function seedBakery(shop: SeededShop): void {
  const sqlite = shop.db.$client;
  const today = manilaDate();
  const due = dueDate();
  const firstItem = Math.floor(shop.size.items / 2);
  const clear = sqlite.prepare('delete from stock_lots where item_id = ?');
  const lot = sqlite.prepare(
    `insert into stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date)
     select id, ?, 'purchase', ?, ?, purchase_price + ?, ? from inventory_items where id = ?`,
  );
  const shelve = sqlite.prepare('update inventory_items set stock = ?, expiration_date = ? where id = ?');
  const cake = sqlite.prepare(
    `insert into cakes (cake_id, name, category_id, stock, price, amount)
     values (?, ?, (select id from categories where type = 'cake' order by id limit 1), 0, 150000, 1) returning id`,
  );
  const ingredient = sqlite.prepare(
    'insert into cake_ingredients (cake_id, item_id, quantity) values (?, ?, 250)',
  );
  sqlite.transaction(() => {
    let item = firstItem;
    for (const [who, code] of Object.entries(BAKE_CAKES)) {
      const { id } = cake.get(code, `Bench Celebration Cake (${who})`) as { id: number };
      for (let k = 0; k < BAKE_INGREDIENTS; k++, item++) {
        clear.run(item);
        const each = INGREDIENT_STOCK / BAKE_LOTS;
        for (let n = 1; n <= BAKE_LOTS; n++)
          lot.run(`BAKE-${item}-${n}`, each, each, 10 * (n - 3), addDays(today, 30 * n), item);
        shelve.run(INGREDIENT_STOCK, addDays(today, 30), item);
        ingredient.run(id, item);
      }
    }
    seedOrdersDue(shop, today, due);
  })();
}

const STATUSES = ['Pending', 'Confirmed', 'In production', 'Ready'] as const;

/**
 * ORDERS_DUE open orders picking up on `due`, over 100 catalogue cakes past the counter's (one
 * or two lines each, every tenth order a custom cake besides); half of those cakes with a shelf
 * target of 60 against the 50 each holds; every eighth order already baked for (a lot reserved).
 */
function seedOrdersDue(shop: SeededShop, today: string, due: string) {
  const sqlite = shop.db.$client;
  const first = ((sqlite
    .prepare('select coalesce(max(number), 0) from cake_orders')
    .pluck()
    .get() as number) ?? 0) as number;
  const cakeRows = sqlite
    .prepare('select id, cake_id as code, name, price from cakes where id > ? order by id limit 100')
    .all(CAKES_ON_SALE) as { id: number; code: string; name: string; price: number }[];
  const order = sqlite.prepare(
    `insert into cake_orders (number, customer_name, phone, pickup_at, pickup_date, tax_rate, subtotal, tax_amount,
       total, status) values (?, ?, ?, ?, ?, 12, ?, ?, ?, ?) returning id`,
  );
  const line = sqlite.prepare(
    `insert into cake_order_lines (order_id, cake_id, code, description, quantity, price, line_total)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const reserved = sqlite.prepare(
    `insert into cake_lots (cake_id, source, order_id, quantity, remaining, unit_cost, expiration_date)
     values (?, 'batch', ?, ?, ?, 30000, ?)`,
  );
  const target = sqlite.prepare('update cakes set shelf_target = 60 where id = ?');
  const morning = Date.parse(`${due}T09:00:00+08:00`);
  for (let n = 0; n < ORDERS_DUE; n++) {
    const a = cakeRows[(n * 7) % cakeRows.length] as (typeof cakeRows)[number];
    const b = cakeRows[(n * 13 + 5) % cakeRows.length] as (typeof cakeRows)[number];
    const lines = [{ cake: a, quantity: 1 + (n % 3) }, ...(n % 2 === 0 ? [{ cake: b, quantity: 1 }] : [])];
    const subtotal =
      lines.reduce((sum, l) => sum + l.cake.price * l.quantity, 0) + (n % 10 === 0 ? 250_000 : 0);
    const tax = Math.round(subtotal * 0.12);
    const { id } = order.get(
      first + n + 1,
      `Bench Customer ${n + 1}`,
      `0917${String(n).padStart(7, '0')}`,
      morning + (n % 20) * 30 * 60_000,
      due,
      subtotal,
      tax,
      subtotal + tax,
      STATUSES[n % STATUSES.length],
    ) as { id: number };
    for (const l of lines)
      line.run(id, l.cake.id, l.cake.code, l.cake.name, l.quantity, l.cake.price, l.cake.price * l.quantity);
    if (n % 10 === 0) line.run(id, null, null, `Two-tier custom cake No. ${n + 1}`, 1, 250_000, 250_000);
    if (n % 8 === 0) reserved.run(a.id, id, 1, 1, addDays(today, 3));
  }
  for (const c of cakeRows.slice(0, 50)) target.run(c.id);
}
