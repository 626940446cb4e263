// npm run dev:shop: fills an empty dev database with a small shop to try changes against.
// Everything goes through the services, so stock ledgers, activity rows and the report
// roll-ups are as the app itself would write them. The same run always makes the same shop
// (fixed seed), dated relative to today. It never touches a shop that holds anything.
import { pathToFileURL } from 'node:url';
import { eq, getTableName, type Table } from 'drizzle-orm';
import { type Config, loadConfig } from '../server/config';
import { type Db, openDb } from '../server/db/open';
import {
  activityLogs,
  cakes,
  customers,
  inventoryItems,
  sales,
  sessions,
  suppliers,
  users,
} from '../server/db/schema';
import { seedSystemAdmin } from '../server/db/seed';
import type { Viewer } from '../server/domains/auth/viewer';
import { createOrder, setOrderStatus } from '../server/domains/cakeOrders/service';
import { addCake } from '../server/domains/cakes/service';
import { customerService } from '../server/domains/customers/service';
import { addItem } from '../server/domains/inventory/service';
import { approveRegistration } from '../server/domains/requests/review';
import { requestRegistration } from '../server/domains/requests/service';
import { refund } from '../server/domains/sales/refund';
import { checkout } from '../server/domains/sales/service';
import { addCategory, addNamed, listCategories, listNamed } from '../server/domains/settings/service';
import { takeEndOfDay } from '../server/domains/shifts/endOfDay';
import { closeShift, openShift } from '../server/domains/shifts/service';
import { xReading } from '../server/domains/shifts/xReading';
import { supplierService } from '../server/domains/suppliers/service';
import { updateAccount } from '../server/domains/users/service';
import { QUANTITY_SCALE } from '../shared/quantity';
import type { Role } from '../shared/roles';
import { updateAccountInput } from '../shared/schemas/accounts';
import { createOrderInput } from '../shared/schemas/cakeOrders';
import { cakeFields } from '../shared/schemas/cakes';
import { customerFields } from '../shared/schemas/customers';
import { itemFields } from '../shared/schemas/inventory';
import { type CheckoutInput, checkoutInput } from '../shared/schemas/sales';
import { supplierFields } from '../shared/schemas/suppliers';
import { addDays, manilaDate, manilaDayStart } from '../shared/time';

/** The dev accounts' password; printed by the command, never for a real shop. */
export const DEV_PASSWORD = 'dev-shop-pass-1';
export const DEV_ACCOUNTS: readonly { username: string; role: Role }[] = [
  { username: 'owner', role: 'owner' },
  { username: 'manager', role: 'manager' },
  { username: 'cashier1', role: 'staff' },
  { username: 'cashier2', role: 'staff' },
];
export const DEV_DAYS = 7;
const SEED = 20_240_611;

export class ShopNotEmpty extends Error {}

/**
 * Whether the shop holds nothing but its system admin, and no one has signed in or done
 * anything yet: a shop in use, even a new one, is never filled with made-up sales.
 */
function shopIsEmpty(db: Db): boolean {
  const count = (table: Table) =>
    db.$client
      .prepare(`select count(*) from "${getTableName(table)}"`)
      .pluck()
      .get() as number;
  return [users, suppliers, customers, inventoryItems, cakes, sales, sessions, activityLogs].every(
    (table) => count(table) <= (table === users ? 1 : 0),
  );
}

/** A small fixed-seed generator (mulberry32): the same shop on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const viewerOf = (db: Db, id: number): Viewer => {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new Error(`no account ${id}`);
  return { user, sessionId: 'dev-shop', mustSetPassword: false };
};

/** An instant on a Manila day: `day` plus hours and minutes. */
const at = (day: string, hours: number, minutes = 0) =>
  new Date(manilaDayStart(day).getTime() + (hours * 60 + minutes) * 60_000);

