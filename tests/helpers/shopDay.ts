import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/open';
import {
  cakeIngredients,
  cakeSizes,
  cakes,
  categories,
  customers,
  inventoryItems,
  suppliers,
  units,
  users,
} from '../../server/db/schema';
import type { Session, TestShop } from './app';

// A day at the shop for the cakes and customers backups, through the app: a supplier,
// items, cakes with recipes (one edited, some sold), customers (added, edited, removed),
// all with unusual but valid text (accents, ñ, emoji, quotes, a leading = or +). And the
// records as a shop holds them, by business id and names, to compare one shop with another.

/** The settings lists the areas name (no area file holds them), with names SQLite's lower() leaves alone. */
export function lists(db: Db) {
  const category = (name: string, type: 'inventory' | 'cake') =>
    db.insert(categories).values({ name, type }).returning().get().id;
  return {
    harina: category('HARINA Ñ', 'inventory'),
    celebration: category('CELEBRACIÓN Ñ 🎉', 'cake'),
    classic: category('"Classic" cakes', 'cake'),
    round: db.insert(cakeSizes).values({ name: 'BILOG 8" Ñ' }).returning().get().id,
    square: db.insert(cakeSizes).values({ name: "Square 10'" }).returning().get().id,
    kg: db.select().from(units).where(eq(units.name, 'kg')).get()?.id ?? null,
  };
}

/** The day's input on `shop` by `owner`; answers the business ids it made. */
export async function aDayOfInput(shop: TestShop, owner: Session) {
  const id = { flour: '', sugar: '', eggs: '', flan: 'CK-ÑOÑO-1', seasonal: '', ube: 'ck-plus-3' };
  const l = lists(shop.db);
  const api = owner.api;
  await api.suppliers.add({ supplierId: 'SUP-ÑA1', name: 'Molino Ñ', contact: '+63 2 8000', company: '' });
  const supplierId = shop.db.select().from(suppliers).get()?.id ?? null;
  const item = async (fields: Record<string, unknown>) =>
    (await api.inventory.add({ categoryId: l.harina, unitId: l.kg, supplierId, ...fields } as never)).item;
  const flour = await item({
    itemId: 'INV-ÑAME-01',
    name: 'Harina Niño’s',
    stock: 50_000,
    purchasePrice: 4550,
  });
  const sugar = await item({
    name: '=SUM(A1:A2) sugar',
    stock: 30_000,
    purchasePrice: 3333,
    unitPrice: 5000,
  });
  const eggs = await item({ name: '+63 "Eggs" tray', stock: 20_000, purchasePrice: 21025 });
  Object.assign(id, { flour: flour.itemId, sugar: sugar.itemId, eggs: eggs.itemId });
  const flan = await api.cakes.add({
    cakeId: id.flan,
    name: 'Leche Flan Niño’s 🎂',
    categoryId: l.celebration,
    sizeId: l.round,
    availability: 'Always',
    price: 125050,
    stock: 6,
    amount: 1,
    // A recipe in thousandths of each unit: 0.25 kg of flour, 1.125 of sugar.
    ingredients: [
      { itemId: flour.id, quantity: 250 },
      { itemId: sugar.id, quantity: 1125 },
    ],
  } as never);
  const seasonal = await api.cakes.add({
    name: '=HYPERLINK("http://x.test","click")',
    categoryId: l.classic,
    sizeId: l.square,
    availability: 'Seasonal',
    seasonalPeriod: { startDate: '2026-12-01', endDate: '2027-01-06' },
    scPwdEligible: false,
    expirationDate: '2099-12-31',
    price: 99999,
    stock: 3,
    amount: 1.5,
    shelfLifeDays: 5,
    shelfTarget: 2,
    ingredients: [{ itemId: eggs.id, quantity: 12_000 }],
  } as never);
  id.seasonal = seasonal.cake.cakeId;
  const ube = await api.cakes.add({
    cakeId: id.ube,
    name: `+63 "Ube" Halaya 'Special' Crème`,
    categoryId: l.classic,
    sizeId: l.square,
    availability: 'Always',
    price: 50000,
    stock: 4,
    ingredients: [{ itemId: flour.id, quantity: 1000 }],
  } as never);
  // Edited later in the day: more stock, a second ingredient.
  await api.cakes.update({
    id: ube.cake.id,
    cake: {
      cakeId: id.ube,
      name: `+63 "Ube" Halaya 'Special' Crème`,
      categoryId: l.classic,
      sizeId: l.square,
      availability: 'Always',
      price: 52550,
      stock: 9,
      ingredients: [
        { itemId: flour.id, quantity: 1000 },
        { itemId: eggs.id, quantity: 3000 },
      ],
    },
  } as never);
  const add = (customer: Record<string, string>) =>
    api.customers.add({ email: '', phoneNumber: '', address: '', ...customer } as never);
  const jose = await add({
    customerId: 'CUS-ÑOÑO-1',
    name: 'José Peña Ñoño 😀',
    email: 'jose.pena@example.ph',
    phoneNumber: '+63 917 555 0101',
    address: '=HYPERLINK("http://x.test","click")',
  });
  const quoted = await add({ customerId: 'CUS-000002', name: '"Quoted" O\'Brien', address: 'Crème St.' });
  await add({ customerId: 'cus-plus', name: '+Plus Bakeshop', phoneNumber: '+639175550102' });
  const gone = await add({ customerId: 'CUS-GONE', name: 'Left today' });
  await api.customers.update({
    id: quoted.record.id,
    customerId: 'CUS-000002',
    name: '"Quoted" O’Brien Jr.',
  });
  await api.customers.delete({ id: gone.record.id });
  // Two flans sold to José.
  await api.sales.checkout({
    orderType: 'Walk-in',
    customerId: jose.record.id,
    paymentMethod: 'Cash',
    cashTendered: 300000,
    lines: [{ kind: 'cake', id: flan.cake.id, quantity: 2 }],
  } as never);
  return id;
}

/** Every cake by cakeId with its references by name and its recipe by item id. */
export function cakeState(db: Db) {
  return db
    .select({ cake: cakes, category: categories.name, size: cakeSizes.name, createdBy: users.email })
    .from(cakes)
    .leftJoin(categories, eq(categories.id, cakes.categoryId))
    .leftJoin(cakeSizes, eq(cakeSizes.id, cakes.sizeId))
    .leftJoin(users, eq(users.id, cakes.createdBy))
    .orderBy(asc(cakes.cakeId))
    .all()
    .map(({ cake: { id: cakeDbId, categoryId: _c, sizeId: _s, createdBy: _b, ...cake }, ...refs }) => ({
      ...cake,
      ...refs,
      recipe: db
        .select({ itemId: inventoryItems.itemId, quantity: cakeIngredients.quantity })
        .from(cakeIngredients)
        .innerJoin(inventoryItems, eq(inventoryItems.id, cakeIngredients.itemId))
        .where(eq(cakeIngredients.cakeId, cakeDbId))
        .orderBy(asc(inventoryItems.itemId))
        .all(),
    }));
}

/** Every customer by customerId, every field but the database id. */
export function customerState(db: Db) {
  return db
    .select()
    .from(customers)
    .orderBy(asc(customers.customerId))
    .all()
    .map(({ id: _id, ...c }) => c);
}
