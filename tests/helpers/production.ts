import { eq, sql } from 'drizzle-orm';
import { cakeIngredients, cakeLots, cakes, inventoryItems } from '../../server/db/schema';
import type { TestShop } from './app';
import { rest } from './rest';

// Baking in tests: an ingredient with no stock of its own (lots come from putLot), a cake
// with a recipe, a batch over REST, and what a refused call must leave as it was.

let seq = 0;

/** An inventory item with no stock; `purchasePrice` centavos a unit (the base cost reads it). */
export function anIngredient(shop: Pick<TestShop, 'db'>, name: string, purchasePrice = 0) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-Q${seq}`, name, stock: 0, unitPrice: 100, purchasePrice })
    .returning()
    .get();
}

/** A cake whose recipe is `recipe` ([item id, thousandths]); no stock, 3 days' shelf life unless told. */
export function aRecipeCake(
  shop: Pick<TestShop, 'db'>,
  recipe: [number, number][],
  fields: Partial<typeof cakes.$inferInsert> = {},
) {
  seq++;
  const row = shop.db
    .insert(cakes)
    .values({
      cakeId: `CK-Q${seq}`,
      name: `Rule Cake ${seq}`,
      price: 50000,
      stock: 0,
      shelfLifeDays: 3,
      ...fields,
    })
    .returning()
    .get();
  for (const [itemId, quantity] of recipe)
    shop.db.insert(cakeIngredients).values({ cakeId: row.id, itemId, quantity }).run();
  return row;
}

/** POST /api/production. */
export const bakeOverRest = (shop: TestShop, token: string, body: Record<string, unknown>) =>
  rest(shop, 'POST', '/api/production', token, body);

/** A cake's stock column. */
export const cakeStock = (shop: Pick<TestShop, 'db'>, id: number) =>
  shop.db.select({ stock: cakes.stock }).from(cakes).where(eq(cakes.id, id)).get()?.stock;

/** An item's stock column (thousandths). */
export const itemStock = (shop: Pick<TestShop, 'db'>, id: number) =>
  shop.db.select({ stock: inventoryItems.stock }).from(inventoryItems).where(eq(inventoryItems.id, id)).get()
    ?.stock;

/** A cake's lots, oldest first. */
export const lotsOfCake = (shop: Pick<TestShop, 'db'>, id: number) =>
  shop.db.select().from(cakeLots).where(eq(cakeLots.cakeId, id)).orderBy(cakeLots.id).all();

const WATCHED = [
  'production_batches',
  'batch_ingredients',
  'cake_lots',
  'stock_lots',
  'stock_movements',
  'cake_order_events',
  'activity_logs',
];

/** Row counts and the stock sums a batch moves: equal before and after, nothing was written. */
export function writtenState(shop: Pick<TestShop, 'db'>) {
  const counts = Object.fromEntries(
    WATCHED.map((t) => [t, shop.db.get<{ n: number }>(sql.raw(`select count(*) as n from ${t}`))?.n]),
  );
  return {
    ...counts,
    stockLotsRemaining: shop.db.get<{ n: number }>(sql`select total(remaining) as n from stock_lots`)?.n,
    cakeLotsRemaining: shop.db.get<{ n: number }>(sql`select total(remaining) as n from cake_lots`)?.n,
    itemStock: shop.db.get<{ n: number }>(sql`select total(stock) as n from inventory_items`)?.n,
    cakeStock: shop.db.get<{ n: number }>(sql`select total(stock) as n from cakes`)?.n,
    orders: shop.db.all(sql`select id, status from cake_orders order by id`),
  };
}
