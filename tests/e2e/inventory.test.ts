import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakeIngredients,
  cakeSizes,
  cakes,
  categories,
  inventoryItems,
  suppliers,
  units,
} from '../../server/db/schema';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { FORM_TEXT } from '../../shared/texts/fields';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { manilaDate } from '../../shared/time';
import { ADMIN, PASSWORD } from '../helpers/app';
import { column, rowOf, sideNav, signInThroughScreen, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

const b = browserShopForFile();
const ids = { baking: 0, birthday: 0, size: 0, supplier: 0, kg: 0 };

beforeAll(() => {
  const db = b.shop.db;
  ids.baking = db.insert(categories).values({ name: 'Baking', type: 'inventory' }).returning().get().id;
  db.insert(categories).values({ name: 'Dairy', type: 'inventory' }).run();
  ids.birthday = db.insert(categories).values({ name: 'Birthday', type: 'cake' }).returning().get().id;
  ids.size = db.insert(cakeSizes).values({ name: '8-inch round' }).returning().get().id;
  ids.supplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-001', name: 'Manila Flour Co.' })
    .returning()
    .get().id;
  ids.kg = db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
});

/** Empties the shelves so each journey counts only its own rows. */
function clearShelves() {
  const db = b.shop.db;
  db.delete(cakeIngredients).run();
  db.delete(cakes).run();
  db.delete(inventoryItems).run();
}

const itemTable = (page: Page) => page.getByRole('table', { name: 'Inventory', exact: true });
const cakeTable = (page: Page) => page.getByRole('table', { name: 'Cake Inventory', exact: true });
/** A required field's label: its name, then Mantine's asterisk. */
const required = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
/** Lets a modal finish fading in before a screenshot. */
const settled = (page: Page) => page.waitForTimeout(400);
const shows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

async function openInventory(page: Page, email: string, password: string) {
  await signInThroughScreen(page, email, password);
  await sideNav(page).getByRole('link', { name: 'Inventory' }).click();
  await page.waitForURL('**/inventory');
  await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(required(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const batch = (n: number) => `Batch ${String(n).padStart(2, '0')}`;

function addItemRow(n: number, fields: Partial<typeof inventoryItems.$inferInsert> = {}) {
  return b.shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-${String(n).padStart(6, '0')}`, name: `Item ${n}`, ...fields })
    .returning()
    .get();
}

describe('the Inventory screen', () => {
  it('sorts by a header (ascending, descending, none) and pages ten at a time', async () => {
    clearShelves();
    // Stock 1..25 in a scrambled order: item n holds (7n mod 25) + 1, kept in thousandths.
    for (let n = 1; n <= 25; n++) {
      addItemRow(n, { name: batch(n), stock: (((n * 7) % 25) + 1) * 1000 });
    }
    const { page, context } = await b.newPage();
    await openInventory(page, ADMIN.email, ADMIN.password);
    const table = itemTable(page);
    await shows(page, 'Showing 1-10 of 25 items');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'ID ↕',
      'Item Name ↕',
      'Stock ↕',
      'Category ↕',
      'Purchase Price ↕',
      'Unit Price ↕',
      'Unit ↕',
      'Supplier ↕',
      'Expiration Date ↕',
      'Status ↕',
      'Actions',
    ]);
    // Unsorted: newest first.
    const newestFirst = Array.from({ length: 10 }, (_, i) => batch(25 - i));
    expect(await column(table, 1)).toEqual(newestFirst);

    const byStock = page.getByRole('button', { name: 'Sort by Stock' });
    await byStock.click();
    await expect.poll(() => column(table, 2)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await page.getByRole('columnheader', { name: 'Stock' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await byStock.click();
    await expect
      .poll(() => column(table, 2))
      .toEqual(['25', '24', '23', '22', '21', '20', '19', '18', '17', '16']);
    expect(await page.getByRole('columnheader', { name: 'Stock' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await byStock.click();
    await expect.poll(() => column(table, 1)).toEqual(newestFirst);
    expect(await page.getByRole('columnheader', { name: 'Stock' }).getAttribute('aria-sort')).toBeNull();

    // Paging: Next, then the last page's button.
    await page.getByRole('button', { name: 'Next' }).click();
    await shows(page, 'Showing 11-20 of 25 items');
    await expect.poll(() => column(table, 1)).toEqual(Array.from({ length: 10 }, (_, i) => batch(15 - i)));
    await page.getByRole('button', { name: 'Page 3' }).click();
    await shows(page, 'Showing 21-25 of 25 items');
    expect(await table.locator('tbody tr').count()).toBe(5);

    // The search goes to the server and starts again at page 1.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Batch 07');
    await shows(page, 'Showing 1-1 of 1 items');
    expect(await column(table, 1)).toEqual(['Batch 07']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such thing');
    await shows(page, INVENTORY_TEXT.noItems);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await shows(page, 'Showing 1-10 of 25 items');
    await snapshot(page, 'inventory-items-1366x768');
    await context.close();
  });

  it('an admin adds, edits (after the confirmation), views and deletes an item', async () => {
    clearShelves();
    const { page, context } = await b.newPage();
    await openInventory(page, ADMIN.email, ADMIN.password);
    await shows(page, INVENTORY_TEXT.noItems);
    await shows(page, 'Showing 0-0 of 0 items');

    // Add: the form's checks run in the form and nothing is sent.
    await page.getByRole('button', { name: '+ Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INVENTORY_TEXT.required).waitFor();
    await add.getByLabel(required('Item Name')).fill('Bread Flour');
    await add.getByLabel('Stock', { exact: true }).fill('-3');
    await add.getByLabel('Restock Threshold', { exact: true }).fill('-1');
    await add.getByLabel('Unit Price', { exact: true }).fill('-1');
    await add.getByLabel('Expiration Date', { exact: true }).fill('2001-01-01');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INVENTORY_TEXT.stockNegative).waitFor();
    await add.getByText(INVENTORY_TEXT.thresholdNegative).waitFor();
    await add.getByText(INVENTORY_TEXT.unitPriceNegative).waitFor();
    await add.getByText(INVENTORY_TEXT.expiredDate).waitFor();
    expect(await b.shop.db.$count(inventoryItems)).toBe(0);

    await add.getByLabel('Stock', { exact: true }).fill('20');
    await choose(page, add, 'Category', 'Baking');
    await add.getByLabel('Purchase Price', { exact: true }).fill('45.5');
    await add.getByLabel('Unit Price', { exact: true }).fill('60');
    await add.getByLabel('Amount', { exact: true }).fill('1');
    await choose(page, add, 'Unit', 'kg');
    await choose(page, add, 'Supplier', 'Manila Flour Co.');
    await add.getByLabel('Restock Threshold', { exact: true }).fill('5');
    await add.getByLabel('Expiration Date', { exact: true }).fill('2099-12-31');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, INVENTORY_TEXT.added);
    await add.waitFor({ state: 'hidden' });
    const row = rowOf(itemTable(page), 'Bread Flour');
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 10)).toEqual([
      expect.stringMatching(/^INV-\d{6}$/),
      'Bread Flour',
      '20',
      'Baking',
      '₱45.50',
      '₱60.00',
      '1 kg',
      'Manila Flour Co.',
      'Dec 31, 2099', // en-PH, like every other date
      'Well-stocked',
    ]);
    const saved = b.shop.db.select().from(inventoryItems).get()!;
    expect(saved).toMatchObject({
      name: 'Bread Flour',
      stock: 20_000,
      restockThreshold: 5_000,
      purchasePrice: 4550,
      unitPrice: 6000,
      amount: 1,
      unitId: ids.kg,
      supplierId: ids.supplier,
      categoryId: ids.baking,
      scPwdEligible: false,
    });

    // Edit: the question comes first; Cancel sends nothing and keeps the form.
    await row.getByRole('button', { name: 'Edit Bread Flour' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    expect(await edit.getByLabel(required('Item Name')).inputValue()).toBe('Bread Flour');
    expect(await edit.getByText('A manager will review', { exact: false }).count()).toBe(0);
    expect(await edit.getByLabel('Purchase Price', { exact: true }).inputValue()).toBe('₱45.50');
    await edit.getByLabel('Stock', { exact: true }).fill('3');
    await edit.getByLabel('Unit Price', { exact: true }).fill('65');
    // Baking supplies start without the SC/PWD discount; this one is ticked on.
    const scPwd = edit.getByRole('checkbox', { name: 'SC/PWD eligible' });
    expect(await scPwd.isChecked()).toBe(false);
    await scPwd.check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByText(FORM_TEXT.confirmSave).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog(page).waitFor({ state: 'hidden' });
    expect(b.shop.db.select().from(inventoryItems).get()!.unitPrice).toBe(6000);
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await shows(page, INVENTORY_TEXT.updated);
    await edit.waitFor({ state: 'hidden' });
    // Stock 3 is at or below the threshold of 5.
    await row.getByText('Low stock', { exact: true }).waitFor();
    await row.getByRole('cell', { name: '₱65.00' }).waitFor();
    expect(b.shop.db.select().from(inventoryItems).get()).toMatchObject({
      stock: 3_000,
      unitPrice: 6500,
      scPwdEligible: true,
    });

    // View, opened from the keyboard as a till without a mouse would (the row takes Enter as
    // a click): every field, who made it, and the stock ledger newest first.
    await row.focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'Item Details' });
    const details = view.getByRole('table', { name: 'Item Details' });
    const field = (label: string) =>
      details
        .locator('tr')
        .filter({ has: page.locator('th').getByText(label, { exact: true }) })
        .locator('td')
        .textContent();
    expect(await field('Created By')).toBe('admin');
    expect(await field('Restock Threshold')).toBe('5');
    expect(await field('Unit')).toBe('1 kg');
    expect(await field('Category')).toBe('Baking');
    expect(await field('SC/PWD Eligible')).toBe('Yes');
    const ledger = view.getByRole('table', { name: 'Stock movements' });
    await ledger.getByText('20 → 3').waitFor();
    expect(await column(ledger, 1)).toEqual(['Edited', 'Added']);
    expect(await column(ledger, 2)).toEqual(['-17', '+20']);
    expect(await column(ledger, 3)).toEqual(['20 → 3', '0 → 20']);
    expect(await column(ledger, 4)).toEqual(['admin', 'admin']);
    // Above the ledger, the lots: the stock it was added with, less what the edit took.
    const lots = view.getByRole('table', { name: 'Lots' });
    await lots.getByRole('cell', { name: '3 of 20', exact: true }).waitFor();
    expect(await column(lots, 3)).toEqual(['3 of 20']);
    expect(await column(lots, 2)).toEqual(['Dec 31, 2099']);
    expect(await column(lots, 4)).toEqual(['₱45.50']);
    expect((await lots.boundingBox())!.y).toBeLessThan((await ledger.boundingBox())!.y);
    expect(await view.getByText('Expired stock to write off', { exact: false }).count()).toBe(0);
    await settled(page);
    await snapshot(page, 'inventory-item-view-1366x768');

    // Delete, behind a confirmation.
    await view.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByText(FORM_TEXT.confirmDelete('Bread Flour')).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await shows(page, INVENTORY_TEXT.deleted);
    await view.waitFor({ state: 'hidden' });
    await shows(page, INVENTORY_TEXT.noItems);
    expect(await b.shop.db.$count(inventoryItems)).toBe(0);
    await context.close();
  });

  it('keeps stock and restock threshold to three decimals, shown in units', async () => {
    clearShelves();
    const { page, context } = await b.newPage();
    await openInventory(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: '+ Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByLabel(required('Item Name')).fill('Cake Flour (kg)');
    await add.getByLabel('Stock', { exact: true }).fill('2.5');
    await add.getByLabel('Restock Threshold', { exact: true }).fill('0.75');
    await add.getByLabel('Unit Price', { exact: true }).fill('60');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, INVENTORY_TEXT.added);
    await add.waitFor({ state: 'hidden' });
    // The database keeps thousandths.
    expect(b.shop.db.select().from(inventoryItems).get()).toMatchObject({
      stock: 2_500,
      restockThreshold: 750,
    });
    const row = rowOf(itemTable(page), 'Cake Flour (kg)');
    expect((await row.getByRole('cell').allTextContents())[2]).toBe('2.5');

    // The form shows units again, and a stock in the thousands reads with its separator.
    await row.getByRole('button', { name: 'Edit Cake Flour (kg)' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    expect(await edit.getByLabel('Stock', { exact: true }).inputValue()).toBe('2.5');
    expect(await edit.getByLabel('Restock Threshold', { exact: true }).inputValue()).toBe('0.75');
    await edit.getByLabel('Stock', { exact: true }).fill('1234.125');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await shows(page, INVENTORY_TEXT.updated);
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '1,234.125', exact: true }).waitFor();
    expect(b.shop.db.select().from(inventoryItems).get()!.stock).toBe(1_234_125);

    await row.getByRole('button', { name: 'View Cake Flour (kg)' }).click();
    const view = page.getByRole('dialog', { name: 'Item Details' });
    const details = view.getByRole('table', { name: 'Item Details' });
    const field = (label: string) =>
      details
        .locator('tr')
        .filter({ has: page.locator('th').getByText(label, { exact: true }) })
        .locator('td')
        .textContent();
    expect(await field('Stock')).toBe('1,234.125');
    expect(await field('Restock Threshold')).toBe('0.75');
    const ledger = view.getByRole('table', { name: 'Stock movements' });
    await ledger.getByText('2.5 → 1,234.125').waitFor();
    expect(await column(ledger, 2)).toEqual(['+1,231.625', '+2.5']);
    // The edit added a lot of its own after the one the item was added with (undated: receipt order).
    const lots = view.getByRole('table', { name: 'Lots' });
    await expect.poll(() => column(lots, 3)).toEqual(['2.5 of 2.5', '1,231.625 of 1,231.625']);
    expect(await column(lots, 1)).toEqual(['Opening stock', 'Stock edit']);
    await context.close();
  });

  it('adds a cake with two ingredients, showing the base cost, then edits it after the confirmation', async () => {
    clearShelves();
    addItemRow(101, { name: 'Cake Flour', purchasePrice: 4550 });
    addItemRow(102, { name: 'Eggs', purchasePrice: 800 });
    addItemRow(103, { name: 'Cocoa Powder', purchasePrice: 12000 });
    for (let n = 1; n <= 6; n++) addItemRow(110 + n, { name: `Sprinkles ${n}` });
    const { page, context } = await b.newPage();
    await openInventory(page, ADMIN.email, ADMIN.password);
    await page.getByText('Cake Inventory', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Cake Inventory' }).isChecked()).toBe(true);
    await shows(page, CAKE_TEXT.noCakes);
    await shows(page, 'Showing 0-0 of 0 cakes');

    await page.getByRole('button', { name: '+ Add Cake' }).click();
    const add = page.getByRole('dialog', { name: 'Add Cake' });
    await add.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      CAKE_TEXT.nameRequired,
      CAKE_TEXT.categoryRequired,
      CAKE_TEXT.sizeRequired,
      CAKE_TEXT.availabilityRequired,
      CAKE_TEXT.priceRequired,
      CAKE_TEXT.ingredientsRequired,
    ]) {
      await add.getByText(message, { exact: true }).waitFor();
    }

    await add.getByLabel(required('Cake Name')).fill('Chocolate Dream');
    await choose(page, add, 'Category', 'Birthday');
    await choose(page, add, 'Size', '8-inch round');
    // The seasonal period shows only for Seasonal; Regular is the form's word for Always.
    await choose(page, add, 'Availability', 'Seasonal');
    await add.getByLabel(required('Season Start')).waitFor();
    await choose(page, add, 'Availability', 'Regular');
    await add.getByLabel(required('Season Start')).waitFor({ state: 'detached' });
    await add.getByLabel(required('Price')).fill('850');

    // Two ingredients from the lookup; its list is at most 150px tall.
    const lookup = add.getByLabel('Add ingredient', { exact: true });
    await lookup.click();
    await page.getByRole('option', { name: 'Cocoa Powder (INV-000103)' }).waitFor();
    const listHeight = await page
      .getByRole('listbox')
      .evaluate(
        (list) => (list.closest('.mantine-Select-dropdown') as HTMLElement).getBoundingClientRect().height,
      );
    expect(listHeight).toBeLessThanOrEqual(150 + 16);
    await lookup.fill('flour');
    await page.getByRole('option', { name: 'Cake Flour (INV-000101)' }).click();
    await lookup.fill('Eggs');
    await page.getByRole('option', { name: 'Eggs (INV-000102)' }).click();
    await add.getByLabel('Quantity of Eggs', { exact: true }).fill('3');
    // ₱45.50 + 3 × ₱8.00
    await expect.poll(() => add.getByLabel('Base Cost', { exact: true }).inputValue()).toBe('₱69.50');
    // Cakes are food: the SC/PWD discount applies unless unticked.
    expect(await add.getByRole('checkbox', { name: 'SC/PWD eligible' }).isChecked()).toBe(true);
    const lines = add.getByRole('table', { name: 'Ingredients' });
    expect(await column(lines, 3)).toEqual(['₱45.50', '₱24.00']);
    await settled(page);
    await snapshot(page, 'inventory-cake-form-1366x768');

    // Adding saves without a question.
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, CAKE_TEXT.saved);
    await add.waitFor({ state: 'hidden' });
    const row = rowOf(cakeTable(page), 'Chocolate Dream');
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 8)).toEqual([
      'Chocolate Dream',
      'Birthday',
      '₱69.50',
      '₱850.00',
      'Regular',
      '2',
      'Out of stock',
    ]);
    const cake = b.shop.db.select().from(cakes).get()!;
    expect(cake).toMatchObject({
      availability: 'Always',
      price: 85000,
      categoryId: ids.birthday,
      sizeId: ids.size,
      scPwdEligible: true,
    });
    expect(
      b.shop.db
        .select()
        .from(cakeIngredients)
        .all()
        .map((i) => i.quantity)
        .sort(),
      // In thousandths of each unit: one and three.
    ).toEqual([1000, 3000]);

    // View: availability reads Regular, no seasonal period, the ingredients with their cost.
    await row.getByRole('button', { name: 'View Chocolate Dream' }).click();
    const view = page.getByRole('dialog', { name: 'Cake Details' });
    await view.getByRole('cell', { name: 'Regular', exact: true }).waitFor();
    await view.locator('th').getByText('Availability', { exact: true }).waitFor();
    expect(await view.locator('th').getByText('Seasonal Period', { exact: true }).count()).toBe(0);
    await view
      .locator('tr')
      .filter({ has: page.locator('th').getByText('SC/PWD Eligible', { exact: true }) })
      .getByRole('cell', { name: 'Yes', exact: true })
      .waitFor();
    const ingredients = view.getByRole('table', { name: 'Cake ingredients' });
    expect(await column(ingredients, 0)).toEqual(['Cake Flour (INV-000101)', 'Eggs (INV-000102)']);
    expect(await column(ingredients, 2)).toEqual(['₱45.50', '₱24.00']);

    // Edit from the view: asks first, then saves.
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cake' });
    expect(await edit.getByLabel(required('Cake Name')).inputValue()).toBe('Chocolate Dream');
    await edit.getByLabel(required('Price')).fill('900');
    await edit.getByRole('button', { name: 'Remove Cake Flour' }).click();
    await expect.poll(() => edit.getByLabel('Base Cost', { exact: true }).inputValue()).toBe('₱24.00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByText(FORM_TEXT.confirmSave).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await shows(page, CAKE_TEXT.saved);
    await row.getByRole('cell', { name: '₱900.00' }).waitFor();
    await row.getByRole('cell', { name: '₱24.00' }).waitFor();
    expect(b.shop.db.select().from(cakes).get()!.price).toBe(90000);
    await edit.waitFor({ state: 'hidden' });
    await snapshot(page, 'inventory-cakes-1366x768');
    await context.close();
  });

  it("turns a staff user's edit and delete into requests for approval, leaving the item as it was", async () => {
    clearShelves();
    const item = addItemRow(201, { name: 'Butter', stock: 10_000, unitPrice: 5000 });
    const staff = await b.shop.addUser('staff');
    const { page, context } = await b.newPage();
    await openInventory(page, staff.email, PASSWORD);
    const row = rowOf(itemTable(page), 'Butter');
    await row.getByRole('button', { name: 'Edit Butter' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await edit.getByText('A manager will review your changes before they are saved.').waitFor();
    await edit.getByLabel('Unit Price', { exact: true }).fill('99');
    await edit.getByRole('button', { name: 'Save' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    const toast = page.getByText('Your request has been sent for approval.', { exact: true });
    await toast.waitFor();
    expect(await page.getByText(INVENTORY_TEXT.updated).count()).toBe(0);
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '₱50.00' }).waitFor();
    expect(
      b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id)).get()!.unitPrice,
    ).toBe(5000);
    const held = b.shop.db.select().from(actionRequests).all();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ module: 'Inventory', requestType: 'update', status: 'pending' });

    // A delete is held the same way.
    await toast.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'View Butter' }).click();
    const view = page.getByRole('dialog', { name: 'Item Details' });
    await view.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await toast.waitFor();
    await row.waitFor();
    expect(await b.shop.db.$count(inventoryItems)).toBe(1);
    expect(await b.shop.db.$count(actionRequests)).toBe(2);
    await context.close();
  });

  it('shows every item column at 1366x768 and stays usable on a tablet at 820x1180', async () => {
    clearShelves();
    // Newest first: the last four made show every status on page 1.
    const special: Record<number, Partial<typeof inventoryItems.$inferInsert>> = {
      12: { name: 'Premium Unbleached All-Purpose Flour', stock: 40_000 },
      11: { stock: 3_000 },
      10: { stock: 0 },
      9: { expirationDate: '2020-01-01' },
      8: { expirationDate: manilaDate() },
    };
    for (let n = 1; n <= 12; n++) {
      addItemRow(300 + n, {
        name: `Tablet item ${n}`,
        stock: (20 + n) * 1000,
        restockThreshold: 5_000,
        categoryId: ids.baking,
        supplierId: ids.supplier,
        unitId: ids.kg,
        amount: 25,
        purchasePrice: 125_000,
        unitPrice: 150_050,
        ...special[n],
      });
    }
    // The cashier's screen: all eleven columns fit beside the side navigation, Actions included.
    const wide = await b.newPage();
    await openInventory(wide.page, ADMIN.email, ADMIN.password);
    await shows(wide.page, 'Showing 1-10 of 12 items');
    const region = wide.page.getByRole('region', { name: 'Inventory (scrolls sideways)' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const regionBox = (await region.boundingBox())!;
    const lastView = (await wide.page.getByRole('button', { name: 'View Tablet item 3' }).boundingBox())!;
    expect(lastView.x + lastView.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
    // A click on a row (not on its buttons) opens the item's details.
    await rowOf(itemTable(wide.page), 'Tablet item 11').getByRole('cell', { name: 'INV-000311' }).click();
    await wide.page
      .getByRole('dialog', { name: 'Item Details' })
      .getByText('Low stock', { exact: true })
      .waitFor();
    await wide.page.keyboard.press('Escape');
    await wide.page.getByRole('dialog', { name: 'Item Details' }).waitFor({ state: 'hidden' });
    await settled(wide.page);
    await snapshot(wide.page, 'inventory-items-full-1366x768');
    await wide.context.close();

    const { page, context } = await b.newPage(TABLET);
    await openInventory(page, ADMIN.email, ADMIN.password);
    await shows(page, 'Showing 1-10 of 12 items');
    for (const status of ['Well-stocked', 'Low stock', 'Out of stock', 'Expired']) {
      await itemTable(page).getByText(status, { exact: true }).first().waitFor();
    }
    // Every control of the toolbar is on screen, none on top of another.
    const boxes = await Promise.all(
      [
        page.locator('.mantine-SegmentedControl-root'),
        page.getByRole('searchbox', { name: 'Search' }),
        page.getByRole('button', { name: '+ Add Item' }),
        page.getByRole('button', { name: '+ Add Cake' }),
      ].map(async (l) => (await l.boundingBox())!),
    );
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(TABLET.width);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, c] = [boxes[i]!, boxes[j]!];
        const apart =
          a.x + a.width <= c.x || c.x + c.width <= a.x || a.y + a.height <= c.y || c.y + c.height <= a.y;
        expect(apart).toBe(true);
      }
    await snapshot(page, 'inventory-items-820x1180');
    await page.getByRole('button', { name: '+ Add Item' }).click();
    await page.getByRole('dialog', { name: 'Add Item' }).getByLabel(required('Item Name')).waitFor();
    await settled(page);
    await snapshot(page, 'inventory-item-form-820x1180');
    await page.getByRole('dialog', { name: 'Add Item' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: '+ Add Cake' }).click();
    const cakeForm = page.getByRole('dialog', { name: 'Add Cake' });
    await cakeForm.getByLabel('Add ingredient', { exact: true }).fill('Tablet item 1');
    await page.getByRole('option', { name: 'Tablet item 11 (INV-000311)' }).click();
    await settled(page);
    await snapshot(page, 'inventory-cake-form-820x1180');
    await context.close();
  });
});
