import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ShopServer, SOAK_ADMIN } from '../../bench/soakServer';
import { type Db, openDb } from '../../server/db/open';
import {
  inventoryItems,
  invoiceBlocks,
  notifications,
  sales,
  shifts,
  stockMovements,
} from '../../server/db/schema';
import { COUNTER_OFFLINE_TEXT } from '../../shared/texts/offline';
import type { TestShop } from '../helpers/app';
import { CASHIER_SCREEN, QUIET_CHROMIUM_FLAGS, snapshot, TABLET } from '../helpers/browser';
import { setStock } from '../helpers/lots';

// The counter through an outage (docs/decisions.md, Selling offline): the real server as a
// child process on one port (the device's storage and service worker belong to its origin),
// stopped and started by the test, and the browser context set offline. Three sales made
// offline, one of them of flour another till sold out meanwhile; the banner's count in two
// tabs; a reload with the server down; then each sale on the books once, in invoice order,
// with the shortfall booked and the managers told. And a sale whose answer was lost.

const FLOUR = { itemId: 'INV-810001', name: 'Bread Flour', unitPrice: 9500, purchasePrice: 7000 };
const SUGAR = { itemId: 'INV-810002', name: 'Brown Sugar', unitPrice: 6800, purchasePrice: 5000 };

let dataDir: string;
let server: ShopServer;
let db: Db;
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-offline-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = new ShopServer(dataDir, port);
  await server.start();
  db = openDb(path.join(dataDir, 'shop.sqlite'));
  const shop = { db } as TestShop;
  for (const product of [FLOUR, SUGAR]) {
    const row = db.insert(inventoryItems).values(product).returning().get();
    setStock(shop, row.id, 20_000);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', ...QUIET_CHROMIUM_FLAGS],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  db?.$client.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const products = (page: Page) => page.getByRole('table', { name: 'Products', exact: true });
const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const productRow = (page: Page, name: string) => products(page).getByRole('row').filter({ hasText: name });

async function signIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(SOAK_ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(SOAK_ADMIN.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

async function openCounter(page: Page) {
  await page.goto('/sales-management');
  await productRow(page, FLOUR.name).waitFor();
}

/** Sells `lines` (product name, how many) for cash, and closes the receipt; answers its invoice number. */
async function sell(page: Page, lines: [string, number][]) {
  for (const [name, count] of lines) for (let i = 0; i < count; i++) await productRow(page, name).click();
  const cart = cartOf(page);
  await cart.getByLabel(/^Payment Method/).click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  await cart.getByRole('button', { name: 'Checkout' }).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await receipt.waitFor();
  const number =
    (await receipt
      .getByText(/^INV1-\d{9}$/)
      .first()
      .textContent()) ?? '';
  await page
    .getByRole('dialog', { name: 'Receipt' })
    .getByRole('button', { name: 'Close', exact: true })
    .last()
    .click();
  await receipt.waitFor({ state: 'detached' });
  return number;
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited ${ms} ms for ${what}`);
};

const offlineSales = () =>
  db.select().from(sales).where(eq(sales.soldOffline, true)).orderBy(asc(sales.invoiceSeq)).all();

describe('the counter through an outage', () => {
  it('sells offline in two tabs, reopens with the server down, and puts each sale on the books once', async ({
    onTestFailed,
  }) => {
    onTestFailed(async () => {
      for (const [i, p] of browser
        .contexts()
        .flatMap((c) => c.pages())
        .entries())
        await snapshot(p, `failed-offline-counter-${i + 1}`).catch(() => undefined);
    });
    const context = await browser.newContext({
      baseURL,
      locale: 'en-PH',
      timezoneId: 'Asia/Manila',
      viewport: CASHIER_SCREEN,
    });
    context.setDefaultTimeout(12_000);
    const page = await signIn(context);
    await openCounter(page);
    // A second tab on the device, open on the counter too.
    const other = await context.newPage();
    await openCounter(other);
    // The counter gets ready: a block of invoice numbers, and the product list on the device.
    await until(() => db.select().from(invoiceBlocks).all().length > 0, 'an invoice block');
    // And the app's files kept, which the reload below needs (registered seconds after load).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    await page.waitForTimeout(1_500);

    await context.setOffline(true);
    const first = await sell(page, [[FLOUR.name, 2]]);
    // Another till, still online, sells the last of the sugar meanwhile.
    const sugar = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, SUGAR.itemId)).get()!;
    setStock({ db } as TestShop, sugar.id, 0);
    const second = await sell(page, [[SUGAR.name, 3]]);
    const third = await sell(other, [[FLOUR.name, 1]]);
    expect([first, second, third]).toEqual(['INV1-000000001', 'INV1-000000002', 'INV1-000000003']);
    // Both tabs count the one queue.
    await page.getByText(COUNTER_OFFLINE_TEXT.banner(3)).waitFor();
    await other.getByText(COUNTER_OFFLINE_TEXT.banner(3)).waitFor();
    await snapshot(page, 'offline-counter-banner');
    // Signing out waits while sales are queued, and says why.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText(COUNTER_OFFLINE_TEXT.signOutWaits(3)).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sales-management');
    expect(db.select().from(sales).all()).toHaveLength(0);

    // The box goes down; the counter reopens from the service worker's files and still counts them.
    await server.kill();
    await page.reload();
    await productRow(page, FLOUR.name).waitFor();
    await page.getByText(COUNTER_OFFLINE_TEXT.banner(3)).waitFor();
    await page.setViewportSize(TABLET);
    await page.getByRole('button', { name: 'Show waiting sales' }).click();
    await page.getByRole('dialog', { name: 'Sales waiting to send' }).getByText(third).waitFor();
    await page.waitForTimeout(400);
    await snapshot(page, 'offline-counter-reopened-tablet');
    await page.keyboard.press('Escape');

    // The server is back: the queue drains once, whichever tab sends it.
    await server.start();
    await context.setOffline(false);
    await until(() => offlineSales().length === 3, 'the three sales on the books');
    await page.getByText(/waiting to send/).waitFor({ state: 'detached', timeout: 30_000 });
    await other.getByText(/waiting to send/).waitFor({ state: 'detached', timeout: 30_000 });
    const booked = offlineSales();
    expect(booked.map((s) => s.invoiceNumber)).toEqual([first, second, third]);
    expect(new Set(booked.map((s) => s.saleId)).size).toBe(3);
    // The sugar the shelf no longer had on the books: a shortfall, and the managers told.
    const shortfall = db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.itemId, sugar.id), eq(stockMovements.reason, 'shortfall')))
      .all();
    expect(shortfall).toHaveLength(1);
    expect(shortfall[0]!.change).toBe(3_000);
    const notices = db.select().from(notifications).all();
    expect(notices.some((n) => n.message.includes(booked[1]!.saleId) && n.message.includes(SUGAR.name))).toBe(
      true,
    );
    await context.close();
  }, 120_000);

  it('takes a sale once when the server committed it and died before answering', async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    context.setDefaultTimeout(12_000);
    const page = await signIn(context);
    await openCounter(page);
    await page.waitForTimeout(1_500);
    const before = db.select().from(sales).all().length;
    await page.route('**/trpc/sales.checkout*', async (route) => {
      await route.fetch();
      await server.kill();
      await route.abort('connectionreset');
    });
    const number = await sell(page, [[FLOUR.name, 1]]);
    await page.getByText(COUNTER_OFFLINE_TEXT.banner(1)).waitFor();
    const made = db.select().from(sales).where(eq(sales.invoiceNumber, number)).all();
    expect(made).toHaveLength(1);
    await page.unroute('**/trpc/sales.checkout*');
    await server.start();
    await page.getByText(/waiting to send/).waitFor({ state: 'detached', timeout: 30_000 });
    // Sent again with its sale id, it is answered as the sale already made: still one.
    const now = db.select().from(sales).all();
    expect(now).toHaveLength(before + 1);
    expect(now.filter((s) => s.saleId === made[0]!.saleId)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it('closes the shift only once the sales made offline in it have been sent', async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    context.setDefaultTimeout(12_000);
    const page = await signIn(context);
    await openCounter(page);
    const counter = page.getByRole('region', { name: 'Counter', exact: true });
    await counter.getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByLabel(/^Opening cash/).fill('500');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await counter.getByText(/^Shift #\d+ open$/).waitFor();
    const shiftId = Number((await counter.getByText(/^Shift #\d+ open$/).textContent())?.match(/\d+/)?.[0]);
    // The network to the server drops for the counter's sales: the sale is kept on the device.
    await page.route('**/trpc/sales.checkout*', (route) => route.abort('connectionrefused'));
    // ...and then the server fails on them (a 500): that is no word on the sale, which waits.
    await page.route('**/trpc/sales.offline*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              json: {
                message: 'Something went wrong on the server.',
                code: -32603,
                data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
              },
            },
          },
        ]),
      }),
    );
    const number = await sell(page, [[FLOUR.name, 1]]);
    await page.getByText(/1 sale waiting to send/).waitFor();

    await counter.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift' });
    await close.getByLabel(/^Counted cash/).fill('595');
    await close.getByRole('button', { name: 'Close shift' }).click();
    await page.getByText(COUNTER_OFFLINE_TEXT.closeShiftWaits(1)).waitFor();
    expect(db.select().from(shifts).where(eq(shifts.id, shiftId)).get()?.closedAt).toBeNull();

    // The network is back: the sale goes into the shift, then the shift closes with it counted.
    await page.unroute('**/trpc/sales.checkout*');
    await page.unroute('**/trpc/sales.offline*');
    await close.getByRole('button', { name: 'Close shift' }).click();
    await page.getByRole('dialog', { name: /^Shift close #\d+$/ }).waitFor();
    const sale = db.select().from(sales).where(eq(sales.invoiceNumber, number)).get();
    expect(sale).toMatchObject({ soldOffline: true, shiftId });
    expect(db.select().from(shifts).where(eq(shifts.id, shiftId)).get()).toMatchObject({
      expectedCash: 50_000 + FLOUR.unitPrice,
    });
    await context.close();
  }, 90_000);

  it("dates a sale made offline by the server's clock when the tablet's clock runs slow", async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    context.setDefaultTimeout(12_000);
    // The tablet's clock is ten minutes behind the server's.
    await context.addInitScript(() => {
      const Real = Date;
      const behind = -10 * 60_000;
      class Slow extends Real {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(Real.now() + behind);
          else super(...(args as [string]));
        }
        static override now() {
          return Real.now() + behind;
        }
      }
      globalThis.Date = Slow as DateConstructor;
    });
    const page = await signIn(context);
    await openCounter(page);
    await page.waitForTimeout(1_500);
    await context.setOffline(true);
    const number = await sell(page, [[FLOUR.name, 1]]);
    await context.setOffline(false);
    await page.getByText(/waiting to send/).waitFor({ state: 'detached', timeout: 30_000 });
    const sale = db.select().from(sales).where(eq(sales.invoiceNumber, number)).get()!;
    expect(sale.soldOffline).toBe(true);
    expect(Math.abs(sale.soldAt.getTime() - Date.now())).toBeLessThan(60_000);
    await context.close();
  }, 90_000);
});
