import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { barcodeCheckDigitOk, INVENTORY_TEXT } from '../../shared/texts/inventory';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Issue "the counter as staff use it": an item may carry the EAN/UPC printed on its pack,
// which the counter's scanner reads like the item ID. 8, 12 or 13 digits, check digit
// validated, one item per barcode.

const EAN13 = '4800016000010';
const OTHER_EAN13 = '4806502160015';
const UPC_A = '036000291452';
const EAN8 = '96385074';

let shop: TestShop;
let manager: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());

describe('the check digit', () => {
  it('accepts EAN-13, UPC-A and EAN-8 as printed and refuses one digit off', () => {
    for (const code of [EAN13, OTHER_EAN13, UPC_A, EAN8]) expect(barcodeCheckDigitOk(code)).toBe(true);
    expect(barcodeCheckDigitOk('4800016000011')).toBe(false);
    expect(barcodeCheckDigitOk('036000291453')).toBe(false);
    expect(barcodeCheckDigitOk('96385075')).toBe(false);
  });
});

describe('an item barcode over tRPC and REST', () => {
  it('is stored trimmed, answered, and blank means none', async () => {
    const { item } = await manager.api.inventory.add({ name: 'Evap Milk', barcode: ` ${EAN13} ` } as never);
    expect(item.barcode).toBe(EAN13);
    const { item: none } = await manager.api.inventory.add({ name: 'Loose Sugar', barcode: '' } as never);
    expect(none.barcode).toBeNull();
    const got = await rest(shop, 'GET', `/api/inventory/${item.id}`, manager.accessToken);
    expect(got.json()).toMatchObject({ barcode: EAN13 });
  });

  const bad: [string, unknown, string][] = [
    ['a wrong check digit', '4800016000011', INVENTORY_TEXT.barcodeCheckDigit],
    ['letters', '48000160000AB', INVENTORY_TEXT.barcodeShape],
    ['ten digits', '4800016000', INVENTORY_TEXT.barcodeShape],
    ['fourteen digits', '48000160000101', INVENTORY_TEXT.barcodeShape],
    ['a number', 4800016000010, INVENTORY_TEXT.barcodeShape],
  ];
  it.each(bad)('%s is refused 400 with its message and writes nothing', async (_, barcode, message) => {
    const before = await shop.db.$count(inventoryItems);
    await expectTrpcError(
      manager.api.inventory.add({ name: 'Bad Code', barcode } as never),
      'BAD_REQUEST',
      message,
    );
    expect(await shop.db.$count(inventoryItems)).toBe(before);
  });

  it('REST answers 400 {message} for a bad check digit', async () => {
    const before = await shop.db.$count(inventoryItems);
    const res = await postJson(
      shop,
      '/api/inventory',
      { name: 'Bad', barcode: '036000291453' },
      manager.accessToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVENTORY_TEXT.barcodeCheckDigit });
    expect(await shop.db.$count(inventoryItems)).toBe(before);
  });

  it('is unique: a second item with the same barcode is refused 409 naming the holder, on add and edit', async () => {
    const { item: holder } = await manager.api.inventory.add({
      itemId: 'INV-BC-1',
      name: 'Condensed Milk',
      barcode: UPC_A,
    } as never);
    const before = await shop.db.$count(inventoryItems);
    await expectTrpcError(
      manager.api.inventory.add({ name: 'Copy', barcode: UPC_A } as never),
      'CONFLICT',
      INVENTORY_TEXT.duplicateBarcode('INV-BC-1'),
    );
    const res = await postJson(shop, '/api/inventory', { name: 'Copy', barcode: UPC_A }, manager.accessToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INVENTORY_TEXT.duplicateBarcode('INV-BC-1') });
    expect(await shop.db.$count(inventoryItems)).toBe(before);

    const { item: other } = await manager.api.inventory.add({ name: 'Cream', barcode: EAN8 } as never);
    await expectTrpcError(
      manager.api.inventory.update({ id: other.id, changes: { barcode: UPC_A } }),
      'CONFLICT',
      INVENTORY_TEXT.duplicateBarcode('INV-BC-1'),
    );
    const put = await rest(shop, 'PUT', `/api/inventory/${other.id}`, manager.accessToken, {
      barcode: UPC_A,
    });
    expect(put.statusCode).toBe(409);
    expect((await manager.api.inventory.get({ id: other.id })).barcode).toBe(EAN8);
    // Saving the holder with its own barcode is no conflict; clearing it frees the code.
    await manager.api.inventory.update({
      id: holder.id,
      changes: { barcode: UPC_A, name: 'Condensed Milk 300ml' },
    });
    await manager.api.inventory.update({ id: holder.id, changes: { barcode: null } });
    await manager.api.inventory.update({ id: other.id, changes: { barcode: UPC_A } });
    expect((await manager.api.inventory.get({ id: other.id })).barcode).toBe(UPC_A);
  });
});

describe("the counter's lookup", () => {
  it('finds the item by its barcode exactly, with the barcode in the answer', async () => {
    await manager.api.inventory.add({
      itemId: 'SUG-BC',
      name: 'Washed Sugar 1kg',
      stock: 10_000,
      unitPrice: 8500,
      barcode: OTHER_EAN13,
    } as never);
    const rows = await staff.api.sales.products({ search: OTHER_EAN13 });
    expect(rows.map((r) => [r.code, r.barcode])).toEqual([['SUG-BC', OTHER_EAN13]]);
    // Part of a barcode is not a scan.
    expect(await staff.api.sales.products({ search: OTHER_EAN13.slice(0, 12) })).toEqual([]);
    const page = await staff.api.sales.productsPage({ search: OTHER_EAN13, page: 1, limit: 10 });
    expect(page.rows.map((r) => r.code)).toEqual(['SUG-BC']);
  });
});
