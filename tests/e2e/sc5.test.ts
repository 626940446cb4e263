import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales } from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// At the counter: the seniors' 5% on basic necessities, with what is left of the senior's
// weekly allowance shown and the cart's totals as the checkout makes them.

const b = browserShopForFile();
const FLOUR = {
  itemId: 'INV-705001',
  name: 'Bread Flour Sack',
  unitPrice: 100000,
  stock: 50_000,
  basicNecessity: true,
};
const ID = 'OSCA-E2E-0001';

beforeAll(async () => {
  const [flour] = b.shop.db.insert(inventoryItems).values(FLOUR).returning().all();
  // Earlier this week the senior bought ₱2,000.00 of flour with the 5%: ₱500.00 of the allowance is left.
  const input = checkoutInput.parse({
    orderType: 'Walk-in',
    lines: [{ kind: 'item', id: flour!.id, quantity: 2 }],
    paymentMethod: 'Cash',
    discount: { type: 'SC5', name: 'Lola Remedios Cruz', idNumber: ID },
  });
  await checkout(b.shop.db, b.shop.adminViewer(), input);
});

const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const productRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Products', exact: true }).getByRole('row').filter({ hasText: name });
const amount = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();

describe('the seniors’ 5% at the counter', () => {
  it('shows the allowance left and takes 5% of what it covers, VAT on the rest', async () => {
    const { page, context } = await signedInPage(b, { viewport: CASHIER_SCREEN });
    await openScreen(page, 'Sales Management', '/sales-management');
    await productRow(page, FLOUR.name).click();
    await productRow(page, FLOUR.name).click();
    const cart = cartOf(page);
    await cart.getByLabel('Apply 12% VAT').check();
    await cart
      .getByRole('radiogroup', { name: 'SC/PWD Discount' })
      .getByText('SC 5% (basic necessities)')
      .click();
    await cart.getByLabel(/^Senior citizen name/).fill('Lola Remedios Cruz');
    await cart.getByLabel(/^ID number/).fill(ID.toLowerCase());
    // ₱2,000.00 of flour, ₱500.00 of the allowance left: ₱25.00 off; VAT 12% of ₱1,975.00 = ₱237.00.
    const label = 'SC 5% Discount (₱500.00 left this week)';
    await cart.getByText(label, { exact: true }).waitFor();
    expect(await amount(cart, 'Subtotal')).toBe('₱2,000.00');
    expect(await amount(cart, label)).toBe('-₱25.00');
    expect(await amount(cart, 'Tax (12%)')).toBe('₱237.00');
    expect(await amount(cart, 'Total')).toBe('₱2,212.00');
    await snapshot(page, 'counter-sc5-cart');
    await cart.getByRole('combobox', { name: 'Payment Method' }).click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    await cart.getByLabel('Cash Tendered').fill('2500');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor();
    const sale = b.shop.db.select().from(sales).where(eq(sales.discountIdNumber, ID.toLowerCase())).get();
    expect(sale).toMatchObject({
      discountType: 'SC5',
      discountAmount: 2500,
      taxAmount: 23700,
      totalAmount: 221200,
    });
    await context.close();
  });
});
