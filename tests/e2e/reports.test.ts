import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cakeOrderPayments, cakeOrders, categories, inventoryItems } from '../../server/db/schema';
import { refund } from '../../server/domains/sales/refund';
import { checkout } from '../../server/domains/sales/service';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { REPORT_COLOURS, REPORT_TEXT } from '../../shared/texts/reports';
import { addDays, manilaDate } from '../../shared/time';
import { PASSWORD } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Dashboard and Sales Report in the browser: the cards each role sees, the
// Financial Overview, the report's cards and charts over real sales, the records that
// load six more on scroll and stop, a record opening its receipt, the .xlsx export.

const b = browserShopForFile();
const today = manilaDate();
/** 20 sales this month (the first on the 1st), the 7th of them refunded. */
const SALES = 20;
let expectedTotal = 0;
let refundedSaleId = '';
/** Completed sales dated today. */
let todaysSales = 0;
const accounts: Record<string, { email: string }> = {};
/** A day of last month. */
const LOSS_DAY = addDays(`${today.slice(0, 8)}01`, -3);

beforeAll(async () => {
  const db = b.shop.db;
  const flourCategory = db
    .insert(categories)
    .values({ name: 'Flour', type: 'inventory' })
    .returning()
    .get().id;
  const sugarCategory = db
    .insert(categories)
    .values({ name: 'Sugar', type: 'inventory' })
    .returning()
    .get().id;
  const product = (itemId: string, name: string, unitPrice: number, categoryId: number, stock = 500_000) =>
    db
      .insert(inventoryItems)
      .values({ itemId, name, unitPrice, purchasePrice: Math.round(unitPrice * 0.6), stock, categoryId })
      .returning()
      .get().id;
  const flour = product('INV-300001', 'Bread Flour', 10000, flourCategory);
  const sugar = product('INV-300002', 'Brown Sugar', 5000, sugarCategory);
  product('INV-300003', 'Cake Boxes', 2000, sugarCategory, 0); // out of stock on the dashboard
  const viewer = b.shop.adminViewer();
  const monthStart = `${today.slice(0, 8)}01`;
  for (let n = 0; n < SALES; n++) {
    // Spread over the month so far, oldest first, each at a different minute.
    const span = Math.max(0, Number(today.slice(8)) - 1);
    const day = addDays(monthStart, Math.floor((n * span) / (SALES - 1)));
    const at = new Date(`${day}T09:${String(10 + n).padStart(2, '0')}:00+08:00`);
    const input = checkoutInput.parse({
      customerName: `Customer ${n + 1}`,
      orderType: n % 3 ? 'Walk-in' : 'Online',
      lines: [
        { kind: 'item', id: flour, quantity: 1 + (n % 3) },
        ...(n % 2 ? [{ kind: 'item', id: sugar, quantity: 2 }] : []),
      ],
      taxRate: n % 4 ? 0 : 12,
      paymentMethod: n % 2 ? 'GCash' : 'Cash',
      reference: n % 2 ? `G-${n}` : '',
      cashTendered: n % 2 ? undefined : 10_000_000,
    });
    const { sale } = await checkout(db, viewer, input, at);
    if (n === 6) {
      refundedSaleId = sale.saleId;
      await refund(db, viewer, sale.id, at);
    } else {
      expectedTotal += sale.totalAmount;
      if (day === today) todaysSales++;
    }
  }
  // A day of last month sold only at a loss: ₱10.00 liners that cost ₱30.00.
  const liners = db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-300004',
      name: 'Paper Liners',
      unitPrice: 1000,
      purchasePrice: 3000,
      stock: 50_000,
    })
    .returning()
    .get().id;
  const lossInput = checkoutInput.parse({
    orderType: 'Walk-in',
    lines: [{ kind: 'item', id: liners, quantity: 1 }],
    paymentMethod: 'Cash',
    cashTendered: 100_000,
  });
  await checkout(db, viewer, lossInput, new Date(`${LOSS_DAY}T10:00:00+08:00`));
  for (const role of ['owner', 'manager', 'staff'] as const) accounts[role] = await b.shop.addUser(role);
  // A cake order for today with a ₱500.00 deposit, for the cake order cards.
  const order = db
    .insert(cakeOrders)
    .values({
      number: 1,
      customerName: 'Ana Reyes',
      phone: '0917 555 0100',
      pickupAt: new Date(`${today}T15:00:00+08:00`),
      pickupDate: today,
      taxRate: 0,
      subtotal: 100000,
      taxAmount: 0,
      total: 100000,
      status: 'Confirmed',
    })
    .returning()
    .get().id;
  db.insert(cakeOrderPayments)
    .values({ orderId: order, kind: 'deposit', method: 'Cash', amount: 50000, takenAt: new Date() })
    .run();
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardLabels = (page: Page) =>
  page
    .locator('a[aria-label]')
    .filter({ has: page.locator('[data-testid]') })
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

