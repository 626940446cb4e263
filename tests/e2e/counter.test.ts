import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems, sales, shifts, users } from '../../server/db/schema';
import { formatPeso } from '../../shared/money';
import { SALES_TEXT } from '../../shared/texts/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { ADMIN } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// At the counter: a senior citizen sale and its receipt, a split cash + GCash
// sale with change, and a shift opened, sold through, read (X) and closed with a variance.

const b = browserShopForFile();
const FLOUR = { itemId: 'INV-700001', name: 'Cake Flour', unitPrice: 6126, stock: 50_000 };
const ENSAYMADA = {
  itemId: 'INV-700002',
  name: 'Ensaymada',
  unitPrice: 4553,
  stock: 50_000,
  scPwdEligible: true,
};
const CAKE = { cakeId: 'CK-700001', name: 'Ube Cake', price: 85000, stock: 20 };

beforeAll(() => {
  b.shop.db.insert(inventoryItems).values([FLOUR, ENSAYMADA]).run();
  b.shop.db.insert(cakes).values(CAKE).run();
});

const products = (page: Page) => page.getByRole('table', { name: 'Products', exact: true });
const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const counterOf = (page: Page) => page.getByRole('region', { name: 'Counter', exact: true });
const productRow = (page: Page, name: string) => products(page).getByRole('row').filter({ hasText: name });
const amount = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
const shows = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor();
const settled = (page: Page) => page.waitForTimeout(400);

