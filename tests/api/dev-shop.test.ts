import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_ACCOUNTS,
  DEV_DAYS,
  DEV_PASSWORD,
  type DevShop,
  fillDevShop,
  ShopNotEmpty,
} from '../../scripts/devShop';
import {
  cakeIngredients,
  cakeOrders,
  cakes,
  customers,
  endOfDay,
  inventoryItems,
  sales,
  shifts,
  stockMovements,
  suppliers,
  users,
} from '../../server/db/schema';
import { manilaDate } from '../../shared/time';
import { type TestShop, testApp } from '../helpers/app';

// npm run dev:shop on a temp database: a small shop a developer can work in, made through
// the services, the same on every run, and never poured into a shop that holds data.

const NOW = new Date('2026-11-20T04:00:00Z'); // noon in Manila
let shop: TestShop;
let made: DevShop;

beforeAll(async () => {
  shop = await testApp();
  made = await fillDevShop(shop.db, shop.config, NOW);
});
afterAll(() => shop.close());

const count = (table: Parameters<TestShop['db']['$count']>[0]) => shop.db.$count(table);

describe('the dev shop', () => {
  it('holds suppliers, items, cakes with recipes, customers and an account per role', async () => {
    expect(await count(suppliers)).toBe(5);
    expect(await count(customers)).toBe(8);
    expect(await count(inventoryItems)).toBe(30);
    expect(made.items).toBe(30);
    expect(await count(cakes)).toBe(5);
    expect(await count(cakeIngredients)).toBeGreaterThanOrEqual(10);
    expect(await count(users)).toBe(1 + DEV_ACCOUNTS.length);
    const roles = shop.db
      .select({ role: users.role })
      .from(users)
      .all()
      .map((u) => u.role);
    expect(new Set(roles)).toEqual(new Set(['admin', 'owner', 'manager', 'staff']));
    // Every stock level came through the stock writer: a ledger row per item and cake at least.
    expect(await count(stockMovements)).toBeGreaterThanOrEqual(35);
    // And every item's stock lives in its lots: what it opened with, less what the week sold.
    const apart = shop.db.$client
      .prepare(
        `select count(*) from inventory_items i
         where i.stock <> (select coalesce(sum(l.remaining), 0) from stock_lots l where l.item_id = i.id)`,
      )
      .pluck()
      .get();
    expect(apart).toBe(0);
  });

  it('signs each dev account in with the printed password', async () => {
    for (const account of made.accounts) {
      const session = await shop.login(account.email, DEV_PASSWORD);
      expect(session.user.role).toBe(account.role);
    }
  });

  it('has items expired, expiring soon and low in stock for the alerts', () => {
    const today = manilaDate(NOW);
    const items = shop.db.select().from(inventoryItems).all();
    const dated = items.filter((i) => i.expirationDate !== null);
    expect(dated.filter((i) => i.expirationDate! < today)).toHaveLength(1);
    expect(
      dated.filter((i) => i.expirationDate! >= today && i.expirationDate! <= '2026-11-27').length,
    ).toBeGreaterThanOrEqual(2);
    expect(items.filter((i) => i.stock <= i.restockThreshold).length).toBeGreaterThanOrEqual(3);
  });

  it('sold for a week across two shifts a day, each day closed, with one refund', async () => {
    expect(made.days).toHaveLength(DEV_DAYS);
    expect(made.days.at(-1)).toBe('2026-11-19');
    expect(await count(sales)).toBe(made.sales);
    expect(made.sales).toBeGreaterThanOrEqual(DEV_DAYS * 2 * 4);
    const shiftRows = shop.db.select().from(shifts).all();
    expect(shiftRows).toHaveLength(DEV_DAYS * 2);
    expect(shiftRows.every((s) => s.closedAt !== null)).toBe(true);
    expect(await count(endOfDay)).toBe(DEV_DAYS);
    // Cake orders for the days ahead, one of each state a counter meets first.
    const orders = shop.db.select({ status: cakeOrders.status }).from(cakeOrders).all();
    expect(orders.map((o) => o.status).sort()).toEqual(['Confirmed', 'Confirmed', 'Pending', 'Ready']);
    const statuses = shop.db.select({ status: sales.status }).from(sales).all();
    expect(statuses.filter((s) => s.status === 'refunded')).toHaveLength(1);
  });

  it('shows the week on the sales report: every day, cash, GCash and split tender, SC/PWD', async () => {
    const owner = await shop.login('owner@bakeshop.local', DEV_PASSWORD);
    const summary = await shop.caller(owner.accessToken).reports.summary({
      range: 'custom',
      from: made.days[0],
      to: made.days.at(-1),
    });
    expect(summary.totalTransactions).toBe(made.sales - 1);
    expect(summary.daily.map((d) => d.date)).toEqual(made.days);
    expect(summary.daily.every((d) => d.totalSales > 0)).toBe(true);
    expect(summary.payments.map((p: { method: string }) => p.method)).toEqual(
      expect.arrayContaining(['Cash', 'GCash']),
    );
    const rows = shop.db.select().from(sales).all();
    expect(rows.some((s) => s.discountType === 'SC' || s.discountType === 'PWD')).toBe(true);
    expect(
      shop.db.$client.prepare('select count(*) from sale_payments group by sale_id having count(*) > 1').all()
        .length,
    ).toBeGreaterThan(0);
  });

  it('refuses to run again on the filled shop, changing nothing', async () => {
    const before = [await count(sales), await count(inventoryItems), await count(users)];
    await expect(fillDevShop(shop.db, shop.config, NOW)).rejects.toBeInstanceOf(ShopNotEmpty);
    expect([await count(sales), await count(inventoryItems), await count(users)]).toEqual(before);
  });

  it('refuses a shop that holds anything, even a single customer', async () => {
    const other = await testApp();
    try {
      other.db.insert(customers).values({ customerId: 'CUST-REAL', name: 'A real buyer' }).run();
      await expect(fillDevShop(other.db, other.config, NOW)).rejects.toBeInstanceOf(ShopNotEmpty);
      expect(await other.db.$count(sales)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('refuses a new shop someone has already signed in to', async () => {
    const other = await testApp();
    try {
      await other.adminSession();
      await expect(fillDevShop(other.db, other.config, NOW)).rejects.toBeInstanceOf(ShopNotEmpty);
      expect(await other.db.$count(inventoryItems)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('is the same shop on every run', async () => {
    const again = await testApp();
    try {
      const second = await fillDevShop(again.db, again.config, NOW);
      expect(second.refunded).toBe(made.refunded);
      const totals = (db: TestShop['db']) =>
        db.$client.prepare('select sale_id, total_amount, payment_method from sales order by id').all();
      expect(totals(again.db)).toEqual(totals(shop.db));
    } finally {
      await again.close();
    }
  });
});