// name, category, unit, supplier, stock, cost, price (centavos), restock at, SC/PWD, expires in days
type ItemRow = [string, string, string, number, number, number, number, number, boolean, number | null];
const ITEMS: ItemRow[] = [
  ['All-purpose flour 1kg', 'Flour', 'kg', 0, 120, 5200, 6500, 20, false, 180],
  ['Bread flour 1kg', 'Flour', 'kg', 0, 90, 5800, 7200, 20, false, 160],
  ['Cake flour 1kg', 'Flour', 'kg', 0, 60, 6400, 7900, 15, false, 150],
  ['Whole wheat flour 1kg', 'Flour', 'kg', 0, 4, 7000, 8800, 10, false, 120],
  ['Refined sugar 1kg', 'Sugar', 'kg', 1, 100, 7500, 9000, 20, false, 365],
  ['Brown sugar 1kg', 'Sugar', 'kg', 1, 70, 6800, 8200, 20, false, 365],
  ['Powdered sugar 500g', 'Sugar', 'pack', 1, 3, 4500, 5800, 10, false, 300],
  ['Muscovado 500g', 'Sugar', 'pack', 1, 25, 6000, 7500, 8, false, 300],
  ['Fresh eggs (tray of 30)', 'Dairy & Eggs', 'tray', 2, 40, 21000, 26000, 10, true, 4],
  ['Unsalted butter 225g', 'Dairy & Eggs', 'bar', 2, 50, 11500, 14500, 12, true, 45],
  ['Evaporated milk 370ml', 'Dairy & Eggs', 'can', 2, 80, 3800, 4800, 24, true, 240],
  ['Condensed milk 300ml', 'Dairy & Eggs', 'can', 2, 75, 5200, 6500, 24, true, 240],
  ['All-purpose cream 250ml', 'Dairy & Eggs', 'pack', 2, 30, 6200, 7800, 12, true, 2],
  ['Cream cheese 250g', 'Dairy & Eggs', 'pack', 2, 2, 16500, 19900, 6, true, -2],
  ['Baking powder 100g', 'Leaveners', 'pack', 1, 40, 3200, 4200, 10, false, 200],
  ['Baking soda 100g', 'Leaveners', 'pack', 1, 35, 2200, 3000, 10, false, 250],
  ['Instant yeast 11g', 'Leaveners', 'sachet', 1, 150, 1200, 1800, 30, false, 5],
  ['Cocoa powder 250g', 'Flavourings', 'pack', 1, 30, 14500, 17900, 8, false, 200],
  ['Ube halaya 340g', 'Flavourings', 'jar', 3, 24, 16000, 19500, 6, true, 30],
  ['Ube flavouring 30ml', 'Flavourings', 'bottle', 3, 20, 6500, 8500, 5, false, 365],
  ['Pandan essence 30ml', 'Flavourings', 'bottle', 3, 18, 5500, 7500, 5, false, 365],
  ['Vanilla extract 60ml', 'Flavourings', 'bottle', 3, 22, 9500, 12500, 6, false, 365],
  ['Desiccated coconut 250g', 'Flavourings', 'pack', 3, 5, 5800, 7500, 8, true, 90],
  ['Chocolate chips 250g', 'Flavourings', 'pack', 1, 28, 11000, 13900, 8, true, 180],
  ['Cake box 8x8 (10 pcs)', 'Packaging', 'pack', 4, 60, 9000, 12000, 10, false, null],
  ['Cake box 10x10 (10 pcs)', 'Packaging', 'pack', 4, 40, 11000, 14500, 10, false, null],
  ['Cake board 8in (10 pcs)', 'Packaging', 'pack', 4, 3, 6000, 8000, 10, false, null],
  ['Piping bags (50 pcs)', 'Tools', 'pack', 4, 25, 9500, 12900, 5, false, null],
  ['Round cake pan 8in', 'Tools', 'piece', 4, 12, 18000, 24900, 3, false, null],
  ['Silicone spatula', 'Tools', 'piece', 4, 15, 8500, 11900, 3, false, null],
];

const SUPPLIERS = [
  { supplierId: 'SUP-001', name: 'Gerry Santos', company: 'Pilipinas Flour Mills', contact: '0917 555 0101' },
  { supplierId: 'SUP-002', name: 'Lorna Reyes', company: 'Asukal Trading', contact: '0918 555 0202' },
  { supplierId: 'SUP-003', name: 'Dante Cruz', company: 'Bulacan Dairy Co-op', contact: '0919 555 0303' },
  { supplierId: 'SUP-004', name: 'Mila Ramos', company: 'Luzon Baking Supplies', contact: '02 8555 0404' },
  { supplierId: 'SUP-005', name: 'Ben Villanueva', company: 'Kusina Packaging', contact: '0920 555 0505' },
];

