import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';

// An item's pack barcode is part of the item: the inventory backup carries it, a restore puts
// it back, and a file giving one item's barcode to another is refused, never a 500.

const EAN13 = '4006381333931';
const EAN8 = '96385074';

let shop: TestShop;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  shop.db
    .insert(inventoryItems)
    .values([
      { itemId: 'INV-800001', name: 'Bread Flour 1 kg', stock: 5_000, unitPrice: 9000, barcode: EAN13 },
      { itemId: 'INV-800002', name: 'Yeast Sachet', stock: 9_000, unitPrice: 1500, barcode: EAN8 },
    ])
    .run();
});

afterAll(() => shop.close());

const barcodeOf = (on: TestShop, itemId: string) =>
  on.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, itemId)).get()?.barcode;

describe('barcodes in the inventory backup', () => {
  it('come back with their items on another shop', async () => {
    const file = await backupFile(shop, 'inventory', owner.accessToken);
    const other = await testApp();
    try {
      const otherOwner = await other.signedIn('owner');
      const res = await restoreFile(other, 'inventory', file, otherOwner.accessToken);
      expect(res.json()).toMatchObject({ added: 2, rejected: [], applied: true });
      expect(barcodeOf(other, 'INV-800001')).toBe(EAN13);
      expect(barcodeOf(other, 'INV-800002')).toBe(EAN8);
    } finally {
      await other.close();
    }
  });

  it("a row giving another item's barcode is refused, naming that item, and nothing changes", async () => {
    const file = await backupFile(shop, 'inventory', owner.accessToken);
    const clash = await edited(file, (book) => {
      const sheet = byField(book, 'inventory');
      for (let row = 2; row <= sheet.sheet.rowCount; row++)
        if (sheet.get(row).itemId === 'INV-800002') sheet.set(row, 'barcode', EAN13);
    });
    const res = await restoreFile(shop, 'inventory', clash, owner.accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected).toEqual([
      expect.objectContaining({ reason: `barcode: ${INVENTORY_TEXT.duplicateBarcode('INV-800001')}` }),
    ]);
    expect(barcodeOf(shop, 'INV-800002')).toBe(EAN8);
  });

  it('a barcode with a wrong check digit is refused as the form refuses it', async () => {
    const file = await backupFile(shop, 'inventory', owner.accessToken);
    const wrong = await edited(file, (book) => {
      const sheet = byField(book, 'inventory');
      for (let row = 2; row <= sheet.sheet.rowCount; row++)
        if (sheet.get(row).itemId === 'INV-800002') sheet.set(row, 'barcode', '96385075');
    });
    const res = await restoreFile(shop, 'inventory', wrong, owner.accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected[0].reason).toContain(INVENTORY_TEXT.barcodeCheckDigit);
  });
});
