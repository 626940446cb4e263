import { gte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, cakeIngredients, cakes, categories, inventoryItems } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { dashboardStats, revenueCostByDay } from '../../server/domains/reports/dashboard';
import { periodDays } from '../../server/domains/reports/period';
import { reportSummary } from '../../server/domains/reports/summary';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { REPORT_TEXT } from '../../shared/texts/reports';
import { rangeStart } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Dashboard and sales report: every figure against a fixture computed by hand,
// with a refund, VAT and non-VAT sales, and sales at 23:59 and 00:01 Manila time on either
// side of midnight (15:59 and 16:01 UTC: the same UTC day, two Manila days).

let shop: TestShop;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;
let viewer: Viewer;

const at = (manila: string) => new Date(`${manila}+08:00`);
let seq = 0;

function category(name: string, type: 'inventory' | 'cake' = 'inventory') {
  return shop.db.insert(categories).values({ name, type }).returning().get();
}
function item(name: string, unitPrice: number, purchasePrice: number, categoryId: number | null) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-${700000 + seq}`, name, stock: 1_000_000, unitPrice, purchasePrice, categoryId })
    .returning()
    .get();
}

type Line = { kind: 'item' | 'cake'; id: number; quantity: number };
async function sell(when: string, lines: Line[], taxRate: 0 | 12, paymentMethod: string, customerName = '') {
  const input = checkoutInput.parse({
    customerName,
    orderType: 'Walk-in',
    lines,
    taxRate,
    paymentMethod,
    reference: paymentMethod === 'Cash' ? '' : 'REF-1',
    cashTendered: paymentMethod === 'Cash' ? 10_000_000 : undefined,
  });
  return (await checkout(shop.db, viewer, input, at(when))).sale;
}

// Products: Flour ₱100.00 (cost ₱60.00), Sugar ₱50.00 (₱35.00), a cake ₱850.00 whose
// cost is 3 × ₱40.00 of one ingredient, and a loss leader ₱10.00 (cost ₱30.00).
let flour: ReturnType<typeof item>;
let sugar: ReturnType<typeof item>;
let loss: ReturnType<typeof item>;
let cakeId: number;
const sold: Record<string, string> = {};

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  owner = await shop.signedIn('owner');
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  viewer = shop.adminViewer();

  const baking = category('Flour');
  const sweet = category('Sugar');
  const cakeCategory = category('Celebration', 'cake');
  flour = item('Bread Flour 1kg', 10000, 6000, baking.id);
  sugar = item('Brown Sugar 1kg', 5000, 3500, sweet.id);
  loss = item('Paper Liner', 1000, 3000, null);
  const butter = item('Butter 250g', 9000, 4000, null);
  const cake = shop.db
    .insert(cakes)
    .values({
      cakeId: 'CK-700001',
      name: 'Chocolate Cake',
      stock: 10,
      price: 85000,
      categoryId: cakeCategory.id,
    })
    .returning()
    .get();
  cakeId = cake.id;
  // Three units of butter, kept in thousandths.
  shop.db.insert(cakeIngredients).values({ cakeId, itemId: butter.id, quantity: 3000 }).run();

  // S5 the day before: ₱100.00, no VAT. S1 at 23:59: 2 × flour with VAT.
  sold.s5 = (
    await sell('2026-11-09T12:00:00', [{ kind: 'item', id: flour.id, quantity: 1 }], 0, 'Cash')
  ).saleId;
  sold.s1 = (
    await sell('2026-11-10T23:59:00', [{ kind: 'item', id: flour.id, quantity: 2 }], 12, 'Cash')
  ).saleId;
  // One minute later, the next Manila day: 3 × sugar and the cake, no VAT, GCash.
  sold.s2 = (
    await sell(
      '2026-11-11T00:01:00',
      [
        { kind: 'item', id: sugar.id, quantity: 3 },
        { kind: 'cake', id: cakeId, quantity: 1 },
      ],
      0,
      'GCash',
    )
  ).saleId;
  sold.s3 = (
    await sell('2026-11-11T10:00:00', [{ kind: 'item', id: flour.id, quantity: 1 }], 12, 'Cash')
  ).saleId;
  // S4 is refunded: it stays in the records and leaves every figure.
  const s4 = await sell(
    '2026-11-11T11:00:00',
    [{ kind: 'item', id: sugar.id, quantity: 4 }],
    12,
    'Credit Card',
  );
  sold.s4 = s4.saleId;
  await refund(shop.db, viewer, s4.id, at('2026-11-11T11:30:00'));
  // S6 sells at a loss on the Sunday before.
  sold.s6 = (
    await sell('2026-11-08T09:00:00', [{ kind: 'item', id: loss.id, quantity: 1 }], 0, 'Cash')
  ).saleId;
});
afterAll(() => shop.close());

const custom = (from: string, to: string) => ({ range: 'custom' as const, from, to });

describe('the report summary', () => {
  it('keeps 23:59 on its own Manila day: 10 November holds only S1', async () => {
    const s = await admin.api.reports.summary(custom('2026-11-10', '2026-11-10'));
    expect(s).toMatchObject({
      totalSales: 22400, // 20000 + 12% VAT 2400
      revenue: 20000,
      taxAmount: 2400,
      cost: 12000,
      totalProfit: 8000,
      totalTransactions: 1,
    });
    expect(s.payments).toEqual([{ method: 'Cash', transactions: 1, totalSales: 22400 }]);
    expect(s.bestSellers).toEqual([
      { kind: 'item', code: flour.itemId, name: 'Bread Flour 1kg', quantity: 2, revenue: 20000 },
    ]);
    expect(s.categories).toEqual([{ category: 'Flour', quantity: 2, revenue: 20000 }]);
  });

  it('puts 00:01 on the next day and leaves the refunded sale out of every figure', async () => {
    const s = await admin.api.reports.summary(custom('2026-11-11', '2026-11-11'));
    // S2: 15000 + 85000 = 100000, no VAT, cost 3 × 3500 + 3 × 4000 = 22500. S3: 10000 + 1200 VAT, cost 6000.
    expect(s).toMatchObject({
      totalSales: 111200,
      revenue: 110000,
      taxAmount: 1200,
      cost: 28500,
      totalProfit: 81500,
      totalTransactions: 2,
    });
    expect(s.payments).toEqual([
      { method: 'GCash', transactions: 1, totalSales: 100000 },
      { method: 'Cash', transactions: 1, totalSales: 11200 },
    ]);
    // Most sold first; equal quantities by revenue.
    expect(s.bestSellers.map((b) => [b.code, b.quantity, b.revenue])).toEqual([
      [sugar.itemId, 3, 15000],
      ['CK-700001', 1, 85000],
      [flour.itemId, 1, 10000],
    ]);
    expect(s.categories).toEqual([
      { category: 'Celebration', quantity: 1, revenue: 85000 },
      { category: 'Sugar', quantity: 3, revenue: 15000 },
      { category: 'Flour', quantity: 1, revenue: 10000 },
    ]);
  });

  it('adds a range up day by day, with empty days as zero', async () => {
    const s = await admin.api.reports.summary(custom('2026-11-09', '2026-11-12'));
    expect(s).toMatchObject({ totalSales: 143600, revenue: 140000, cost: 46500, totalProfit: 93500 });
    expect(s.totalTransactions).toBe(4);
    expect(s.daily.map((d) => [d.date, d.totalSales])).toEqual([
      ['2026-11-09', 10000],
      ['2026-11-10', 22400],
      ['2026-11-11', 111200],
      ['2026-11-12', 0],
    ]);
  });

  it('shows a loss as a negative profit', async () => {
    const s = await admin.api.reports.summary(custom('2026-11-08', '2026-11-08'));
    expect(s).toMatchObject({ totalSales: 1000, revenue: 1000, cost: 3000, totalProfit: -2000 });
    expect(s.categories).toEqual([{ category: '', quantity: 1, revenue: 1000 }]);
  });

  it('reads named ranges as Manila calendar periods', () => {
    const wednesday = at('2026-11-11T00:30:00'); // still 10 November in UTC
    const days = (range: 'today' | 'week' | 'month' | 'year' | 'all') =>
      periodDays(shop.db, { range }, wednesday);
    expect(days('today')).toMatchObject({ from: '2026-11-11', to: '2026-11-11' });
    expect(days('week')).toMatchObject({ from: '2026-11-08', to: '2026-11-11' }); // from Sunday
    expect(days('month')).toMatchObject({ from: '2026-11-01', to: '2026-11-11' });
    expect(days('year')).toMatchObject({ from: '2026-01-01', to: '2026-11-11' });
    expect(days('all')).toMatchObject({ from: '2026-11-08', to: '2026-11-11' });
    expect(days('today').start.toISOString()).toBe('2026-11-10T16:00:00.000Z');
    const week = reportSummary(shop.db, periodDays(shop.db, { range: 'week' }, wednesday));
    // S6 + S1 + S2 + S3 (S5 is on Monday 9th: in the week too).
    expect(week.totalSales).toBe(1000 + 10000 + 22400 + 111200);
  });

  it('refuses a custom range without dates, or backwards, with a message', async () => {
    await expectTrpcError(
      admin.api.reports.summary({ range: 'custom', from: '2026-11-01' }),
      'BAD_REQUEST',
      REPORT_TEXT.customNeedsDates,
    );
    await expectTrpcError(
      admin.api.reports.summary(custom('2026-11-12', '2026-11-11')),
      'BAD_REQUEST',
      REPORT_TEXT.fromAfterTo,
    );
    const bad = await rest(shop, 'GET', '/api/salesReport/summary?range=fortnight', admin.accessToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/range/i);
    // The same over every REST route of the report: a 400 with the message, never a file.
    for (const url of [
      '/api/salesReport/sales?range=custom&from=2026-11-01',
      '/api/salesReport/export?range=custom&from=2026-11-01',
    ]) {
      const res = await rest(shop, 'GET', url, admin.accessToken);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(REPORT_TEXT.customNeedsDates);
    }
    const backwards = await rest(
      shop,
      'GET',
      '/api/salesReport/export?range=custom&from=2026-11-12&to=2026-11-11',
      admin.accessToken,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(REPORT_TEXT.fromAfterTo);
  });

  it('answers REST in pesos', async () => {
    const res = await rest(
      shop,
      'GET',
      '/api/salesReport/summary?range=custom&from=2026-11-11&to=2026-11-11',
      owner.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalSales: 1112, totalProfit: 815, cost: 285, totalTransactions: 2 });
  });
});

describe('the dashboard', () => {
  it('counts today by Manila day and leaves refunds out', () => {
    const noon = at('2026-11-11T12:00:00');
    expect(dashboardStats(shop.db, viewer, noon).salesToday).toBe(2);
    expect(dashboardStats(shop.db, viewer, at('2026-11-10T23:59:30')).salesToday).toBe(1);
    const points = revenueCostByDay(shop.db, 7, noon);
    expect(points.map((p) => p.date)).toEqual([
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
    ]);
    expect(points.slice(3)).toEqual([
      { date: '2026-11-08', revenue: 1000, cost: 3000 },
      { date: '2026-11-09', revenue: 10000, cost: 6000 },
      { date: '2026-11-10', revenue: 20000, cost: 12000 },
      { date: '2026-11-11', revenue: 110000, cost: 28500 },
    ]);
  });

  it('counts today’s activity-log rows by Manila day', async () => {
    const start = rangeStart('today') as Date;
    const naive = await shop.db.$count(activityLogs, gte(activityLogs.createdAt, start));
    expect(naive).toBeGreaterThan(0);
    expect(dashboardStats(shop.db, viewer).activityLogsToday).toBe(naive);
    // Yesterday's rows are not today's.
    shop.db
      .insert(activityLogs)
      .values({
        action: 'Test',
        module: 'Test',
        description: 'yesterday',
        createdAt: new Date(start.getTime() - 1),
      })
      .run();
    expect(dashboardStats(shop.db, viewer).activityLogsToday).toBe(naive);
    shop.db
      .insert(activityLogs)
      .values({ action: 'Test', module: 'Test', description: 'today', createdAt: start })
      .run();
    expect(dashboardStats(shop.db, viewer).activityLogsToday).toBe(naive + 1);
  });

  it('answers each role only its own cards', async () => {
    const keys = async (s: Session) => Object.keys(await s.api.reports.dashboard()).sort();
    const everyone = ['lowStockCount', 'outOfStockCount', 'todaysPickups', 'totalInventoryCount'];
    expect(await keys(staff)).toEqual(everyone);
    expect(await keys(manager)).toEqual([...everyone, 'depositsHeld', 'salesToday'].sort());
    expect(await keys(owner)).toEqual(
      [...everyone, 'activityLogsToday', 'depositsHeld', 'salesToday'].sort(),
    );
    expect(await keys(admin)).toEqual(
      [...everyone, 'activityLogsToday', 'depositsHeld', 'salesToday'].sort(),
    );
    const res = await rest(shop, 'GET', '/api/dashboard', staff.accessToken);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(everyone);
  });

  it('counts items by their derived status', async () => {
    const before = await admin.api.reports.dashboard();
    item('Empty Shelf', 100, 50, null); // stock 1000 → well-stocked
    shop.db.insert(inventoryItems).values({ itemId: 'INV-799001', name: 'Out', stock: 0 }).run();
    shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-799002', name: 'Low', stock: 2_000, restockThreshold: 5_000 })
      .run();
    // Expired with no stock counts as Expired, not Out of stock.
    shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-799003', name: 'Old', stock: 0, expirationDate: '2020-01-01' })
      .run();
    const after = await admin.api.reports.dashboard();
    expect(after.totalInventoryCount - before.totalInventoryCount).toBe(4);
    expect(after.outOfStockCount - before.outOfStockCount).toBe(1);
    expect(after.lowStockCount - before.lowStockCount).toBe(1);
  });

  it('gives the revenue-cost series to admin, owner and manager only, in pesos over REST', async () => {
    await expectTrpcError(staff.api.reports.revenueCostByDay({ days: 7 }), 'FORBIDDEN');
    expect(await manager.api.reports.revenueCostByDay({ days: 30 })).toHaveLength(30);
    expect((await owner.api.reports.revenueCostByDay({ days: 90 })).at(-1)).toHaveProperty('revenue');
    const res = await rest(shop, 'GET', '/api/dashboard/revenue-cost-by-day?days=90', manager.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(90);
    expect(
      (await rest(shop, 'GET', '/api/dashboard/revenue-cost-by-day', staff.accessToken)).statusCode,
    ).toBe(403);
    const bad = await rest(shop, 'GET', '/api/dashboard/revenue-cost-by-day?days=8', admin.accessToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Days must be 7, 30 or 90.');
  });

  it('keeps the sales report from managers and staff', async () => {
    for (const s of [manager, staff]) {
      await expectTrpcError(s.api.reports.summary({ range: 'today' }), 'FORBIDDEN');
      await expectTrpcError(s.api.reports.records({ period: { range: 'today' } }), 'FORBIDDEN');
      for (const url of [
        '/api/salesReport/sales?page=1&limit=6',
        '/api/salesReport/export',
        '/api/salesReport/summary',
      ])
        expect((await rest(shop, 'GET', url, s.accessToken)).statusCode).toBe(403);
    }
  });
});

describe('the transaction records', () => {
  it('lists the period newest first, refunded sales with their status', async () => {
    const page = await admin.api.reports.records({ period: custom('2026-11-11', '2026-11-11'), limit: 6 });
    expect(page.records.map((r) => [r.saleId, r.status])).toEqual([
      [sold.s4, 'refunded'],
      [sold.s3, 'completed'],
      [sold.s2, 'completed'],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('pages without overlap or gaps while new sales arrive', async () => {
    const made: string[] = [];
    for (let n = 0; n < 14; n++)
      made.push(
        (
          await sell(
            `2026-11-12T${String(8 + (n % 10)).padStart(2, '0')}:0${n % 6}:00`,
            [{ kind: 'item', id: flour.id, quantity: 1 }],
            0,
            'Cash',
          )
        ).saleId,
      );
    const period = custom('2026-11-12', '2026-11-12');
    const first = await admin.api.reports.records({ period, limit: 6 });
    const restFirst = await rest(
      shop,
      'GET',
      '/api/salesReport/sales?page=1&limit=6&range=custom&from=2026-11-12&to=2026-11-12',
      owner.accessToken,
    );
    const asOf = restFirst.json().asOf as number;
    // The counter keeps selling, on the same day, while the report scrolls.
    for (let n = 0; n < 3; n++)
      await sell('2026-11-12T18:00:00', [{ kind: 'item', id: sugar.id, quantity: 1 }], 0, 'Cash');
    const seen = [...first.records.map((r) => r.saleId)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await admin.api.reports.records({ period, limit: 6, cursor });
      seen.push(...next.records.map((r) => r.saleId));
      cursor = next.nextCursor;
    }
    // Everything older than the first page's top, each once.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => made.includes(id)).sort()).toEqual([...made].sort());

    const restSeen: string[] = restFirst.json().sales.map((s: { saleId: string }) => s.saleId);
    for (let page = 2; page <= 3; page++) {
      const res = await rest(
        shop,
        'GET',
        `/api/salesReport/sales?page=${page}&limit=6&range=custom&from=2026-11-12&to=2026-11-12&asOf=${asOf}`,
        owner.accessToken,
      );
      restSeen.push(...res.json().sales.map((s: { saleId: string }) => s.saleId));
      expect(res.json().hasMore).toBe(page < 3);
    }
    expect(restSeen.sort()).toEqual([...made].sort());
  });

  it('answers the legacy shape in pesos', async () => {
    const res = await rest(
      shop,
      'GET',
      '/api/salesReport/sales?page=1&limit=6&range=custom&from=2026-11-10&to=2026-11-10',
      owner.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, limit: 6, total: 1, hasMore: false });
    expect(res.json().sales[0]).toMatchObject({
      saleId: sold.s1,
      totalAmount: 224,
      paymentMethod: 'Cash',
      status: 'completed',
    });
    const bad = await rest(shop, 'GET', '/api/salesReport/sales?page=0&limit=6', owner.accessToken);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the export', () => {
  it('downloads the period as .xlsx, names as text and never formulas', async () => {
    await sell(
      '2026-11-13T09:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      12,
      'Cash',
      '=HYPERLINK("http://x.test","click")',
    );
    const res = await rest(
      shop,
      'GET',
      '/api/salesReport/export?range=custom&from=2026-11-10&to=2026-11-13',
      owner.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sales_report_2026-11-10_to_2026-11-13.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Sales');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Sale ID',
      'Invoice No.',
      'Date',
      'Cashier',
      'Customer',
      'Order Type',
      'Status',
      'Subtotal',
      'Discount Type',
      'Discount',
      'VAT-Exempt Sales',
      'VAT',
      'Total Amount',
      'Cost',
      'Payments',
    ]);
    // 1 on the 10th, 3 on the 11th, 17 on the 12th, 1 on the 13th.
    expect(sheet?.rowCount).toBe(1 + 1 + 3 + 17 + 1);
    const newest = sheet?.getRow(2);
    expect(newest?.getCell(5).value).toBe('=HYPERLINK("http://x.test","click")');
    expect(newest?.getCell(5).formula).toBeUndefined();
    expect(newest?.getCell(13).value).toBe(112);
    const refunded = sheet?.getColumn(1).values.indexOf(sold.s4) ?? -1;
    expect(sheet?.getRow(refunded).getCell(7).value).toBe('Refunded');
  });
});
