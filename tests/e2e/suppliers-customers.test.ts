import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actionRequests, customers, suppliers } from '../../server/db/schema';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { FORM_TEXT } from '../../shared/texts/fields';
import { SUPPLIER_TEXT } from '../../shared/texts/suppliers';
import { openScreen, snapshot as saveSnapshot, signedInPage, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Supplier and Customer Management in the browser: add, edit with the
// confirmation, view, delete, the filter and search, paging, and a staff edit that
// becomes an action request and shows as info.

const b = browserShopForFile();

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const row = (page: Page, name: string, text: string) =>
  table(page, name).getByRole('row').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** A screenshot once modals and toasts have finished moving. */
async function snapshot(page: Page, name: string) {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  await saveSnapshot(page, name);
}

/** The table's headers as a person reads them, without the sort arrows. */
async function headers(page: Page, name: string) {
  const texts = await table(page, name).getByRole('columnheader').allInnerTexts();
  return texts.map((t) => t.replace(/[↕▲▼]/g, '').trim());
}

/** Opens a screen from the side navigation: its heading, its empty table's text and its table's headers. */
async function openEmptyScreen(page: Page, title: string, path: string, empty: string, columns: string[]) {
  await openScreen(page, title, path);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText(empty).waitFor();
  expect(await headers(page, title)).toEqual(columns);
}

async function confirm(page: Page, question: string, button = 'Yes') {
  const confirmation = dialog(page, 'Please confirm');
  await confirmation.getByText(question, { exact: true }).waitFor();
  await confirmation.getByRole('button', { name: button, exact: true }).click();
}

/** The toast with this text; its colour says success, error or info. */
function toastOf(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
}
async function toastColour(page: Page, text: string) {
  const toast = toastOf(page, text);
  await toast.waitFor();
  const style = (await toast.getAttribute('style')) ?? '';
  return style.match(/--mantine-color-(\w+)-filled/)?.[1];
}

function seedSuppliers(n: number) {
  b.shop.db
    .insert(suppliers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        supplierId: `SEED-${String(i + 1).padStart(2, '0')}`,
        name: `Seeded Supplier ${i + 1}`,
        contact: `0917 100 ${String(i).padStart(4, '0')}`,
        company: i % 2 ? 'Manila Mills Corp.' : 'Cebu Sugar Co.',
        createdAt: new Date(Date.UTC(2026, 0, 5, 1, i)),
        updatedAt: new Date(Date.UTC(2026, 0, 5, 1, i)),
      })),
    )
    .run();
}