async function openSales(viewport = CASHIER_SCREEN) {
  const opened = await signedInPage(b, { viewport });
  await openScreen(opened.page, 'Sales Management', '/sales-management');
  await productRow(opened.page, FLOUR.name).waitFor();
  return opened;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the counter', () => {
  it('sells to a senior citizen: 20% off the food, VAT on the rest, name, ID and signature on the receipt', async () => {
    const { page, context } = await openSales();
    await productRow(page, FLOUR.name).click();
    await productRow(page, FLOUR.name).click();
    await productRow(page, FLOUR.name).click();
    await productRow(page, CAKE.name).click();
    await productRow(page, ENSAYMADA.name).click();
    const cart = cartOf(page);
    await cart.getByLabel('Apply 12% VAT').check();
    await cart.getByRole('radiogroup', { name: 'SC/PWD Discount' }).getByText('Senior Citizen').click();
    await choose(page, cart, 'Payment Method', 'Cash');
    // The law asks for the holder's name and ID: refused on screen until both are there.
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(cart, SALES_TEXT.discountName);
    await shows(cart, SALES_TEXT.discountIdNumber);
    await cart.getByLabel(/^Senior citizen name/).fill('Lola Remedios Cruz');
    await cart.getByLabel(/^ID number/).fill('SC-0421-118');
    // The same figures as the API test computes by hand.
    expect(await amount(cart, 'Subtotal')).toBe('₱1,079.31');
    expect(await amount(cart, 'SC Discount (20% of ₱895.53, VAT-exempt)')).toBe('-₱179.11');
    expect(await amount(cart, 'Tax (12%)')).toBe('₱22.05');
    expect(await amount(cart, 'Total')).toBe('₱922.25');
    await cart.getByLabel('Cash Tendered').fill('1000');
    expect(await amount(cart, 'Change')).toBe('₱77.75');
    // The discount's fields take room from the lines, not from Checkout: still on a 768-pixel screen.
    const box = (await cart.getByRole('button', { name: 'Checkout' }).boundingBox())!;
    await snapshot(page, 'counter-senior-cart');
    expect(box.y + box.height).toBeLessThanOrEqual(CASHIER_SCREEN.height);

    await cart.getByRole('button', { name: 'Checkout' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    for (const text of [
      'VAT-Exempt Sales',
      // The exempt lines after their 20%: ₱895.53 - ₱179.11.
      '₱716.42',
      'Less SC Discount (20%)',
      '-₱179.11',
      '₱922.25',
      'Senior Citizen',
      'Lola Remedios Cruz',
      'SC ID No.',
      'SC-0421-118',
      'Signature: ______________________',
    ])
      await shows(receipt, text);
    await settled(page);
    await snapshot(page, 'counter-senior-receipt');
    const sale = b.shop.db.select().from(sales).where(eq(sales.discountName, 'Lola Remedios Cruz')).get();
    expect(sale).toMatchObject({
      discountType: 'SC',
      discountAmount: 17911,
      totalAmount: 92225,
      change: 7775,
    });
    await context.close();
  });

  it('takes part cash and part GCash, and gives change on the cash', async () => {
    const { page, context } = await openSales();
    await productRow(page, CAKE.name).click();
    const cart = cartOf(page);
    await cart.getByLabel('Split payment').check();
    const payments = cart.getByRole('group', { name: 'Payments' });
    await payments.getByLabel('Payment 1 amount').fill('300');
    await payments.getByLabel('Payment 2 amount').fill('500');
    await shows(payments, `Remaining ${formatPeso(5000)}`);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(cart, SALES_TEXT.paymentsSum(formatPeso(85000)));
    await payments.getByLabel('Payment 2 amount').fill('550');
    await shows(payments, `Remaining ${formatPeso(0)}`);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(cart, SALES_TEXT.referenceRequired);
    await payments.getByLabel('Payment 2 reference number').fill('GC-5521');
    // Cash below the cash payment is refused, naming that payment rather than the total.
    await cart.getByLabel('Cash Tendered').fill('250');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await shows(cart, SALES_TEXT.cashShareTooLow(formatPeso(30000)));
    await cart.getByLabel('Cash Tendered').fill('500');
    expect(await amount(cart, 'Change')).toBe('₱200.00');
    await snapshot(page, 'counter-split-cart');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    for (const text of [
      'Cash',
      '₱300.00',
      'GCash (Ref. GC-5521)',
      '₱550.00',
      'Cash Tendered',
      '₱500.00',
      'Change',
      '₱200.00',
    ])
      await shows(receipt, text);
    const sale = b.shop.db.select().from(sales).where(eq(sales.paymentMethod, 'Cash + GCash')).get();
    expect(sale).toMatchObject({ totalAmount: 85000, cashTendered: 50000, change: 20000 });
    await context.close();
  });

  it('opens a shift, sells, reads the X reading and closes it with a variance', async () => {
    const { page, context } = await openSales(TABLET);
    const counter = counterOf(page);
    await counter.getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByLabel(/^Opening cash/).fill('1000');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await shows(page, SHIFT_TEXT.opened);
    await counter.getByText(/^Shift #\d+ open$/).waitFor();

    // One ₱612.60 sale (10 × ₱61.26) in cash, ₱1,000.00 tendered.
    for (let n = 0; n < 10; n++) await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await choose(page, cart, 'Payment Method', 'Cash');
    await cart.getByLabel('Cash Tendered').fill('1000');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    await receipt.getByRole('button', { name: 'Close', exact: true }).last().click();

    await counter.getByRole('button', { name: 'Cash in / out' }).click();
    const move = page.getByRole('dialog', { name: 'Cash in / out' });
    await move.getByText('Cash out', { exact: true }).click();
    await move.getByLabel(/^Amount/).fill('50');
    await move.getByLabel(/^Reason/).fill('Ice for the cakes');
    await move.getByRole('button', { name: 'Record' }).click();
    // Asked again, with the amount, before it is recorded.
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await shows(confirm, SHIFT_TEXT.confirmCash('out', formatPeso(5000), 'Ice for the cakes'));
    await confirm.getByRole('button', { name: 'Record' }).click();
    await move.waitFor({ state: 'hidden' });

    // X: 1,000.00 + 1,000.00 - 387.40 - 50.00 = 1,562.60 expected.
    await counter.getByRole('button', { name: 'X reading' }).click();
    const x = page.getByRole('dialog', { name: 'X reading' });
    await x.waitFor();
    for (const text of ['Net sales', '₱612.60', 'Expected cash', '₱1,562.60', 'Cash out', '-₱50.00'])
      await shows(x, text);
    await settled(page);
    await snapshot(page, 'counter-x-reading');
    await x.getByRole('button', { name: 'Close', exact: true }).last().click();

    await counter.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift' });
    await shows(close, '₱1,562.60');
    await close.getByLabel(/^Counted cash/).fill('1400');
    await shows(close, `Variance: ${formatPeso(-16260)}`);
    await close.getByRole('button', { name: 'Close shift' }).click();
    // The closing reading is the shift's close slip, with its close time.
    const final = page.getByRole('dialog', { name: /^Shift close #\d+$/ });
    await final.getByText(/^SHIFT CLOSE · SHIFT #\d+$/).waitFor();
    for (const text of ['Counted cash', '₱1,400.00', 'Variance', '-₱162.60']) await shows(final, text);
    await counter.getByRole('button', { name: 'Open shift' }).waitFor();
    const admin = b.shop.db.select().from(users).where(eq(users.email, ADMIN.email)).get();
    const shift = b.shop.db
      .select()
      .from(shifts)
      .where(eq(shifts.cashierId, admin?.id ?? 0))
      .get();
    expect(shift).toMatchObject({
      openingCash: 100000,
      expectedCash: 156260,
      countedCash: 140000,
      variance: -16260,
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
