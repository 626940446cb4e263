import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cakeIngredients, cakes, inventoryItems, units } from '../../server/db/schema';
import { createOrderInput } from '../../shared/schemas/cakeOrders';
import { PRODUCTION_TEXT, PRODUCTION_SCREEN as S } from '../../shared/texts/production';
import { addDays, formatCalendarDate, manilaDate, manilaDayStart } from '../../shared/time';
import { column, openScreen, rowOf, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { putLot } from '../helpers/lots';

// The kitchen's morning in the browser: a staff baker opens Production, reads the bake plan
// (one ingredient short), bakes a batch from a plan line, is refused one the butter cannot
// cover and bakes fewer, then finds the batch as the cake's lot and the flour's lots taken
// down; the bake sheet prints on A4; the plan reads on the tablet.

const b = browserShopForFile();
const today = manilaDate();
const tomorrow = addDays(today, 1);
const yesterday = addDays(today, -1);
let baker = { email: '' };
let flour: number;

beforeAll(async () => {
  const db = b.shop.db;
  const unit = (name: string) => db.select().from(units).where(eq(units.name, name)).get()?.id ?? null;
  const item = (itemId: string, name: string, unitName: string) =>
    db
      .insert(inventoryItems)
      .values({ itemId, name, unitId: unit(unitName), amount: 1, stock: 0, unitPrice: 10000 })
      .returning()
      .get().id;
  flour = item('INV-000401', 'Cake Flour', 'kg');
  const butter = item('INV-000402', 'Butter', 'kg');
  const eggs = item('INV-000403', 'Eggs', 'pc');
  // Flour 3 kg in two lots (the sooner one taken first); butter 0.6 kg good and 1 kg expired.
  putLot(b.shop, flour, {
    quantity: 1000,
    unitCost: 5000,
    expirationDate: addDays(today, 5),
    lotCode: 'FL-SOON',
  });
  putLot(b.shop, flour, {
    quantity: 2000,
    unitCost: 6000,
    expirationDate: addDays(today, 30),
    lotCode: 'FL-LATE',
  });
  putLot(b.shop, butter, {
    quantity: 600,
    unitCost: 40000,
    expirationDate: addDays(today, 20),
    lotCode: 'BU-1',
  });
  putLot(b.shop, butter, {
    quantity: 1000,
    unitCost: 40000,
    expirationDate: addDays(today, -1),
    lotCode: 'BU-OLD',
  });
  putLot(b.shop, eggs, {
    quantity: 30000,
    unitCost: 900,
    expirationDate: addDays(today, 10),
    lotCode: 'EG-1',
  });
  const cake = (cakeId: string, name: string, shelfTarget: number, recipe: [number, number][]) => {
    const row = db
      .insert(cakes)
      .values({ cakeId, name, price: 65000, stock: 0, shelfLifeDays: 3, shelfTarget })
      .returning()
      .get();
    for (const [itemId, quantity] of recipe)
      db.insert(cakeIngredients).values({ cakeId: row.id, itemId, quantity }).run();
    return row;
  };
  // Ube: 6 for the shelf = 1.5 kg flour, 24 eggs. Butter cake: 4 = 1.2 kg flour, 1 kg butter.
  cake('CK-000401', 'Ube Chiffon', 6, [
    [flour, 250],
    [eggs, 4000],
  ]);
  cake('CK-000402', 'Butter Cake', 4, [
    [flour, 300],
    [butter, 250],
  ]);
  const staff = await b.shop.signedIn('staff');
  baker = { email: staff.user.email };
  // Tomorrow at 3 PM: two Ube Chiffon (ORD-000001), one Butter Cake (ORD-000002).
  for (const [cakeId, quantity] of [
    ['CK-000401', 2],
    ['CK-000402', 1],
  ] as const)
    await staff.api.cakeOrders.create(
      createOrderInput.parse({
        customerName: 'Maria Santos',
        phone: '0917 123 4567',
        pickupAt: new Date(manilaDayStart(tomorrow).getTime() + 15 * 60 * 60 * 1000),
        lines: [{ cakeId, quantity }],
      }),
    );
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const planCakes = (page: Page) => page.getByRole('table', { name: S.cakes, exact: true });
const planIngredients = (page: Page) => page.getByRole('table', { name: S.ingredients, exact: true });

/** Waits for the dialogs' transitions, so a screenshot shows them as a person does. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

async function bakeFrom(page: Page, cake: string) {
  await rowOf(planCakes(page), cake)
    .getByRole('button', { name: S.bakeLine(cake), exact: true })
    .click();
  const form = dialog(page, S.bakeTitle);
  await form.waitFor();
  return form;
}

const cellTexts = (row: Locator) => row.getByRole('cell').allTextContents();

describe('the bake plan and baking', () => {
  it('shows the morning plan with a shortfall, bakes from it, and shows the lots afterwards', async () => {
    const { page, context } = await signedInPage(b, { as: { email: baker.email } });
    await openScreen(page, 'Production', '/production');
    await page.getByRole('heading', { name: S.planFor(formatCalendarDate(today)) }).waitFor();

    // The plan: both cakes for the shelf; butter short by 0.4 kg, shown first.
    await rowOf(planCakes(page), 'Ube Chiffon').waitFor();
    expect(await cellTexts(rowOf(planCakes(page), 'Ube Chiffon'))).toEqual([
      'Ube ChiffonCK-000401',
      '0',
      '6',
      '6',
      '—',
      S.bake,
    ]);
    expect(await column(planIngredients(page), 0)).toEqual([
      'ButterINV-000402',
      'Cake FlourINV-000401',
      'EggsINV-000403',
    ]);
    expect(await cellTexts(rowOf(planIngredients(page), 'Butter'))).toEqual([
      'ButterINV-000402',
      '1 kg',
      '0.6 kg',
      S.short('0.4 kg'),
    ]);
    expect(await column(planIngredients(page), 3)).toEqual([S.short('0.4 kg'), S.enough, S.enough]);
    await snapshot(page, 'production-plan-1366x768');

    // Baking the Ube line as planned: 6 cakes.
    let form = await bakeFrom(page, 'Ube Chiffon');
    expect(await form.getByLabel(S.labels.quantity).inputValue()).toBe('6');
    expect(await form.getByLabel(S.labels.orderNumber).inputValue()).toBe('');
    await form.getByRole('button', { name: S.bake, exact: true }).click();
    await page.getByText(PRODUCTION_TEXT.baked(6, 'Ube Chiffon', 'BATCH-000001')).waitFor();
    await form.waitFor({ state: 'hidden' });
    // Its shelf is full now: nothing more to bake of it today.
    await expect
      .poll(() => cellTexts(rowOf(planCakes(page), 'Ube Chiffon')))
      .toEqual(['Ube ChiffonCK-000401', '0', '0', '0', '—', '']);

    // The butter covers 2 of the 4 butter cakes: the server says so in the dialog, 2 bake.
    form = await bakeFrom(page, 'Butter Cake');
    expect(await form.getByLabel(S.labels.quantity).inputValue()).toBe('4');
    await form.getByRole('button', { name: S.bake, exact: true }).click();
    await form
      .getByRole('alert')
      .getByText(PRODUCTION_TEXT.notEnough('Butter', '1', '0.6'), { exact: true })
      .waitFor();
    await settled(page);
    await snapshot(page, 'production-bake-refused');
    await form.getByLabel(S.labels.quantity).fill('2');
    await form.getByRole('button', { name: S.bake, exact: true }).click();
    await page.getByText(PRODUCTION_TEXT.baked(2, 'Butter Cake', 'BATCH-000002')).waitFor();
    await form.waitFor({ state: 'hidden' });

    // The week's batches and totals: 8 cakes; Ube 1.5 kg flour (1 at ₱50 + 0.5 at ₱60) and
    // 24 eggs at ₱9 = ₱296.00, ₱49.33 a cake; Butter cake 0.6 kg flour at ₱60 + 0.5 kg butter
    // at ₱400 = ₱236.00, ₱118.00 a cake.
    const batches = page.getByRole('table', { name: S.batches, exact: true });
    await rowOf(batches, 'BATCH-000002').waitFor();
    expect(await cellTexts(rowOf(batches, 'BATCH-000001'))).toEqual([
      'BATCH-000001',
      'Ube ChiffonCK-000401',
      '6',
      formatCalendarDate(today),
      formatCalendarDate(addDays(today, 3)),
      '₱296.00',
      '₱49.33',
      '—',
      expect.any(String),
    ]);
    const total = (label: string) =>
      page.getByRole('group', { name: label, exact: true }).locator('p').last();
    expect(await total(S.totalBatches).textContent()).toBe('2');
    expect(await total(S.cakesBaked).textContent()).toBe('8');
    expect(await total(S.totalCost).textContent()).toBe('₱532.00');
    await snapshot(page, 'production-baked-1366x768');

    // Tomorrow: the ordered Ube Chiffon with its order number.
    await page.getByText(S.tomorrow, { exact: true }).click();
    await page.getByRole('heading', { name: S.planFor(formatCalendarDate(tomorrow)) }).waitFor();
    await expect
      .poll(() => cellTexts(rowOf(planCakes(page), 'Ube Chiffon')).then((cells) => cells.slice(1, 5)))
      .toEqual(['2', '0', '2', 'ORD-000001']);
    const forOrder = await bakeFrom(page, 'Ube Chiffon');
    expect(await forOrder.getByLabel(S.labels.orderNumber).inputValue()).toBe('ORD-000001');
    await forOrder.getByRole('button', { name: 'Cancel', exact: true }).click();
    await forOrder.waitFor({ state: 'hidden' });

    // The cake's lots in Inventory: the batch, 6 left, its expiry and cost per cake.
    await openScreen(page, 'Inventory', '/inventory');
    await page.getByText('Cake Inventory', { exact: true }).click();
    const cakeRow = rowOf(page.getByRole('table', { name: 'Cake Inventory', exact: true }), 'Ube Chiffon');
    await cakeRow.getByRole('button', { name: 'View Ube Chiffon' }).click();
    const view = dialog(page, 'Cake Details');
    const lots = view.getByRole('table', { name: 'Cake lots', exact: true });
    await rowOf(lots, 'BATCH-000001').waitFor();
    expect(await cellTexts(rowOf(lots, 'BATCH-000001'))).toEqual([
      'BATCH-000001',
      '—',
      '6 of 6',
      formatCalendarDate(addDays(today, 3)),
      '₱49.33',
    ]);
    const field = (label: string) =>
      view
        .locator('tr')
        .filter({ has: page.locator('th').getByText(label, { exact: true }) })
        .getByRole('cell');
    expect(await field(S.lastBatchCost).textContent()).toBe('₱49.33');
    await settled(page);
    await lots.scrollIntoViewIfNeeded();
    await snapshot(page, 'production-cake-lots');
    await view.getByRole('button', { name: 'Close' }).first().click();
    await view.waitFor({ state: 'hidden' });

    // The flour's lots: the one expiring first emptied, then 0.9 kg of 2 kg left of the later one.
    await page.goto('/inventory');
    const itemRow = rowOf(page.getByRole('table', { name: 'Inventory', exact: true }), 'Cake Flour');
    await itemRow.getByRole('button', { name: 'View Cake Flour' }).click();
    const itemView = dialog(page, 'Item Details');
    const itemLots = itemView.getByRole('table', { name: 'Lots', exact: true });
    await rowOf(itemLots, 'FL-LATE').waitFor();
    expect(await column(itemLots, 3)).toEqual(['0 of 1', '0.9 of 2']);
    await context.close();
  });

  it('prints the bake sheet on A4', async () => {
    const { page, context } = await signedInPage(b, { as: { email: baker.email } });
    await page.goto('/production');
    await rowOf(planCakes(page), 'Butter Cake').waitFor();
    await page.getByRole('button', { name: S.printSheet, exact: true }).waitFor();
    // The counter's receipt styles, as once a receipt has been opened: the sheet still prints alone.
    await page.addStyleTag({
      content: readFileSync(
        path.resolve(import.meta.dirname, '../../client/screens/sales-management/receipt.css'),
        'utf8',
      ),
    });
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('article', { name: S.sheetTitle });
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(S.sheetFor(formatCalendarDate(today)));
    // Butter cake: 2 still to bake for the shelf, with a blank Done column.
    const cakesTable = sheet.locator('table').first();
    expect(await cakesTable.locator('thead th').allTextContents()).toEqual([
      S.labels.cake,
      S.labels.forOrders,
      S.labels.forShelf,
      S.labels.toBake,
      S.labels.orders,
      S.labels.done,
    ]);
    expect(await cakesTable.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      'Butter Cake (CK-000402)',
      '0',
      '2',
      '2',
      '',
      '',
    ]);
    expect(text).toContain(S.takeOut);
    // 2 butter cakes need 0.5 kg butter; 0.1 kg is left: short 0.4 kg.
    expect(text).toContain(S.short('0.4 kg'));
    // The app itself is hidden on paper.
    expect(await page.getByRole('heading', { name: PRODUCTION_TEXT.title, level: 1 }).isVisible()).toBe(
      false,
    );
    await snapshot(page, 'production-bake-sheet-print');
    const pdf = await page.pdf({ preferCSSPageSize: true });
    // A4 portrait: 210 × 297 mm, 595 × 842 points.
    const box = /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(box?.slice(1).map((n) => Math.round(Number(n)))).toEqual([595, 842]);
    await context.close();
  });

  it('reads the plan on the tablet', async () => {
    const { page, context } = await signedInPage(b, { as: { email: baker.email }, viewport: TABLET });
    await page.goto('/production');
    await rowOf(planCakes(page), 'Butter Cake').waitFor();
    await rowOf(planIngredients(page), 'Butter').getByText(S.short('0.4 kg')).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'production-plan-tablet');

    // By hand: one Ube Chiffon baked yesterday for tomorrow's order, which then needs one more.
    await page.getByRole('button', { name: S.bakeByHand, exact: true }).click();
    const form = dialog(page, S.bakeTitle);
    await form.getByLabel(/^Cake/).fill('Ube');
    await page.getByRole('option', { name: 'Ube Chiffon (CK-000401)', exact: true }).click();
    await form.getByLabel(/^Qty/).fill('1');
    await form.getByLabel(S.labels.bakedOn).click();
    await page
      .getByRole('option', { name: `Yesterday, ${formatCalendarDate(yesterday)}`, exact: true })
      .click();
    await form.getByLabel(S.labels.orderNumber).fill('ORD-000001');
    await settled(page);
    await snapshot(page, 'production-bake-by-hand-tablet');
    await form.getByRole('button', { name: S.bake, exact: true }).click();
    await page.getByText(PRODUCTION_TEXT.baked(1, 'Ube Chiffon', 'BATCH-000003')).waitFor();
    await form.waitFor({ state: 'hidden' });
    // From yesterday, even on a Monday.
    await page.getByLabel(S.from, { exact: true }).fill(yesterday);
    const batches = page.getByRole('table', { name: S.batches, exact: true });
    await rowOf(batches, 'BATCH-000003').waitFor();
    const cells = await cellTexts(rowOf(batches, 'BATCH-000003'));
    expect([cells[2], cells[3], cells[4], cells[7]]).toEqual([
      '1',
      formatCalendarDate(yesterday),
      formatCalendarDate(addDays(yesterday, 3)),
      'ORD-000001',
    ]);
    await page.getByText(S.tomorrow, { exact: true }).click();
    await expect
      .poll(() => cellTexts(rowOf(planCakes(page), 'Ube Chiffon')).then((c) => c.slice(1, 5)))
      .toEqual(['1', '0', '1', 'ORD-000001']);
    // Butter cake tomorrow: 1 for its order and 2 for the shelf; the line's Bake is the shelf's,
    // the order has its own.
    const butter = rowOf(planCakes(page), 'Butter Cake');
    expect((await cellTexts(butter)).slice(1, 5)).toEqual(['1', '2', '3', S.bakeFor('ORD-000002')]);
    await butter.getByRole('button', { name: S.bakeLine('Butter Cake'), exact: true }).click();
    expect(await form.getByLabel(/^Qty/).inputValue()).toBe('2');
    expect(await form.getByLabel(S.labels.orderNumber).inputValue()).toBe('');
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await butter.getByRole('button', { name: S.bakeFor('ORD-000002'), exact: true }).click();
    expect(await form.getByLabel(/^Qty/).inputValue()).toBe('1');
    expect(await form.getByLabel(S.labels.orderNumber).inputValue()).toBe('ORD-000002');
    await settled(page);
    await snapshot(page, 'production-bake-for-order-tablet');
    await context.close();
  });
});
