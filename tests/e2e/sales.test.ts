import { count, desc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakes,
  categories,
  customers,
  inventoryItems,
  sales,
  settings,
  units,
} from '../../server/db/schema';
import { formatPeso } from '../../shared/money';
import { SALES_TEXT } from '../../shared/texts/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { formatDateTime, manilaDate } from '../../shared/time';
import { saleTotals } from '../../shared/totals';
import { PASSWORD } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, sideNav, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { setStock } from '../helpers/lots';

const b = browserShopForFile();
const DAY = 24 * 60 * 60 * 1000;

/** The shelf every journey starts from: name, price (centavos) and stock (units) of each product. */
const FLOUR = { itemId: 'INV-100001', name: 'Bread Flour', unitPrice: 5000, purchasePrice: 3500, stock: 10 };
const SUGAR = { itemId: 'INV-100002', name: 'Caster Sugar', unitPrice: 7525, purchasePrice: 6000, stock: 3 };
const BUTTER = { itemId: 'INV-100003', name: 'Butter Block', unitPrice: 12000, stock: 0 };
const YEAST = { itemId: 'INV-100004', name: 'Old Yeast', unitPrice: 3000, stock: 5 };
const VANILLA = {
  itemId: 'INV-100005',
  name: 'Vanilla Extract',
  unitPrice: 25000,
  stock: 2,
  restockThreshold: 5,
};
const CAKE = { cakeId: 'CK-100001', name: 'Chocolate Cake', price: 85000, stock: 4 };
const MANGO = { cakeId: 'CK-100002', name: 'Mango Cake', price: 90000, stock: 3 };
const PROFILE = {
  businessName: 'Sweet Crumbs Baking Supply',
  address: '12 Mabini St., Quezon City',
  contact: '0917 555 0123 · hello@sweetcrumbs.ph',
  tin: '123-456-789-000',
  birPermitNumber: '',
};

const ids = { flour: 0, sugar: 0, butter: 0, yeast: 0, vanilla: 0, cake: 0, mango: 0 };

beforeAll(() => {
  const db = b.shop.db;
  const baking = db.insert(categories).values({ name: 'Baking', type: 'inventory' }).returning().get().id;
  const party = db.insert(categories).values({ name: 'Party', type: 'cake' }).returning().get().id;
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
  // The database keeps stock and threshold in thousandths.
  const item = ({ stock = 0, restockThreshold = 1, ...fields }: typeof inventoryItems.$inferInsert) =>
    db
      .insert(inventoryItems)
      .values({
        categoryId: baking,
        unitId: kg,
        amount: 1,
        ...fields,
        stock: stock * 1000,
        restockThreshold: restockThreshold * 1000,
      })
      .returning()
      .get().id;
  ids.flour = item(FLOUR);
  ids.sugar = item(SUGAR);
  ids.butter = item(BUTTER);
  ids.yeast = item({ ...YEAST, expirationDate: manilaDate(new Date(Date.now() - 2 * DAY)) });
  ids.vanilla = item(VANILLA);
  ids.cake = db
    .insert(cakes)
    .values({ ...CAKE, categoryId: party })
    .returning()
    .get().id;
  ids.mango = db
    .insert(cakes)
    .values({
      ...MANGO,
      categoryId: party,
      availability: 'Seasonal',
      seasonStart: '2020-04-01',
      seasonEnd: '2020-05-31',
    })
    .returning()
    .get().id;
  db.insert(customers).values({ customerId: 'CUS-0001', name: 'Maria Santos' }).run();
});

/** Every journey starts with the shelf as seeded and the shop profile without a BIR permit. */
beforeEach(() => {
  const db = b.shop.db;
  for (const [id, stock] of [
    [ids.flour, FLOUR.stock],
    [ids.sugar, SUGAR.stock],
    [ids.vanilla, VANILLA.stock],
  ] as const)
    setStock(b.shop, id, stock * 1000);
  db.update(cakes).set({ stock: CAKE.stock }).where(eq(cakes.id, ids.cake)).run();
  setProfile(PROFILE);
});

function setProfile(profile: typeof PROFILE) {
  b.shop.db
    .insert(settings)
    .values({ key: 'shopProfile', value: JSON.stringify(profile) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(profile) } })
    .run();
}

/** An item's stock as the database keeps it, in thousandths. */
const stockOf = (id: number) =>
  b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).get()!.stock;
const cakeStockOf = (id: number) => b.shop.db.select().from(cakes).where(eq(cakes.id, id)).get()!.stock;
const saleCount = () => b.shop.db.select({ n: count() }).from(sales).get()!.n;

