import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderSettings } from '../../server/domains/cakeOrders/settings';
import { CAKE_ORDERS_TEXT, DEFAULT_ORDER_SETTINGS } from '../../shared/texts/cakeOrders';
import { ORDER_SETTINGS_TEXT as T } from '../../shared/texts/settings';
import { ADMIN } from '../helpers/app';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { rest } from '../helpers/rest';

// The Settings screen's Cake Orders section: the owner sets the minimum deposit, the most
// orders a pickup day takes and what a staff cancellation does with the deposit; the screen
// marks a bad value on its field, and REST reads back what was saved.

const b = browserShopForFile();

const section = (page: Page) => page.getByRole('region', { name: T.section, exact: true });
const confirmYes = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
const settled = (page: Page) => page.waitForTimeout(400);

async function restSettings() {
  const { accessToken } = await b.shop.login(ADMIN.email, ADMIN.password);
  const res = await rest(b.shop, 'GET', '/api/settings/orders', accessToken);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the cake order settings', () => {
  it('an owner changes them on the Settings screen and they are saved', async () => {
    const owner = await b.shop.addUser('owner');
    const { page, context } = await signedInPage(b, { as: { email: owner.email } });
    await openScreen(page, 'Settings', '/settings');
    const cakeOrders = section(page);
    const percent = cakeOrders.getByLabel(T.minimumDeposit);
    const most = cakeOrders.getByLabel(T.maxOrders);
    // The saved rules (the defaults) fill the form.
    await expect.poll(() => percent.inputValue()).toBe('50%');
    expect(await most.inputValue()).toBe('');
    expect(await cakeOrders.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    // Nothing changed, nothing to save.
    expect(await cakeOrders.getByRole('button', { name: T.save }).isDisabled()).toBe(true);

    // Over 100 comes back to 100; a blank percent is marked on its field and nothing is sent.
    await percent.fill('150');
    await percent.blur();
    expect(await percent.inputValue()).toBe('100%');
    await percent.fill('');
    await cakeOrders.getByRole('button', { name: T.save }).click();
    await cakeOrders.getByText(CAKE_ORDERS_TEXT.minimumDepositPercent).waitFor();
    expect(await page.getByRole('dialog', { name: 'Please confirm' }).count()).toBe(0);
    expect(orderSettings(b.shop.db)).toEqual(DEFAULT_ORDER_SETTINGS);

    await percent.fill('30');
    await most.fill('12');
    await cakeOrders.getByText('No', { exact: true }).click();
    await settled(page);
    await snapshot(page, 'order-settings-filled-desktop');
    await cakeOrders.getByRole('button', { name: T.save }).click();
    await confirmYes(page);
    await page.getByText(CAKE_ORDERS_TEXT.settingsSaved, { exact: true }).first().waitFor();
    await expect.poll(() => cakeOrders.getByRole('button', { name: T.save }).isDisabled()).toBe(true);
    expect(orderSettings(b.shop.db)).toEqual({
      minimumDepositPercent: 30,
      maxOrdersPerDay: 12,
      keepDepositOnStaffCancel: false,
    });
    expect(await restSettings()).toEqual({
      minimumDepositPercent: 30,
      maxOrdersPerDay: 12,
      keepDepositOnStaffCancel: false,
    });

    // After a reload the form shows what was saved; emptying the most per day means no limit.
    await page.reload();
    await expect.poll(() => section(page).getByLabel(T.minimumDeposit).inputValue()).toBe('30%');
    expect(await section(page).getByLabel(T.maxOrders).inputValue()).toBe('12');
    expect(await section(page).getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await section(page).getByLabel(T.maxOrders).fill('');
    await section(page).getByText('Yes', { exact: true }).click();
    await section(page).getByRole('button', { name: T.save }).click();
    await confirmYes(page);
    await expect
      .poll(() => orderSettings(b.shop.db))
      .toEqual({ minimumDepositPercent: 30, maxOrdersPerDay: null, keepDepositOnStaffCancel: true });
    expect(await restSettings()).toMatchObject({ maxOrdersPerDay: null, keepDepositOnStaffCancel: true });
    await context.close();
  });

  it('on the tablet the section fits the screen', async () => {
    const { page, context } = await signedInPage(b, { viewport: TABLET });
    await openScreen(page, 'Settings', '/settings');
    await section(page).scrollIntoViewIfNeeded();
    await section(page).getByRole('button', { name: T.save }).waitFor();
    await settled(page);
    await snapshot(page, 'order-settings-tablet');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await context.close();
  });
});
