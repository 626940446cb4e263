import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { PASSWORD } from '../helpers/app';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Backup and Restore in the browser (issue 10, the backup half): each card downloads its
// area's workbook; the restore half lands with the restore.

const b = browserShopForFile();
let owner = { email: '' };

beforeAll(async () => {
  b.shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-400001', name: 'Bread Flour', stock: 12, unitPrice: 6125 },
      { itemId: 'INV-400002', name: 'Brown Sugar', stock: 3, unitPrice: 5000 },
    ])
    .run();
  owner = await b.shop.addUser('owner');
});

describe('backup and restore', () => {
  it('downloads the inventory backup from its card', async () => {
    const { page, context } = await signedInPage(b, { as: { email: owner.email, password: PASSWORD } });
    await openScreen(page, 'Backup and Restore', '/backuprestore');
    const card = page.getByRole('region', { name: 'Inventory', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inventory_backup.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('inventory');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(1).value).toBe('INV-400001');
    expect(sheet?.getRow(2).getCell(8).value).toBe(61.25);
    await snapshot(page, 'backup-restore');
    await context.close();
  });

  it('shows every area on the tablet', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: owner.email, password: PASSWORD },
      viewport: TABLET,
    });
    await page.goto('/backuprestore');
    for (const area of ['Inventory', 'Supplier', 'Sales', 'Users'])
      await page
        .getByRole('region', { name: area, exact: true })
        .getByRole('button', { name: 'Backup' })
        .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'backup-restore-tablet');
    await context.close();
  });
});