const products = (page: Page) => page.getByRole('table', { name: 'Products', exact: true });
const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const receiptOf = (page: Page) => page.getByRole('dialog', { name: 'Receipt' });
const productRow = (page: Page, name: string) => products(page).getByRole('row').filter({ hasText: name });
const cartLine = (page: Page, name: string) => cartOf(page).getByRole('listitem', { name });
/** The texts of the product table's body rows in one column (0-based). */
const column = (page: Page, index: number) =>
  products(page)
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.querySelectorAll('td')[i as number]?.textContent?.trim() ?? ''),
      index,
    );
const stockShown = async (page: Page, name: string) =>
  (await productRow(page, name).locator('td').nth(6).textContent())?.trim();
/** The amount beside a label in the cart's totals ("Subtotal", "Tax (12%)", "Total", "Change"). */
const amount = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
const shows = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor();
const required = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const settled = (page: Page) => page.waitForTimeout(400);
/** How many calls of a tRPC `procedure` the page sends from now on (a batch counts each). */
function countCalls(page: Page, procedure: string) {
  let sent = 0;
  page.on('request', (r) => {
    const url = decodeURIComponent(r.url());
    if (url.includes('/trpc/')) sent += url.split(procedure).length - 1;
  });
  return () => sent;
}

/** How many product searches (`sales.products`, not the table's pages) the page sends from now on. */
function countSearches(page: Page) {
  let sent = 0;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/trpc/'))
      sent += url.pathname
        .slice('/trpc/'.length)
        .split(',')
        .filter((p) => p === 'sales.products').length;
  });
  return () => sent;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(required(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openSales(viewport = CASHIER_SCREEN) {
  const opened = await signedInPage(b, { viewport });
  await openScreen(opened.page, 'Sales Management', '/sales-management');
  await productRow(opened.page, FLOUR.name).waitFor();
  return opened;
}

/** A three-line cart: two flour, one sugar, one chocolate cake. */
async function fillCart(page: Page) {
  await productRow(page, FLOUR.name).click();
  await productRow(page, FLOUR.name).click();
  await productRow(page, SUGAR.name).click();
  await productRow(page, CAKE.name).click();
  await cartLine(page, CAKE.name).waitFor();
}

describe('the Sales Management screen', () => {
  it('sells with VAT and a GCash reference, prints the receipt on 80 mm and refunds it', async () => {
    const { page, context } = await openSales();
    expect(await products(page).getByRole('columnheader').allTextContents()).toEqual([
      'Item ID',
      'Name',
      'Category',
      'Purchase Price',
      'Unit Price',
      'Amount',
      'Stock',
      'Status',
    ]);
    // Well-stocked and available first, then low stock, then what cannot be sold; each by name.
    expect(await column(page, 1)).toEqual([
      'Bread Flour',
      'Caster Sugar',
      'Chocolate Cake',
      'Vanilla Extract',
      'Butter Block',
      'Mango Cake',
      'Old Yeast',
    ]);
    await shows(cartOf(page), SALES_TEXT.cartEmpty);

    await fillCart(page);
    expect(await stockShown(page, FLOUR.name)).toBe('8');
    expect(await cartLine(page, FLOUR.name).getByLabel(`Quantity of ${FLOUR.name}`).textContent()).toBe('2');
    const cart = cartOf(page);
    await choose(page, cart, 'Customer', 'Maria Santos (CUS-0001)');
    await cart.getByLabel('Apply 12% VAT').check();
    await choose(page, cart, 'Payment Method', 'GCash');
    // GCash needs its reference number: refused on screen until it is there.
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(cart, SALES_TEXT.referenceRequired);
    await cart.getByLabel(required('Reference number')).fill('GC-778899');

    const totals = saleTotals(
      [
        { price: FLOUR.unitPrice, quantity: 2 },
        { price: SUGAR.unitPrice, quantity: 1 },
        { price: CAKE.price, quantity: 1 },
      ],
      12,
    );
    expect(totals).toEqual({
      subtotal: 102525,
      discountAmount: 0,
      vatExemptAmount: 0,
      taxAmount: 12303,
      totalAmount: 114828,
    });
    expect(await amount(cart, 'Subtotal')).toBe(formatPeso(totals.subtotal));
    expect(await amount(cart, 'Tax (12%)')).toBe(formatPeso(totals.taxAmount));
    expect(await amount(cart, 'Total')).toBe(formatPeso(totals.totalAmount));
    expect(await cartLine(page, FLOUR.name).textContent()).toContain(formatPeso(2 * FLOUR.unitPrice));

    // At 1366×768 the whole cart, Checkout included, is on screen without scrolling the page.
    const checkout = cart.getByRole('button', { name: 'Checkout' });
    const box = (await checkout.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(CASHIER_SCREEN.height);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      CASHIER_SCREEN.height,
    );
    await snapshot(page, 'sales-1366x768');

    await checkout.click();
    await shows(page, SALES_TEXT.created);
    const receipt = receiptOf(page);
    await receipt.waitFor();

    // The database holds what the screen showed, to the centavo, and the stock went down.
    const sale = b.shop.db.select().from(sales).where(eq(sales.paymentReference, 'GC-778899')).get()!;
    expect(sale).toMatchObject({
      customerName: 'Maria Santos',
      orderType: 'Walk-in',
      taxRate: 12,
      ...totals,
      paymentMethod: 'GCash',
      status: 'completed',
    });
    expect([stockOf(ids.flour), stockOf(ids.sugar), cakeStockOf(ids.cake)]).toEqual([8_000, 2_000, 3]);

    // The receipt: the shop's profile, the sale, its lines, totals and payment.
    for (const text of [
      PROFILE.businessName,
      PROFILE.address,
      PROFILE.contact,
      `VAT REG TIN: ${PROFILE.tin}`,
      sale.saleId,
      'Maria Santos',
      formatDateTime(sale.soldAt),
      `Bread Flour x 2 @ ${formatPeso(FLOUR.unitPrice)}`,
      `Caster Sugar x 1 @ ${formatPeso(SUGAR.unitPrice)}`,
      `Chocolate Cake x 1 @ ${formatPeso(CAKE.price)}`,
      'VAT (12%)',
      formatPeso(totals.subtotal),
      formatPeso(totals.taxAmount),
      formatPeso(totals.totalAmount),
      'GCash',
      'GC-778899',
      SALES_TEXT.notOfficial,
    ]) {
      await shows(receipt, text);
    }
    expect(await receipt.getByText('Refunded', { exact: true }).count()).toBe(0);
    await settled(page);
    await snapshot(page, 'sales-receipt');

    // The cart started afresh: empty, Walk-in, no customer, no VAT, no payment method.
    await shows(cart, SALES_TEXT.cartEmpty);
    expect(await cart.getByLabel(required('Order Type')).inputValue()).toBe('Walk-in');
    expect(await cart.getByLabel(required('Customer')).inputValue()).toBe('');
    expect(await cart.getByLabel('Apply 12% VAT').isChecked()).toBe(false);
    expect(await cart.getByLabel(required('Payment Method')).inputValue()).toBe('');
    expect(await stockShown(page, FLOUR.name)).toBe('8');

    // Print: the browser's print, and in print media only the receipt, 72 mm wide.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await receipt.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await sideNav(page).isVisible()).toBe(false);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await products(page).isVisible()).toBe(false);
    expect(await receipt.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await receipt.getByText(SALES_TEXT.notOfficial).isVisible()).toBe(true);
    const paper = (await receipt.getByRole('article', { name: 'Receipt' }).boundingBox())!;
    expect(paper.width).toBeGreaterThan(260); // 72 mm is 272 CSS pixels
    expect(paper.width).toBeLessThan(285);
    await snapshot(page, 'sales-receipt-print');
    await page.emulateMedia({ media: 'screen' });

    // Refund, behind a confirmation: the stock comes back and the receipt says Refunded.
    await receipt.getByRole('button', { name: 'Refund' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await shows(confirm, SALES_TEXT.confirmRefund);
    // A double tap on the question's button is one refund, not a refund and a refusal.
    const refundsSent = countCalls(page, 'sales.refund');
    await confirm.getByRole('button', { name: 'Refund' }).dblclick();
    await shows(page, SALES_TEXT.refunded);
    await settled(page);
    expect(refundsSent()).toBe(1);
    expect(await page.getByText(SALES_TEXT.alreadyRefunded).count()).toBe(0);
    await shows(receipt, 'Refunded');
    expect(await receipt.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(b.shop.db.select().from(sales).where(eq(sales.id, sale.id)).get()!.status).toBe('refunded');
    expect([stockOf(ids.flour), stockOf(ids.sugar), cakeStockOf(ids.cake)]).toEqual([10_000, 3_000, 4]);
    await settled(page);
    await snapshot(page, 'sales-refunded');
    await receipt.getByRole('button', { name: 'Close' }).last().click();
    await receipt.waitFor({ state: 'hidden' });
    // The search box has the focus again: the next scan goes straight in.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search products');
    await expect.poll(() => stockShown(page, FLOUR.name)).toBe('10');
    await context.close();
  }, 60_000);

  it('keeps plus and minus within the stock and gives the stock back', async () => {
    const { page, context } = await openSales();
    await productRow(page, SUGAR.name).click();
    const line = cartLine(page, SUGAR.name);
    const plus = line.getByRole('button', { name: `Increase ${SUGAR.name}` });
    const minus = line.getByRole('button', { name: `Decrease ${SUGAR.name}` });
    const quantity = line.getByLabel(`Quantity of ${SUGAR.name}`);
    expect(await minus.isDisabled()).toBe(true);
    expect(await stockShown(page, SUGAR.name)).toBe('2');
    await plus.click();
    await plus.click();
    expect(await quantity.textContent()).toBe('3');
    expect(await plus.isDisabled()).toBe(true);
    expect(await stockShown(page, SUGAR.name)).toBe('0');
    // Nothing left on the shelf: the row is disabled and a click adds nothing.
    expect(await productRow(page, SUGAR.name).getAttribute('aria-disabled')).toBe('true');
    await productRow(page, SUGAR.name).click({ force: true });
    expect(await quantity.textContent()).toBe('3');
    await minus.click();
    expect(await quantity.textContent()).toBe('2');
    expect(await stockShown(page, SUGAR.name)).toBe('1');
    expect(await plus.isEnabled()).toBe(true);
    expect(await productRow(page, SUGAR.name).getAttribute('aria-disabled')).toBeNull();
    await line.getByRole('button', { name: `Remove ${SUGAR.name}` }).click();
    await shows(cartOf(page), SALES_TEXT.cartEmpty);
    expect(await stockShown(page, SUGAR.name)).toBe('3');
    await context.close();
  });

  it('disables what cannot be sold, finds products and adds a scanned barcode', async () => {
    const { page, context } = await openSales();
    for (const name of [BUTTER.name, YEAST.name, MANGO.name]) {
      expect(await productRow(page, name).getAttribute('aria-disabled')).toBe('true');
      await productRow(page, name).click({ force: true });
    }
    for (const name of [FLOUR.name, CAKE.name, VANILLA.name]) {
      expect(await productRow(page, name).getAttribute('aria-disabled')).toBeNull();
    }
    await page.waitForTimeout(200);
    await shows(cartOf(page), SALES_TEXT.cartEmpty);
    const names = await column(page, 1);
    const statuses = await column(page, 7);
    const statusOf = (name: string) => statuses[names.indexOf(name)];
    expect(statusOf(BUTTER.name)).toBe('Out of stock');
    expect(statusOf(YEAST.name)).toBe('Expired');
    expect(statusOf(MANGO.name)).toBe('Out of season');
    expect(statusOf(VANILLA.name)).toBe('Low stock');

    // The search goes to the server; nothing found says so.
    const search = page.getByPlaceholder(SALES_TEXT.searchPlaceholder);
    await search.fill('zzz-nothing');
    await shows(products(page), SALES_TEXT.noProducts);
    await search.fill('cake');
    await expect.poll(() => column(page, 1)).toEqual([CAKE.name, MANGO.name]);

    // A scanner types the id and Enter: that product goes into the cart and the box clears.
    await search.fill('inv-100001');
    await search.press('Enter');
    await cartLine(page, FLOUR.name).waitFor();
    expect(await search.inputValue()).toBe('');
    await search.fill(CAKE.cakeId);
    await search.press('Enter');
    await cartLine(page, CAKE.name).waitFor();
    // An unknown code says so (the scanner's user is not looking at the table).
    await search.fill('INV-999999');
    await search.press('Enter');
    await shows(page, SALES_TEXT.unknownCode('INV-999999'));
    // A scanned product that cannot be sold stays out, with the shop's message.
    await search.fill(BUTTER.itemId);
    await search.press('Enter');
    await shows(page, SALES_TEXT.outOfStock(BUTTER.name));
    expect(await cartLine(page, BUTTER.name).count()).toBe(0);
    await context.close();
  });

  it('adds from the keyboard: Tab reaches the sellable rows, Enter or Space adds one', async () => {
    const { page, context } = await openSales();
    const search = page.getByPlaceholder(SALES_TEXT.searchPlaceholder);
    await search.focus();
    // From the search box, Tab walks the sellable rows in shelf order and skips the rest
    // (the table's scrolling region takes a Tab of its own first).
    const reached: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const focused = document.activeElement;
          return focused?.tagName === 'TR' ? (focused.querySelectorAll('td')[1]?.textContent ?? '') : '-';
        }),
      );
    }
    expect(reached).toEqual(['-', FLOUR.name, SUGAR.name, CAKE.name, VANILLA.name, '-']);
    await page.keyboard.press('Shift+Tab');
    await snapshot(page, 'sales-keyboard-focus');
    await productRow(page, FLOUR.name).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    await expect
      .poll(() => cartLine(page, FLOUR.name).getByLabel(`Quantity of ${FLOUR.name}`).textContent())
      .toBe('2');
    await context.close();
  });

  it('checks the cart before sending, refuses cash below the total and shows the change', async () => {
    setProfile({ ...PROFILE, birPermitNumber: 'BIR-ATP-2025-0042' });
    const { page, context } = await openSales();
    const cart = cartOf(page);
    const checkout = cart.getByRole('button', { name: 'Checkout' });
    await checkout.click();
    await shows(page, SALES_TEXT.noLines);
    await productRow(page, FLOUR.name).click();
    await checkout.click();
    await shows(cart, SALES_TEXT.noPaymentMethod);
    await choose(page, cart, 'Payment Method', 'Cash');
    const before = saleCount();

    const tendered = cart.getByLabel('Cash Tendered');
    // A mistyped huge amount is the cash's problem, said before anything is sent.
    await tendered.fill('5000000000');
    await checkout.click();
    await shows(cart, SALES_TEXT.tenderedTooLarge);
    await tendered.fill('20');
    await checkout.click();
    await shows(cart, SALES_TEXT.cashTooLow);
    expect(await cart.getByText('Change', { exact: true }).count()).toBe(0);
    expect(saleCount()).toBe(before);

    await tendered.fill('100');
    await shows(cart, 'Change');
    expect(await amount(cart, 'Change')).toBe(formatPeso(5000));
    expect(await cart.getByText(SALES_TEXT.cashTooLow).count()).toBe(0);
    await cart.getByLabel('Unregistered Customer').check();
    await cart.getByLabel('Customer Name').fill('Juan dela Cruz');
    await checkout.click();
    const receipt = receiptOf(page);
    await receipt.waitFor();
    for (const text of [
      'Juan dela Cruz',
      `Bread Flour x 1 @ ${formatPeso(FLOUR.unitPrice)}`,
      'VAT (0%)',
      'Cash',
      'Cash Tendered',
      formatPeso(10000),
      'Change',
      'BIR Permit No.: BIR-ATP-2025-0042',
    ]) {
      await shows(receipt, text);
    }
    // With a BIR permit on record the receipt is no longer marked unofficial.
    expect(await receipt.getByText(SALES_TEXT.notOfficial).count()).toBe(0);
    expect(saleCount()).toBe(before + 1);
    const sale = b.shop.db.select().from(sales).where(eq(sales.customerName, 'Juan dela Cruz')).get()!;
    expect(sale).toMatchObject({ cashTendered: 10000, change: 5000, totalAmount: 5000, taxAmount: 0 });
    await context.close();
  });

  it('records a sale made away from the counter with the form messages and its own date', async () => {
    const { page, context } = await openSales();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/trpc/')) asked.push(decodeURIComponent(r.url()));
    });
    await page.getByRole('button', { name: 'Record a Sale' }).click();
    const form = page.getByRole('dialog', { name: 'Record a Sale' });
    await form.waitFor();
    // The picker asks for its first fifty products, not the whole shelf.
    await expect
      .poll(() => asked.some((u) => u.includes('sales.productsPage') && u.includes('"limit":50')))
      .toBe(true);
    expect(asked.filter((u) => /sales\.products(?!Page)/.test(u))).toEqual([]);
    // Required fields carry Mantine's red asterisk.
    for (const label of ['Tax Rate', 'Order Type', 'Payment Method', 'Item', 'Quantity']) {
      const asterisk = form.locator('label', { hasText: new RegExp(`^${label}`) }).locator('span');
      expect(await asterisk.textContent(), label).toContain('*');
      expect(await asterisk.evaluate((el) => getComputedStyle(el).color), label).toMatch(/^rgb\(2[0-9]{2}, /);
    }
    const add = form.getByRole('button', { name: 'Add Item' });
    await add.click();
    await shows(form, SALES_TEXT.invalidItem);

    const item = form.getByLabel(required('Item'));
    const pick = async (search: string, option: RegExp) => {
      await item.fill(search);
      await page.getByRole('option', { name: option }).click();
    };
    await pick('Butter', /^Butter Block \(INV-100003\)/);
    await add.click();
    await shows(form, SALES_TEXT.outOfStock(BUTTER.name));

    await pick('Caster', /^Caster Sugar \(INV-100002\)/);
    const quantity = form.getByLabel(required('Quantity'));
    await quantity.fill('5');
    await add.click();
    await shows(form, SALES_TEXT.notEnough(5, SUGAR.stock, SUGAR.name));
    await snapshot(page, 'sales-record-a-sale-refused');
    await quantity.fill('0');
    await add.click();
    await shows(form, SALES_TEXT.quantityMin);
    await quantity.fill('2');
    await add.click();
    const lines = form.getByRole('table', { name: 'Sale items' });
    await lines.getByRole('cell', { name: SUGAR.name, exact: true }).waitFor();
    // One more than what is left (3 - 2) is refused too.
    await pick('Caster', /^Caster Sugar \(INV-100002\)/);
    await quantity.fill('2');
    await add.click();
    await shows(form, SALES_TEXT.notEnough(2, 1, SUGAR.name));
    await quantity.fill('1');
    await quantity.press('Enter');
    await lines.getByRole('cell', { name: '3', exact: true }).waitFor();

    await form.getByLabel('Customer Name').fill('Catering: Reyes wedding');
    await choose(page, form, 'Tax Rate', '12% VAT');
    await form.getByRole('button', { name: 'Save Sale' }).click();
    await shows(form, SALES_TEXT.noPaymentMethod);
    await choose(page, form, 'Payment Method', 'Others');
    const tomorrow = manilaDate(new Date(Date.now() + DAY));
    await form.getByLabel('Date').fill(tomorrow);
    await form.getByRole('button', { name: 'Save Sale' }).click();
    await shows(form, SALES_TEXT.futureDate);
    const earlier = manilaDate(new Date(Date.now() - 3 * DAY));
    await form.getByLabel('Date').fill(earlier);
    // Before today with no Z reading yet: the admin gives the reason, kept on the sale.
    await form.getByLabel(SALES_TEXT.backdateLabel).fill('Catering paid on delivery');
    // Paid on delivery days ago: its cash is not in today's drawer.
    await form.getByRole('radio', { name: SHIFT_TEXT.inDrawerNo }).check();
    await settled(page);
    await snapshot(page, 'sales-record-a-sale');
    await form.getByRole('button', { name: 'Save Sale' }).click();
    await shows(page, SALES_TEXT.created);
    await form.waitFor({ state: 'hidden' });

    const sale = b.shop.db
      .select()
      .from(sales)
      .where(eq(sales.customerName, 'Catering: Reyes wedding'))
      .get()!;
    const totals = saleTotals([{ price: SUGAR.unitPrice, quantity: 3 }], 12);
    expect(sale).toMatchObject({
      ...totals,
      taxRate: 12,
      paymentMethod: 'Others',
      backdateReason: 'Catering paid on delivery',
    });
    expect(sale.soldAt.getTime()).toBe(new Date(`${earlier}T12:00:00+08:00`).getTime());
    expect(stockOf(ids.sugar)).toBe(0);
    const receipt = receiptOf(page);
    await shows(receipt, formatDateTime(sale.soldAt));
    await shows(receipt, `Caster Sugar x 3 @ ${formatPeso(SUGAR.unitPrice)}`);
    await shows(receipt, 'Catering paid on delivery');
    await context.close();
  }, 45_000);

  it("shows the server's refusal, keeps the cart, and a retry makes one sale", async () => {
    const { page, context } = await openSales();
    await productRow(page, FLOUR.name).click();
    await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await choose(page, cart, 'Payment Method', 'Others');
    // Another till sold the flour meanwhile: the server names the item and nothing is written.
    setStock(b.shop, ids.flour, 1_000);
    const before = saleCount();
    const searches = countSearches(page);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(page, SALES_TEXT.notEnough(2, 1, FLOUR.name));
    expect(saleCount()).toBe(before);
    expect(stockOf(ids.flour)).toBe(1_000);
    await cartLine(page, FLOUR.name).waitFor();
    // The refusal carried the line's stock: no search for it afterwards.
    await settled(page);
    expect(searches()).toBe(0);
    // Restocked, the same cart goes through once.
    setStock(b.shop, ids.flour, FLOUR.stock * 1000);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await receiptOf(page).waitFor();
    expect(saleCount()).toBe(before + 1);
    expect(stockOf(ids.flour)).toBe((FLOUR.stock - 2) * 1000);
    await context.close();
  });

  it("takes the server's prices after it refuses a changed price, and the next checkout goes through", async () => {
    const { page, context } = await openSales();
    await productRow(page, FLOUR.name).click();
    await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await choose(page, cart, 'Payment Method', 'Others');
    expect(await amount(cart, 'Total')).toBe('₱100.00');
    // The manager changed the flour's price while it sat in the cart.
    const setFlourPrice = (unitPrice: number) =>
      b.shop.db.update(inventoryItems).set({ unitPrice }).where(eq(inventoryItems.id, ids.flour)).run();
    setFlourPrice(5500);
    const before = saleCount();
    const searches = countSearches(page);
    try {
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await shows(page, SALES_TEXT.totalsDisagree('subtotal ₱110.00, tax ₱0.00, total ₱110.00'));
      expect(saleCount()).toBe(before);
      // The cart now shows the price the server charges; the cashier checks and sends again.
      await expect.poll(() => amount(cart, 'Total')).toBe('₱110.00');
      await cartLine(page, FLOUR.name).getByText('₱55.00 each', { exact: true }).waitFor();
      // The refusal itself carried the price: no search for the line afterwards.
      await settled(page);
      expect(searches()).toBe(0);
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await receiptOf(page).waitFor();
      expect(saleCount()).toBe(before + 1);
      const sale = b.shop.db.select().from(sales).orderBy(desc(sales.id)).limit(1).get()!;
      expect(sale.totalAmount).toBe(11000);
    } finally {
      setFlourPrice(FLOUR.unitPrice);
    }
    await context.close();
  });

  it('keeps a long customer name and reference inside the receipt, on screen and on 80 mm', async () => {
    const { page, context } = await openSales(TABLET);
    await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await cart.getByLabel('Unregistered Customer').check();
    const name = `Maria Concepcion de los Santos-Villanueva ${'Y'.repeat(60)}`;
    await cart.getByLabel('Customer Name').fill(name);
    await choose(page, cart, 'Payment Method', 'GCash');
    await cart.getByLabel(required('Reference number')).fill('R'.repeat(60));
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const paper = receiptOf(page).getByRole('article', { name: 'Receipt' });
    await shows(paper, 'Customer');
    /** Rows wider than the receipt, and labels squeezed onto more than one line. */
    const misfits = () =>
      paper.evaluate((sheet) =>
        [...sheet.querySelectorAll('.receipt-row')].flatMap((row) => {
          const label = row.firstElementChild as HTMLElement;
          const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
          const spills = row.scrollWidth > row.clientWidth + 1 || row.scrollWidth > sheet.clientWidth + 1;
          const squeezed =
            ['Customer', 'Reference No.'].includes(label.innerText) && label.offsetHeight > lineHeight * 1.5;
          return spills || squeezed ? [label.innerText] : [];
        }),
      );
    expect(await misfits()).toEqual([]);
    await snapshot(page, 'sales-receipt-long-tablet');
    await page.emulateMedia({ media: 'print' });
    expect(await misfits()).toEqual([]);
    await snapshot(page, 'sales-receipt-long-print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it("turns a staff user's refund into a request for approval", async () => {
    const staff = await b.shop.addUser('staff');
    const { page, context } = await signedInPage(b, { as: { email: staff.email, password: PASSWORD } });
    await openScreen(page, 'Sales Management', '/sales-management');
    // Staff sell inside a shift: the Counter bar says so until one is open.
    const counter = page.getByRole('region', { name: 'Counter', exact: true });
    await shows(counter, SHIFT_TEXT.noShiftStaff);
    await counter.getByRole('button', { name: 'Open shift' }).click();
    const opening = page.getByRole('dialog', { name: 'Open shift' });
    await opening.getByLabel(/^Opening cash/).fill('500');
    await opening.getByRole('button', { name: 'Open shift' }).click();
    await counter.getByText(/^Shift #\d+ open$/).waitFor();
    await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await choose(page, cart, 'Payment Method', 'Credit Card');
    await cart.getByLabel(required('Reference number')).fill('VISA-4242');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const receipt = receiptOf(page);
    await shows(receipt, 'VISA-4242');
    await receipt.getByRole('button', { name: 'Refund' }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await shows(page, 'Your request has been sent for approval.');
    const sale = b.shop.db.select().from(sales).where(eq(sales.paymentReference, 'VISA-4242')).get()!;
    expect(sale.status).toBe('completed');
    expect(stockOf(ids.flour)).toBe((FLOUR.stock - 1) * 1000);
    const request = b.shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, sale.saleId))
      .get();
    expect(request).toMatchObject({ module: 'Sales Management', requestType: 'refund', status: 'pending' });
    expect(await receipt.getByText('Refunded', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('asks the server for one page of ten products at a time', async () => {
    const extra = Array.from({ length: 8 }, (_, n) => ({
      itemId: `INV-9000${n}`,
      name: `Piping Bag ${n + 1}`,
      unitPrice: 1500,
      stock: 40_000,
    }));
    const added = b.shop.db.insert(inventoryItems).values(extra).returning().all();
    try {
      const { page, context } = await signedInPage(b);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/trpc/')) asked.push(decodeURIComponent(r.url()));
      });
      await openScreen(page, 'Sales Management', '/sales-management');
      await page.getByText('Showing 1-10 of 15 products').waitFor();
      expect(await products(page).locator('tbody tr').count()).toBe(10);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Showing 11-15 of 15 products').waitFor();
      // Page two is the rest of the shelf order: low stock, then what cannot be sold.
      expect(await column(page, 1)).toEqual([
        'Piping Bag 8',
        VANILLA.name,
        BUTTER.name,
        MANGO.name,
        YEAST.name,
      ]);
      expect(asked.filter((u) => u.includes('sales.productsPage')).length).toBeGreaterThanOrEqual(2);
      expect(asked.filter((u) => /sales\.products(?!Page)/.test(u))).toEqual([]);
      await context.close();
    } finally {
      for (const item of added) b.shop.db.delete(inventoryItems).where(eq(inventoryItems.id, item.id)).run();
    }
  });

  it('sells whole units of an item kept to the thousandth', async () => {
    const [cocoa, yeast] = [
      { itemId: 'INV-910001', name: 'Loose Cocoa (kg)', unitPrice: 40000, stock: 2_500 },
      { itemId: 'INV-910002', name: 'Loose Yeast (kg)', unitPrice: 30000, stock: 500 },
    ];
    const added = b.shop.db
      .insert(inventoryItems)
      .values([cocoa, yeast].map((item) => ({ ...item, restockThreshold: 100 })))
      .returning()
      .all();
    try {
      const { page, context } = await openSales();
      await page.getByPlaceholder(SALES_TEXT.searchPlaceholder).fill('Loose');
      await expect.poll(() => column(page, 1)).toEqual([cocoa.name, yeast.name]);
      // 2.5 kg sells as two; half a kilo sells as none.
      expect(await stockShown(page, cocoa.name)).toBe('2');
      expect(await stockShown(page, yeast.name)).toBe('0');
      expect(await productRow(page, yeast.name).getAttribute('aria-disabled')).toBe('true');
      await productRow(page, cocoa.name).click();
      const plus = cartLine(page, cocoa.name).getByRole('button', { name: `Increase ${cocoa.name}` });
      await plus.click();
      expect(await plus.isDisabled()).toBe(true);
      expect(await stockShown(page, cocoa.name)).toBe('0');
      await choose(page, cartOf(page), 'Payment Method', 'Others');
      await cartOf(page).getByRole('button', { name: 'Checkout' }).click();
      await receiptOf(page).waitFor();
      // The half kilo left stays in stock, in thousandths.
      expect(stockOf(added[0]!.id)).toBe(500);
      await context.close();
    } finally {
      for (const item of added) b.shop.db.delete(inventoryItems).where(eq(inventoryItems.id, item.id)).run();
    }
  });

  it('truncates a long name in the cart, keeping its plus, minus and total in view', async () => {
    const long = 'Bread Flour, first class, unbleached and enriched, for breads and pastries (25 kg sack)';
    const rename = (name: string) =>
      b.shop.db.update(inventoryItems).set({ name }).where(eq(inventoryItems.id, ids.flour)).run();
    rename(long);
    try {
      const { page, context } = await openSales();
      await productRow(page, long).click();
      const line = cartLine(page, long);
      await line.waitFor();
      const cartBox = (await cartOf(page).boundingBox())!;
      for (const control of [`Decrease ${long}`, `Increase ${long}`, `Remove ${long}`]) {
        const box = (await line.getByRole('button', { name: control }).boundingBox())!;
        expect(box.x + box.width, control).toBeLessThanOrEqual(cartBox.x + cartBox.width);
      }
      await shows(line, formatPeso(FLOUR.unitPrice));
      // The lines scroll up and down only: nothing is pushed out sideways.
      const lines = cartOf(page).getByRole('list', { name: 'Cart lines' });
      const sideways = await lines.evaluate((el) => {
        const viewport = el.closest('.mantine-ScrollArea-viewport') as HTMLElement;
        return viewport.scrollWidth - viewport.clientWidth;
      });
      expect(sideways).toBeLessThanOrEqual(0);
      await snapshot(page, 'sales-long-name');
      await context.close();
    } finally {
      rename(FLOUR.name);
    }
  });

  it('stacks the table and the cart on a tablet', async () => {
    const { page, context } = await openSales(TABLET);
    await fillCart(page);
    const cart = cartOf(page);
    await choose(page, cart, 'Payment Method', 'Cash');
    await cart.getByLabel('Cash Tendered').fill('2000');
    // Nothing runs off the side of the screen; the cart sits below the table.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    const table = (await products(page).boundingBox())!;
    const cartBox = (await cart.boundingBox())!;
    expect(cartBox.y).toBeGreaterThan(table.y + table.height - 1);
    await cart.scrollIntoViewIfNeeded();
    await snapshot(page, 'sales-820x1180');
    await context.close();
  });
});