describe('the dashboard', () => {
  it('shows staff the three stock cards, Today’s Pickups and no Financial Overview', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.staff!.email, password: PASSWORD },
    });
    await page.getByTestId('totalInventoryCount').waitFor();
    expect(await cardLabels(page)).toEqual([
      'Total Inventory',
      'Low Stock',
      'Out Of Stock',
      'Today’s Pickups',
    ]);
    expect(await page.getByTestId('totalInventoryCount').textContent()).toBe('4');
    expect(await page.getByTestId('outOfStockCount').textContent()).toBe('1');
    expect(await page.getByTestId('todaysPickups').textContent()).toBe('1');
    expect(await page.getByTestId('todaysPickups-detail').textContent()).toBe(
      '1 not ready yet · 0 picked up',
    );
    expect(await page.getByTestId('depositsHeld').count()).toBe(0);
    expect(await section(page, 'Financial Overview').count()).toBe(0);
    await page.getByRole('link', { name: 'Out Of Stock' }).click();
    await page.waitForURL('**/inventory');
    await context.close();
  });

  it('adds Sales Today and the chart for a manager, and the logs card for the owner', async () => {
    const manager = await signedInPage(b, { as: { email: accounts.manager!.email, password: PASSWORD } });
    await manager.page.getByTestId('salesToday').waitFor();
    expect(await cardLabels(manager.page)).toEqual([
      'Total Inventory',
      'Low Stock',
      'Out Of Stock',
      'Today’s Pickups',
      'Sales Today',
      'Deposits Held',
    ]);
    expect(await manager.page.getByTestId('depositsHeld').textContent()).toBe(formatPeso(50000));
    expect(await manager.page.getByTestId('depositsHeld-detail').textContent()).toBe(
      '1 order not yet picked up',
    );
    expect(await manager.page.getByRole('link', { name: 'Today’s Pickups' }).getAttribute('href')).toBe(
      '/cake-orders',
    );
    await manager.context.close();

    const { page, context } = await signedInPage(b, {
      as: { email: accounts.owner!.email, password: PASSWORD },
    });
    await page.getByTestId('activityLogsToday').waitFor();
    expect(await cardLabels(page)).toHaveLength(7);
    const chart = section(page, 'Financial Overview');
    await chart.locator('.recharts-line path').first().waitFor();
    const legend = await chart.locator('.mantine-ChartLegend-legendItemName').allTextContents();
    expect(legend.sort()).toEqual(['Cost', 'Revenue']);
    // Revenue green, cost orange-red.
    const strokes = await chart
      .locator('path.recharts-line-curve')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
    expect(strokes).toEqual(['var(--mantine-color-green-7)', '#e8590c']);
    // 30 days: one point per Manila day on the axis data.
    await chart.getByText('30 days', { exact: true }).click();
    await expect
      .poll(() => chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count())
      .toBeGreaterThan(7);
    await snapshot(page, 'dashboard-owner');
    await context.close();
  });
});

