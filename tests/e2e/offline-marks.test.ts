import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales } from '../../server/db/schema';
import { SALES_TEXT } from '../../shared/texts/sales';
import { formatDateTime } from '../../shared/time';
import type { Session } from '../helpers/app';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { atCounter, sellOverRest } from '../helpers/counter';

// A sale the counter made while the server could not be reached is marked where a person looks
// at sales: an Offline badge in Today's Sales and the Sales Report (saying when it was made and
// taken), and beside its receipt the line charged at a price the catalogue has since changed;
// the printed invoice stays as it was. REST carries the same marks.

const b = browserShopForFile();
const FLOUR = { itemId: 'INV-OFM-01', name: 'Marked Bread Flour', unitPrice: 9_500, stock: 50_000 };
const OFFLINE_SALE = 'SALE-OFFMARK1';
let admin: Session;
let onlineSale = '';

beforeAll(async () => {
  const flour = b.shop.db.insert(inventoryItems).values(FLOUR).returning().get();
  admin = await atCounter(await b.shop.adminSession(), 100_000);
  const { block } = await admin.api.terminals.reserveBlock({ terminalId: 1, size: 5 });
  // Set aside before the outage: a sale may not be dated before its block.
  b.shop.db.$client
    .prepare('update invoice_blocks set reserved_at = ? where id = ?')
    .run(Date.now() - 10 * 60_000, block.id);
  // Sold at ₱95.00 offline; the catalogue went to ₱100.00 before the sale reached the server.
  await admin.api.pricing.setPrice({ kind: 'item', id: flour.id, price: 10_000 });
  const { shift } = await admin.api.shifts.current();
  await admin.api.sales.offline({
    saleId: OFFLINE_SALE,
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: [{ kind: 'item', id: flour.id, quantity: 1, price: 9_500 }],
    expected: { subtotal: 9_500, taxAmount: 0, totalAmount: 9_500 },
    soldAt: new Date(Date.now() - 60_000),
    terminalId: 1,
    invoiceSeq: block.first,
    cashierId: admin.user.id,
    shiftId: shift?.id,
  });
  const online = await sellOverRest(b.shop, FLOUR.itemId, 1, admin.accessToken);
  onlineSale = online.json().sale.saleId;
});

const saleRow = (saleId: string) => b.shop.db.select().from(sales).where(eq(sales.saleId, saleId)).get()!;
const madeOffline = () => {
  const sale = saleRow(OFFLINE_SALE);
  return SALES_TEXT.madeOffline(formatDateTime(sale.soldAt), formatDateTime(sale.receivedAt!));
};
const badgeIn = (page: Page, rowName: string) =>
  page.getByRole('row').filter({ hasText: rowName }).getByText(SALES_TEXT.offline, { exact: true });
/** The badge says when the sale was made and taken, as its title (a tooltip). */
const titleOf = (page: Page, rowName: string) =>
  page.getByRole('row').filter({ hasText: rowName }).getByTitle(madeOffline()).textContent();
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

describe('a sale made offline', () => {
  it("carries an Offline badge in Today's Sales, and its receipt notes the price charged", async () => {
    for (const [viewport, tag] of [
      [undefined, 'desktop'],
      [TABLET, 'tablet'],
    ] as const) {
      const { page, context } = await signedInPage(b, viewport ? { viewport } : {});
      await openScreen(page, 'Sales Management', '/sales-management');
      await page.getByRole('button', { name: "Today's Sales" }).click();
      const today = page.getByRole('dialog', { name: "Today's Sales" });
      const badge = badgeIn(page, OFFLINE_SALE);
      await badge.waitFor();
      expect(await titleOf(page, OFFLINE_SALE)).toBe(SALES_TEXT.offline);
      expect(await badgeIn(page, onlineSale).count()).toBe(0);
      await settled(page);
      await snapshot(page, `offline-marks-today-${tag}`);

      await today.getByRole('row').filter({ hasText: OFFLINE_SALE }).click();
      const receipt = page.getByRole('dialog', { name: 'Receipt' });
      const note = receipt.getByRole('region', { name: SALES_TEXT.offline });
      await note.getByText(`${FLOUR.name} x 1: ${SALES_TEXT.chargedOther('₱95.00', '₱100.00')}`).waitFor();
      await note.getByText(madeOffline()).waitFor();
      await settled(page);
      await snapshot(page, `offline-marks-receipt-${tag}`);
      // The invoice prints as it was: the note stays on screen.
      await page.emulateMedia({ media: 'print' });
      expect(await note.isVisible()).toBe(false);
      expect(await receipt.getByRole('article', { name: 'Receipt' }).innerText()).not.toContain('price now');
      await context.close();
    }
  }, 90_000);

  it('carries its badge in the Sales Report’s records', async () => {
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Sales Report', '/sales-report');
    const badge = badgeIn(page, OFFLINE_SALE);
    await badge.waitFor();
    expect(await titleOf(page, OFFLINE_SALE)).toBe(SALES_TEXT.offline);
    expect(await badgeIn(page, onlineSale).count()).toBe(0);
    await page.getByRole('region', { name: 'Transaction Records' }).scrollIntoViewIfNeeded();
    await settled(page);
    await snapshot(page, 'offline-marks-report-desktop');
    await context.close();
  }, 60_000);

  it('says soldOffline, receivedAt and the catalogue price over REST', async () => {
    const get = async (saleId: string) => {
      const res = await b.shop.app.inject({
        url: `/api/sales/${saleId}`,
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const offline = saleRow(OFFLINE_SALE);
    expect(await get(OFFLINE_SALE)).toMatchObject({
      soldOffline: true,
      createdAt: offline.soldAt.toISOString(),
      receivedAt: offline.receivedAt!.toISOString(),
      items: [{ itemId: FLOUR.itemId, price: 95, catalogPrice: 100 }],
    });
    expect(await get(onlineSale)).toMatchObject({
      soldOffline: false,
      items: [{ itemId: FLOUR.itemId, price: 100, catalogPrice: null }],
    });
  });
});
