import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, journal, sales, settings, terminals } from '../../server/db/schema';
import { RECEIPT_TEXT } from '../../shared/texts/receipt';
import { openScreen, signedInPage, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The invoice at the counter: the buyer's details asked for from ₱1,000, the 80 mm print with
// the invoice number, the buyer's TIN and the VAT breakdown, and a reprint headed REPRINT 1.

const b = browserShopForFile();
const PROFILE = {
  businessName: 'Sweet Crumbs Baking Supply',
  address: '12 Mabini St., Quezon City',
  contact: '0917 555 0123',
  tin: '123-456-789-00000',
  birPermitNumber: '',
};
const MIXER_BOWL = { itemId: 'INV-300001', name: 'Stand Mixer Bowl', unitPrice: 60_000, stock: 10_000 };
const BUYER = { name: 'Cruz Bakery Corp.', address: '5 Rizal Ave., Manila', tin: '987-654-321-000' };

beforeAll(() => {
  const db = b.shop.db;
  db.insert(settings)
    .values({ key: 'shopProfile', value: JSON.stringify(PROFILE) })
    .run();
  db.update(terminals)
    .set({ min: '180000000001', serialNumber: 'SN-0001', permitNumber: 'FP012024-001-0000001' })
    .where(eq(terminals.id, 1))
    .run();
  db.insert(inventoryItems).values(MIXER_BOWL).run();
});

const cartOf = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const productRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Products', exact: true }).getByRole('row').filter({ hasText: name });
const shows = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor();
/** The amount printed beside a label on the receipt. */
const amount = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);
/** Waits for the dialog's transitions, so the screenshot shows it settled. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

describe('the invoice', () => {
  it('asks for the buyer from ₱1,000, prints their TIN and the VAT breakdown, then a counted reprint', async () => {
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Sales Management', '/sales-management');
    const cart = cartOf(page);
    const buyer = cart.getByRole('region', { name: RECEIPT_TEXT.buyerSection });
    await productRow(page, MIXER_BOWL.name).click();
    // ₱600: the buyer's details stay folded away.
    await buyer
      .getByRole('button', { name: new RegExp(RECEIPT_TEXT.buyerSection.replace(/[()]/g, '\\$&')) })
      .waitFor();
    expect(await buyer.getByLabel(RECEIPT_TEXT.buyerTin).count()).toBe(0);
    await productRow(page, MIXER_BOWL.name).click();
    await cart.getByLabel('Apply 12% VAT').check();
    // ₱1,344: they open, with the prompt.
    await shows(buyer, RECEIPT_TEXT.askBuyer);
    await buyer.getByLabel(RECEIPT_TEXT.buyerName).fill(BUYER.name);
    await buyer.getByLabel(RECEIPT_TEXT.buyerAddress).fill(BUYER.address);
    await buyer.getByLabel(RECEIPT_TEXT.buyerTin).fill(BUYER.tin);
    await cart.getByLabel(/^Payment Method\s*\*?$/).click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    await cart.getByLabel('Cash Tendered').fill('1500');
    await snapshot(page, 'invoice-cart-buyer');
    await cart.getByRole('button', { name: 'Checkout' }).click();

    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    const receipt = dialog.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    const sale = b.shop.db.select().from(sales).all().at(-1)!;
    expect(sale.invoiceNumber).toBe('INV1-000000001');
    expect(sale.buyerTin).toBe(BUYER.tin);
    for (const text of [
      PROFILE.businessName,
      `VAT REG TIN: ${PROFILE.tin}`,
      'MIN: 180000000001',
      'S/N: SN-0001',
      'BIR Permit No.: FP012024-001-0000001',
      'INV1-000000001',
      BUYER.name,
      BUYER.address,
      BUYER.tin,
    ])
      await shows(receipt, text);
    expect(await amount(receipt, RECEIPT_TEXT.invoiceNumber)).toBe('INV1-000000001');
    expect(await amount(receipt, RECEIPT_TEXT.buyerTin)).toBe(BUYER.tin);
    expect(await amount(receipt, RECEIPT_TEXT.vatableSales)).toBe('₱1,200.00');
    expect(await amount(receipt, RECEIPT_TEXT.vatExemptSales)).toBe('₱0.00');
    expect(await amount(receipt, RECEIPT_TEXT.zeroRatedSales)).toBe('₱0.00');
    expect(await amount(receipt, RECEIPT_TEXT.vatAmount(12))).toBe('₱144.00');
    expect(await amount(receipt, 'Total')).toBe('₱1,344.00');
    expect(await amount(receipt, 'Change')).toBe('₱156.00');

    // The original: printed as is, nothing says reprint.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await printed(page)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.getByText(/REPRINT/).count()).toBe(0);
    expect(await receipt.getByText('INV1-000000001', { exact: true }).isVisible()).toBe(true);
    expect(await receipt.getByText(BUYER.tin, { exact: true }).isVisible()).toBe(true);
    expect(await receipt.getByText(RECEIPT_TEXT.vatableSales, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Reprint', exact: true }).isVisible()).toBe(false);
    await settled(page);
    await snapshot(page, 'invoice-print');
    await page.emulateMedia({ media: 'screen' });
    expect(b.shop.db.select().from(sales).where(eq(sales.id, sale.id)).get()!.reprintCount).toBe(0);

    // Printed again: the server counts it and the sheet says REPRINT 1.
    await dialog.getByRole('button', { name: 'Reprint', exact: true }).click();
    await expect.poll(() => printed(page)).toBe(2);
    await shows(receipt, 'REPRINT 1');
    expect(b.shop.db.select().from(sales).where(eq(sales.id, sale.id)).get()!.reprintCount).toBe(1);
    const last = b.shop.db.select().from(journal).all().at(-1)!;
    expect([last.kind, last.documentNumber]).toEqual(['reprint', 'INV1-000000001']);
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.getByText('REPRINT 1', { exact: true }).isVisible()).toBe(true);
    await settled(page);
    await snapshot(page, 'invoice-reprint-print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });
});
