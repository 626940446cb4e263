import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inventoryItems, sales } from '../../server/db/schema';
import { formatPeso } from '../../shared/money';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { SALES_TEXT } from '../../shared/texts/sales';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { setStock } from '../helpers/lots';

// The counter as staff really use it: a scanner that never jams (an unknown code, a pack
// barcode, 3*), a tablet till whose total and Checkout stay in view, quick tender and
// Enter to check out, at the cashier's 1366×768 and the tablet's 820×1180.

const b = browserShopForFile();

// Stock in units; the database keeps thousandths.
const SUGAR = { itemId: 'SUG-001', name: 'Washed Sugar 1kg', unitPrice: 8500, stock: 50 };
const MILK = {
  itemId: 'INV-200002',
  name: 'Evaporated Milk 370ml',
  unitPrice: 4250,
  stock: 40,
  barcode: '4800016000010',
};
const FLOUR = { itemId: 'INV-200003', name: 'All-Purpose Flour 1kg', unitPrice: 6000, stock: 40 };

const ids = { sugar: 0, milk: 0, flour: 0 };

beforeAll(() => {
  const db = b.shop.db;
  const add = ({ stock = 0, ...fields }: typeof inventoryItems.$inferInsert) =>
    db
      .insert(inventoryItems)
      .values({ restockThreshold: 1_000, ...fields, stock: stock * 1000 })
      .returning()
      .get().id;
  ids.sugar = add(SUGAR);
  ids.milk = add(MILK as typeof inventoryItems.$inferInsert);
  ids.flour = add(FLOUR);
  // A full page of ten products, as a real shelf shows: on the tablet the cart starts below them.
  for (const [n, name] of [
    'Baking Powder',
    'Cocoa Powder',
    'Cream Cheese',
    'Dark Chocolate',
    'Icing Sugar',
    'Rolled Oats',
    'Vanilla Extract',
  ].entries())
    add({ itemId: `INV-20010${n}`, name, unitPrice: 5000 + n * 100, stock: 30 });
});

beforeEach(() => {
  for (const [id, stock] of [
    [ids.sugar, SUGAR.stock],
    [ids.milk, MILK.stock],
    [ids.flour, FLOUR.stock],
  ] as const)
    setStock(b.shop, id, stock * 1000);
});

const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const cartLine = (page: Page, name: string) => cartOf(page).getByRole('listitem', { name });
const quantityOf = (page: Page, name: string) =>
  cartOf(page).getByLabel(`Quantity of ${name}`, { exact: true }).textContent();
const searchBox = (page: Page) => page.getByPlaceholder(SALES_TEXT.searchPlaceholder);
const products = (page: Page) => page.getByRole('table', { name: 'Products', exact: true });
const productRow = (page: Page, name: string) => products(page).getByRole('row').filter({ hasText: name });
/** The Checkout a cashier reaches at this size: the cart's on a laptop, the till bar's on a tablet. */
const checkoutButton = (page: Page) =>
  (page.viewportSize()!.width < 1200
    ? page.getByRole('region', { name: 'Till', exact: true })
    : cartOf(page)
  ).getByRole('button', { name: 'Checkout', exact: true });

async function openTill(viewport: { width: number; height: number }) {
  const opened = await signedInPage(b, { viewport });
  await openScreen(opened.page, 'Sales Management', '/sales-management');
  // The shelf's first page (a later test adds an item, which may push the sugar to page 2).
  await products(opened.page).locator('tbody tr').first().waitFor();
  return opened;
}

/** Where an element is on the screen, relative to the viewport (no scrolling counted). */
async function onScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return {
    box,
    inView:
      box !== null &&
      box.y >= 0 &&
      box.y + box.height <= viewport.height &&
      box.x + box.width <= viewport.width,
  };
}

const SIZES = [
  ['1366x768', CASHIER_SCREEN],
  ['820x1180', TABLET],
] as const;

