import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cakes } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { checkout } from '../../server/domains/sales/service';
import { closeShift, openShift } from '../../server/domains/shifts/service';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { addDays, manilaDate } from '../../shared/time';
import { PASSWORD } from '../helpers/app';
import { menuLabels, openScreen, sideNav, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { MANAGER_MENU, STAFF_MENU } from '../helpers/menus';

// The End of Day screen in the browser: a manager takes a Z reading (refused, with
// the cashier named, while a shift is open), finds it in the list and opens its 80 mm
// printout; the SC/PWD sales book lists a senior's sale and exports it; staff never see it.

const b = browserShopForFile();
const today = manilaDate();
const SENIOR = { type: 'SC', name: 'Lola Remedios Cruz', idNumber: 'SC-0421-118' } as const;
const accounts: Record<string, { email: string; username: string }> = {};
let cashier: Viewer;
let seniorSaleId = '';
/** Every sale's total: the first Z reading's net and grand total. */
let soldTotal = 0;

beforeAll(async () => {
  const db = b.shop.db;
  for (const role of ['manager', 'staff'] as const) accounts[role] = await b.shop.addUser(role);
  const staffUser = await b.shop.addUser('staff');
  cashier = { user: staffUser, sessionId: 'test', mustSetPassword: false };
  const cake = (n: number) =>
    db
      .insert(cakes)
      .values({ cakeId: `CK-E${n}`, name: `Ube Cake ${n}`, stock: 10, price: 60000 })
      .returning()
      .get().id;
  const sell = async (id: number, discount: typeof SENIOR | null) => {
    const { sale } = await checkout(
      db,
      b.shop.adminViewer(),
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [{ kind: 'cake', id, quantity: 1 }],
        paymentMethod: 'Cash',
        cashTendered: 100000,
        discount,
      }),
    );
    soldTotal += sale.totalAmount;
    return sale;
  };
  // ₱600.00 less the senior's 20%: ₱480.00; then a plain ₱600.00.
  seniorSaleId = (await sell(cake(1), SENIOR)).saleId;
  await sell(cake(2), null);
});

const asManager = (viewport?: typeof TABLET) =>
  signedInPage(b, { as: { email: accounts.manager!.email, password: PASSWORD }, viewport });

