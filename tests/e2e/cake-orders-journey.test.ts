import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { refund } from '../../server/domains/sales/refund';
import { saveShopProfile } from '../../server/domains/settings/profile';
import { openShift } from '../../server/domains/shifts/service';
import { formatPeso } from '../../shared/money';
import { createOrderInput } from '../../shared/schemas/cakeOrders';
import { shopProfileInput } from '../../shared/schemas/settings';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { CAKE_ORDERS_TEXT, CAKE_ORDERS_SCREEN as S, SLIP_NOT_VALID } from '../../shared/texts/cakeOrders';
import { addDays, formatCalendarDate, MANILA_OFFSET_MS, manilaDate } from '../../shared/time';
import type { Session } from '../helpers/app';
import { openScreen, rowOf, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { aCake, pickupIn } from '../helpers/cakeOrders';
import { atCounter } from '../helpers/counter';

// A cake order at the counter, start to end: a cashier takes an order for a custom cake with
// a GCash deposit, prints the customer's slip, finds it on the week's calendar, and at pickup
// collects the balance in cash with change; the calendar on the tablet shows all seven days.

const b = browserShopForFile();
const viewerOf = (user: Viewer['user']): Viewer => ({ user, sessionId: 'test', mustSetPassword: false });
const today = manilaDate();
// A pickup late today, so it is on the dashboard's Today's Pickups; in the day's last quarter
// hour it goes to tomorrow, and that one step is left to tests/e2e/reports.test.ts.
const lateNight = new Date(Date.now() + MANILA_OFFSET_MS).toISOString().slice(11, 16) >= '23:45';
const pickupDay = lateNight ? addDays(today, 1) : today;
const CAKE = '8" round chocolate, blue roses';
let cashier = { email: '' };

beforeAll(async () => {
  saveShopProfile(
    b.shop.db,
    b.shop.adminViewer(),
    shopProfileInput.parse({ businessName: 'Tita Nena Cakes', address: '12 Rizal St., Marikina City' }),
  );
  const staff = await b.shop.addUser('staff');
  openShift(b.shop.db, viewerOf(staff), 100000);
  cashier = { email: staff.email };
});

/** An order of one custom cake of ₱2,000.00 for `name`, `days` ahead, taken through tRPC. */
const orderOf = (
  session: Session,
  name: string,
  days: number,
  more: { inscription?: string; notes?: string } = {},
) =>
  session.api.cakeOrders.create(
    createOrderInput.parse({
      customerName: name,
      phone: '0918 555 0101',
      pickupAt: pickupIn(days),
      lines: [{ description: '8" chocolate, "Happy 7th, Lia"', quantity: 1, price: 200000 }],
      ...more,
    }),
  );

/** Waits for the dialogs' transitions, so a screenshot shows them as a person does. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        // A transition cut short (a dialog closing as it opens) rejects: it is over all the same.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** Picks `option` in the Mantine select labelled `label` (with or without its required mark). */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The week's calendar on screen, moved to the week of `day`. */
async function calendarDay(page: Page, day: string) {
  const calendar = page.getByRole('region', { name: S.week });
  const button = calendar.locator(`[data-day="${day}"]`);
  // The week's days first, then whether `day` is among them.
  await calendar.locator('[data-day]').first().waitFor();
  if (!(await button.count())) await calendar.getByRole('button', { name: S.nextWeek }).click();
  return button;
}

describe('a cake order at the counter', () => {
  it('takes a custom cake with a GCash deposit, prints the slip, and picks it up paying cash', async () => {
    const { page, context } = await signedInPage(b, { as: cashier });
    await openScreen(page, 'Cake Orders', '/cake-orders');

    // The order: a custom cake of ₱1,500.00 for tonight, ₱800.00 down by GCash.
    await page.getByRole('button', { name: S.newOrder, exact: true }).click();
    const form = dialog(page, S.newOrderTitle);
    await form.getByLabel(S.labels.customerName).fill('Maria Santos');
    await form.getByLabel(S.labels.phone).fill('0917 123 4567');
    await form.getByLabel(S.labels.pickupDate).fill(pickupDay);
    await form.getByLabel(S.labels.pickupTime).fill('23:59');
    await form.getByRole('button', { name: S.addCustom }).click();
    await form.getByLabel(`${S.customDescription} 1`).fill(CAKE);
    await form.getByLabel(`Price: ${CAKE}`).fill('1500');
    await form.getByLabel(S.labels.inscription).fill('Happy 7th Birthday, Lia!');
    expect(await form.getByTestId('minimum-deposit').innerText()).toBe(S.minimumDeposit('₱750.00', 50));
    await form.getByRole('button', { name: S.addPayment }).click();
    await choose(page, form, S.paymentMethod(1), 'GCash');
    await form.getByLabel(S.paymentAmount(1)).fill('800');
    await form.getByLabel(S.paymentReference(1)).fill('1012345678901');
    await settled(page);
    await snapshot(page, 'cake-order-form');
    await form.getByRole('button', { name: S.takeOrder, exact: true }).click();

    // The order opens: Confirmed (the deposit is above half), ₱700.00 still due.
    const view = dialog(page, 'Cake Orders: ORD-000001');
    await view.locator('.mantine-Badge-label').getByText('Confirmed', { exact: true }).waitFor();
    expect(await view.getByLabel(S.labels.balanceDue).innerText()).toBe('₱700.00');
    await settled(page);
    await snapshot(page, 'cake-order-view');

    // The customer's slip on 80 mm paper: the sheet alone, with the not-valid line.
    await view.getByRole('button', { name: S.printSlip }).click();
    const slip = dialog(page, S.slipTitle).getByRole('article', { name: S.slipTitle });
    await slip.waitFor();
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => ({
      width: (document.querySelector('.receipt-content') as HTMLElement).getBoundingClientRect().width,
      app: getComputedStyle(document.getElementById('root')!).display,
    }));
    expect(printed.width).toBeCloseTo((72 / 25.4) * 96, 0);
    expect(printed.app).toBe('none');
    expect(await view.isVisible()).toBe(false);
    const text = await slip.innerText();
    for (const expected of [
      'Tita Nena Cakes',
      '12 Rizal St., Marikina City',
      'ORD-000001',
      `${formatCalendarDate(pickupDay)} 11:59 PM`,
      `${CAKE} x 1 @ ₱1,500.00`,
      'Happy 7th Birthday, Lia!',
      SLIP_NOT_VALID,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Total\s+₱1,500\.00/);
    expect(text).toMatch(/Paid\s+₱800\.00/);
    expect(text).toMatch(/Balance due\s+₱700\.00/);
    await settled(page);
    await snapshot(page, 'cake-order-slip-print');
    await page.emulateMedia({ media: 'screen' });
    await dialog(page, S.slipTitle).getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.getByRole('button', { name: 'Close' }).first().click();
    await view.waitFor({ state: 'hidden' });

    // The dashboard's Today's Pickups counts it, not Ready yet.
    if (!lateNight) {
      await openScreen(page, 'Dashboard', '/dashboard');
      // Taking the order marked the dashboard read at sign-in as old: opening it reads it again.
      await expect.poll(() => page.getByTestId('todaysPickups').textContent(), { timeout: 10_000 }).toBe('1');
      expect(await page.getByTestId('todaysPickups-detail').textContent()).toBe(
        '1 not ready yet · 0 picked up',
      );
      await settled(page);
      await snapshot(page, 'cake-orders-dashboard');
      await openScreen(page, 'Cake Orders', '/cake-orders');
    }

    // The calendar: one order of ₱1,500.00 on the pickup day; the day lists it.
    const day = await calendarDay(page, pickupDay);
    // The calendar is read again once the order is taken: wait for its new count.
    await page
      .getByRole('button', {
        name: `${formatCalendarDate(pickupDay)}: 1 order, ${formatPeso(150000)}`,
        exact: true,
      })
      .waitFor();
    await day.click();
    await page.getByText(S.dayShown(formatCalendarDate(pickupDay))).waitFor();
    const table = page.getByRole('table', { name: 'Cake Orders', exact: true });
    const row = rowOf(table, 'ORD-000001');
    await row.waitFor();
    await settled(page);
    await snapshot(page, 'cake-orders-calendar-day');

    // Pickup: the ₱700.00 balance in cash, ₱1,000.00 tendered, ₱300.00 change.
    await row.click();
    await view.getByRole('button', { name: S.pickUp, exact: true }).click();
    const pickup = dialog(page, S.pickUpTitle('ORD-000001'));
    expect(await pickup.getByLabel(S.paymentAmount(1)).inputValue()).toBe('₱700.00');
    await pickup.getByLabel(S.cashTendered).fill('1000');
    expect(await pickup.getByLabel(S.change, { exact: true }).innerText()).toBe('₱300.00');
    await settled(page);
    await snapshot(page, 'cake-order-pickup');
    // A double click is one pickup: the dialog's key makes the second a retry.
    await pickup.getByRole('button', { name: S.confirmPickup }).dblclick();
    const receipt = dialog(page, S.receiptTitle).getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    const sold = await receipt.innerText();
    expect(sold).toMatch(/Total\s+₱1,500\.00/);
    expect(sold).toMatch(/Change\s+₱300\.00/);
    await settled(page);
    await snapshot(page, 'cake-order-receipt');
    await dialog(page, S.receiptTitle).getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.locator('.mantine-Badge-label').getByText('Picked up', { exact: true }).waitFor();
    expect(await view.getByLabel(S.labels.balanceDue).innerText()).toBe('₱0.00');
    expect(await view.getByRole('button', { name: S.pickUp, exact: true }).count()).toBe(0);
    expect(await view.getByRole('button', { name: S.cancel, exact: true }).count()).toBe(0);
    const payments = await view.getByRole('table', { name: S.labels.payments }).innerText();
    expect(payments).toMatch(/Deposit\s+GCash\s+1012345678901\s+₱800\.00/);
    expect(payments).toMatch(/Balance\s+Cash/);
    await settled(page);
    await snapshot(page, 'cake-order-picked-up');
    const sales = b.shop.db.$client.prepare('select count(*) as n from sales').get() as { n: number };
    expect(sales.n).toBe(1);

    // Refunded at the counter later: the order stays Picked up and says the money went back.
    const made = b.shop.db.$client.prepare('select sale_id as id from sales').get() as { id: string };
    refund(b.shop.db, b.shop.adminViewer(), made.id);
    await page.reload();
    await rowOf(page.getByRole('table', { name: 'Cake Orders', exact: true }), 'ORD-000001').click();
    await view.getByText(S.saleRefunded).waitFor();
    await context.close();
  }, 60_000);

  it('takes a catalogue cake for a registered customer, with VAT and a cash deposit given change', async () => {
    const cake = aCake(b.shop, 120000, 5);
    b.shop.db
      .insert(customers)
      .values({ customerId: 'CUST-000901', name: 'Liza Soberano', phoneNumber: '0917 222 3333' })
      .run();
    const manager = await atCounter(await b.shop.signedIn('manager'));
    const { page, context } = await signedInPage(b, { as: { email: manager.user.email } });
    await openScreen(page, 'Cake Orders', '/cake-orders');
    await page.getByRole('button', { name: S.newOrder, exact: true }).click();
    const form = dialog(page, S.newOrderTitle);
    await form.getByLabel(S.registered).check();
    await choose(page, form, S.labels.customer, 'Liza Soberano (CUST-000901)');
    // The customer's phone comes with her.
    expect(await form.getByLabel(S.labels.phone).inputValue()).toBe('0917 222 3333');
    await form.getByLabel(S.labels.pickupDate).fill(addDays(today, 5));
    await form.getByLabel(S.labels.pickupTime).fill('10:30');
    await form.getByLabel(S.catalogueCake).fill(cake.name);
    await page.getByRole('option', { name: `${cake.name} (${cake.cakeId}) · ₱1,200.00` }).click();
    await form.getByLabel(S.vat).check();
    // ₱1,200.00 + 12% VAT = ₱1,344.00; half of it down at least.
    expect(await form.getByLabel(S.labels.total, { exact: true }).innerText()).toBe('₱1,344.00');
    expect(await form.getByTestId('minimum-deposit').innerText()).toBe(S.minimumDeposit('₱672.00', 50));
    await form.getByRole('button', { name: S.addPayment }).click();
    await choose(page, form, S.paymentMethod(1), 'Cash');
    await form.getByLabel(S.paymentAmount(1)).fill('700');
    await form.getByLabel(S.cashTendered).fill('1000');
    expect(await form.getByLabel(S.change, { exact: true }).innerText()).toBe('₱300.00');
    await settled(page);
    await snapshot(page, 'cake-order-form-catalogue');
    // A pickup already past: the server's refusal shows in the form, which keeps what was typed.
    await form.getByLabel(S.labels.pickupDate).fill(addDays(today, -1));
    await form.getByRole('button', { name: S.takeOrder, exact: true }).click();
    expect(await form.getByRole('alert').innerText()).toBe(CAKE_ORDERS_TEXT.pickupPast);
    await form.getByLabel(S.labels.pickupDate).fill(addDays(today, 5));
    await form.getByRole('button', { name: S.takeOrder, exact: true }).click();
    const view = page.getByRole('dialog', { name: /^Cake Orders: ORD-/ });
    await view.locator('.mantine-Badge-label').getByText('Confirmed', { exact: true }).waitFor();
    expect(await view.getByLabel(S.labels.balanceDue).innerText()).toBe('₱644.00');
    const lines = await view.getByRole('table', { name: S.labels.lines }).innerText();
    expect(lines).toContain(cake.cakeId);
    expect(lines).toMatch(/VAT \(12%\)\s+₱144\.00/);
    expect(await view.getByText('Liza Soberano', { exact: true }).count()).toBe(1);
    await context.close();
  }, 60_000);

  it('a manager takes a payment, moves the order through the kitchen and cancels it refunding the deposit', async () => {
    const manager = await atCounter(await b.shop.signedIn('manager'));
    const { order } = await orderOf(manager, 'Jun dela Cruz', 3, {
      inscription: 'Congrats, Ate Joy!',
      notes: 'Pink and gold',
    });
    const { page, context } = await signedInPage(b, { as: { email: manager.user.email } });
    await openScreen(page, 'Cake Orders', '/cake-orders');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Jun dela');
    const table = page.getByRole('table', { name: 'Cake Orders', exact: true });
    await rowOf(table, order.orderNumber).click();
    const view = dialog(page, `Cake Orders: ${order.orderNumber}`);
    await view.locator('.mantine-Badge-label').getByText('Pending', { exact: true }).waitFor();

    // ₱1,000.00 in cash, half of ₱2,000.00: the minimum deposit, so Confirmed.
    await view.getByRole('button', { name: S.takePayment, exact: true }).click();
    const pay = dialog(page, S.takePaymentTitle(order.orderNumber));
    await choose(page, pay, S.paymentMethod(1), 'Cash');
    await pay.getByLabel(S.paymentAmount(1)).fill('1000');
    await pay.getByLabel(S.cashTendered).fill('1000');
    await pay.getByRole('button', { name: S.record, exact: true }).click();
    await pay.waitFor({ state: 'hidden' });
    await view.locator('.mantine-Badge-label').getByText('Confirmed', { exact: true }).waitFor();
    expect(await view.getByLabel(S.labels.balanceDue).innerText()).toBe('₱1,000.00');

    // The kitchen: In Production, then Ready; its ticket has the cake and words, no prices.
    await view.getByRole('button', { name: S.inProduction, exact: true }).click();
    await view.locator('.mantine-Badge-label').getByText('In production', { exact: true }).waitFor();
    await view.getByRole('button', { name: S.ready, exact: true }).click();
    await view.locator('.mantine-Badge-label').getByText('Ready', { exact: true }).waitFor();
    await view.getByRole('button', { name: S.printTicket, exact: true }).click();
    const ticket = dialog(page, S.ticketTitle).getByRole('article', { name: S.ticketTitle });
    const words = await ticket.innerText();
    for (const expected of [order.orderNumber, '"Happy 7th, Lia" x 1', 'Congrats, Ate Joy!', 'Pink and gold'])
      expect(words).toContain(expected);
    expect(words).not.toContain('₱');
    await page.emulateMedia({ media: 'print' });
    await settled(page);
    await snapshot(page, 'cake-order-ticket-print');
    await page.emulateMedia({ media: 'screen' });
    await dialog(page, S.ticketTitle).getByRole('button', { name: 'Close', exact: true }).last().click();

    // Cancelled with the deposit refunded: nothing paid, nothing due, no more actions.
    await view.getByRole('button', { name: S.cancel, exact: true }).click();
    const cancel = dialog(page, S.cancelTitle(order.orderNumber));
    await cancel.getByRole('button', { name: S.cancel, exact: true }).click();
    await cancel.getByText(CAKE_ORDERS_TEXT.reason).waitFor();
    await cancel.getByLabel(S.reason).fill('Party moved to next month');
    await cancel.getByRole('button', { name: S.cancel, exact: true }).click();
    await cancel.getByText(S.chooseDeposit).waitFor();
    await cancel.getByLabel(S.refundDeposit).check();
    await cancel.getByRole('button', { name: S.cancel, exact: true }).click();
    await view.locator('.mantine-Badge-label').getByText('Cancelled', { exact: true }).waitFor();
    const payments = await view.getByRole('table', { name: S.labels.payments }).innerText();
    expect(payments).toMatch(/Refund\s+Cash\s+-₱1,000\.00/);
    expect(await view.getByText('Party moved to next month', { exact: true }).count()).toBe(1);
    for (const action of [S.takePayment, S.inProduction, S.ready, S.pickUp, S.cancel])
      expect(await view.getByRole('button', { name: action, exact: true }).count()).toBe(0);
    await settled(page);
    await snapshot(page, 'cake-order-cancelled');
    await context.close();
  }, 60_000);

  it('a cashier’s cancellation goes to a manager for approval', async () => {
    const staff = await b.shop.signedIn('staff');
    const { order } = await orderOf(staff, 'Bea Reyes', 4);
    const { page, context } = await signedInPage(b, { as: { email: staff.user.email } });
    await openScreen(page, 'Cake Orders', '/cake-orders');
    await rowOf(page.getByRole('table', { name: 'Cake Orders', exact: true }), order.orderNumber).click();
    const view = dialog(page, `Cake Orders: ${order.orderNumber}`);
    await view.getByRole('button', { name: S.cancel, exact: true }).click();
    const cancel = dialog(page, S.cancelTitle(order.orderNumber));
    await cancel.getByText(S.staffCancel).waitFor();
    expect(await cancel.getByLabel(S.refundDeposit).count()).toBe(0);
    await cancel.getByLabel(S.reason).fill('Customer changed her mind');
    await cancel.getByRole('button', { name: S.cancel, exact: true }).click();
    await page.getByText(ACTION_REQUEST_TEXT.sentForApproval).waitFor();
    await cancel.waitFor({ state: 'hidden' });
    // Still open until a manager approves.
    await view.locator('.mantine-Badge-label').getByText('Pending', { exact: true }).waitFor();
    await settled(page);
    await snapshot(page, 'cake-order-staff-cancel');
    await context.close();
  });

  it('on the tablet: the week calendar shows all seven days without scrolling', async () => {
    const { page, context } = await signedInPage(b, { as: cashier, viewport: TABLET });
    await openScreen(page, 'Cake Orders', '/cake-orders');
    const calendar = page.getByRole('region', { name: S.week });
    const days = calendar.locator('[data-day]');
    await days.first().waitFor();
    expect(await days.count()).toBe(7);
    for (const box of await days.evaluateAll((all) => all.map((d) => d.getBoundingClientRect().toJSON())))
      expect([box.right <= TABLET.width, box.bottom <= TABLET.height]).toEqual([true, true]);
    await settled(page);
    await snapshot(page, 'cake-orders-calendar-tablet');
    // The order form fits the tablet's width: nothing to scroll sideways.
    await page.getByRole('button', { name: S.newOrder, exact: true }).click();
    const form = dialog(page, S.newOrderTitle);
    await form.getByRole('button', { name: S.addCustom }).click();
    await form.getByRole('button', { name: S.addPayment }).click();
    await settled(page);
    const widths = await form.evaluate((f) => ({ scroll: f.scrollWidth, client: f.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await snapshot(page, 'cake-order-form-tablet');
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    // An order's view on the tablet: its slip button in sight without scrolling.
    await rowOf(page.getByRole('table', { name: 'Cake Orders', exact: true }), 'ORD-000001').click();
    const view = dialog(page, 'Cake Orders: ORD-000001');
    const slip = await view.getByRole('button', { name: S.printSlip }).boundingBox();
    expect(slip && slip.y + slip.height <= TABLET.height).toBe(true);
    await settled(page);
    await snapshot(page, 'cake-order-view-tablet');
    await context.close();
  });
});
