import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/domains/auth/viewer';
import { closeShift, openShift } from '../../server/domains/shifts/service';
import { xReading } from '../../server/domains/shifts/xReading';
import { formatPeso } from '../../shared/money';
import { DEPOSIT_LINES_TEXT as D } from '../../shared/texts/shifts';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { pickupIn } from '../helpers/cakeOrders';
import { rest } from '../helpers/rest';

// Cake order deposits on the drawer's slips: a cashier takes a cash deposit (with change)
// and a GCash one in a shift; the X reading shows them on lines of their own, next to cash
// taken that already holds the cash one; after the pickup the Z reading shows them applied. The counter's
// Cake order button opens Cake Orders.

const b = browserShopForFile();

const viewerOf = (user: Viewer['user']): Viewer => ({ user, sessionId: 'test', mustSetPassword: false });
const settled = (page: Page) => page.waitForTimeout(400);

/** A line of a reading sheet, its label and amount as one text: "Deposits taken ₱700.00". */
async function line(sheet: Locator, label: string) {
  const row = sheet.locator('.receipt-row').filter({ has: sheet.page().getByText(label, { exact: true }) });
  return (await row.first().innerText()).replace(/\s+/g, ' ').trim();
}

/** A cashier with an open shift (₱1,000.00 in the drawer) and a ₱1,000.00 custom cake order. */
async function cashierWithOrder() {
  const staff = await b.shop.addUser('staff');
  const { shift } = openShift(b.shop.db, viewerOf(staff), 100000);
  const { accessToken } = await b.shop.login(staff.email);
  // ₱500.00 in cash from a ₱1,000.00 bill, then ₱200.00 by GCash.
  const taken = await rest(b.shop, 'POST', '/api/cake-orders', accessToken, {
    customerName: 'Lia Reyes',
    phone: '0917 555 0101',
    pickupAt: pickupIn(2).toISOString(),
    lines: [{ description: '8" ube cake, "Happy 7th, Lia"', quantity: 1, price: 1000 }],
    payments: [{ method: 'Cash', amount: 500 }],
    cashTendered: 1000,
  });
  expect(taken.statusCode).toBe(201);
  const order = taken.json().order;
  const paid = await rest(b.shop, 'POST', `/api/cake-orders/${order._id}/payments`, accessToken, {
    method: 'GCash',
    amount: 200,
    reference: 'GC-7781',
  });
  expect(paid.statusCode).toBe(201);
  return { staff, shift, order, accessToken };
}

