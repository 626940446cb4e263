// The bench's large shop, written into a data folder before any server starts: 100,000
// items, 2,000 cakes made from them, 5,000 customers, twenty cashiers and two years of
// sales holding 1,000,000 lines (bench/history.ts). Rows go straight into SQLite, through
// the same triggers (search index, report roll-ups) the app's own writes fire.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { type Db, openDb } from '../server/db/open';
import { seedSystemAdmin } from '../server/db/seed';
import { hashPassword } from '../server/domains/auth/passwords';
import { optimizeSearchIndex } from '../server/domains/inventory/alerts';
import { settleExpiredLots } from '../server/domains/inventory/lotStock';
import { addDays, manilaDate } from '../shared/time';
import { recorder } from './capture';
import { type History, seedSalesHistory } from './history';
import { seedStock } from './stockSeed';

export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-password-1' };
export const CASHIERS = 20;
export const cashier = (n: number) => ({ email: `cashier${n}@bench.test`, password: BENCH_ADMIN.password });

export interface ShopSize {
  items: number;
  cakes: number;
  customers: number;
  saleLines: number;
}

export const LARGE: ShopSize = {
  items: Number(process.env.BENCH_ITEMS ?? 100_000),
  cakes: 2_000,
  customers: 5_000,
  saleLines: Number(process.env.BENCH_SALE_LINES ?? 1_000_000),
};

/** Items the checkouts sell from (ids 1 to ON_SALE), stocked far beyond what a run can sell, in one lot each. */
export const ON_SALE = 1000;
/**
 * The next ON_SALE items (ids ON_SALE + 1 to 2 × ON_SALE) hold the same stock split into
 * LOTS_EACH lots expiring on different days: the checkout that must pick the first to expire.
 */
export const LOTS_EACH = 5;
/** What each shelf item holds, in thousandths: ten million units. */
const SHELF_STOCK = 10_000_000_000;
/** Cakes the SC/PWD checkouts sell from (the first ones), stocked the same way. */
export const CAKES_ON_SALE = 200;

const FLAVOURS = [
  'Ube Chiffon',
  'Chocolate Moist',
  'Mango Bravo',
  'Red Velvet',
  'Black Forest',
  'Caramel Cake',
  'Yema Cake',
  'Buko Pandan',
  'Strawberry Shortcake',
  'Tres Leches',
];
const CAKE_SIZES = ['6in', '8in', '10in', '2-tier'];
const CAKE_CATEGORIES = ['Birthday Cakes', 'Celebration Cakes', 'Wedding Cakes'];
const FIRST = [
  'Maria',
  'Jose',
  'Ana',
  'Mark',
  'Liza',
  'Paolo',
  'Grace',
  'Ramon',
  'Joy',
  'Carlo',
  'Bea',
  'Nico',
];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Aquino', 'Ramos'];

export interface SeededShop {
  dir: string;
  dbFile: string;
  db: Db;
  /** Records the statements the app runs (bench/capture.ts), if asked for; installed before anything prepares one. */
  rec: ReturnType<typeof recorder> | null;
  size: ShopSize;
  history: History | null;
  seconds: number;
}

/** Cakes with three to five ingredients each, in the three cake categories. */
function seedCakes(db: Db, count: number, items: number) {
  const sqlite = db.$client;
  const category = sqlite.prepare("insert into categories (name, type) values (?, 'cake') returning id");
  const cake = sqlite.prepare(
    'insert into cakes (cake_id, name, category_id, stock, price, amount) values (?, ?, ?, ?, ?, 1) returning id',
  );
  const ingredient = sqlite.prepare(
    'insert or ignore into cake_ingredients (cake_id, item_id, quantity) values (?, ?, ?)',
  );
  sqlite.transaction(() => {
    const categoryIds = CAKE_CATEGORIES.map((name) => (category.get(name) as { id: number }).id);
    for (let n = 0; n < count; n++) {
      const flavour = FLAVOURS[n % FLAVOURS.length] as string;
      const size = CAKE_SIZES[Math.floor(n / FLAVOURS.length) % CAKE_SIZES.length] as string;
      const price = (450 + 250 * CAKE_SIZES.indexOf(size) + ((n * 37) % 200)) * 100;
      const { id } = cake.get(
        `CK-${String(n + 1).padStart(5, '0')}`,
        `${flavour} ${size} No. ${n + 1}`,
        categoryIds[n % categoryIds.length],
        50,
        price,
      ) as { id: number };
      // A recipe in thousandths of each item's unit: 0.25, 1.25, 2.25 ...
      for (let k = 0; k < 3 + (n % 3); k++)
        ingredient.run(id, 1 + ((n * 7919 + k * 104_729) % items), 250 + k * 1000);
    }
  })();
}