const CUSTOMERS = [
  ['CUST-001', 'Maria Dela Cruz', 'maria.delacruz@example.com', '0917 123 4567', 'Quezon City'],
  ['CUST-002', 'Jose Rizal Bakeshop', 'orders@rizalbakes.example.com', '02 8123 4567', 'Calamba, Laguna'],
  ['CUST-003', 'Lola Remedios Santos', '', '0918 222 3344', 'Marikina City'],
  ['CUST-004', 'Carlo Mendoza', 'carlo.m@example.com', '0919 333 4455', 'Pasig City'],
  ['CUST-005', 'Tita Baby Aquino', '', '0920 444 5566', 'San Juan City'],
  ['CUST-006', 'Ana Villareal', 'ana.v@example.com', '', 'Makati City'],
  ['CUST-007', 'Mang Ramon Garcia', '', '0921 555 6677', 'Taguig City'],
  ['CUST-008', 'Sweet Treats Cafe', 'hello@sweettreats.example.com', '0922 666 7788', 'Mandaluyong City'],
] as const;

/** The customers who buy with an SC or PWD card: their type and ID number. */
const DISCOUNT_HOLDERS: Record<string, { type: 'SC' | 'PWD'; idNumber: string }> = {
  'CUST-003': { type: 'SC', idNumber: 'SC-QC-0453812' },
  'CUST-005': { type: 'SC', idNumber: 'SC-SJ-0019274' },
  'CUST-007': { type: 'PWD', idNumber: 'PWD-TG-2210347' },
};

// name, category, size, price (centavos), stock, recipe for one cake [item name, quantity in its unit]
type CakeRow = [string, string, string, number, number, [string, number][]];
const CAKES: CakeRow[] = [
  [
    'Ube Chiffon',
    'Chiffon',
    '8 inch round',
    65000,
    6,
    [
      ['Cake flour 1kg', 0.25],
      ['Fresh eggs (tray of 30)', 0.233],
      ['Ube halaya 340g', 0.5],
    ],
  ],
  [
    'Chocolate Moist Cake',
    'Celebration',
    '8 inch round',
    75000,
    5,
    [
      ['All-purpose flour 1kg', 0.3],
      ['Cocoa powder 250g', 0.4],
      ['Refined sugar 1kg', 0.35],
    ],
  ],
  [
    'Mango Float Cake',
    'Celebration',
    '10 inch round',
    95000,
    4,
    [
      ['All-purpose cream 250ml', 2],
      ['Condensed milk 300ml', 1],
    ],
  ],
  [
    'Pandan Chiffon',
    'Chiffon',
    '8 inch round',
    60000,
    6,
    [
      ['Cake flour 1kg', 0.25],
      ['Pandan essence 30ml', 0.1],
    ],
  ],
  [
    'Leche Flan Cake',
    'Celebration',
    '6 inch round',
    55000,
    4,
    [
      ['Fresh eggs (tray of 30)', 0.4],
      ['Evaporated milk 370ml', 1],
      ['Condensed milk 300ml', 1],
    ],
  ],
];

export interface DevShop {
  accounts: { username: string; email: string; role: Role }[];
  adminEmail: string;
  /** The system admin's password when it was generated by this run. */
  adminPassword?: string;
  items: number;
  cakes: number;
  sales: number;
  refunded: string;
  days: string[];
}

/**
 * Fills `db` (which must be empty but for the system admin) with a small shop: suppliers,
 * settings lists, ~30 items with expiry dates and stock levels worth alerts, cakes with
 * recipes, customers, accounts for each role, and the last DEV_DAYS days of shifts and
 * sales (cash, GCash, split; some SC/PWD) with one refund.
 */