describe.each(SIZES)('the counter at %s', (size, viewport) => {
  it('a scanner never jams: an unknown code is named in red, the next scan adds the right item', async () => {
    const { page, context } = await openTill(viewport);
    const search = searchBox(page);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe(SALES_TEXT.searchPlaceholder);
    // A scanner: the code, then Enter, with nobody touching the box in between.
    await page.keyboard.type('ZZZ-999\n');
    await page.getByText(SALES_TEXT.unknownCode('ZZZ-999'), { exact: true }).waitFor();
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    await snapshot(page, `till-unknown-scan-${size}`);
    await page.keyboard.type('SUG-001\n');
    await cartLine(page, SUGAR.name).waitFor();
    expect(await quantityOf(page, SUGAR.name)).toBe('1');
    await expect.poll(() => search.inputValue()).toBe('');
    // The red notice outlasts the next scans (they come faster than a glance).
    expect(await page.getByText(SALES_TEXT.unknownCode('ZZZ-999'), { exact: true }).isVisible()).toBe(true);

    // Two scans back to back, the first unknown: the second is never appended to it.
    await page.keyboard.type('ZZZ-998\nSUG-001\n');
    await expect.poll(() => quantityOf(page, SUGAR.name)).toBe('2');
    await page.getByText(SALES_TEXT.unknownCode('ZZZ-998'), { exact: true }).waitFor();

    // The pack's barcode finds its item like the item ID.
    await page.keyboard.type(`${MILK.barcode}\n`);
    await cartLine(page, MILK.name).waitFor();
    expect(await quantityOf(page, MILK.name)).toBe('1');
    await expect.poll(() => search.inputValue()).toBe('');
    await context.close();
  });

  it('3*SUG-001 adds three; more than the stock is refused naming it', async () => {
    const { page, context } = await openTill(viewport);
    await searchBox(page).click();
    await page.keyboard.type('3*SUG-001\n');
    await cartLine(page, SUGAR.name).waitFor();
    expect(await quantityOf(page, SUGAR.name)).toBe('3');
    await expect.poll(() => searchBox(page).inputValue()).toBe('');
    await page.keyboard.type(`2*${MILK.barcode}\n`);
    await expect.poll(() => quantityOf(page, MILK.name).catch(() => null)).toBe('2');
    await page.keyboard.type('99*SUG-001\n');
    await page.getByText(SALES_TEXT.notEnough(102, SUGAR.stock, SUGAR.name), { exact: true }).waitFor();
    expect(await quantityOf(page, SUGAR.name)).toBe('3');
    await context.close();
  });

  it('quick tender sets cash and shows the change; Enter in the empty search box checks out', async () => {
    const { page, context } = await openTill(viewport);
    await searchBox(page).click();
    await page.keyboard.type('2*SUG-001\n');
    await cartLine(page, SUGAR.name).waitFor();
    const tenders = page.getByRole('group', { name: 'Quick tender' });
    // A note below the total (₱170.00) would be refused: it is greyed.
    expect(await tenders.getByRole('button', { name: '₱100', exact: true }).isDisabled()).toBe(true);
    for (const name of ['Exact', '₱500', '₱1,000']) {
      const box = await tenders.getByRole('button', { name, exact: true }).boundingBox();
      // Thumb-sized on the tablet; the laptop's mouse needs less of the cart's height.
      expect(box!.height).toBeGreaterThanOrEqual(viewport === TABLET ? 44 : 32);
    }
    await tenders.getByRole('button', { name: '₱500', exact: true }).click();
    await page
      .getByText(formatPeso(50000 - 17000), { exact: false })
      .first()
      .waitFor();
    await snapshot(page, `till-quick-tender-${size}`);
    const before = b.shop.db.select().from(sales).all().length;
    await searchBox(page).click();
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    await receipt.getByText(formatPeso(50000), { exact: false }).first().waitFor();
    expect(b.shop.db.select().from(sales).all().length).toBe(before + 1);
    const sale = b.shop.db.select().from(sales).all().at(-1)!;
    expect(sale.paymentMethod).toBe('Cash');
    await context.close();
  });
});