function seedCustomers(db: Db, count: number) {
  const add = db.$client.prepare(
    'insert into customers (customer_id, name, email, phone_number, address) values (?, ?, ?, ?, ?)',
  );
  db.$client.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const name = `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${n}`;
      add.run(
        `CUST-${String(n).padStart(5, '0')}`,
        name,
        `customer${n}@mail.test`,
        `0917${String(n).padStart(7, '0')}`,
        `${n} Rizal St., Quezon City`,
      );
    }
  })();
}

/**
 * The shelves the checkouts sell from: plenty of stock, nothing expired, every unit in a lot
 * (the item's stock is its lots' sum, as the app keeps it). The first ON_SALE items get one
 * undated lot each; the next ON_SALE get LOTS_EACH lots of equal size, the first expiring in
 * 60 days and each next one 60 days later, at costs a little apart.
 */
function stockShelves(db: Db) {
  const sqlite = db.$client;
  const today = manilaDate();
  const clear = sqlite.prepare('delete from stock_lots where item_id between ? and ?');
  const lot = sqlite.prepare(
    `insert into stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date)
     select id, ?, ?, ?, ?, purchase_price + ?, ? from inventory_items where id = ?`,
  );
  const shelve = sqlite.prepare('update inventory_items set stock = ?, expiration_date = ? where id = ?');
  sqlite.transaction(() => {
    clear.run(1, 2 * ON_SALE);
    for (let id = 1; id <= ON_SALE; id++) {
      lot.run(`SHELF-${id}`, 'opening', SHELF_STOCK, SHELF_STOCK, 0, null, id);
      shelve.run(SHELF_STOCK, null, id);
    }
    const each = SHELF_STOCK / LOTS_EACH;
    for (let id = ON_SALE + 1; id <= 2 * ON_SALE; id++) {
      for (let k = 1; k <= LOTS_EACH; k++)
        lot.run(`SHELF-${id}-${k}`, 'purchase', each, each, 10 * (k - 3), addDays(today, 60 * k), id);
      shelve.run(SHELF_STOCK, addDays(today, 60), id);
    }
  })();
}

/**
 * A fresh data folder holding a shop of `size`, with the system admin and CASHIERS staff
 * accounts (all with BENCH_ADMIN's password). The database stays open for the caller.
 */
export async function seedShop(name: string, size: ShopSize, { record = false } = {}): Promise<SeededShop> {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'silent',
  });
  const db = openDb(config.dbFile);
  const rec = record ? recorder(db.$client) : null;
  await seedSystemAdmin(db, config);
  const hash = await hashPassword(BENCH_ADMIN.password);
  const addUser = db.$client.prepare(
    "insert into users (username, email, password_hash, role) values (?, ?, ?, 'staff')",
  );
  for (let n = 0; n < CASHIERS; n++) addUser.run(`cashier${n}`, cashier(n).email, hash);

  seedStock(db, size.items);
  seedCakes(db, size.cakes, size.items);
  seedCustomers(db, size.customers);
  const admin = db.$client.prepare('select min(id) from users').pluck().get() as number;
  const history = size.saleLines > 0 ? seedSalesHistory(db, size.saleLines, admin) : null;
  stockShelves(db);
  // What the app's daily check does first: lots that passed their date leave their items'
  // stock (about a third of the seeded items expired before today).
  db.transaction((tx) => settleExpiredLots(tx, new Date()), { behavior: 'immediate' });
  // The cakes on sale hold their stock in lots, as the app keeps it (server/domains/cakes/cakeLots.ts):
  // their opening lots grow to the shelf's, undated so they never expire mid-run.
  db.$client
    .prepare(
      `update cake_lots set quantity = 10000000, remaining = 10000000, expiration_date = null
       where source = 'opening' and cake_id <= ?`,
    )
    .run(CAKES_ON_SALE);
  db.$client
    .prepare(
      `insert into cake_lots (cake_id, source, quantity, remaining, unit_cost, expiration_date, made_at)
       select id, 'opening', 10000000, 10000000, null, null, ? from cakes
       where id <= ? and not exists (select 1 from cake_lots l where l.cake_id = cakes.id)`,
    )
    .run(Date.now(), CAKES_ON_SALE);
  db.$client
    .prepare('update cakes set stock = 10000000, expiration_date = null where id <= ?')
    .run(CAKES_ON_SALE);
  // What the app's upkeep does at start and every four hours (server/main.ts).
  optimizeSearchIndex(db);
  db.$client.pragma('optimize');
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  return {
    dir,
    dbFile: config.dbFile,
    db,
    rec,
    size,
    history,
    seconds: (performance.now() - started) / 1000,
  };
}