export async function fillDevShop(db: Db, config: Config, now = new Date()): Promise<DevShop> {
  const seeded = await seedSystemAdmin(db, config);
  if (!shopIsEmpty(db))
    throw new ShopNotEmpty('The shop already holds data: the dev shop fills only an empty one.');
  const admin = viewerOf(db, db.select().from(users).where(eq(users.email, config.adminEmail)).get()!.id);
  const rand = random(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = manilaDate(now);
  const firstDay = addDays(today, -DEV_DAYS);
  // The shop was set up the day before its first day of sales.
  const setUp = at(addDays(firstDay, -1), 9);

  // Accounts, as the app makes them: a registration approved, then a name and a role.
  const accounts: DevShop['accounts'] = [];
  for (const [i, account] of DEV_ACCOUNTS.entries()) {
    const email = `${account.username}@bakeshop.local`;
    await requestRegistration(db, { email, password: DEV_PASSWORD }, `127.0.0.${i + 10}`);
    const pending = db.$client
      .prepare("select id from registration_requests where email = ? and status = 'pending'")
      .pluck()
      .get(email) as number;
    const { userId } = approveRegistration(db, admin, pending);
    updateAccount(
      db,
      admin,
      updateAccountInput.parse({ id: userId, username: account.username, email, role: account.role }),
      config.adminEmail,
    );
    accounts.push({ username: account.username, email, role: account.role });
  }
  const idOf = (username: string) => db.select().from(users).where(eq(users.username, username)).get()!.id;
  const owner = viewerOf(db, idOf('owner'));
  const manager = viewerOf(db, idOf('manager'));
  const cashiers = [viewerOf(db, idOf('cashier1')), viewerOf(db, idOf('cashier2'))];

  // The settings lists: the ones the migrations already hold are used as they are.
  const entry = (list: { id: number; name: string }[], name: string) =>
    list.find((e) => e.name.toLowerCase() === name.toLowerCase())?.id;
  const unitIds = new Map<string, number>();
  for (const name of new Set(ITEMS.map((row) => row[2])))
    unitIds.set(name, entry(listNamed(db, 'uom'), name) ?? addNamed(db, owner, 'uom', { name }).record.id);
  const sizeIds = new Map<string, number>();
  for (const name of new Set(CAKES.map((row) => row[2])))
    sizeIds.set(name, entry(listNamed(db, 'size'), name) ?? addNamed(db, owner, 'size', { name }).record.id);
  const categoryIds = new Map<string, number>();
  const category = (name: string, type: 'inventory' | 'cake') =>
    entry(listCategories(db, { type }), name) ?? addCategory(db, owner, { name, type }).record.id;
  for (const name of new Set(ITEMS.map((row) => row[1]))) categoryIds.set(name, category(name, 'inventory'));
  for (const name of new Set(CAKES.map((row) => row[1]))) categoryIds.set(name, category(name, 'cake'));

  const supplierIds = SUPPLIERS.map(
    (fields) => supplierService.add(db, manager, supplierFields.parse(fields)).record.id,
  );
  const customerIds = new Map<string, number>();
  for (const [customerId, name, email, phoneNumber, address] of CUSTOMERS) {
    const fields = customerFields.parse({ customerId, name, email, phoneNumber, address });
    customerIds.set(customerId, customerService.add(db, manager, fields).record.id);
  }

  // Items, added the day before the first sales: so an expiry now past was still ahead then.
  const items = new Map<string, { id: number; price: number; left: number; forSale: boolean }>();
  for (const [n, row] of ITEMS.entries()) {
    const [name, category, unit, supplier, stock, cost, price, restockAt, scPwd, expiresIn] = row;
    const fields = itemFields.parse({
      itemId: `INV-${String(n + 1).padStart(4, '0')}`,
      name,
      // The services keep an item's stock in thousandths of its unit.
      stock: stock * QUANTITY_SCALE,
      categoryId: categoryIds.get(category),
      unitId: unitIds.get(unit),
      supplierId: supplierIds[supplier],
      purchasePrice: cost,
      unitPrice: price,
      amount: 1,
      restockThreshold: restockAt * QUANTITY_SCALE,
      scPwdEligible: scPwd,
      expirationDate: expiresIn === null ? null : addDays(today, expiresIn),
    });
    // Low, expired and soon-expiring stock stays on the shelf for the alerts to show.
    const forSale = stock > restockAt * 2 && (expiresIn === null || expiresIn > DEV_DAYS);
    items.set(name, { id: addItem(db, manager, fields, setUp).item.id, price, left: stock, forSale });
  }
  const cakeRows: { id: number; price: number; left: number }[] = [];
  for (const [n, [name, category, size, price, stock, recipe]] of CAKES.entries()) {
    const fields = cakeFields.parse({
      cakeId: `CK-${String(n + 1).padStart(4, '0')}`,
      name,
      categoryId: categoryIds.get(category),
      sizeId: sizeIds.get(size),
      availability: 'Always',
      price,
      stock,
      amount: 1,
      scPwdEligible: true,
      // The services keep a recipe in thousandths of each item's unit, like stock.
      ingredients: recipe.map(([item, quantity]) => ({
        itemId: items.get(item)!.id,
        quantity: Math.round(quantity * QUANTITY_SCALE),
      })),
    });
    cakeRows.push({ id: addCake(db, manager, fields, setUp).cake.id, price, left: stock });
  }

  // A week of sales: a morning and an afternoon shift a day, then the manager's Z reading.
  const sellable = [...items.values()].filter((item) => item.forSale);
  const refs: string[] = [];
  let saleNo = 0;
  for (let d = 0; d < DEV_DAYS; d++) {
    const day = addDays(firstDay, d);
    for (const [s, cashier] of cashiers.entries()) {
      const opensAt = at(day, s === 0 ? 8 : 14);
      const shift = openShift(db, cashier, 200_000, opensAt).shift;
      const count = 4 + Math.floor(rand() * 5);
      for (let k = 0; k < count; k++) {
        const soldAt = new Date(opensAt.getTime() + ((k + 1) * 5 * 3_600_000) / (count + 1));
        const lines: CheckoutInput['lines'] = [];
        let total = 0;
        const kinds = 1 + Math.floor(rand() * 3);
        for (let tries = 0; tries < 10 && lines.length < kinds; tries++) {
          const item = pick(sellable);
          const quantity = 1 + Math.floor(rand() * 3);
          if (lines.some((l) => l.id === item.id) || item.left < quantity + 10) continue;
          item.left -= quantity;
          lines.push({ kind: 'item', id: item.id, quantity });
          total += item.price * quantity;
        }
        const cake = pick(cakeRows);
        if (rand() < 0.3 && cake.left > 1) {
          cake.left -= 1;
          lines.push({ kind: 'cake', id: cake.id, quantity: 1 });
          total += cake.price;
        }
        saleNo++;
        const holderId = saleNo % 6 === 0 ? pick(Object.keys(DISCOUNT_HOLDERS)) : null;
        const regularId = !holderId && rand() < 0.4 ? pick(CUSTOMERS)[0] : null;
        const customerId = holderId ?? regularId;
        const customer = CUSTOMERS.find((c) => c[0] === customerId);
        const base = {
          // Fixed ids, so every run makes the same sales.
          saleId: `SALE-D${String(saleNo).padStart(7, '0')}`,
          orderType: rand() < 0.85 ? 'Walk-in' : 'Online',
          lines,
          customerId: customerId ? customerIds.get(customerId) : null,
          customerName: customer?.[1] ?? '',
        };
        const way = rand();
        let input: Record<string, unknown>;
        if (holderId) {
          // An SC/PWD sale is paid in cash; the server works out the discount.
          input = {
            ...base,
            paymentMethod: 'Cash',
            discount: { ...DISCOUNT_HOLDERS[holderId]!, name: customer![1] },
          };
        } else if (way < 0.55) {
          input = { ...base, paymentMethod: 'Cash', cashTendered: Math.ceil(total / 50_000) * 50_000 };
        } else if (way < 0.85) {
          input = { ...base, paymentMethod: 'GCash', reference: `GC${String(9_100_000 + saleNo)}` };
        } else {
          const cash = Math.floor(total / 200) * 100;
          input = {
            ...base,
            payments: [
              { method: 'Cash', amount: cash },
              { method: 'GCash', amount: total - cash, reference: `GC${String(9_200_000 + saleNo)}` },
            ],
          };
        }
        const sold = await checkout(db, cashier, checkoutInput.parse(input), soldAt);
        refs.push(sold.sale.saleId);
      }
      if (d === DEV_DAYS - 1 && s === 0)
        takeDevOrders(db, cashier, cakeRows, customerIds, today, at(day, 11));
      // Counted as expected, but for one short drawer on the third day.
      const closesAt = at(day, s === 0 ? 13 : 19, 30);
      const { expectedCash } = xReading(db, shift, closesAt);
      const short = d === 2 && s === 1 ? 5_000 : 0;
      closeShift(
        db,
        cashier,
        {
          id: shift.id,
          countedCash: expectedCash - short,
          reason: short ? 'Short ₱50: change given twice' : null,
        },
        closesAt,
      );
    }
    // One refund, by the manager, of a sale of the last day, before that day's Z reading.
    if (d === DEV_DAYS - 1) refund(db, manager, refs.at(-3)!, at(day, 19, 45));
    takeEndOfDay(db, manager, at(day, 20, 30));
  }

  return {
    accounts,
    adminEmail: config.adminEmail,
    adminPassword: seeded.generatedPassword,
    items: items.size,
    cakes: cakeRows.length,
    sales: refs.length,
    refunded: refs.at(-3)!,
    days: Array.from({ length: DEV_DAYS }, (_, d) => addDays(firstDay, d)),
  };
}

/**
 * Four cake orders taken at the counter on the last day, for pickups from today on: a custom
 * wedding cake with a GCash deposit, a catalogue cake paid in cash, a christening cake with no
 * deposit yet (Pending) and two catalogue cakes, already Ready.
 */
function takeDevOrders(
  db: Db,
  cashier: Viewer,
  cakeRows: readonly { id: number; price: number }[],
  customerIds: Map<string, number>,
  today: string,
  takenAt: Date,
) {
  const order = (fields: Record<string, unknown>) =>
    createOrder(db, cashier, createOrderInput.parse({ phone: '0917 555 0101', ...fields }), takenAt).order;
  order({
    customerName: 'Andrea & Paolo',
    pickupAt: at(addDays(today, 3), 10),
    lines: [
      {
        description: '3-tier wedding cake, vanilla chiffon with ube filling, white fondant',
        quantity: 1,
        price: 850_000,
      },
    ],
    inscription: 'Andrea & Paolo, forever',
    payments: [{ method: 'GCash', amount: 425_000, reference: 'GC7300001' }],
  });
  order({
    customerId: customerIds.get(CUSTOMERS[0][0]),
    pickupAt: at(today, 16),
    lines: [{ cakeId: cakeRows[0]!.id, quantity: 1 }],
    inscription: 'Happy Birthday, Lola!',
    payments: [{ method: 'Cash', amount: cakeRows[0]!.price }],
    cashTendered: Math.ceil(cakeRows[0]!.price / 50_000) * 50_000,
  });
  order({
    customerName: 'Baby Gabriel',
    phone: '0918 222 3344',
    pickupAt: at(addDays(today, 1), 14),
    lines: [
      {
        description: '8" round, chocolate moist, blue and white, with a cross topper',
        quantity: 1,
        price: 180_000,
      },
    ],
    inscription: 'God bless Gabriel',
    notes: 'Customer calls before noon to confirm the colour.',
  });
  const ready = order({
    customerName: 'St. Jude Parish Office',
    pickupAt: at(addDays(today, 2), 11),
    lines: [{ cakeId: cakeRows[1]!.id, quantity: 2 }],
    payments: [{ method: 'Cash', amount: cakeRows[1]!.price }],
  });
  setOrderStatus(db, cashier, { id: ready.id, status: 'Ready' }, takenAt);
}

/** The command: refuses a production run and any shop that already holds data. */
async function main() {
  if (process.env.NODE_ENV === 'production') {
    console.error('npm run dev:shop is for development databases only (NODE_ENV is production).');
    process.exit(1);
  }
  const config = loadConfig();
  const db = openDb(config.dbFile);
  try {
    const shop = await fillDevShop(db, config);
    console.log(`Filled ${config.dbFile}: ${shop.items} items, ${shop.cakes} cakes, ${shop.sales} sales`);
    console.log(`from ${shop.days[0]} to ${shop.days.at(-1)}, sale ${shop.refunded} refunded.`);
    const adminPassword = shop.adminPassword ?? 'the ADMIN_PASSWORD set';
    console.log(`Sign in as ${shop.adminEmail} with ${adminPassword}, or:`);
    for (const account of shop.accounts)
      console.log(`  ${account.role.padEnd(8)} ${account.email}  password ${DEV_PASSWORD}`);
    const dataDir = process.env.DATA_DIR ? `DATA_DIR=${process.env.DATA_DIR} ` : '';
    console.log(`Start the app on it with: ${dataDir}npm run dev`);
  } catch (err) {
    if (!(err instanceof ShopNotEmpty)) throw err;
    console.error(`${err.message}\nDatabase: ${config.dbFile}`);
    console.error(
      'For a fresh dev shop elsewhere: DATA_DIR=./data-dev npm run dev:shop, then DATA_DIR=./data-dev npm run dev',
    );
    process.exitCode = 1;
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
