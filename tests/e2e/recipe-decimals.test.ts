import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cakeIngredients, cakeSizes, cakes, categories, inventoryItems, units } from '../../server/db/schema';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { ADMIN } from '../helpers/app';
import { column, rowOf, sideNav, signInThroughScreen, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// A recipe is for one cake in each item's unit, to three decimals: a quarter kilo of flour
// costs a quarter of its price in the base cost, and a cake keeps its shelf life and target.

const b = browserShopForFile();

beforeAll(() => {
  const db = b.shop.db;
  db.insert(categories).values({ name: 'Chiffon', type: 'cake' }).run();
  db.insert(cakeSizes).values({ name: '8-inch round' }).run();
  const kg = db.select().from(units).where(eq(units.name, 'kg')).get()!.id;
  db.insert(inventoryItems)
    .values([
      { itemId: 'INV-000301', name: 'Cake Flour', unitId: kg, purchasePrice: 4550 },
      { itemId: 'INV-000302', name: 'Ube Halaya', purchasePrice: 16000 },
    ])
    .run();
});

const required = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const shows = (page: Page | Locator, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('a recipe in decimals', () => {
  it('takes 0.25 kg of flour, shows its base cost, and keeps the shelf life and target', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await sideNav(page).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL('**/inventory');
    await page.getByText('Cake Inventory', { exact: true }).click();
    await page.getByRole('button', { name: '+ Add Cake' }).click();
    const add = page.getByRole('dialog', { name: 'Add Cake' });
    await add.getByLabel(required('Cake Name')).fill('Ube Chiffon');
    for (const [label, option] of [
      ['Category', 'Chiffon'],
      ['Size', '8-inch round'],
      ['Availability', 'Regular'],
    ] as const) {
      await add.getByLabel(required(label)).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await add.getByLabel(required('Price')).fill('650');
    // The shelf fields start at their defaults.
    expect(await add.getByLabel('Shelf Life (days)').inputValue()).toBe('3');
    expect(await add.getByLabel('Shelf Target').inputValue()).toBe('0');
    await add.getByLabel('Shelf Life (days)').fill('4');
    await add.getByLabel('Shelf Target').fill('6');

    const lookup = add.getByLabel('Add ingredient', { exact: true });
    await lookup.fill('flour');
    await page.getByRole('option', { name: 'Cake Flour (INV-000301)' }).click();
    await lookup.fill('ube');
    await page.getByRole('option', { name: 'Ube Halaya (INV-000302)' }).click();
    // A new line starts at 1 unit: ₱45.50 + ₱160.00.
    const baseCost = () => add.getByLabel('Base Cost', { exact: true }).inputValue();
    await expect.poll(baseCost).toBe('₱205.50');
    // A quarter kilo of flour: ₱11.375, half up to ₱11.38; half a jar of ube.
    await add.getByLabel('Quantity of Cake Flour', { exact: true }).fill('0.25');
    await add.getByLabel('Quantity of Ube Halaya', { exact: true }).fill('0.5');
    await expect.poll(baseCost).toBe('₱91.38');
    const lines = add.getByRole('table', { name: 'Ingredients' });
    expect(await column(lines, 1)).toEqual(['₱45.50 / kg', '₱160.00']);
    expect(await column(lines, 3)).toEqual(['₱11.38', '₱80.00']);
    // Nothing, or less than nothing, is no recipe.
    await add.getByLabel('Quantity of Ube Halaya', { exact: true }).fill('0');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(add, CAKE_TEXT.quantityPositive);
    expect(b.shop.db.select().from(cakes).all()).toHaveLength(0);
    await add.getByLabel('Quantity of Ube Halaya', { exact: true }).fill('0.5');
    await snapshot(page, 'recipe-decimals-form-1366x768');
    await add.getByRole('button', { name: 'Save' }).click();
    await shows(page, CAKE_TEXT.saved);
    await add.waitFor({ state: 'hidden' });

    const cake = b.shop.db.select().from(cakes).get()!;
    expect(cake).toMatchObject({ name: 'Ube Chiffon', shelfLifeDays: 4, shelfTarget: 6 });
    expect(
      b.shop.db
        .select({ quantity: cakeIngredients.quantity })
        .from(cakeIngredients)
        .all()
        .map((i) => i.quantity)
        .sort((x, y) => x - y),
    ).toEqual([250, 500]);
    const row = rowOf(page.getByRole('table', { name: 'Cake Inventory', exact: true }), 'Ube Chiffon');
    await row.getByRole('cell', { name: '₱91.38' }).waitFor();

    // The view: the recipe in units, each line's cost, and the shelf fields.
    await row.getByRole('button', { name: 'View Ube Chiffon' }).click();
    const view = page.getByRole('dialog', { name: 'Cake Details' });
    const ingredients = view.getByRole('table', { name: 'Cake ingredients' });
    await expect.poll(() => column(ingredients, 1)).toEqual(['0.25 kg', '0.5']);
    expect(await column(ingredients, 2)).toEqual(['₱11.38', '₱80.00']);
    const field = (label: string) =>
      view
        .locator('tr')
        .filter({ has: page.locator('th').getByText(label, { exact: true }) })
        .getByRole('cell');
    expect(await field('Shelf Life').textContent()).toBe('4 days');
    expect(await field('Shelf Target').textContent()).toBe('6');
    expect(await field('Base Cost').textContent()).toBe('₱91.38');

    // Editing keeps the decimals it was given.
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cake' });
    expect(await edit.getByLabel('Quantity of Cake Flour', { exact: true }).inputValue()).toBe('0.25');
    expect(await edit.getByLabel('Shelf Life (days)').inputValue()).toBe('4');
    await context.close();
  });
});
