import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cakeAlerts,
  cakeSizes,
  cakes,
  categories,
  inventoryItems,
  notifications,
} from '../../server/db/schema';
import { dailyStockCheck } from '../../server/domains/inventory/alerts';
import { listItems } from '../../server/domains/inventory/queries';
import { expiringSoonUntil, itemStatus, sellableStatus } from '../../shared/itemStatus';
import { listItemsInput } from '../../shared/schemas/inventory';
import { checkoutInput } from '../../shared/schemas/sales';
import { ITEM_STATUSES } from '../../shared/texts/inventory';
import { addDays, formatCalendarDate, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Expiry on the Inventory screen: the "Expiring soon" status (within 7 days, still sellable),
// its filter, sorting by expiry (nearest first, undated last), and cakes' expiry notices.

let shop: TestShop;
let owner: Session;
const today = manilaDate();
const day = (n: number) => addDays(today, n);

function put(itemId: string, fields: Partial<typeof inventoryItems.$inferInsert>) {
  return shop.db
    .insert(inventoryItems)
    .values({ itemId, name: itemId, stock: 40_000, restockThreshold: 5_000, ...fields })
    .returning()
    .get();
}

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  put('X-SOON-3', { expirationDate: day(3) });
  put('X-SOON-7', { expirationDate: day(7) });
  put('X-TODAY', { expirationDate: today });
  put('X-LATER-8', { expirationDate: day(8) });
  put('X-LATER-30', { expirationDate: day(30) });
  put('X-OLD', { expirationDate: day(-1) });
  put('X-EMPTY-SOON', { stock: 0, expirationDate: day(2) });
  put('X-LOW-SOON', { stock: 2_000, expirationDate: day(4) });
  put('X-LOW', { stock: 2_000 });
  put('X-NONE-1', {});
  put('X-NONE-2', {});
});
afterAll(() => shop.close());

const statusOf = async (itemId: string) =>
  (await owner.api.inventory.list({ search: itemId } as never)).rows.find((r) => r.itemId === itemId)?.status;

describe('the Expiring soon status', () => {
  it('marks what expires from today up to 7 days ahead, unless empty; expired and later dates keep theirs', async () => {
    expect(await statusOf('X-SOON-3')).toBe('Expiring soon');
    expect(await statusOf('X-SOON-7')).toBe('Expiring soon');
    expect(await statusOf('X-TODAY')).toBe('Expiring soon');
    expect(await statusOf('X-LATER-8')).toBe('Well-stocked');
    expect(await statusOf('X-OLD')).toBe('Expired');
    expect(await statusOf('X-EMPTY-SOON')).toBe('Out of stock');
    expect(await statusOf('X-LOW-SOON')).toBe('Expiring soon');
    expect(await statusOf('X-LOW')).toBe('Low stock');
  });

  it('the list’s SQL gives what shared/itemStatus.ts gives, for every mix of stock and date', () => {
    const own = shop.db;
    // In thousandths: a thousandth, one unit, and either side of the threshold of 5.
    const stocks = [0, 1, 1_000, 4_999, 5_000, 5_001, 6_000];
    const dates = [null, day(-1), today, day(1), day(7), day(8)];
    let n = 0;
    for (const stock of stocks)
      for (const expirationDate of dates) {
        const row = own
          .insert(inventoryItems)
          .values({ itemId: `GRID-${n++}`, name: 'Grid', stock, restockThreshold: 5_000, expirationDate })
          .returning()
          .get();
        const listed = listItems(own, listItemsInput.parse({ search: row.itemId })).rows[0];
        expect(listed?.status, `${stock} ${expirationDate}`).toBe(itemStatus(row, today));
      }
  });

  it('is sold at the counter like any item in date', async () => {
    expect(sellableStatus('Expiring soon')).toBe(true);
    expect(sellableStatus('Expired')).toBe(false);
    const item = shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'X-SOON-3')).get()!;
    const input = checkoutInput.parse({
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id: item.id, quantity: 1 }],
      paymentMethod: 'Cash',
      cashTendered: 100_000,
    });
    const admin = await shop.adminSession();
    const { sale } = await admin.api.sales.checkout(input);
    expect(sale.saleId).toMatch(/^SALE-/);
    expect(await statusOf('X-SOON-3')).toBe('Expiring soon');
    // On the counter's shelf it sits with the sellable products, not with the expired.
    const shelf = await admin.api.sales.products({ search: 'X-' });
    const rank = (itemId: string) => shelf.findIndex((p) => p.code === itemId);
    expect(rank('X-SOON-3')).toBeLessThan(rank('X-OLD'));
  });

  it('keeps the dashboard’s stock cards by stock: an Expiring soon shelf that runs low counts as Low Stock', async () => {
    const before = await owner.api.reports.dashboard();
    put('X-DASH-LOW-SOON', { stock: 3_000, expirationDate: day(2) });
    put('X-DASH-SOON', { stock: 30_000, expirationDate: day(2) });
    const after = await owner.api.reports.dashboard();
    expect(after.lowStockCount - before.lowStockCount).toBe(1);
    expect(after.outOfStockCount - before.outOfStockCount).toBe(0);
    expect(after.totalInventoryCount - before.totalInventoryCount).toBe(2);
  });
});