describe('deposits on the readings', () => {
  it('the X reading shows the deposits taken in the shift; the Z reading after pickup shows them applied', async () => {
    const { staff, shift, order, accessToken } = await cashierWithOrder();
    expect(xReading(b.shop.db, shift)).toMatchObject({
      depositsTaken: 70000,
      depositsApplied: 0,
      depositsRefunded: 0,
      cashTaken: 100000,
      changeGiven: 50000,
      expectedCash: 150000,
    });

    const { page, context } = await signedInPage(b, { as: { email: staff.email } });
    await openScreen(page, 'Sales Management', '/sales-management');
    await page.getByRole('link', { name: 'Cake order', exact: true }).waitFor();
    await settled(page);
    await snapshot(page, 'counter-cake-order-desktop');
    await page
      .getByRole('region', { name: 'Counter', exact: true })
      .getByRole('button', { name: 'X reading' })
      .click();
    const x = page.getByRole('dialog', { name: 'X reading' });
    const deposits = x.getByRole('region', { name: D.heading });
    await deposits.waitFor();
    expect(await line(deposits, D.taken)).toBe(`${D.taken} ${formatPeso(70000)}`);
    expect(await line(deposits, D.applied)).toBe(`${D.applied} ${formatPeso(0)}`);
    expect(await line(deposits, D.refunded)).toBe(`${D.refunded} ${formatPeso(0)}`);
    await deposits.getByText(D.takenNote).waitFor();
    // The cash deposit is inside the drawer's lines, once.
    expect(await line(x, 'Cash taken')).toBe(`Cash taken ${formatPeso(100000)}`);
    expect(await line(x, 'Change given')).toBe(`Change given -${formatPeso(50000)}`);
    expect(await line(x, 'Expected cash')).toBe(`Expected cash ${formatPeso(150000)}`);
    await settled(page);
    await snapshot(page, 'x-reading-deposits-desktop');
    // As the receipt printer prints it.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 302, height: 1400 });
    await settled(page);
    await snapshot(page, 'x-reading-deposits-print');
    await context.close();

    // Picked up paying the ₱300.00 balance in cash: the sale's ₱1,000.00 holds the ₱700.00
    // deposits applied, and the drawer gains only the ₱300.00.
    const pickedUp = await rest(b.shop, 'POST', `/api/cake-orders/${order._id}/pickup`, accessToken, {
      payments: [{ method: 'Cash', amount: 300 }],
      cashTendered: 300,
    });
    expect(pickedUp.statusCode).toBe(201);
    expect(xReading(b.shop.db, shift)).toMatchObject({
      salesTotal: 100000,
      depositsTaken: 70000,
      depositsApplied: 70000,
      cashTaken: 130000,
      expectedCash: 180000,
    });

    // The Z reading after the shift is closed counts the same deposits, and the pickup's.
    closeShift(b.shop.db, viewerOf(staff), { id: shift.id, countedCash: 180000 });
    const admin = await signedInPage(b);
    await openScreen(admin.page, 'End of Day', '/end-of-day');
    await admin.page.getByRole('button', { name: 'Take Z reading' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Take Z reading' })
      .click();
    const z = admin.page.getByRole('dialog', { name: /^Z reading #\d+$/ });
    const zDeposits = z.getByRole('region', { name: D.heading });
    await zDeposits.waitFor();
    expect(await line(zDeposits, D.taken)).toBe(`${D.taken} ${formatPeso(70000)}`);
    expect(await line(zDeposits, D.applied)).toBe(`${D.applied} ${formatPeso(70000)}`);
    expect(await line(zDeposits, D.refunded)).toBe(`${D.refunded} ${formatPeso(0)}`);
    expect(await line(z, 'Sales total')).toBe(`Sales total ${formatPeso(100000)}`);
    expect(await line(z, 'Cash taken')).toBe(`Cash taken ${formatPeso(130000)}`);
    await settled(admin.page);
    await snapshot(admin.page, 'z-reading-deposits-desktop');
    await admin.context.close();
  }, 60_000);

  it('on the tablet: the X reading with no deposits reads ₱0.00, and Cake order opens Cake Orders', async () => {
    const staff = await b.shop.addUser('staff');
    openShift(b.shop.db, viewerOf(staff), 50000);
    const { page, context } = await signedInPage(b, { as: { email: staff.email }, viewport: TABLET });
    await openScreen(page, 'Sales Management', '/sales-management');
    const cakeOrder = page.getByRole('link', { name: 'Cake order', exact: true });
    await cakeOrder.waitFor();
    // In sight at the top of the counter, beside Today's Sales, without scrolling.
    const box = await cakeOrder.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(TABLET.height / 3);

    await page
      .getByRole('region', { name: 'Counter', exact: true })
      .getByRole('button', { name: 'X reading' })
      .click();
    const x = page.getByRole('dialog', { name: 'X reading' });
    const deposits = x.getByRole('region', { name: D.heading });
    await deposits.waitFor();
    expect(await line(deposits, D.taken)).toBe(`${D.taken} ${formatPeso(0)}`);
    expect(await line(deposits, D.applied)).toBe(`${D.applied} ${formatPeso(0)}`);
    expect(await line(deposits, D.refunded)).toBe(`${D.refunded} ${formatPeso(0)}`);
    await settled(page);
    await snapshot(page, 'x-reading-no-deposits-tablet');
    await x.getByRole('button', { name: 'Close', exact: true }).last().click();
    await x.waitFor({ state: 'detached' });

    await settled(page);
    await snapshot(page, 'counter-cake-order-tablet');
    await cakeOrder.click();
    await page.waitForURL('**/cake-orders');
    await page.getByRole('heading', { name: 'Cake Orders', level: 1 }).waitFor();
    await context.close();
  }, 60_000);
});