describe('the tablet till', () => {
  it('keeps the total and Checkout on screen after ten taps, and sells with Exact without a scroll', async () => {
    const { page, context } = await openTill(TABLET);
    for (let tap = 0; tap < 10; tap++) await productRow(page, tap % 2 ? FLOUR.name : SUGAR.name).click();
    await expect.poll(() => quantityOf(page, FLOUR.name)).toBe('5');
    await expect.poll(() => quantityOf(page, SUGAR.name)).toBe('5');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const checkout = await onScreen(page, checkoutButton(page));
    expect(checkout.inView, JSON.stringify(checkout.box)).toBe(true);
    expect(checkout.box!.height).toBeGreaterThanOrEqual(44);
    const total = 5 * SUGAR.unitPrice + 5 * FLOUR.unitPrice;
    await page.getByTestId('counter-total').getByText(formatPeso(total), { exact: false }).waitFor();
    await snapshot(page, 'till-tablet-ten-taps');
    // Thumb-sized: the cart's plus and minus and the product rows.
    for (const name of [`Increase ${SUGAR.name}`, `Decrease ${SUGAR.name}`]) {
      const box = await cartOf(page).getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
    }
    expect((await productRow(page, SUGAR.name).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page
      .getByRole('group', { name: 'Quick tender' })
      .getByRole('button', { name: 'Exact', exact: true })
      .click();
    await checkoutButton(page).click();
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('the cart at 1366x768', () => {
  it('keeps split payments, the customer name and the reference readable', async () => {
    const { page, context } = await openTill(CASHIER_SCREEN);
    await searchBox(page).click();
    await page.keyboard.type('2*SUG-001\n');
    const cart = cartOf(page);
    await cart.getByLabel('Unregistered Customer', { exact: true }).check();
    const name = 'Maria Clara Dela Cruz-Santos';
    await cart.getByRole('textbox', { name: 'Customer Name' }).fill(name);
    await cart.getByLabel('Split payment', { exact: true }).check();
    const reference = '1004 5678 9123 4';
    await cart.getByLabel('Payment 2 reference number', { exact: true }).fill(reference);
    await snapshot(page, 'till-split-1366x768');
    // Each field is wide enough to show what was typed in it.
    for (const [label, text] of [
      ['Payment 2 reference number', reference],
      ['Customer Name', name],
    ] as const) {
      const field = cart.getByRole('textbox', { name: label, exact: true });
      const fits = await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
      expect(fits, `${label} shows "${text}" whole`).toBe(true);
    }
    const checkout = await onScreen(page, checkoutButton(page));
    expect(checkout.inView, JSON.stringify(checkout.box)).toBe(true);
    await context.close();
  });
});

describe.each(SIZES)("today's sales at %s", (size, viewport) => {
  it('finds a receipt by sale id or amount and reprints it, naming the cashier', async () => {
    const { page, context } = await openTill(viewport);
    await searchBox(page).click();
    await page.keyboard.type('3*INV-200003\n');
    await cartLine(page, FLOUR.name).waitFor();
    await page
      .getByRole('group', { name: 'Quick tender' })
      .getByRole('button', { name: 'Exact', exact: true })
      .click();
    await checkoutButton(page).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    await page.keyboard.press('Escape');
    await receipt.waitFor({ state: 'hidden' });
    const sold = b.shop.db.select().from(sales).all().at(-1)!;

    await page.getByRole('button', { name: "Today's Sales", exact: true }).click();
    const today = page.getByRole('dialog', { name: "Today's Sales" });
    const find = today.getByRole('searchbox', { name: "Search today's sales" });
    await find.fill(sold.saleId.slice(-5).toLowerCase());
    const found = today.getByRole('table', { name: "Today's sales" });
    await expect.poll(() => found.getByRole('row').count()).toBe(2);
    await find.fill('180');
    await found.getByRole('row').filter({ hasText: sold.saleId }).waitFor();
    await snapshot(page, `till-today-sales-${size}`);
    await found.getByRole('row').filter({ hasText: sold.saleId }).click();
    await receipt.waitFor();
    await receipt.getByText(sold.saleId, { exact: true }).waitFor();
    await receipt.getByText('admin', { exact: true }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await receipt.getByRole('button', { name: 'Reprint', exact: true }).click();
    // Printed once the server has counted the reprint, headed with its count.
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await receipt.getByText('REPRINT 1', { exact: true }).waitFor();
    expect(await receipt.getByRole('button', { name: 'Refund', exact: true }).isVisible()).toBe(true);
    await snapshot(page, `till-reprint-${size}`);
    await context.close();
  });
});

describe('a pack barcode from the item form to the counter', () => {
  it('refuses a wrong check digit in the form, saves a right one, and the scan of it sells the item', async () => {
    const { page, context } = await signedInPage(b, { viewport: CASHIER_SCREEN });
    await openScreen(page, 'Inventory', '/inventory');
    await page.getByRole('button', { name: '+ Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByLabel(/^Item Name\s*\*?$/).fill('Condensed Milk 300ml');
    await add.getByLabel('Stock', { exact: true }).fill('12');
    await add.getByLabel('Unit Price', { exact: true }).fill('68');
    const barcode = add.getByRole('textbox', { name: 'Barcode' });
    await barcode.fill('036000291453');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INVENTORY_TEXT.barcodeCheckDigit, { exact: true }).waitFor();
    await snapshot(page, 'till-item-form-barcode');
    await barcode.fill('036000291452');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'hidden' });
    const saved = b.shop.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.name, 'Condensed Milk 300ml'))
      .get()!;
    expect(saved.barcode).toBe('036000291452');

    await openScreen(page, 'Sales Management', '/sales-management');
    await productRow(page, 'Condensed Milk 300ml').waitFor();
    await searchBox(page).click();
    await page.keyboard.type('036000291452\n');
    await cartLine(page, 'Condensed Milk 300ml').waitFor();
    expect(await quantityOf(page, 'Condensed Milk 300ml')).toBe('1');
    await context.close();
  });
});

describe('the cart after a sale at 1366x768', () => {
  it("clears the tender's message with the cart, and the sale's toast stays off the cart's header", async () => {
    const { page, context } = await openTill(CASHIER_SCREEN);
    await searchBox(page).click();
    await page.keyboard.type('2*SUG-001\n');
    await cartLine(page, SUGAR.name).waitFor();
    const cart = cartOf(page);
    await page
      .getByRole('group', { name: 'Quick tender' })
      .getByRole('button', { name: 'Exact', exact: true })
      .click();
    await cart.getByLabel('Cash Tendered', { exact: true }).fill('100');
    await checkoutButton(page).click();
    await cart.getByText(SALES_TEXT.cashTooLow, { exact: true }).waitFor();
    await cart.getByRole('button', { name: `Remove ${SUGAR.name}`, exact: true }).click();
    await cart.getByText(SALES_TEXT.cartEmpty, { exact: true }).waitFor();
    expect(await cart.getByText(SALES_TEXT.cashTooLow, { exact: true }).count()).toBe(0);

    await searchBox(page).click();
    await page.keyboard.type('SUG-001\n');
    await cartLine(page, SUGAR.name).waitFor();
    await page
      .getByRole('group', { name: 'Quick tender' })
      .getByRole('button', { name: '₱100', exact: true })
      .click();
    await checkoutButton(page).click();
    const toast = page.getByText(SALES_TEXT.created, { exact: true }).first();
    await toast.waitFor();
    const [toastBox, header] = [
      await toast.boundingBox(),
      await cart.getByRole('heading', { name: 'Cart', exact: true }).boundingBox(),
    ];
    const overlaps =
      toastBox!.x < header!.x + header!.width &&
      header!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < header!.y + header!.height &&
      header!.y < toastBox!.y + toastBox!.height;
    expect(overlaps, JSON.stringify({ toastBox, header })).toBe(false);
    await context.close();
  });
});
