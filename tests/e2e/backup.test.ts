import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cakeIngredients,
  cakeSizes,
  cakes,
  categories,
  inventoryItems,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../server/db/schema';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { PASSWORD } from '../helpers/app';
import { openScreen, signedInPage, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Backup and Restore in the browser: each card downloads its area's workbook,
// and takes one back after showing what it will do.

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
  const db = b.shop.db;
  const flour = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-400001')).get()!;
  const cake = db
    .insert(cakes)
    .values({
      cakeId: 'CK-400001',
      name: 'Ube Ñoño 🎂',
      categoryId: db.insert(categories).values({ name: 'Celebration', type: 'cake' }).returning().get().id,
      sizeId: db.insert(cakeSizes).values({ name: '8 inch' }).returning().get().id,
      stock: 2,
      price: 85000,
    })
    .returning()
    .get();
  // Three units, kept in thousandths.
  db.insert(cakeIngredients).values({ cakeId: cake.id, itemId: flour.id, quantity: 3000 }).run();
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

  it('restores a deleted item from the inventory backup, after the preview', async () => {
    const { page, context } = await signedInPage(b, { as: { email: owner.email, password: PASSWORD } });
    await openScreen(page, 'Backup and Restore', '/backuprestore');
    const card = page.getByRole('region', { name: 'Inventory', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Backup' }).click(),
    ]);
    const file = (await download.path()) as string;
    b.shop.db.delete(inventoryItems).where(eq(inventoryItems.itemId, 'INV-400002')).run();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Restore' }).click(),
    ]);
    await chooser.setFiles({
      name: 'inventory_backup.xlsx',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(file),
    });
    const dialog = page.getByRole('dialog', { name: 'Restore Inventory' });
    await expect.poll(() => dialog.getByTestId('restore-to-add').textContent()).toBe('1');
    expect(await dialog.getByTestId('restore-unchanged').textContent()).toBe('1');
    expect(await dialog.getByText('inventory_backup.xlsx').count()).toBe(1);
    await page.waitForTimeout(400); // the modal's entrance, for the picture only
    await snapshot(page, 'backup-restore-preview');
    // Nothing has changed yet.
    expect(
      b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-400002')).get(),
    ).toBeUndefined();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText(BACKUP_TEXT.restored('inventory', 1, 0)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(
      b.shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-400002')).get(),
    ).toMatchObject({
      name: 'Brown Sugar',
      stock: 3,
      unitPrice: 5000,
    });
    await openScreen(page, 'Inventory', '/inventory');
    await page.getByRole('cell', { name: 'Brown Sugar', exact: true }).first().waitFor();
    await context.close();
  });

  it('restores a deleted cake with its recipe from the Cakes card', async () => {
    const { page, context } = await signedInPage(b, { as: { email: owner.email, password: PASSWORD } });
    await page.goto('/backuprestore');
    const card = page.getByRole('region', { name: 'Cakes', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cakes_backup.xlsx');
    const file = readFileSync((await download.path()) as string);
    const db = b.shop.db;
    db.delete(cakes).where(eq(cakes.cakeId, 'CK-400001')).run();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Restore' }).click(),
    ]);
    await chooser.setFiles({ name: 'cakes_backup.xlsx', mimeType: 'application/octet-stream', buffer: file });
    const dialog = page.getByRole('dialog', { name: 'Restore Cakes' });
    await expect.poll(() => dialog.getByTestId('restore-to-add').textContent()).toBe('1');
    await page.waitForTimeout(400); // the modal's entrance, for the picture only
    await snapshot(page, 'backup-restore-cakes-preview');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText(BACKUP_TEXT.restored('cakes', 1, 0)).waitFor();
    const back = db.select().from(cakes).where(eq(cakes.cakeId, 'CK-400001')).get();
    expect(back).toMatchObject({ name: 'Ube Ñoño 🎂', stock: 2, price: 85000 });
    expect(db.select().from(cakeIngredients).where(eq(cakeIngredients.cakeId, back!.id)).all()).toHaveLength(
      1,
    );
    await context.close();
  });

  it('names the rows a file cannot restore, and will not apply it', async () => {
    const { page, context } = await signedInPage(b, { as: { email: owner.email, password: PASSWORD } });
    await page.goto('/backuprestore');
    const card = page.getByRole('region', { name: 'Inventory', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Backup' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('inventory');
    if (sheet) sheet.getRow(3).getCell(6).value = -1;
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Restore' }).click(),
    ]);
    await chooser.setFiles({
      name: 'edited.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    const dialog = page.getByRole('dialog', { name: 'Restore Inventory' });
    const refused = dialog.getByRole('table', { name: 'Rows that cannot be restored' });
    await refused.getByRole('cell', { name: 'stock: Stock must be a non-negative number.' }).waitFor();
    expect(await refused.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('inventory');
    expect(await dialog.getByRole('button', { name: 'Restore' }).isDisabled()).toBe(true);
    await page.waitForTimeout(400); // the modal's entrance, for the picture only
    await snapshot(page, 'backup-restore-refused');
    // Not a workbook at all: the server's message, nothing opened.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      page
        .getByRole('region', { name: 'Supplier', exact: true })
        .getByRole('button', { name: 'Restore' })
        .click(),
    ]);
    await again.setFiles({
      name: 'notes.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a workbook'),
    });
    await page.getByText(BACKUP_TEXT.notWorkbook).waitFor();
    await context.close();
  });

  it('backs up purchase orders from their card and restores a deleted one with its lines', async () => {
    const db = b.shop.db;
    const flour = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'INV-400001')).get()!;
    const mills = db
      .insert(suppliers)
      .values({ supplierId: 'SUP-400001', name: 'Manila Mills' })
      .returning()
      .get();
    const order = db
      .insert(purchaseOrders)
      .values({ poNumber: 'PO-000001', supplierId: mills.id, notes: 'Back door' })
      .returning()
      .get();
    db.insert(purchaseOrderLines)
      .values({ purchaseOrderId: order.id, itemId: flour.id, quantity: 2500, unitCost: 5500 })
      .run();
    const { page, context } = await signedInPage(b, { as: { email: owner.email, password: PASSWORD } });
    await page.goto('/backuprestore');
    const card = page.getByRole('region', { name: 'Purchase Orders', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('purchase-orders_backup.xlsx');
    const file = readFileSync((await download.path()) as string);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    expect(book.getWorksheet('purchase-orders')?.getRow(2).getCell(1).value).toBe('PO-000001');
    expect(book.getWorksheet('lines')?.getRow(2).values).toEqual([
      undefined,
      'PO-000001',
      'INV-400001',
      2.5,
      0,
      55,
    ]);
    db.delete(purchaseOrders).where(eq(purchaseOrders.id, order.id)).run();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Restore' }).click(),
    ]);
    await chooser.setFiles({
      name: 'purchase-orders_backup.xlsx',
      mimeType: 'application/octet-stream',
      buffer: file,
    });
    const dialog = page.getByRole('dialog', { name: 'Restore Purchase Orders' });
    await expect.poll(() => dialog.getByTestId('restore-to-add').textContent()).toBe('1');
    expect(await db.$count(purchaseOrders)).toBe(0);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText(BACKUP_TEXT.restored('purchase-orders', 1, 0)).waitFor();
    const back = db.select().from(purchaseOrders).where(eq(purchaseOrders.poNumber, 'PO-000001')).get()!;
    expect(back).toMatchObject({ status: 'Draft', supplierId: mills.id, notes: 'Back door' });
    expect(
      db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, back.id)).all(),
    ).toMatchObject([{ itemId: flour.id, quantity: 2500, received: 0, unitCost: 5500 }]);
    await context.close();
  });

  it('shows every area on the tablet', async () => {
    const { page, context } = await signedInPage(b, {
      as: { email: owner.email, password: PASSWORD },
      viewport: TABLET,
    });
    await page.goto('/backuprestore');
    for (const area of [
      'Inventory',
      'Cakes',
      'Supplier',
      'Customers',
      'Sales',
      'Purchase Orders',
      'Cake Orders',
      'Users',
    ]) {
      const card = page.getByRole('region', { name: area, exact: true });
      await card.getByRole('button', { name: 'Backup' }).waitFor();
      await card.getByRole('button', { name: 'Restore' }).waitFor();
    }
    const [whole] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Full backup' }).getByRole('button', { name: 'Full backup' }).click(),
    ]);
    // A SQLite file, whole: its header says so.
    expect(whole.suggestedFilename()).toMatch(/\.sqlite$/);
    expect(
      readFileSync((await whole.path()) as string)
        .subarray(0, 15)
        .toString(),
    ).toBe('SQLite format 3');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'backup-restore-tablet');
    await context.close();
  });
});
