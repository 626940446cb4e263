import { describe, expect, it } from 'vitest';
import { customers, inventoryItems, sales } from '../../server/db/schema';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// A customer's view lists what they bought, newest first; a customer who bought nothing says so.
const b = browserShopForFile();

async function seed() {
  if ((await b.shop.db.$count(customers)) > 0) return;
  const cora = b.shop.db
    .insert(customers)
    .values({ customerId: 'CUST-101', name: 'Cora Reyes', email: '', phoneNumber: '', address: '' })
    .returning()
    .get();
  b.shop.db
    .insert(customers)
    .values({ customerId: 'CUST-102', name: 'Ben Cruz', email: '', phoneNumber: '', address: '' })
    .run();
  b.shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-C1', name: 'Flour', stock: 10_000, unitPrice: 9500 })
    .run();
  const sale = (saleId: string, day: string, total: number, status: 'completed' | 'refunded') => ({
    saleId,
    customerName: cora.name,
    customerId: cora.id,
    orderType: 'Walk-in',
    subtotal: total,
    taxRate: 0,
    taxAmount: 0,
    totalAmount: total,
    paymentMethod: 'Cash',
    status,
    linesKey: saleId,
    soldAt: new Date(`${day}T02:00:00Z`),
  });
  b.shop.db
    .insert(sales)
    .values([
      sale('S-0001', '2026-11-02', 19000, 'completed'),
      sale('S-0002', '2026-11-20', 52500, 'refunded'),
    ])
    .run();
}

describe("a customer's purchases", () => {
  it.each([
    ['1366', CASHIER_SCREEN],
    ['820', TABLET],
  ] as const)('are listed in their view, newest first, at %s px', async (label, viewport) => {
    await seed();
    const { page, context } = await signedInPage(b, { viewport });
    await openScreen(page, 'Customer Management', '/customer-management');
    await page.getByRole('button', { name: 'View CUST-101' }).click();
    const view = page.getByRole('dialog', { name: CUSTOMER_TEXT.view });
    const table = view.getByRole('table', { name: CUSTOMER_TEXT.purchases });
    await table.getByText('S-0002').waitFor();
    const ids = await table.locator('tbody tr td:first-child').allTextContents();
    expect(ids).toEqual(['S-0002', 'S-0001']);
    await view.getByText('₱525.00').waitFor();
    await page.waitForTimeout(400);
    await snapshot(page, `staff-time-customer-purchases-${label}`);
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'View CUST-102' }).click();
    await view.getByText(CUSTOMER_TEXT.noPurchases).waitFor();
    await context.close();
  });
});
