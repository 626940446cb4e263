import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inventoryItems, saleLines, sales } from '../../server/db/schema';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, restoreFile } from '../helpers/backupFiles';
import { closeEveryShift } from '../helpers/counter';

// A sale made offline keeps its marks through the sales backup and its restore
// (docs/decisions.md, Selling offline): made offline, when the server took it, and the
// catalogue's price beside a price charged that differed.

let shop: TestShop;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

it('restores a sale made offline with soldOffline, receivedAt and the catalogue price', async () => {
  const flour = shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-RO001', name: 'Flour', stock: 10_000, unitPrice: 10_000, purchasePrice: 6_000 })
    .returning()
    .get();
  const { block } = await owner.api.terminals.reserveBlock({ terminalId: 1, size: 5 });
  // Charged ₱90.00 on the device; the catalogue says ₱100.00.
  await owner.api.sales.offline({
    saleId: 'SALE-ROFF0001',
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: [{ kind: 'item', id: flour.id, quantity: 2, price: 9_000 }],
    expected: { subtotal: 18_000, taxAmount: 0, totalAmount: 18_000 },
    soldAt: new Date(Date.now() - 60_000),
    terminalId: 1,
    invoiceSeq: block.first,
    cashierId: owner.user.id,
    shiftId: null,
  });
  const marks = () =>
    shop.db
      .select({
        soldOffline: sales.soldOffline,
        soldAt: sales.soldAt,
        receivedAt: sales.receivedAt,
        invoiceNumber: sales.invoiceNumber,
        price: saleLines.price,
        catalogPrice: saleLines.catalogPrice,
      })
      .from(sales)
      .innerJoin(saleLines, eq(saleLines.saleId, sales.id))
      .orderBy(asc(sales.saleId))
      .all();
  const before = marks();
  expect(before).toEqual([
    expect.objectContaining({ soldOffline: true, price: 9_000, catalogPrice: 10_000 }),
  ]);
  expect(before[0]!.receivedAt).toBeInstanceOf(Date);

  const file = await backupFile(shop, 'sales', owner.accessToken);
  shop.db.delete(sales).run();
  const res = await restoreFile(shop, 'sales', file, owner.accessToken);
  expect(res.json()).toMatchObject({ added: 1, rejected: [] });
  expect(marks()).toEqual(before);
});
