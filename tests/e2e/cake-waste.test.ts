import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WASTE_SCREEN_TEXT } from '../../client/screens/waste/text';
import { cakeLots, cakes } from '../../server/db/schema';
import { settleCakeExpiry } from '../../server/domains/cakes/cakeLotStock';
import { WASTE_TEXT } from '../../shared/texts/waste';
import { addDays, manilaDate } from '../../shared/time';
import { column, openScreen, rowOf, signedInPage, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Writing off cakes in the browser: from the Waste screen's dialog (Cake, whole cakes, at the
// lots' batch cost), and the expired ones from the cake's view; the waste log lists both.

const b = browserShopForFile();
const today = manilaDate();

beforeAll(() => {
  const db = b.shop.db;
  const cake = db
    .insert(cakes)
    .values({ cakeId: 'CK-000301', name: 'Mango Bravo', price: 90000, stock: 0, shelfLifeDays: 3 })
    .returning()
    .get();
  // Two past their date at ₱400.00 a cake, three good until tomorrow at ₱600.00.
  db.insert(cakeLots)
    .values([
      {
        cakeId: cake.id,
        source: 'batch',
        quantity: 2,
        remaining: 2,
        unitCost: 40000,
        expirationDate: addDays(today, -1),
      },
      {
        cakeId: cake.id,
        source: 'batch',
        quantity: 3,
        remaining: 3,
        unitCost: 60000,
        expirationDate: addDays(today, 1),
      },
    ])
    .run();
  db.transaction((tx) =>
    settleCakeExpiry(tx, { kind: 'cake', id: cake.id, record: cake.cakeId }, new Date()),
  );
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

describe('writing off cakes', () => {
  it('writes off a cake from the Waste screen and its expired cakes from its view', async () => {
    const manager = await b.shop.addUser('manager');
    const { page, context } = await signedInPage(b, { as: manager });

    await openScreen(page, 'Waste', '/waste');
    await page.getByRole('button', { name: WASTE_TEXT.writeOff, exact: true }).click();
    const form = dialog(page, WASTE_TEXT.writeOff);
    await form.getByText(WASTE_TEXT.labels.cake, { exact: true }).click();
    await form.getByPlaceholder(WASTE_SCREEN_TEXT.cakePlaceholder).fill('Mango');
    await page.getByRole('option', { name: 'Mango Bravo (CK-000301) · 3 on hand' }).click();
    const picked = dialog(page, WASTE_TEXT.writeOffTitle('Mango Bravo'));
    await picked.getByLabel(WASTE_TEXT.labels.quantity).fill('2');
    await picked.getByPlaceholder(WASTE_SCREEN_TEXT.reasonPlaceholder).click();
    await page.getByRole('option', { name: 'Damaged', exact: true }).click();
    await snapshot(page, 'cake-waste-dialog');
    await picked.getByRole('button', { name: WASTE_TEXT.writeOff, exact: true }).click();
    await picked.waitFor({ state: 'hidden' });

    // Two good cakes at ₱600.00 each; the expired ones are not damaged stock.
    await page.getByRole('radiogroup', { name: 'Date range' }).getByText('Today', { exact: true }).click();
    const log = page.getByRole('table', { name: WASTE_TEXT.title, exact: true });
    await rowOf(log, 'Mango Bravo').waitFor();
    expect(await column(log, 1)).toEqual([`Mango BravoCK-000301 · ${WASTE_TEXT.labels.cake}`]);
    expect(await column(log, 2)).toEqual(['2']);
    expect(await page.getByLabel('Waste cost').innerText()).toBe('₱1,200.00');

    // The cake's view: the two expired cakes written off at ₱400.00 each.
    await page.goto('/inventory');
    await page.getByText('Cake Inventory', { exact: true }).click();
    const cakesTable = page.getByRole('table', { name: 'Cake Inventory', exact: true });
    await rowOf(cakesTable, 'Mango Bravo').getByRole('button', { name: 'View Mango Bravo' }).click();
    const view = dialog(page, 'Cake Details');
    await view.getByRole('button', { name: WASTE_TEXT.writeOffExpired, exact: true }).click();
    await dialog(page, 'Please confirm')
      .getByRole('button', { name: WASTE_TEXT.writeOffExpired, exact: true })
      .click();
    await view
      .getByRole('button', { name: WASTE_TEXT.writeOffExpired, exact: true })
      .waitFor({ state: 'detached' });
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();

    await openScreen(page, 'Waste', '/waste');
    await page.getByRole('radiogroup', { name: 'Date range' }).getByText('Today', { exact: true }).click();
    await expect.poll(() => column(log, 3)).toEqual(['Expired', 'Damaged']);
    expect(await page.getByLabel('Waste cost').innerText()).toBe('₱2,000.00');
    await snapshot(page, 'cake-waste-log');
    await context.close();
  });
});