describe('the status filter', () => {
  it('lists only the Expiring soon items, with their total, over tRPC and REST', async () => {
    const page = await owner.api.inventory.list({ status: 'Expiring soon', limit: 100 } as never);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.status === 'Expiring soon')).toBe(true);
    expect(page.total).toBe(page.rows.length);
    const everything = (await owner.api.inventory.list({ limit: 1000 } as never)).rows;
    expect(page.total).toBe(everything.filter((r) => r.status === 'Expiring soon').length);
    // Every status filters to exactly its own items.
    for (const status of ITEM_STATUSES) {
      const only = await owner.api.inventory.list({ status, limit: 1000 } as never);
      expect(only.total, status).toBe(everything.filter((r) => r.status === status).length);
    }
    // With a search and a sort too.
    const searched = await owner.api.inventory.list({
      status: 'Expiring soon',
      search: 'X-SOON',
      field: 'expirationDate',
      order: 'asc',
    } as never);
    expect(searched.rows.map((r) => r.itemId)).toEqual(['X-SOON-3', 'X-SOON-7']);
    const res = await shop.app.inject({
      url: '/api/inventory?page=1&limit=100&status=Expiring%20soon',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItems).toBe(page.total);
    expect(res.json().items.every((i: { status: string }) => i.status === 'Expiring soon')).toBe(true);
  });

  it('refuses an unknown status with a message (tRPC and REST 400)', async () => {
    await expectTrpcError(
      owner.api.inventory.list({ status: 'Rotten' } as never),
      'BAD_REQUEST',
      'status must be one of: Expired, Out of stock, Expiring soon, Low stock, Well-stocked.',
    );
    const res = await shop.app.inject({
      url: '/api/inventory?status=Rotten',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/status must be one of: Expired, Out of stock, Expiring soon/);
  });
});