describe('Supplier Management', () => {
  it('adds, edits after the confirmation, searches, pages, views and deletes a supplier', async () => {
    const { page, context } = await signedInPage(b);
    const columns = ['ID', 'Name', 'Contact', 'Company', 'Created At', 'Updated At', 'Actions'];
    await openEmptyScreen(page, 'Supplier Management', '/supplier-management', SUPPLIER_TEXT.empty, columns);

    // Add: blanks are refused in the form with the required-fields message; then it saves without a question.
    await page.getByRole('button', { name: 'Add Supplier' }).click();
    const add = dialog(page, 'Add Supplier');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(SUPPLIER_TEXT.required).waitFor();
    expect(await b.shop.db.$count(suppliers)).toBe(0);
    await add.getByLabel('Supplier ID').fill('FLR-001');
    await add.getByLabel('Name').fill('Golden Flour Traders');
    await add.getByLabel('Contact').fill('Liza, 0917 222 3333');
    await add.getByLabel('Company').fill('Golden Mills Inc.');
    await snapshot(page, 'suppliers-add');
    await add.getByRole('button', { name: 'Save' }).click();
    expect(await toastColour(page, SUPPLIER_TEXT.saved)).toBe('green');
    await add.waitFor({ state: 'hidden' });
    await row(page, 'Supplier Management', 'FLR-001').getByText('Golden Flour Traders').waitFor();

    // The same id in another case is refused by the server, and the form stays open.
    await page.getByRole('button', { name: 'Add Supplier' }).click();
    await add.getByLabel('Supplier ID').fill('flr-001');
    await add.getByLabel('Name').fill('Copy');
    await add.getByRole('button', { name: 'Save' }).click();
    expect(await toastColour(page, SUPPLIER_TEXT.duplicateId)).toBe('red');
    await add.getByRole('button', { name: 'Cancel' }).click();
    expect(await b.shop.db.$count(suppliers)).toBe(1);

    // Edit asks first, then saves.
    await row(page, 'Supplier Management', 'FLR-001').getByRole('button', { name: 'Edit FLR-001' }).click();
    const edit = dialog(page, 'Edit Supplier');
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Golden Flour Traders');
    await edit.getByLabel('Name').fill('Golden Flour Trading');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirm(page, FORM_TEXT.confirmSave);
    await page.getByText(SUPPLIER_TEXT.saved).first().waitFor();
    await row(page, 'Supplier Management', 'FLR-001').getByText('Golden Flour Trading').waitFor();
    expect(b.shop.db.select().from(suppliers).get()?.name).toBe('Golden Flour Trading');

    // Ten per page, the filter chooses the searched field, on the server.
    seedSuppliers(14);
    await page.reload();
    await page.getByText('Showing 1-10 of 15 suppliers').waitFor();
    // Prev and Next have room around their words (the shared pager, client/ui/PagedTable.tsx).
    for (const name of ['Prev', 'Next']) {
      const room = await page
        .getByRole('button', { name, exact: true })
        .evaluate((el) => el.clientWidth - (el.firstElementChild as HTMLElement).offsetWidth);
      expect(room, name).toBeGreaterThanOrEqual(12);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11-15 of 15 suppliers').waitFor();
    await snapshot(page, 'suppliers-page-2');
    await page.getByRole('combobox', { name: 'Search by' }).click();
    await page.getByRole('option', { name: 'Company', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('manila mills');
    await page.getByText('Showing 1-7 of 7 suppliers').waitFor();
    await page.getByRole('combobox', { name: 'Search by' }).click();
    await page.getByRole('option', { name: 'Supplier ID', exact: true }).click();
    await page.getByText(SUPPLIER_TEXT.empty).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('flr');
    await page.getByText('Showing 1-1 of 1 suppliers').waitFor();

    // Sorting by a header, on the server.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Sort by ID' }).click();
    await page.getByRole('button', { name: 'Sort by ID' }).click();
    await expect
      .poll(() =>
        table(page, 'Supplier Management').getByRole('row').nth(1).getByRole('cell').first().textContent(),
      )
      .toBe('SEED-14');

    // View shows every field and deletes after a confirmation.
    await page.getByRole('searchbox', { name: 'Search' }).fill('FLR-001');
    await row(page, 'Supplier Management', 'FLR-001').getByRole('button', { name: 'View FLR-001' }).click();
    const view = dialog(page, 'Supplier Details');
    for (const text of ['FLR-001', 'Golden Flour Trading', 'Liza, 0917 222 3333', 'Golden Mills Inc.']) {
      await view.getByRole('cell', { name: text, exact: true }).waitFor();
    }
    await view.getByRole('rowheader', { name: 'Created At' }).waitFor();
    // A supplier added without a lead time waits 7 days, which purchasing plans with.
    await view.getByRole('rowheader', { name: 'Lead Time (days)' }).waitFor();
    await view.getByRole('cell', { name: '7', exact: true }).waitFor();
    await snapshot(page, 'suppliers-view');
    await view.getByRole('button', { name: 'Delete' }).click();
    await confirm(page, FORM_TEXT.confirmDelete('Golden Flour Trading'), 'Delete');
    await page.getByText(SUPPLIER_TEXT.deleted).first().waitFor();
    await page.getByText(SUPPLIER_TEXT.empty).waitFor();
    expect(
      b.shop.db.select().from(suppliers).where(eq(suppliers.supplierId, 'FLR-001')).get(),
    ).toBeUndefined();
    await context.close();
  });

  it('fits the tablet', async () => {
    const { page, context } = await signedInPage(b, { viewport: TABLET });
    await page.goto('/supplier-management');
    await page.getByText('Showing 1-10 of 14 suppliers').waitFor();
    await snapshot(page, 'suppliers-tablet');
    // Nothing but the table itself may scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The Actions column may sit past the edge with the menu open: a tap on the row opens it.
    await row(page, 'Supplier Management', 'SEED-14')
      .getByRole('cell', { name: 'SEED-14', exact: true })
      .click();
    const view = dialog(page, 'Supplier Details');
    await view.getByRole('button', { name: 'Edit' }).click();
    await dialog(page, 'Edit Supplier').getByLabel('Supplier ID').waitFor();
    expect(await dialog(page, 'Edit Supplier').getByLabel('Supplier ID').inputValue()).toBe('SEED-14');
    await snapshot(page, 'suppliers-edit-tablet');
    await context.close();
  });

  it('sets a supplier lead time in the form and shows it in the view', async () => {
    b.shop.db.insert(suppliers).values({ supplierId: 'LEAD-01', name: 'Dairy Depot' }).run();
    const { page, context } = await signedInPage(b);
    await page.goto('/supplier-management');

    // A new supplier's form starts at 7 days.
    await page.getByRole('button', { name: 'Add Supplier' }).click();
    const add = dialog(page, 'Add Supplier');
    expect(await add.getByLabel('Lead Time (days)').inputValue()).toBe('7');
    await add.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search' }).fill('Dairy Depot');
    await row(page, 'Supplier Management', 'LEAD-01').getByRole('button', { name: 'Edit LEAD-01' }).click();
    const edit = dialog(page, 'Edit Supplier');
    const leadTime = edit.getByLabel('Lead Time (days)');
    await expect.poll(() => leadTime.inputValue()).toBe('7');
    // A blank lead time is stopped in the form, before any question.
    await leadTime.fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(SUPPLIER_TEXT.leadTime).waitFor();
    await leadTime.fill('21');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirm(page, FORM_TEXT.confirmSave);
    expect(await toastColour(page, SUPPLIER_TEXT.saved)).toBe('green');
    await edit.waitFor({ state: 'hidden' });
    expect(
      b.shop.db.select().from(suppliers).where(eq(suppliers.supplierId, 'LEAD-01')).get()?.leadTimeDays,
    ).toBe(21);

    await row(page, 'Supplier Management', 'LEAD-01').getByRole('button', { name: 'View LEAD-01' }).click();
    const view = dialog(page, 'Supplier Details');
    await view.getByRole('rowheader', { name: 'Lead Time (days)' }).waitFor();
    await view.getByRole('cell', { name: '21', exact: true }).waitFor();
    await context.close();
  });
});

describe('Customer Management', () => {
  it('adds, edits after the confirmation, views and deletes a customer', async () => {
    const { page, context } = await signedInPage(b);
    const columns = ['ID', 'Name', 'Email', 'Number', 'Address', 'Created', 'Updated', 'Actions'];
    await openEmptyScreen(page, 'Customer Management', '/customer-management', CUSTOMER_TEXT.empty, columns);

    await page.getByRole('button', { name: 'Add Customer' }).click();
    const add = dialog(page, 'Add Customer');
    await add.getByLabel('Name').fill('Maria Clara');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(CUSTOMER_TEXT.required).waitFor();
    await add.getByLabel('Customer ID').fill('CUST-001');
    await add.getByLabel('Email').fill('not-an-email');
    await add.getByRole('button', { name: 'Save' }).click();
    expect(await toastColour(page, CUSTOMER_TEXT.emailInvalid)).toBe('red');
    await add.getByLabel('Email').fill('maria@example.com');
    await add.getByLabel('Phone Number').fill('0917 123 4567');
    await add.getByLabel('Address').fill('12 Mabini St, Quezon City');
    await add.getByRole('button', { name: 'Save' }).click();
    expect(await toastColour(page, CUSTOMER_TEXT.saved)).toBe('green');
    const maria = row(page, 'Customer Management', 'CUST-001');
    await maria.getByText('maria@example.com').waitFor();

    await maria.getByRole('button', { name: 'Edit CUST-001' }).click();
    const edit = dialog(page, 'Edit Customer');
    await edit.getByLabel('Phone Number').fill('0918 765 4321');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirm(page, FORM_TEXT.confirmSave);
    await page.getByText(CUSTOMER_TEXT.saved).first().waitFor();
    await maria.getByText('0918 765 4321').waitFor();
    await snapshot(page, 'customers');

    await maria.getByRole('button', { name: 'View CUST-001' }).click();
    const view = dialog(page, 'Customer Details');
    await view.getByRole('cell', { name: '12 Mabini St, Quezon City', exact: true }).waitFor();
    await view.getByRole('button', { name: 'Delete' }).click();
    await confirm(page, FORM_TEXT.confirmDelete('Maria Clara'), 'Delete');
    expect(await toastColour(page, CUSTOMER_TEXT.deleted)).toBe('green');
    await page.getByText(CUSTOMER_TEXT.empty).waitFor();
    expect(await b.shop.db.$count(customers)).toBe(0);
    await context.close();
  });

  it('a staff edit becomes a request: an info toast, and the record stays as it was', async () => {
    const customer = b.shop.db
      .insert(customers)
      .values({
        customerId: 'CUST-777',
        name: 'Juan Dela Cruz',
        email: 'juan@example.com',
        phoneNumber: '0917 555 0777',
        address: 'Poblacion, Makati',
        updatedAt: new Date(),
      })
      .returning()
      .get();
    const staff = await b.shop.addUser('staff');
    const { page, context } = await signedInPage(b, { as: staff, viewport: TABLET });
    await page.goto('/customer-management');
    const juan = row(page, 'Customer Management', 'CUST-777');
    await juan.getByRole('button', { name: 'Edit CUST-777' }).click();
    const edit = dialog(page, 'Edit Customer');
    await edit.getByText('A manager will review your changes before they are saved.').waitFor();
    await edit.getByLabel('Name').fill('Juan de la Cruz Jr.');
    await snapshot(page, 'customers-staff-edit-tablet');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirm(page, FORM_TEXT.confirmSave);
    expect(await toastColour(page, ACTION_REQUEST_TEXT.sentForApproval)).toBe('blue');
    await edit.waitFor({ state: 'hidden' });
    await snapshot(page, 'customers-staff-requested-tablet');
    await juan.getByText('Juan Dela Cruz', { exact: true }).waitFor();
    expect(b.shop.db.select().from(customers).where(eq(customers.id, customer.id)).get()?.name).toBe(
      'Juan Dela Cruz',
    );
    const request = b.shop.db
      .select()
      .from(actionRequests)
      .where(eq(actionRequests.targetId, 'CUST-777'))
      .get();
    expect(request).toMatchObject({
      module: 'Customer Management',
      requestType: 'update',
      status: 'pending',
    });
    expect(JSON.parse(request!.details)).toEqual({ Name: 'Juan Dela Cruz → Juan de la Cruz Jr.' });

    // A staff delete is held too.
    await juan.getByRole('button', { name: 'View CUST-777' }).click();
    await dialog(page, 'Customer Details').getByRole('button', { name: 'Delete' }).click();
    await confirm(page, FORM_TEXT.confirmDelete('Juan Dela Cruz'), 'Delete');
    await expect.poll(() => page.getByText(ACTION_REQUEST_TEXT.sentForApproval).count()).toBeGreaterThan(0);
    await juan.waitFor();
    // Juan is still there, whatever the test before left behind.
    expect(await b.shop.db.$count(customers, eq(customers.id, customer.id))).toBe(1);
    await context.close();
  });
});
