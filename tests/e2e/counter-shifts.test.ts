import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, shifts } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { closeShift, moveCash, openShift } from '../../server/domains/shifts/service';
import { xReading } from '../../server/domains/shifts/xReading';
import { formatPeso } from '../../shared/money';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { addDays, manilaDate } from '../../shared/time';
import { PASSWORD } from '../helpers/app';
import { CASHIER_SCREEN, openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The counter as staff really use it, at the cashier's screen and on the tablet: a manager
// closes a shift a cashier left open, from End of Day, and then takes the Z reading; a cash
// out above the drawer is refused with the server's words in the dialog; a cash in voided by
// a manager shows on the X reading as a voided line and no longer counts.

const b = browserShopForFile();
const SIZES = [
  ['cashier screen', CASHIER_SCREEN, 'desktop'],
  ['tablet', TABLET, 'tablet'],
] as const;
let manager: Viewer;
let managerEmail = '';

const viewerOf = (user: Viewer['user']): Viewer => ({ user, sessionId: 'test', mustSetPassword: false });

beforeAll(async () => {
  const user = await b.shop.addUser('manager');
  manager = viewerOf(user);
  managerEmail = user.email;
  b.shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-710001', name: 'Pastry Flour', unitPrice: 5000, stock: 50_000 })
    .run();
});

const shows = (scope: Page | Locator, text: string | RegExp) =>
  (typeof text === 'string' ? scope.getByText(text, { exact: true }) : scope.getByText(text))
    .first()
    .waitFor();
const settled = (page: Page) => page.waitForTimeout(400);
const asManager = (viewport: typeof TABLET) =>
  signedInPage(b, { as: { email: managerEmail, password: PASSWORD }, viewport });
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('shifts a manager can see and close', () => {
  for (const [name, viewport, tag] of SIZES)
    it(`at the ${name}: closes a cashier's shift left open, from End of Day, then takes the Z reading`, async () => {
      const cashier = viewerOf(await b.shop.addUser('staff'));
      const { shift } = openShift(b.shop.db, cashier, 50000);
      moveCash(b.shop.db, cashier, { id: shift.id, type: 'in', amount: 10000, reason: 'Change fund' });

      const { page, context } = await asManager(viewport);
      await openScreen(page, 'End of Day', '/end-of-day');
      const table = page.getByRole('table', { name: 'Shifts' });
      const row = table.getByRole('row', { name: `Shift #${shift.id}` });
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      expect(cells.slice(0, 2)).toEqual([String(shift.id), cashier.user.username]);
      expect(cells[2]).toBe('Open');
      expect(cells.slice(4, 8)).toEqual([formatPeso(50000), formatPeso(60000), '—', '—']);
      await shows(page, '1 open shift: close it before the Z reading.');
      await settled(page);
      await snapshot(page, `eod-shifts-open-${tag}`);

      // Its X reading, read by the manager.
      await row.getByRole('button', { name: `X reading of shift #${shift.id}` }).click();
      const x = page.getByRole('dialog', { name: 'X reading' });
      await shows(x, `X READING · SHIFT #${shift.id}`);
      await shows(x, 'Cash in: Change fund');
      await shows(x, formatPeso(60000));
      await x.getByRole('button', { name: 'Close', exact: true }).last().click();
      await x.waitFor({ state: 'detached' });

      // Closing it: counted cash and why (another cashier's shift).
      await row.getByRole('button', { name: `Close shift #${shift.id}` }).click();
      const close = page.getByRole('dialog', { name: `Close ${cashier.user.username}’s shift` });
      await shows(close, formatPeso(60000));
      await close.getByLabel(/^Counted cash/).fill('590');
      await close.getByRole('button', { name: 'Close shift' }).click();
      await shows(close, SHIFT_TEXT.closeReasonNeeded);
      await close.getByLabel(/^Reason/).fill('Left open on the tablet');
      await settled(page);
      await snapshot(page, `eod-close-shift-${tag}`);
      await close.getByRole('button', { name: 'Close shift' }).click();

      const slip = page.getByRole('dialog', { name: `Shift close #${shift.id}` });
      await shows(slip, `SHIFT CLOSE · SHIFT #${shift.id}`);
      await shows(slip, /^Closed [A-Z][a-z]{2} \d/);
      await shows(slip, formatPeso(-1000));
      await shows(slip, /Left open on the tablet/);
      expect(await slip.getByText(/X READING/).count()).toBe(0);
      await settled(page);
      await snapshot(page, `eod-close-slip-${tag}`);
      await slip.getByRole('button', { name: 'Close', exact: true }).last().click();
      await slip.waitFor({ state: 'detached' });
      expect(b.shop.db.select().from(shifts).where(eq(shifts.id, shift.id)).get()).toMatchObject({
        countedCash: 59000,
        variance: -1000,
        closeReason: 'Left open on the tablet',
        closedBy: manager.user.id,
      });
      await shows(page, 'Every shift is closed.');

      // Now the Z reading goes through.
      await page.getByRole('button', { name: 'Take Z reading' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await confirm.getByRole('button', { name: 'Take Z reading' }).click();
      const z = page.getByRole('dialog', { name: /^Z reading #\d+$/ });
      await z.getByText(/^Z READING #\d+$/).waitFor();
      await settled(page);
      await snapshot(page, `eod-z-after-close-${tag}`);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    }, 60_000);
});

describe('cash under control', () => {
  for (const [name, viewport, tag] of SIZES)
    it(`at the ${name}: a cash out above the drawer is refused with its message; a voided cash in shows on the X reading`, async () => {
      const { shift } = openShift(b.shop.db, manager, 100000);
      const { page, context } = await asManager(viewport);
      await openScreen(page, 'Sales Management', '/sales-management');
      const counter = page.getByRole('region', { name: 'Counter', exact: true });
      await counter.getByText(`Shift #${shift.id} open`).waitFor();

      await counter.getByRole('button', { name: 'Cash in / out' }).click();
      const move = page.getByRole('dialog', { name: 'Cash in / out' });
      await move.getByText('Cash out', { exact: true }).click();
      await move.getByLabel(/^Amount/).fill('5000');
      await move.getByLabel(/^Reason/).fill('Pay the flour supplier');
      await move.getByRole('button', { name: 'Record' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await shows(confirm, SHIFT_TEXT.confirmCash('out', formatPeso(500000), 'Pay the flour supplier'));
      await confirm.getByRole('button', { name: 'Record' }).click();
      await move
        .getByRole('alert')
        .getByText(SHIFT_TEXT.cashOutTooLarge(formatPeso(100000)))
        .waitFor();
      await settled(page);
      await snapshot(page, `counter-cash-out-refused-${tag}`);
      expect(xReading(b.shop.db, shift).cashOut).toBe(0);

      // A cash in, confirmed with its amount.
      await move.getByText('Cash in', { exact: true }).click();
      await move.getByLabel(/^Amount/).fill('200');
      await move.getByLabel(/^Reason/).fill('Change fund');
      await move.getByRole('button', { name: 'Record' }).click();
      await shows(confirm, SHIFT_TEXT.confirmCash('in', formatPeso(20000), 'Change fund'));
      await confirm.getByRole('button', { name: 'Record' }).click();
      await move.waitFor({ state: 'hidden' });
      expect(xReading(b.shop.db, shift).cashIn).toBe(20000);

      // Voided from the X reading: a voided line, and the expected cash back to ₱1,000.00.
      await counter.getByRole('button', { name: 'X reading' }).click();
      const x = page.getByRole('dialog', { name: 'X reading' });
      await shows(x, formatPeso(120000));
      await x.getByRole('button', { name: `Void cash in of ${formatPeso(20000)}` }).click();
      await x.getByRole('button', { name: 'Void', exact: true }).click();
      await shows(x, SHIFT_TEXT.voidReason);
      await x.getByLabel(/^Why void it/).fill('Counted twice');
      await x.getByRole('button', { name: 'Void', exact: true }).click();
      await shows(x, /^VOIDED Cash in: Change fund \(Counted twice, by /);
      await shows(x, formatPeso(100000));
      expect(await x.getByRole('button', { name: /^Void cash/ }).count()).toBe(0);
      await settled(page);
      await snapshot(page, `counter-x-voided-${tag}`);
      expect(xReading(b.shop.db, shift)).toMatchObject({ cashIn: 0, expectedCash: 100000 });
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await x.getByRole('button', { name: 'Close', exact: true }).last().click();
      await x.waitFor({ state: 'detached' });
      await context.close();

      // The Z reading lists the void as a voided line.
      closeShift(b.shop.db, manager, { id: shift.id, countedCash: 100000 });
      const eod = await asManager(viewport);
      await openScreen(eod.page, 'End of Day', '/end-of-day');
      await eod.page.getByRole('button', { name: 'Take Z reading' }).click();
      await eod.page
        .getByRole('dialog', { name: 'Please confirm' })
        .getByRole('button', { name: 'Take Z reading' })
        .click();
      const z = eod.page.getByRole('dialog', { name: /^Z reading #\d+$/ });
      await shows(z, 'Voided cash movements (1), not counted:');
      await shows(z, new RegExp(`^VOIDED Cash in: Change fund · shift #${shift.id} \\(Counted twice`));
      await settled(eod.page);
      await snapshot(eod.page, `eod-z-voids-${tag}`);
      await eod.context.close();
    }, 60_000);
});

describe('a staff void', () => {
  it('on the tablet: a cashier’s void of their own cash in is sent for a manager’s approval', async () => {
    const staff = await b.shop.addUser('staff');
    const { shift } = openShift(b.shop.db, viewerOf(staff), 30000);
    moveCash(b.shop.db, viewerOf(staff), { id: shift.id, type: 'in', amount: 5000, reason: 'Coins' });
    const { page, context } = await signedInPage(b, { as: { email: staff.email }, viewport: TABLET });
    await openScreen(page, 'Sales Management', '/sales-management');
    const counter = page.getByRole('region', { name: 'Counter', exact: true });
    await counter.getByRole('button', { name: 'X reading' }).click();
    const x = page.getByRole('dialog', { name: 'X reading' });
    await x.getByRole('button', { name: `Void cash in of ${formatPeso(5000)}` }).click();
    await x.getByLabel(/^Why void it/).fill('Counted twice');
    await x.getByRole('button', { name: 'Void', exact: true }).click();
    await shows(page, ACTION_REQUEST_TEXT.sentForApproval);
    await settled(page);
    await snapshot(page, 'counter-staff-void-requested-tablet');
    expect(xReading(b.shop.db, shift)).toMatchObject({ cashIn: 5000, expectedCash: 35000 });
    await context.close();
    closeShift(b.shop.db, manager, { id: shift.id, countedCash: 35000 });
  });
});

describe('a sale of an earlier day', () => {
  for (const [name, viewport, tag] of SIZES)
    it(`at the ${name}: Record a Sale asks whether its cash is in today's drawer`, async () => {
      const { page, context } = await asManager(viewport);
      await openScreen(page, 'Sales Management', '/sales-management');
      // Record a Sale for yesterday asks whether its cash is in today's drawer.
      await page.getByRole('button', { name: 'Record a Sale' }).click();
      const form = page.getByRole('dialog', { name: 'Record a Sale' });
      await form.getByLabel('Date', { exact: true }).waitFor();
      expect(await form.getByText(SHIFT_TEXT.inDrawerQuestion).count()).toBe(0);
      await form.getByLabel('Date', { exact: true }).fill(addDays(manilaDate(), -1));
      // The label carries the required asterisk, so the question is matched as a part of it.
      const question = form.getByText(SHIFT_TEXT.inDrawerQuestion);
      await question.waitFor();
      await form.getByRole('button', { name: 'Save Sale' }).click();
      await shows(form, SHIFT_TEXT.inDrawerChoose);
      await question.scrollIntoViewIfNeeded();
      await settled(page);
      await snapshot(page, `record-sale-in-drawer-${tag}`);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      await context.close();
    });
});
