import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, inventoryItems, sales } from '../../server/db/schema';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// A customer who is not on file yet is added from the cart, with Customer Management's own
// form, and chosen for the sale at once: the cashier never leaves the counter for it.

const b = browserShopForFile();

beforeAll(() => {
  b.shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-610001', name: 'Cart Customer Flour', stock: 50_000, unitPrice: 7500 })
    .run();
});

const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const checkoutButton = (page: Page) =>
  (page.viewportSize()!.width < 1200
    ? page.getByRole('region', { name: 'Till', exact: true })
    : cartOf(page)
  ).getByRole('button', { name: 'Checkout', exact: true });

describe.each([
  ['1366x768', CASHIER_SCREEN, 'CUST-CART1'],
  ['820x1180', TABLET, 'CUST-CART2'],
] as const)('at %s', (size, viewport, customerId) => {
  it('a new customer added from the cart is chosen for the sale', async () => {
    const { page, context } = await signedInPage(b, { viewport });
    await openScreen(page, 'Sales Management', '/sales-management');
    await cartOf(page).getByRole('button', { name: 'New customer' }).click();
    const form = page.getByRole('dialog', { name: CUSTOMER_TEXT.add });
    await form.getByLabel('Customer ID').fill(customerId);
    await form.getByLabel(/^Name/).fill(`Liza Santos ${size}`);
    await form.getByLabel('Phone Number').fill('0917 555 0101');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect
      .poll(() => cartOf(page).getByLabel('Customer', { exact: true }).inputValue())
      .toBe(`Liza Santos ${size} (${customerId})`);
    await snapshot(page, `cart-new-customer-${size}`);

    await page.getByRole('table', { name: 'Products', exact: true }).getByText('Cart Customer Flour').click();
    await page
      .getByRole('group', { name: 'Quick tender' })
      .getByRole('button', { name: 'Exact', exact: true })
      .click();
    await checkoutButton(page).click();
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor();
    const customer = b.shop.db.select().from(customers).where(eq(customers.customerId, customerId)).get();
    const sale = b.shop.db.select().from(sales).where(eq(sales.customerId, customer!.id)).get();
    expect(sale?.totalAmount).toBe(7500);
    await context.close();
  }, 60_000);
});
