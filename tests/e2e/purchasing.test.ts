import { asc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers, units } from '../../server/db/schema';
import { FORM_TEXT } from '../../shared/texts/fields';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import {
  column,
  menuLabels,
  openScreen,
  rowOf,
  snapshot as saveSnapshot,
  signedInPage,
  TABLET,
} from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Purchasing in the browser: a manager drafts, edits, orders, prints and cancels purchase
// orders; staff never see the screen. Screenshots at the cashier's screen and the tablet.

const b = browserShopForFile();
const ids = { flourCo: 0, dairy: 0 };

beforeAll(async () => {
  const db = b.shop.db;
  ids.flourCo = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: 'Manila Flour Co.' })
    .returning()
    .get().id;
  ids.dairy = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-002', name: 'Batangas Dairy Farms' })
    .returning()
    .get().id;
  const unit = (name: string) => db.select().from(units).where(eq(units.name, name)).get()!.id;
  const item = (n: number, name: string, unitName: string, purchasePrice: number) =>
    db
      .insert(inventoryItems)
      .values({ itemId: `INV-00000${n}`, name, unitId: unit(unitName), amount: 1, purchasePrice })
      .run();
  item(1, 'All-Purpose Flour', 'kg', 5500);
  item(2, 'Unsalted Butter', 'kg', 42000);
  item(3, 'All-Purpose Cream', 'L', 21050);
  const admin = await b.shop.adminSession();
  await admin.api.settings.saveShopProfile({
    businessName: 'Sweet Crumbs Bakeshop',
    address: '12 Mabini St., Quezon City',
    contact: '0917 555 0101',
    tin: '123-456-789-000',
    birPermitNumber: '',
  });
});

