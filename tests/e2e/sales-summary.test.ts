import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { createTerminal } from '../../server/domains/terminals/service';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { addDays, manilaDate } from '../../shared/time';
import { PASSWORD } from '../helpers/app';
import { signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The Z reading of a chosen terminal and its BIR lines on paper, the empty Z asked for on
// purpose, and the sales summary BIR asks for (per day and terminal) with its .xlsx.

const b = browserShopForFile();
const today = manilaDate();
let manager = { email: '', username: '' };
let counter2 = 0;

beforeAll(async () => {
  const db = b.shop.db;
  manager = await b.shop.addUser('manager');
  counter2 = createTerminal(db, b.shop.adminViewer(), {
    name: 'Counter 2',
    min: '240000111122223',
    serialNumber: 'SN-C2-0042',
    permitNumber: 'FP012024-052-0001234-00002',
    invoicePrefix: 'C2-',
  }).terminal.id;
  const flour = db
    .insert(inventoryItems)
    .values({ itemId: 'INV-SUM1', name: 'Summary Flour', stock: 50_000, unitPrice: 50000 })
    .returning()
    .get().id;
  // Two sales on Counter 2 at 12% VAT: ₱500.00 and ₱1,000.00 before VAT.
  for (const quantity of [1, 2])
    await checkout(
      db,
      b.shop.adminViewer(),
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [{ kind: 'item', id: flour, quantity }],
        paymentMethod: 'Cash',
        taxRate: 12,
        terminalId: counter2,
      }),
    );
});

describe('the Z reading of a terminal and the sales summary', () => {
  it('takes Counter 2’s Z with its BIR lines, an empty one only on purpose, and sums the day', async () => {
    const { page, context } = await signedInPage(b, { as: { email: manager.email, password: PASSWORD } });
    await page.goto('/end-of-day');
    const panel = page.getByRole('tabpanel', { name: 'Z readings' });
    await panel.getByLabel('Terminal', { exact: true }).click();
    await page.getByRole('option', { name: 'Counter 2', exact: true }).click();
    await panel.getByRole('button', { name: 'Take Z reading' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText('Take the end-of-day reading of Counter 2 now?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Take Z reading' }).click();

    const dialog = page.getByRole('dialog', { name: 'Z reading #1' });
    const sheet = dialog.getByRole('article', { name: 'Z reading #1' });
    await sheet.waitFor();
    const text = await sheet.innerText();
    expect(text).toContain('Terminal: Counter 2');
    expect(text).toContain('MIN: 240000111122223');
    expect(text).toContain('S/N: SN-C2-0042');
    expect(text).toContain('Permit No.: FP012024-052-0001234-00002');
    expect(text).toMatch(/Beginning invoice no\.\s+C2-000000001/);
    expect(text).toMatch(/Ending invoice no\.\s+C2-000000002/);
    expect(text).toMatch(/Z counter\s+1/);
    expect(text).toMatch(/Gross sales\s+₱1,500\.00/);
    expect(text).toMatch(/VATable sales\s+₱1,500\.00/);
    expect(text).toMatch(/VAT amount\s+₱180\.00/);
    expect(text).toMatch(/VAT-exempt sales\s+₱0\.00/);
    expect(text).toMatch(/Zero-rated sales\s+₱0\.00/);
    expect(text).toMatch(/Net sales\s+₱1,680\.00/);
    expect(text).toMatch(/Previous accumulated grand total\s+₱0\.00/);
    expect(text).toMatch(/Present accumulated grand total\s+₱1,680\.00/);
    await page.emulateMedia({ media: 'print' });
    await snapshot(page, 'sales-summary-z-print');
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Nothing sold since: refused, with the choice to take an empty reading on purpose.
    await panel.getByRole('button', { name: 'Take Z reading' }).click();
    await confirm.getByRole('button', { name: 'Take Z reading' }).click();
    const alert = page.getByRole('alert').filter({ hasText: SHIFT_TEXT.nothingToCount('Counter 2') });
    await alert.waitFor();
    await snapshot(page, 'sales-summary-empty-z-asked');
    await alert.getByRole('button', { name: 'Take an empty Z reading' }).click();
    await confirm.getByRole('button', { name: 'Take an empty Z reading' }).click();
    const empty = page.getByRole('dialog', { name: 'Z reading #2' });
    await empty.getByText(/Z counter\s*2/).waitFor();
    await empty.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('tab', { name: 'Sales summary' }).click();
    const table = page.getByRole('table', { name: 'Sales summary' });
    const row = table.getByRole('row').filter({ hasText: 'Counter 2' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 4)).toEqual(['Counter 2', 'C2-000000001', 'C2-000000002']);
    expect(cells[4]).toBe(formatPeso(150000));
    expect(cells[6]).toBe(formatPeso(18000));
    expect(cells[14]).toBe(formatPeso(168000));
    expect(cells[15]).toBe('2');
    expect(cells[16]).toBe(formatPeso(168000));
    await snapshot(page, 'sales-summary');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('tabpanel', { name: 'Sales summary' })
        .getByRole('button', { name: 'Export to Excel' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales_summary_${addDays(today, -29)}_to_${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheetRows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const header = sheetRows[0]!.slice(1) as string[];
    const counterRow = sheetRows.find((r) => r.includes('Counter 2'))!.slice(1);
    expect(counterRow[header.indexOf('Beginning invoice')]).toBe('C2-000000001');
    expect(counterRow[header.indexOf('Net sales')]).toBe(1680);
    expect(counterRow[header.indexOf('Z counter')]).toBe(2);
    await context.close();
  });

  it('fits the tablet: the summary scrolls sideways inside its frame', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: manager.email, password: PASSWORD },
      viewport: TABLET,
    });
    await page.goto('/end-of-day');
    await page.getByRole('tab', { name: 'Sales summary' }).click();
    await page
      .getByRole('table', { name: 'Sales summary' })
      .getByRole('row')
      .filter({ hasText: 'Counter 2' })
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'sales-summary-tablet');
    await context.close();
  });
});

describe('the journal', () => {
  it('is checked and exported by admin and owner, and never shown to a manager', async () => {
    const asManager = await signedInPage(b, { as: { email: manager.email, password: PASSWORD } });
    await asManager.page.goto('/end-of-day');
    await asManager.page.getByRole('tab', { name: 'Sales summary' }).waitFor();
    expect(await asManager.page.getByRole('tab', { name: 'Journal' }).count()).toBe(0);
    await asManager.context.close();

    const { page, context } = await signedInPage(b);
    await page.goto('/end-of-day');
    await page.getByRole('tab', { name: 'Journal' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Journal' });
    await panel.getByRole('button', { name: 'Verify the journal' }).click();
    const verified = panel.getByRole('alert').filter({ hasText: 'Verified' });
    await verified.waitFor();
    const rows = Number(/journal's ([\d,]+) rows/.exec(await verified.innerText())?.[1]?.replace(',', ''));
    // Counter 2 added, two sales, two Z readings: at least five rows.
    expect(rows).toBeGreaterThanOrEqual(5);
    await snapshot(page, 'journal-verified');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export the journal' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`journal-${addDays(today, -29)}-to-${today}.txt`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(rows);
    expect(lines.map((l) => (JSON.parse(l) as { kind: string }).kind)).toContain('z-reading');
    await context.close();
  });
});