/** Waits for the dialogs' opening transitions, so a screenshot shows them as a person does. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished),
    ),
  );

/** How far the page is wider than the window (0 or less: no sideways scroll of the page). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the Z readings', () => {
  it('a manager finds End of Day in the menu, takes a Z reading once no shift is open and prints it', async () => {
    const { page, context } = await asManager();
    // Each confirmation sends its own key, so a second send of it answers the same reading.
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('shifts.takeZReading'))
        keys.push(/"requestKey":"([0-9a-f]{32})"/.exec(r.postData() ?? '')?.[1]);
    });
    expect(await menuLabels(page)).toEqual(MANAGER_MENU);
    await openScreen(page, 'End of Day', '/end-of-day');
    await page.getByRole('heading', { level: 1, name: 'End of Day' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Z readings' }).getAttribute('aria-selected')).toBe('true');
    const table = page.getByRole('table', { name: 'Z readings' });
    const takeZ = page
      .getByRole('tabpanel', { name: 'Z readings' })
      .getByRole('button', { name: 'Take Z reading' });
    await table.getByText('No Z readings in these dates.').waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(addDays(today, -29));
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(today);

    // A cashier's shift is open: the server refuses and names them.
    const { shift } = openShift(b.shop.db, cashier, 0);
    await takeZ.click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm
      .getByText('Take the end-of-day reading now? It counts every sale and refund since the last one', {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Take Z reading' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('alert').getByText(SHIFT_TEXT.shiftsOpen(cashier.user.username)).waitFor();
    await snapshot(page, 'end-of-day-shift-open');

    // Cancelling takes nothing.
    closeShift(b.shop.db, cashier, { id: shift.id, countedCash: 0 });
    await takeZ.click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await table.getByText('No Z readings in these dates.').count()).toBe(1);

    await takeZ.click();
    await confirm.getByRole('button', { name: 'Take Z reading' }).click();
    await page.getByText(SHIFT_TEXT.dayClosed(1)).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys.every(Boolean)).toBe(true);
    expect(keys[0]).not.toBe(keys[1]);
    // The reading just taken opens at once, ready to print; the refusal is gone.
    const dialog = page.getByRole('dialog', { name: 'Z reading #1' });
    await dialog.getByText('Z READING #1', { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Close every open shift' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    const row = table.getByRole('row', { name: 'Open Z reading #1' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe('1');
    expect(cells[1]).toBe('Counter 1');
    expect(cells[2]).toBe('1');
    expect(cells[4]).toBe('2');
    expect(cells[10]).toBe(formatPeso(soldTotal));
    expect(cells[11]).toBe(formatPeso(soldTotal));
    await snapshot(page, 'end-of-day-z-list');

    await row.click();
    const sheet = dialog.getByRole('article', { name: 'Z reading #1' });
    await sheet.waitFor();
    const text = await sheet.innerText();
    expect(text).toContain('Baking Supplies & Cake Shop');
    expect(text).toContain('Z READING #1');
    const soldPesos = formatPeso(soldTotal).replace('.', '\\.');
    expect(text).toMatch(new RegExp(`Present accumulated grand total\\s+${soldPesos}`));
    expect(text).toMatch(/Previous accumulated grand total\s+₱0\.00/);
    expect(text).toMatch(/Beginning invoice no\.\s+INV1-000000001/);
    expect(text).toMatch(/Ending invoice no\.\s+INV1-000000002/);
    expect(text).toMatch(/Z counter\s+1/);
    expect(text).toMatch(/Reset counter\s+0/);
    expect(text).toMatch(/Less SC discount\s+-₱120\.00/);
    expect(text).toMatch(/Less PWD discount\s+₱0\.00/);
    expect(text).toMatch(/Cash\s+₱1,080\.00/);
    expect(text).toMatch(/Refunds outside any shift \(0\)\s+₱0\.00/);
    await settled(page);
    await snapshot(page, 'end-of-day-z-reading');

    // On paper: the sheet alone, 72 mm of text on the 80 mm roll.
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const content = document.querySelector('.receipt-content') as HTMLElement;
      return {
        width: content.getBoundingClientRect().width,
        app: getComputedStyle(document.getElementById('root')!).display,
        print: [...document.querySelectorAll('.receipt-actions')].map((e) => getComputedStyle(e).display),
      };
    });
    expect(printed.width).toBeCloseTo((72 / 25.4) * 96, 0);
    expect(printed.app).toBe('none');
    expect(printed.print).toEqual(['none']);
    await snapshot(page, 'end-of-day-z-print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it('fits a tablet: the readings scroll sideways inside their frame, never the page', async () => {
    const { page, context } = await asManager(TABLET);
    await page.goto('/end-of-day');
    const table = page.getByRole('table', { name: 'Z readings' });
    await table.getByRole('row', { name: 'Open Z reading #1' }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'end-of-day-tablet');
    await table.getByRole('row', { name: 'Open Z reading #1' }).click();
    await page
      .getByRole('dialog', { name: 'Z reading #1' })
      .getByText('Z READING #1', { exact: true })
      .waitFor();
    await settled(page);
    await snapshot(page, 'end-of-day-tablet-z-reading');
    await context.close();
  });
});

describe('the SC/PWD sales book', () => {
  it('lists the senior’s sale with the holder and exports the book to .xlsx', async () => {
    const { page, context } = await asManager();
    await page.goto('/end-of-day');
    await page.getByRole('tab', { name: 'SC/PWD sales book' }).click();
    const table = page.getByRole('table', { name: 'SC/PWD sales book' });
    const row = table.getByRole('row').filter({ hasText: seniorSaleId });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1)).toEqual([
      seniorSaleId,
      'SC',
      SENIOR.name,
      SENIOR.idNumber,
      '₱600.00',
      '₱120.00',
      '₱480.00',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(1);
    await snapshot(page, 'end-of-day-book');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sc_pwd_book_${addDays(today, -29)}_to_${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('SC-PWD Sales Book');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(4).value).toBe(SENIOR.name);

    // Days without one: the empty text; the Z readings tab keeps its own dates.
    await page.getByLabel('From', { exact: true }).fill(addDays(today, -60));
    await page.getByLabel('To', { exact: true }).fill(addDays(today, -31));
    await table.getByText('No SC/PWD sales in these dates.').waitFor();
    await page.getByRole('tab', { name: 'Z readings' }).click();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(addDays(today, -29));
    await context.close();
  });

  it('fits a tablet', async () => {
    const { page, context } = await asManager(TABLET);
    await page.goto('/end-of-day');
    await page.getByRole('tab', { name: 'SC/PWD sales book' }).click();
    await page.getByRole('table', { name: 'SC/PWD sales book' }).getByText(SENIOR.name).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'end-of-day-book-tablet');
    await context.close();
  });
});

describe('staff', () => {
  it('do not see End of Day and are sent away from it', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: accounts.staff!.email, password: PASSWORD },
    });
    expect(await menuLabels(page)).toEqual(STAFF_MENU);
    expect(await sideNav(page).getByRole('link', { name: 'End of Day' }).count()).toBe(0);
    await page.goto('/end-of-day');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