describe('the sales report', () => {
  it('shows this month’s cards and charts from the sales', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.owner!.email, password: PASSWORD },
    });
    await openScreen(page, 'Sales Report', '/sales-report');
    const totals = section(page, 'Total Sales');
    await totals.getByText(formatPeso(expectedTotal), { exact: true }).waitFor();
    expect(
      await section(page, 'Total Transactions')
        .getByText(String(SALES - 1), { exact: true })
        .count(),
    ).toBe(1);
    expect(await section(page, 'Best-Selling Items').textContent()).toContain('1. Bread Flour');
    expect(await section(page, 'Payment Breakdown').textContent()).toMatch(/GCash \(10\).*Cash \(9\)/);
    for (const chart of ['Daily Sales Trend', 'Sales by Category', 'Sales Distribution by Category'])
      await section(page, chart).locator('svg.recharts-surface').first().waitFor();
    // The six fixed colours, in order: the best category takes the first.
    const fills = await section(page, 'Sales Distribution by Category')
      .locator('.recharts-pie-sector path')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
    expect(fills).toEqual(
      REPORT_COLOURS.slice(0, 2).map((c) => `var(--mantine-color-${c.replace('.', '-')})`),
    );
    await snapshot(page, 'sales-report');
    await context.close();
  });

  it('loads six more records on scroll, stops with No more records, and opens a receipt', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.owner!.email, password: PASSWORD },
    });
    await page.goto('/sales-report');
    const records = section(page, 'Transaction Records');
    const rows = records.locator('tbody tr');
    await rows.first().waitFor();
    // Pages of six: as many as fill the box, then six more each time it is scrolled to the bottom.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(6);
    await page.waitForTimeout(300);
    let shown = await rows.count();
    expect(shown % 6).toBe(0);
    expect(shown).toBeLessThan(SALES);
    expect(await rows.first().textContent()).toContain('Customer 20'); // newest first
    const box = page.getByTestId('records-scroll');
    // Hold the next page back a moment: the list says it is loading meanwhile.
    await page.route('**/trpc/reports.records**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await records.getByText('Loading...', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(shown + 6);
    shown += 6;
    await page.unroute('**/trpc/reports.records**');
    while (shown < SALES) {
      await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const expected = Math.min(shown + 6, SALES);
      await expect.poll(() => rows.count()).toBe(expected);
      shown = expected;
    }
    await records.getByText('No more records', { exact: true }).waitFor();
    const refunded = rows.filter({ hasText: refundedSaleId });
    expect(await refunded.getByText('Refunded', { exact: true }).count()).toBe(1);
    // On the tablet its badge stays inside the Sale ID cell instead of running over the customer.
    await page.setViewportSize(TABLET);
    await expect
      .poll(() =>
        refunded
          .locator('td')
          .first()
          .evaluate((td) => td.scrollWidth - td.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await page.setViewportSize(CASHIER_SCREEN);
    await refunded.click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.getByText(refundedSaleId).first().waitFor();
    await snapshot(page, 'sales-report-receipt');
    await context.close();
  });

  it('exports the period’s records to .xlsx', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.owner!.email, password: PASSWORD },
    });
    await page.goto('/sales-report');
    await section(page, 'Total Sales').getByText(formatPeso(expectedTotal)).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales_report_${today.slice(0, 8)}01_to_${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(book.getWorksheet('Sales')?.rowCount).toBe(1 + SALES);
    await context.close();
  });

  it('fits a tablet, and a custom range follows through cards and records', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.owner!.email, password: PASSWORD },
      viewport: TABLET,
    });
    await page.goto('/sales-report');
    await page.getByText('Custom', { exact: true }).click();
    // Dates typed the wrong way round say so, and Export waits: it would give another period.
    const exportButton = page.getByRole('button', { name: 'Export to Excel' });
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(LOSS_DAY);
    await page.getByText(REPORT_TEXT.fromAfterTo, { exact: true }).waitFor();
    expect(await exportButton.isDisabled()).toBe(true);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByText(REPORT_TEXT.fromAfterTo, { exact: true }).waitFor({ state: 'hidden' });
    expect(await exportButton.isDisabled()).toBe(false);
    const records = section(page, 'Transaction Records');
    await expect
      .poll(async () =>
        (await section(page, 'Total Transactions').textContent())?.replace('Total Transactions', ''),
      )
      .toBe(String(todaysSales));
    await records.getByText('No more records', { exact: true }).waitFor();
    expect(await records.locator('tbody tr').count()).toBeGreaterThanOrEqual(todaysSales);
    // A day sold at a loss: Total Profit in red and bold.
    await page.getByLabel('From', { exact: true }).fill(LOSS_DAY);
    await page.getByLabel('To', { exact: true }).fill(LOSS_DAY);
    const profit = section(page, 'Total Profit').getByText(formatPeso(-2000), { exact: true });
    await profit.waitFor();
    const style = await profit.evaluate((el) => ({
      color: getComputedStyle(el).color,
      weight: getComputedStyle(el).fontWeight,
    }));
    expect(style.weight).toBe('800');
    expect(style.color).toBe('rgb(240, 62, 62)'); // Mantine's red.7
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'sales-report-tablet');
    await context.close();
  });
});
