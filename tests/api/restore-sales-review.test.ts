import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, inventoryItems, sales } from '../../server/db/schema';
import { SALES_TEXT } from '../../shared/texts/sales';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';
import { atCounter } from '../helpers/counter';

// The sales backup carries what the counter now keeps on a sale (the reason for an earlier
// date), and a refund a restore records closes the staff request waiting to make it.

let shop: TestShop;
let manager: Session;
let owner: Session;
let staff: Session;
let itemId: number;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  owner = await shop.signedIn('owner');
  staff = await atCounter(await shop.signedIn('staff'));
  itemId = shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-700001', name: 'Cake Flour', stock: 100_000, unitPrice: 5000 })
    .returning()
    .get().id;
});

afterAll(() => shop.close());

const line = () => [{ kind: 'item' as const, id: itemId, quantity: 1 }];

describe('the sales backup', () => {
  it("keeps a back-dated sale's reason: restored onto another shop it comes back with it", async () => {
    const { sale } = await manager.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: line(),
      date: addDays(manilaDate(), -3),
      backdateReason: 'Catering paid on delivery',
    } as never);
    const file = await backupFile(shop, 'sales', owner.accessToken);
    const other = await testApp();
    try {
      const otherOwner = await other.signedIn('owner');
      const res = await restoreFile(other, 'sales', file, otherOwner.accessToken);
      expect(res.json().rejected).toEqual([]);
      const restored = other.db.select().from(sales).where(eq(sales.saleId, sale.saleId)).get();
      expect(restored?.backdateReason).toBe('Catering paid on delivery');
    } finally {
      await other.close();
    }
  });

  it('a refund the file records closes the staff refund request waiting for that sale', async () => {
    const { sale } = await staff.api.sales.checkout({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: line(),
    } as never);
    const file = await backupFile(shop, 'sales', owner.accessToken);
    await staff.api.sales.refund({ id: sale.saleId });
    const waiting = () =>
      shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, sale.saleId)).get()!;
    expect(waiting().status).toBe('pending');
    // The file says the sale was refunded, as a backup taken after a refund would.
    const refunded = await edited(file, (book) => {
      const sheet = byField(book, 'sales');
      for (let row = 2; row <= sheet.sheet.rowCount; row++)
        if (sheet.get(row).saleId === sale.saleId) {
          sheet.set(row, 'status', 'refunded');
          sheet.set(row, 'refundedAt', new Date().toISOString());
        }
    });
    const res = await restoreFile(shop, 'sales', refunded, owner.accessToken);
    expect(res.json()).toMatchObject({ updated: 1, rejected: [], applied: true });
    expect(waiting().status).toBe('rejected');
    expect(JSON.parse(waiting().details).Outcome).toBe(SALES_TEXT.refundedByRestore(owner.user.username));
  });
});
