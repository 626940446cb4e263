// A large shop's stock for the bench: items with realistic names (about 1 in 13 is
// a flour), categories, suppliers and units, written straight into SQLite so the
// FTS triggers fire exactly as they do for the app's own inserts, and each item with stock
// gets its opening lot from the trigger of server/db/sql/stock-lots.sql. Quantities in
// thousandths of the item's unit, as the database keeps them.
import type { Db } from '../server/db/open';

const PRODUCTS = [
  'Bread Flour',
  'Cake Flour',
  'All-Purpose Flour',
  'White Sugar',
  'Brown Sugar',
  'Powdered Sugar',
  'Unsalted Butter',
  'Salted Butter',
  'Margarine',
  'Shortening',
  'Cocoa Powder',
  'Dark Chocolate',
  'White Chocolate',
  'Chocolate Chips',
  'Vanilla Extract',
  'Baking Powder',
  'Baking Soda',
  'Instant Yeast',
  'Cream Cheese',
  'Whipping Cream',
  'Evaporated Milk',
  'Condensed Milk',
  'Fresh Eggs',
  'Food Color',
  'Sprinkles',
  'Fondant',
  'Piping Bags',
  'Cake Boards',
  'Cake Boxes',
  'Cupcake Liners',
  'Ube Halaya',
  'Desiccated Coconut',
  'Cornstarch',
  'Gelatin',
  'Glucose Syrup',
  'Icing Mix',
  'Almonds',
  'Walnuts',
  'Raisins',
  'Cinnamon',
];
const BRANDS = [
  'Pinoy',
  'Golden',
  'Magnolia',
  'Royal',
  'Bakers Best',
  'Island',
  'Sunrise',
  'Masterchef',
  'Premier',
  'Luzon',
];
const SIZES = ['250g', '500g', '1kg', '5kg', '25kg', '1L', '12pc', 'tray'];

/** Inserts `count` items (plus 20 categories and 50 suppliers) in one transaction. */
export function seedStock(db: Db, count: number): void {
  const sqlite = db.$client;
  const addCategory = sqlite.prepare("insert into categories (name, type) values (?, 'inventory')");
  const addSupplier = sqlite.prepare('insert into suppliers (supplier_id, name, company) values (?, ?, ?)');
  const addItem = sqlite.prepare(
    `insert into inventory_items (item_id, name, stock, category_id, purchase_price, unit_price, amount, unit_id,
       supplier_id, restock_threshold, expiration_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    const categoryIds = Array.from({ length: 20 }, (_, n) =>
      Number(addCategory.run(`Category ${n + 1}`).lastInsertRowid),
    );
    const supplierIds = Array.from({ length: 50 }, (_, n) =>
      Number(addSupplier.run(`SUP-${n + 1}`, `Supplier ${n + 1}`, `Company ${n + 1} Inc.`).lastInsertRowid),
    );
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed >>> 8) % n;
    };
    for (let n = 0; n < count; n++) {
      const name = `${BRANDS[rand(BRANDS.length)]} ${PRODUCTS[rand(PRODUCTS.length)]} ${SIZES[rand(SIZES.length)]}`;
      const cost = 500 + rand(200_000);
      const day = 1 + rand(700);
      const expires = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
      addItem.run(
        `INV-${String(n).padStart(6, '0')}`,
        name,
        rand(200) * 1000,
        categoryIds[rand(categoryIds.length)],
        cost,
        Math.round(cost * 1.3),
        1,
        1 + rand(8),
        supplierIds[rand(supplierIds.length)],
        10_000,
        rand(4) === 0 ? null : expires,
      );
    }
  })();
  sqlite.pragma('optimize');
}