const poTable = (page: Page) => page.getByRole('table', { name: 'Purchasing', exact: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const confirmDialog = (page: Page) => dialog(page, 'Please confirm');
/** A required field's label: its name, then Mantine's asterisk. */
const required = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/** A screenshot once modals and toasts have finished moving. */
async function snapshot(page: Page, name: string) {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  await saveSnapshot(page, name);
}

/** The toast with this text; its colour says success, error or info. */
async function toastColour(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await toast.waitFor();
  const style = (await toast.getAttribute('style')) ?? '';
  return style.match(/--mantine-color-(\w+)-filled/)?.[1];
}

async function confirm(page: Page, question: string, button: string) {
  await confirmDialog(page).getByText(question, { exact: true }).waitFor();
  await confirmDialog(page).getByRole('button', { name: button, exact: true }).click();
  await confirmDialog(page).waitFor({ state: 'hidden' });
}

/** Adds an item to the order through the lookup, then sets its quantity (and unit cost if given). */
async function addLine(
  page: Page,
  form: Locator,
  search: string,
  option: string,
  quantity: string,
  cost?: string,
) {
  await form.getByLabel('Add item', { exact: true }).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  const name = option.replace(/ \(INV-\d+\)$/, '');
  await form.getByLabel(`Quantity of ${name}`, { exact: true }).fill(quantity);
  if (cost !== undefined) await form.getByLabel(`Unit cost of ${name}`, { exact: true }).fill(cost);
}

async function chooseSupplier(page: Page, form: Locator, name: string) {
  await form.getByLabel(required('Supplier')).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** How far a box scrolls sideways (0: everything fits). */
const sideways = (box: Locator) => box.evaluate((el) => el.scrollWidth - el.clientWidth);
/** The sideways-scrolling frame around a dialog's table of lines. */
const linesFrame = (scope: Locator) => scope.getByRole('table', { name: 'Lines' }).locator('xpath=../..');

describe('the Purchasing screen', () => {
  it('lets a manager draft, edit, order, print and cancel purchase orders', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });
    expect(await menuLabels(page)).toContain('Purchasing');
    await openScreen(page, 'Purchasing', '/purchasing');
    await page.getByRole('heading', { name: 'Purchasing', level: 1 }).waitFor();
    await page.getByText(PURCHASING_TEXT.empty).waitFor();
    const headers = await poTable(page).getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual([
      'PO Number',
      'Supplier',
      'Status',
      'Expected Date',
      'Lines',
      'Total',
      'Created',
    ]);

    // Nothing chosen: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: PURCHASING_TEXT.add }).click();
    const form = dialog(page, PURCHASING_TEXT.add);
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    await form.getByText(PURCHASING_TEXT.supplierRequired).waitFor();
    await form.getByText(PURCHASING_TEXT.linesRequired).waitFor();
    expect(await b.shop.db.$count(purchaseOrders)).toBe(0);

    // Two lines, one of 2.5 kg; the unit cost starts at what the shop last paid.
    await chooseSupplier(page, form, 'Manila Flour Co.');
    await form.getByLabel('Expected Date').fill('2026-12-05');
    await addLine(page, form, 'flour', 'All-Purpose Flour (INV-000001)', '2.5');
    expect(await form.getByLabel('Unit cost of All-Purpose Flour').inputValue()).toBe('₱55.00');
    await addLine(page, form, 'butter', 'Unsalted Butter (INV-000002)', '3', '415.5');
    const lines = form.getByRole('table', { name: 'Lines' });
    await rowOf(lines, 'All-Purpose Flour').getByText('₱137.50').waitFor();
    await rowOf(lines, 'Unsalted Butter').getByText('₱1,246.50').waitFor();
    await rowOf(lines, 'All-Purpose Flour').getByText('kg', { exact: true }).waitFor();
    expect(await form.getByLabel('Order total').textContent()).toBe('₱1,384.00');
    // No quantity: the form says so and sends nothing.
    await form.getByLabel('Quantity of All-Purpose Flour').fill('0');
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    await form.getByText(PURCHASING_TEXT.quantity).waitFor();
    expect(await form.getByLabel('Quantity of All-Purpose Flour').getAttribute('aria-invalid')).toBe('true');
    expect(await b.shop.db.$count(purchaseOrders)).toBe(0);
    // A fourth decimal is cut to three as it is typed.
    await form.getByLabel('Quantity of All-Purpose Flour').fill('2.5004');
    expect(await form.getByLabel('Quantity of All-Purpose Flour').inputValue()).toBe('2.500');
    await form.getByLabel('Quantity of All-Purpose Flour').fill('2.5');
    await form.getByLabel('Notes').fill('Deliver before 10 AM, back door.');
    expect(await sideways(linesFrame(form))).toBeLessThanOrEqual(0);
    await snapshot(page, 'purchasing-form-1366x768');
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    expect(await toastColour(page, PURCHASING_TEXT.created('PO-000001'))).toBe('green');
    await form.waitFor({ state: 'hidden' });

    const saved = b.shop.db.select().from(purchaseOrderLines).orderBy(asc(purchaseOrderLines.id)).all();
    expect(saved.map((l) => [l.quantity, l.unitCost])).toEqual([
      [2500, 5500],
      [3000, 41550],
    ]);
    const first = rowOf(poTable(page), 'PO-000001');
    expect(await first.getByRole('cell').allInnerTexts()).toEqual([
      'PO-000001',
      'Manila Flour Co.',
      'Draft',
      'Dec 5, 2026',
      '2',
      '₱1,384.00',
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    ]);
    expect(
      await sideways(page.getByRole('region', { name: 'Purchasing (scrolls sideways)' })),
    ).toBeLessThanOrEqual(0);

    // The view: its lines in their units; Edit brings the Draft back into the form.
    await first.click();
    const view = dialog(page, 'Purchase Order PO-000001');
    await view.getByRole('table', { name: 'Lines' }).getByText('2.5 kg', { exact: true }).waitFor();
    await view.getByText('Deliver before 10 AM, back door.').waitFor();
    await snapshot(page, 'purchasing-view-draft-1366x768');
    await view.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, 'Edit Purchase Order PO-000001');
    await expect.poll(() => edit.getByLabel('Quantity of All-Purpose Flour').inputValue()).toBe('2.5');
    expect(await edit.getByLabel('Expected Date').inputValue()).toBe('2026-12-05');
    await edit.getByLabel('Quantity of Unsalted Butter').fill('4');
    expect(await edit.getByLabel('Order total').textContent()).toBe('₱1,799.50');
    await edit.getByRole('button', { name: 'Save as Draft' }).click();
    await confirm(page, FORM_TEXT.confirmSave, 'Yes');
    expect(await toastColour(page, PURCHASING_TEXT.updated('PO-000001'))).toBe('green');
    await edit.waitFor({ state: 'hidden' });
    await first.getByText('₱1,799.50').waitFor();

    // Mark as Ordered asks first; then the order can no longer be edited.
    await first.click();
    await view.getByRole('button', { name: PURCHASING_TEXT.order }).click();
    await confirm(page, PURCHASING_TEXT.confirmOrder('PO-000001'), PURCHASING_TEXT.order);
    expect(await toastColour(page, PURCHASING_TEXT.ordered('PO-000001'))).toBe('green');
    await view.getByText('Ordered', { exact: true }).first().waitFor();
    expect(await view.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await view.getByRole('button', { name: PURCHASING_TEXT.order }).count()).toBe(0);
    await view.getByRole('button', { name: PURCHASING_TEXT.cancel }).waitFor();
    expect(b.shop.db.select().from(purchaseOrders).get()!.status).toBe('Ordered');

    // Print: the A4 order alone, with the shop's profile, the supplier, the lines and the total.
    await page.evaluate(() => {
      (window as { printed?: number }).printed = 0;
      window.print = () => {
        (window as { printed?: number }).printed! += 1;
      };
    });
    await view.getByRole('button', { name: PURCHASING_TEXT.print }).click();
    expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);
    const sheet = page.locator('.po-sheet');
    expect(await sheet.isVisible()).toBe(false);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await view.isVisible()).toBe(false);
    const printed = await sheet.innerText();
    for (const text of [
      'Sweet Crumbs Bakeshop',
      '12 Mabini St., Quezon City',
      'TIN: 123-456-789-000',
      'PURCHASE ORDER',
      'PO-000001',
      'Manila Flour Co.',
      'SUP-001',
      'Dec 5, 2026',
      '₱137.50',
      '₱1,662.00',
      '₱1,799.50',
      'Deliver before 10 AM, back door.',
    ])
      expect(printed).toContain(text);
    expect(await sheet.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual([
      '1',
      'All-Purpose Flour INV-000001',
      '2.5',
      'kg',
      '₱55.00',
      '₱137.50',
    ]);
    await saveSnapshot(page, 'purchasing-printout-a4');
    // Once the counter has shown a receipt its print rules are in the page too: the order still prints alone.
    await page.addStyleTag({ path: 'client/screens/sales-management/receipt.css' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.locator('tbody tr').count()).toBe(2);
    expect(await view.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // A second order, cancelled from its view.
    await page.getByRole('button', { name: PURCHASING_TEXT.add }).click();
    await chooseSupplier(page, form, 'Batangas Dairy Farms');
    await addLine(page, form, 'cream', 'All-Purpose Cream (INV-000003)', '12');
    expect(await form.getByLabel('Order total').textContent()).toBe('₱2,526.00');
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    expect(await toastColour(page, PURCHASING_TEXT.created('PO-000002'))).toBe('green');
    await form.waitFor({ state: 'hidden' });
    await rowOf(poTable(page), 'PO-000002').click();
    const second = dialog(page, 'Purchase Order PO-000002');
    await second.getByRole('button', { name: PURCHASING_TEXT.cancel }).click();
    await confirm(page, PURCHASING_TEXT.confirmCancel('PO-000002'), PURCHASING_TEXT.cancel);
    expect(await toastColour(page, PURCHASING_TEXT.cancelled('PO-000002'))).toBe('green');
    await second.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await second.getByRole('button', { name: PURCHASING_TEXT.cancel }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'hidden' });
    await rowOf(poTable(page), 'PO-000002').getByText('Cancelled', { exact: true }).waitFor();

    // The status filter and the search, on the server.
    expect(await column(poTable(page), 0)).toEqual(['PO-000002', 'PO-000001']);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await expect.poll(() => column(poTable(page), 0)).toEqual(['PO-000002']);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft', exact: true }).click();
    await page.getByText(PURCHASING_TEXT.empty).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: PURCHASING_TEXT.allStatuses, exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('manila flour');
    await expect.poll(() => column(poTable(page), 0)).toEqual(['PO-000001']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByText('Showing 1-2 of 2 purchase orders').waitFor();

    // The supplier filter, on the server, with the status filter too; cleared, it shows every supplier's.
    const supplierFilter = page.getByRole('combobox', { name: 'Supplier', exact: true });
    expect(await supplierFilter.getAttribute('placeholder')).toBe(PURCHASING_TEXT.allSuppliers);
    await supplierFilter.click();
    await page.getByRole('option', { name: 'Batangas Dairy Farms', exact: true }).click();
    await expect.poll(() => column(poTable(page), 0)).toEqual(['PO-000002']);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Ordered', exact: true }).click();
    await page.getByText(PURCHASING_TEXT.empty).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: PURCHASING_TEXT.allStatuses, exact: true }).click();
    await supplierFilter.fill('manila');
    await page.getByRole('option', { name: 'Manila Flour Co.', exact: true }).click();
    await expect.poll(() => column(poTable(page), 0)).toEqual(['PO-000001']);
    await page.getByRole('button', { name: 'Clear supplier' }).click();
    await page.getByText('Showing 1-2 of 2 purchase orders').waitFor();
    expect(await supplierFilter.inputValue()).toBe('');
    await snapshot(page, 'purchasing-list-1366x768');
    await context.close();
  });

  it('fits the tablet: list, form and view without sideways scrolling', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager, viewport: TABLET });
    await page.goto('/purchasing');
    await rowOf(poTable(page), 'PO-000001').waitFor();
    expect(
      await sideways(page.getByRole('region', { name: 'Purchasing (scrolls sideways)' })),
    ).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await snapshot(page, 'purchasing-list-820x1180');

    await page.getByRole('button', { name: PURCHASING_TEXT.add }).click();
    const form = dialog(page, PURCHASING_TEXT.add);
    await chooseSupplier(page, form, 'Manila Flour Co.');
    await addLine(page, form, 'flour', 'All-Purpose Flour (INV-000001)', '1,250.125');
    await addLine(page, form, 'butter', 'Unsalted Butter (INV-000002)', '0.25');
    await addLine(page, form, 'cream', 'All-Purpose Cream (INV-000003)', '6');
    expect(await sideways(linesFrame(form))).toBeLessThanOrEqual(0);
    await snapshot(page, 'purchasing-form-820x1180');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    await rowOf(poTable(page), 'PO-000001').click();
    const view = dialog(page, 'Purchase Order PO-000001');
    await view.getByRole('table', { name: 'Lines' }).waitFor();
    expect(await sideways(linesFrame(view))).toBeLessThanOrEqual(0);
    await snapshot(page, 'purchasing-view-820x1180');
    await context.close();
  });

  it("keeps the form open with the server's reason when the order was ordered meanwhile", async () => {
    const admin = await b.shop.adminSession();
    const flour = b.shop.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.itemId, 'INV-000001'))
      .get()!;
    const { purchaseOrder } = await admin.api.purchaseOrders.create({
      supplierId: ids.flourCo,
      lines: [{ itemId: flour.id, quantity: 10_000, unitCost: 5500 }],
    });
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });
    await page.goto('/purchasing');
    await rowOf(poTable(page), purchaseOrder.poNumber).click();
    const view = dialog(page, `Purchase Order ${purchaseOrder.poNumber}`);
    await view.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, `Edit Purchase Order ${purchaseOrder.poNumber}`);
    await edit.getByLabel('Quantity of All-Purpose Flour').fill('12');
    // Someone else sends the order to the supplier while the form is open.
    await admin.api.purchaseOrders.order({ id: purchaseOrder.id });
    await edit.getByRole('button', { name: 'Save as Draft' }).click();
    await confirm(page, FORM_TEXT.confirmSave, 'Yes');
    expect(await toastColour(page, PURCHASING_TEXT.notDraft(purchaseOrder.poNumber, 'Ordered'))).toBe('red');
    expect(await edit.isVisible()).toBe(true);
    expect(await edit.getByLabel('Quantity of All-Purpose Flour').inputValue()).toBe('12');
    expect(
      b.shop.db
        .select()
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrder.id))
        .get()!.quantity,
    ).toBe(10_000);
    await context.close();
  });

  it('is not in the menu for staff, and its address sends them to the Dashboard', async () => {
    const staff = await b.shop.addUser('staff');
    const { page, context } = await signedInPage(b, { as: staff });
    expect(await menuLabels(page)).not.toContain('Purchasing');
    await page.goto('/purchasing');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
