import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, inventoryItems } from '../../server/db/schema';
import { PRICING_TEXT } from '../../shared/texts/pricing';
import { PASSWORD } from '../helpers/app';
import { column, rowOf, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Pricing Management (a manager changes a price in place) and the Profitability
// Dashboard (an owner sees the lowest margin first), opened as the menu opens them.

const b = browserShopForFile();
const people = { manager: '', owner: '' };

beforeAll(async () => {
  people.manager = (await b.shop.addUser('manager')).email;
  people.owner = (await b.shop.addUser('owner')).email;
  const add = (itemId: string, name: string, purchasePrice: number, unitPrice: number) =>
    b.shop.db.insert(inventoryItems).values({ itemId, name, purchasePrice, unitPrice }).run();
  add('INV-000001', 'Bread Flour', 4550, 6000); // 24.2%
  add('INV-000002', 'Salted Butter', 12000, 10000); // -20.0%: the lowest
  add('INV-000003', 'Vanilla Extract', 10000, 25000); // 60.0%
});

const shows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function open(page: Page, view: 'pricing' | 'profitability', title: string) {
  await page.goto(`/dashboard?view=${view}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

describe('Pricing Management', () => {
  it('a manager changes an item price inline, after the question, and sees the new margin', async () => {
    const { page, context } = await signedInPage(b, { as: { email: people.manager, password: PASSWORD } });
    await open(page, 'pricing', PRICING_TEXT.pricingTitle);
    const table = page.getByRole('table', { name: PRICING_TEXT.pricesTable, exact: true });
    await shows(page, 'Showing 1-3 of 3 items');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Code',
      'Name',
      'Cost',
      'Price',
      'Margin',
      'Margin %',
    ]);
    const flour = rowOf(table, 'Bread Flour');
    const price = flour.getByRole('textbox', { name: 'Price of Bread Flour' });
    expect(await price.inputValue()).toBe('₱60.00');

    // Escape puts the price back; nothing is sent.
    await price.fill('99');
    await price.press('Escape');
    expect(await price.inputValue()).toBe('₱60.00');

    // Enter asks first; Cancel keeps the old price.
    await price.fill('75.5');
    await price.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(PRICING_TEXT.confirmPrice('Bread Flour', '₱75.50')).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.name, 'Bread Flour')).get()!.unitPrice,
    ).toBe(6000);

    // Save asks the same; Yes saves, the toast says so, and the row shows the new margin.
    await flour.getByRole('button', { name: 'Save price of Bread Flour' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await shows(page, PRICING_TEXT.changed);
    await flour.getByRole('cell', { name: '₱30.00' }).waitFor(); // 75.50 - 45.50
    await flour.getByRole('cell', { name: '39.7%' }).waitFor(); // 30.00 / 75.50
    expect(await price.inputValue()).toBe('₱75.50');
    expect(
      b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.name, 'Bread Flour')).get()!.unitPrice,
    ).toBe(7550);
    const logged = b.shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.module, 'Pricing Management'))
      .all();
    expect(logged.map((l) => l.description)).toEqual([
      'Changed the price of INV-000001 "Bread Flour" from ₱60.00 to ₱75.50',
    ]);

    await snapshot(page, 'pricing-1366x768');
    // The search runs on the server.
    await page.getByRole('searchbox', { name: 'Search' }).fill('butter');
    await shows(page, 'Showing 1-1 of 1 items');
    expect(await column(table, 1)).toEqual(['Salted Butter']);
    await context.close();
  });
});

describe('Profitability Dashboard', () => {
  it('an owner sees the lowest margin first, a loss in red, on a tablet too', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: people.owner, password: PASSWORD },
      viewport: TABLET,
    });
    await open(page, 'profitability', PRICING_TEXT.profitabilityTitle);
    await shows(page, PRICING_TEXT.lowestFirst);
    const table = page.getByRole('table', { name: PRICING_TEXT.marginsTable, exact: true });
    await shows(page, 'Showing 1-3 of 3 items');
    expect(await column(table, 1)).toEqual(['Salted Butter', 'Bread Flour', 'Vanilla Extract']);
    const butter = rowOf(table, 'Salted Butter');
    expect(await butter.getByRole('cell').allTextContents()).toEqual([
      'INV-000002',
      'Salted Butter',
      '₱120.00',
      '₱100.00',
      '-₱20.00',
      '-20.0%',
    ]);
    // A loss reads in red.
    const colour = await butter.getByText('-₱20.00').evaluate((el) => getComputedStyle(el).color);
    const [r, g, bl] = colour.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(bl! + 60);
    // Read-only: no price editor here.
    expect(await table.getByRole('textbox').count()).toBe(0);
    await snapshot(page, 'profitability-tablet');
    // Cakes have a table of their own.
    await page.getByText(PRICING_TEXT.cakes, { exact: true }).click();
    await shows(page, PRICING_TEXT.noCakes);
    await shows(page, 'Showing 0-0 of 0 cakes');
    await context.close();
  });
});