describe('sorting by expiry', () => {
  const dated = (rows: { expirationDate: string | null }[]) => rows.map((r) => r.expirationDate);
  const isNearestFirst = (dates: (string | null)[], order: 'asc' | 'desc') => {
    const firstNull = dates.indexOf(null);
    const withDates = firstNull === -1 ? dates : dates.slice(0, firstNull);
    // Undated items all come last.
    expect(dates.slice(withDates.length).every((d) => d === null)).toBe(true);
    const sorted = [...(withDates as string[])].sort();
    expect(withDates).toEqual(order === 'asc' ? sorted : sorted.reverse());
  };

  it('puts the nearest date first and items without one last, across pages, both ways', async () => {
    const total = (await owner.api.inventory.list({} as never)).total;
    for (const order of ['asc', 'desc'] as const) {
      for (const limit of [3, 7, 100]) {
        const seen: (string | null)[] = [];
        const ids: number[] = [];
        for (let page = 1; page <= Math.ceil(total / limit); page++) {
          const result = await owner.api.inventory.list({
            field: 'expirationDate',
            order,
            limit,
            page,
          } as never);
          expect(result.total).toBe(total);
          seen.push(...dated(result.rows));
          ids.push(...result.rows.map((r) => r.id));
        }
        expect(new Set(ids).size, `${order} by ${limit}`).toBe(total);
        isNearestFirst(seen, order);
      }
    }
    const first = await owner.api.inventory.list({
      field: 'expirationDate',
      order: 'asc',
      limit: 1,
    } as never);
    expect(first.rows[0]?.expirationDate).toBe(day(-1));
  });

  it('does the same within a search (the other query path) and over REST', async () => {
    const searched = await owner.api.inventory.list({
      search: 'X-',
      field: 'expirationDate',
      limit: 100,
    } as never);
    isNearestFirst(dated(searched.rows), 'asc');
    expect(searched.rows.at(-1)?.expirationDate).toBeNull();
    const res = await shop.app.inject({
      url: '/api/inventory?page=1&limit=100&field=expirationDate&order=asc',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    isNearestFirst(dated(res.json().items), 'asc');
    expect(res.json().items.at(-1).expirationDate).toBeNull();
  });
});

describe('cake expiry notifications', () => {
  const messages = () =>
    shop.db
      .select()
      .from(notifications)
      .all()
      .map((n) => n.message);

  it('announces a cake expiring within 7 days once per cake and date, and again for a new date', () => {
    const cake = shop.db
      .insert(cakes)
      .values({ cakeId: 'CK-EXP-1', name: 'Mango Cake', stock: 4, price: 50000, expirationDate: day(3) })
      .returning()
      .get();
    shop.db
      .insert(cakes)
      .values({ cakeId: 'CK-EXP-2', name: 'Later Cake', stock: 4, price: 50000, expirationDate: day(8) })
      .run();
    shop.db
      .insert(cakes)
      .values({ cakeId: 'CK-EXP-3', name: 'Gone Cake', stock: 4, price: 50000, expirationDate: day(-1) })
      .run();
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    const mine = messages().filter((m) => m.includes('CK-EXP-1'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/^Cake "Mango Cake" \(CK-EXP-1\) expires on /);
    expect(messages().some((m) => m.includes('CK-EXP-2') || m.includes('CK-EXP-3'))).toBe(false);
    shop.db
      .update(cakes)
      .set({ expirationDate: day(1) })
      .where(eq(cakes.id, cake.id))
      .run();
    dailyStockCheck(shop.db);
    dailyStockCheck(shop.db);
    expect(messages().filter((m) => m.includes('CK-EXP-1'))).toHaveLength(2);
    expect(shop.db.select().from(cakeAlerts).where(eq(cakeAlerts.cakeId, cake.id)).all()).toHaveLength(2);
    // The warning window is the same 7 days as the items' status.
    expect(expiringSoonUntil(today)).toBe(day(7));
  });

  it('announces at once when a cake is saved expiring within the week (like an item), still once per date', async () => {
    const cat = shop.db.insert(categories).values({ name: 'Birthday', type: 'cake' }).returning().get().id;
    const size = shop.db.insert(cakeSizes).values({ name: '8 inch' }).returning().get().id;
    const flour = shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'X-NONE-1')).get()!;
    const fields = {
      cakeId: 'CK-EXP-4',
      name: 'Ube Cake',
      categoryId: cat,
      sizeId: size,
      availability: 'Always',
      price: 85000,
      stock: 2,
      expirationDate: day(2),
      ingredients: [{ itemId: flour.id, quantity: 1000 }],
    };
    const { cake } = await owner.api.cakes.add(fields as never);
    expect(messages().filter((m) => m.includes('CK-EXP-4'))).toEqual([
      `Cake "Ube Cake" (CK-EXP-4) expires on ${formatCalendarDate(day(2))}.`,
    ]);
    await owner.api.cakes.update({ id: cake.id, cake: { ...fields, price: 90000 } } as never);
    dailyStockCheck(shop.db);
    expect(messages().filter((m) => m.includes('CK-EXP-4'))).toHaveLength(1);
    await owner.api.cakes.update({ id: cake.id, cake: { ...fields, expirationDate: today } } as never);
    expect(messages().filter((m) => m.includes('CK-EXP-4'))).toHaveLength(2);
    expect(messages().at(-1)).toBe(
      `Cake "Ube Cake" (CK-EXP-4) expires today (${formatCalendarDate(today)}).`,
    );
  });
});
