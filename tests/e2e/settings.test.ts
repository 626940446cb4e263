import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cakeSizes, categories, inventoryItems, settings, units } from '../../server/db/schema';
import { DEFAULT_SHOP_NAME } from '../../shared/constants';
import { FORM_TEXT } from '../../shared/texts/fields';
import { SETTINGS_TEXT } from '../../shared/texts/settings';
import { manilaYear } from '../../shared/time';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

const b = browserShopForFile();

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const row = (page: Page, name: string, text: string) =>
  table(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function confirmYes(page: Page) {
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
}

/** A toast (or any text) that must show up. */
const shows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Adds a cake size through its modal, with a picture of the filled-in modal; waits for the row. */
async function addSizeWithPicture(page: Page, name: string, picture: string) {
  await section(page, 'Cake Sizes').getByRole('button', { name: '+ Add Size' }).click();
  const addSize = page.getByRole('dialog', { name: 'Add Cake Size' });
  await addSize.getByLabel('Name').fill(name);
  await page.waitForTimeout(400); // the modal's opening transition, for the picture
  await snapshot(page, picture);
  await addSize.getByRole('button', { name: 'Save' }).click();
  await addSize.waitFor({ state: 'hidden' });
  await row(page, 'Cake Sizes', name).waitFor();
}

describe('the Settings screen', () => {
  it('an admin adds, edits and deletes sizes, categories and units, and in-use entries stay', async () => {
    const { page, context } = await signedInPage(b);
    await openScreen(page, 'Settings', '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // Three lists and the shop profile; the seeded units are there.
    for (const name of ['Cake Sizes', 'Categories', 'Units of Measure', 'Shop Profile']) {
      await section(page, name).waitFor();
    }
    await row(page, 'Units of Measure', 'kg').waitFor();
    expect(await table(page, 'Units of Measure').getByRole('row').count()).toBe(1 + 8);
    await section(page, 'Cake Sizes').getByText(SETTINGS_TEXT.noRows('size')).waitFor();
    const profile = section(page, 'Shop Profile');
    await profile.getByRole('cell', { name: DEFAULT_SHOP_NAME }).waitFor();
    await profile.getByRole('cell', { name: SETTINGS_TEXT.permitNotRecorded }).waitFor();
    expect(await profile.getByRole('button').allTextContents()).toEqual(['Edit']);
    expect(await table(page, 'Categories').getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Type',
      'Created At',
      'Actions',
    ]);
    expect(await table(page, 'Cake Sizes').getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Created At',
      'Actions',
    ]);

    // Add a cake size: a blank name is marked in the form and nothing is sent.
    await section(page, 'Cake Sizes').getByRole('button', { name: '+ Add Size' }).click();
    const addSize = page.getByRole('dialog', { name: 'Add Cake Size' });
    await addSize.getByRole('button', { name: 'Save' }).click();
    await addSize.getByText(SETTINGS_TEXT.nameRequired).waitFor();
    expect(await b.shop.db.$count(cakeSizes)).toBe(0);
    await addSize.getByLabel('Name').fill('  8-inch round ');
    await addSize.getByRole('button', { name: 'Save' }).click();
    await shows(page, SETTINGS_TEXT.added('size', '8-inch round'));
    await addSize.waitFor({ state: 'hidden' });
    await row(page, 'Cake Sizes', '8-inch round').waitFor();

    // Edit it: the modal opens with its name.
    await row(page, 'Cake Sizes', '8-inch round').getByRole('button', { name: 'Edit 8-inch round' }).click();
    const editSize = page.getByRole('dialog', { name: 'Edit Cake Size' });
    expect(await editSize.getByLabel('Name').inputValue()).toBe('8-inch round');
    await editSize.getByLabel('Name').fill('8-inch Round');
    await editSize.getByRole('button', { name: 'Save' }).click();
    await shows(page, SETTINGS_TEXT.updated('size', '8-inch Round'));
    await row(page, 'Cake Sizes', '8-inch Round').waitFor();

    // A category needs a type too.
    await section(page, 'Categories').getByRole('button', { name: '+ Add Category' }).click();
    const addCategory = page.getByRole('dialog', { name: 'Add Category' });
    await addCategory.getByLabel('Name').fill('Birthday');
    await addCategory.getByRole('button', { name: 'Save' }).click();
    await addCategory.getByText(SETTINGS_TEXT.typeRequired).waitFor();
    await addCategory.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Cake' }).click();
    await addCategory.getByRole('button', { name: 'Save' }).click();
    await shows(page, SETTINGS_TEXT.added('category', 'Birthday'));
    const birthday = row(page, 'Categories', 'Birthday');
    await birthday.getByText('cake', { exact: true }).waitFor();

    // The same name again, in another case, is refused by the server; the modal stays open.
    await section(page, 'Categories').getByRole('button', { name: '+ Add Category' }).click();
    await addCategory.getByLabel('Name').fill('BIRTHDAY');
    await addCategory.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Cake' }).click();
    await addCategory.getByRole('button', { name: 'Save' }).click();
    await shows(page, SETTINGS_TEXT.duplicate('category', 'BIRTHDAY', 'cake'));
    await addCategory.getByRole('button', { name: 'Cancel' }).click();
    await addCategory.waitFor({ state: 'hidden' });
    expect(await table(page, 'Categories').getByRole('row').count()).toBe(1 + 1);

    // A unit used by an inventory item cannot be deleted; the answer says how many use it.
    await section(page, 'Units of Measure').getByRole('button', { name: '+ Add Unit' }).click();
    const addUnit = page.getByRole('dialog', { name: 'Add Unit of Measure' });
    await addUnit.getByLabel('Name').fill('jar');
    await addUnit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Units of Measure', 'jar').waitFor();
    const jar = b.shop.db.select().from(units).where(eq(units.name, 'jar')).get()!;
    b.shop.db.insert(inventoryItems).values({ itemId: 'INV-000001', name: 'Honey', unitId: jar.id }).run();
    await row(page, 'Units of Measure', 'jar').getByRole('button', { name: 'Delete jar' }).click();
    await page.getByText(FORM_TEXT.confirmDelete('jar')).waitFor();
    await confirmYes(page);
    await shows(page, SETTINGS_TEXT.inUse('jar', { items: 1, cakes: 0 }));
    await row(page, 'Units of Measure', 'jar').waitFor();

    // An unused size goes after the confirmation; Cancel keeps it.
    await row(page, 'Cake Sizes', '8-inch Round')
      .getByRole('button', { name: 'Delete 8-inch Round' })
      .click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await row(page, 'Cake Sizes', '8-inch Round').waitFor();
    await row(page, 'Cake Sizes', '8-inch Round')
      .getByRole('button', { name: 'Delete 8-inch Round' })
      .click();
    await page.getByText(FORM_TEXT.confirmDelete('8-inch Round')).waitFor();
    await confirmYes(page);
    await shows(page, SETTINGS_TEXT.deleted('size', '8-inch Round'));
    await row(page, 'Cake Sizes', '8-inch Round').waitFor({ state: 'detached' });
    await section(page, 'Cake Sizes').getByText(SETTINGS_TEXT.noRows('size')).waitFor();
    expect(await b.shop.db.$count(cakeSizes)).toBe(0);
    await context.close();
  });

  it('shows every list on the cashier screen, with entries in each', async () => {
    const { page, context } = await signedInPage(b);
    await page.goto('/settings');
    await addSizeWithPicture(page, '6-inch round', 'settings-modal-1366x768');
    await context.close();
    // A fresh page, without the toast, for the picture.
    const fresh = await signedInPage(b);
    await fresh.page.goto('/settings');
    await row(fresh.page, 'Categories', 'Birthday').waitFor();
    await row(fresh.page, 'Cake Sizes', '6-inch round').waitFor();
    await snapshot(fresh.page, 'settings-1366x768');
    await fresh.context.close();
  });

  it('works for an owner on the shop tablet', async () => {
    const owner = await b.shop.addUser('owner');
    const { page, context } = await signedInPage(b, { as: owner, viewport: TABLET });
    await page.goto('/settings');
    await row(page, 'Units of Measure', 'tray').waitFor();
    await snapshot(page, 'settings-820x1180');
    await addSizeWithPicture(page, 'Bento', 'settings-modal-820x1180');
    await section(page, 'Shop Profile').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400); // the modal's closing transition, for the picture
    await snapshot(page, 'settings-820x1180-bottom');
    await context.close();
  });

  it('an owner edits the shop profile (the TIN checked first, then the question); the login footer and the card show it', async () => {
    const owner = await b.shop.addUser('owner');
    const { page, context } = await signedInPage(b, { as: owner });
    try {
      await page.goto('/settings');
      const profile = section(page, 'Shop Profile');
      await profile.getByRole('cell', { name: DEFAULT_SHOP_NAME }).waitFor();
      await profile.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit Shop Profile' });
      // A blank business name is marked in the form; nothing is sent.
      await form.getByLabel('Business name').fill('  ');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(SETTINGS_TEXT.businessNameRequired).waitFor();
      await form.getByLabel('Business name').fill('Sweet Crumbs Baking Supply');
      await form.getByLabel('Address').fill('12 Mabini St., Quezon City');
      await form.getByLabel('Contact line').fill('0917 555 0123');
      await form.getByLabel('TIN').fill('one two three');
      await form.getByRole('button', { name: 'Save' }).click();
      // The TIN is checked in the form, before the question; it stays open with what was typed.
      await form.getByText(SETTINGS_TEXT.tinFormat).waitFor();
      expect(await page.getByRole('dialog', { name: 'Please confirm' }).count()).toBe(0);
      expect(b.shop.db.select().from(settings).where(eq(settings.key, 'shopProfile')).get()).toBeUndefined();
      await form.getByLabel('TIN').fill('123-456-789-000');
      await form.getByRole('button', { name: 'Save' }).click();
      await confirmYes(page);
      await shows(page, SETTINGS_TEXT.profileSaved);
      await form.waitFor({ state: 'hidden' });
      for (const value of ['Sweet Crumbs Baking Supply', '12 Mabini St., Quezon City', '123-456-789-000'])
        await profile.getByRole('cell', { name: value, exact: true }).waitFor();
      await profile.getByRole('cell', { name: SETTINGS_TEXT.permitNotRecorded }).waitFor();
      await snapshot(page, 'settings-profile-1366x768');

      const visitor = await b.newPage();
      await visitor.page.goto('/login');
      await visitor.page.getByText(`© ${manilaYear()} Sweet Crumbs Baking Supply`).waitFor();
      await visitor.context.close();
    } finally {
      b.shop.db.delete(settings).where(eq(settings.key, 'shopProfile')).run();
    }
    await context.close();
  });

  it("shows a category's whole type on the cashier screen, not cut short", async () => {
    const added = b.shop.db
      .insert(categories)
      .values({ name: 'Flour and Grains', type: 'inventory' })
      .returning()
      .get();
    try {
      const { page, context } = await signedInPage(b);
      await page.goto('/settings');
      const badge = row(page, 'Categories', 'Flour and Grains').locator('.mantine-Badge-label');
      await badge.waitFor();
      expect(await badge.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await context.close();
    } finally {
      b.shop.db.delete(categories).where(eq(categories.id, added.id)).run();
    }
  });

  it('sends a manager back to the Dashboard', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });
    await page.goto('/settings');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
