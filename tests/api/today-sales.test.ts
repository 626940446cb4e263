import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, sales } from '../../server/db/schema';
import { amountOf } from '../../server/domains/sales/today';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter, closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';

// Receipts at the counter: today's sales found by sale id, customer or amount (sales.today),
// and a receipt that names its cashier and shift, and who refunded it and when.

let shop: TestShop;
let staff: Session;
let manager: Session;
let sugar: number;

beforeAll(async () => {
  shop = await testApp();
  staff = await atCounter(await shop.signedIn('staff'));
  manager = await shop.signedIn('manager');
  sugar = shop.db
    .insert(inventoryItems)
    .values({ itemId: 'SUG-001', name: 'Washed Sugar', stock: 100_000, unitPrice: 8500 })
    .returning()
    .get().id;
});
afterAll(() => {
  closeEveryShift(shop);
  shop.close();
});

function sell(customerName: string, quantity: number) {
  return staff.api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    customerName,
    lines: [{ kind: 'item', id: sugar, quantity }],
  } as never);
}

describe('sales.today', () => {
  it("finds today's sales by sale id, customer or amount, newest first; not yesterday's", async () => {
    const maria = (await sell('Maria Santos', 2)).sale;
    const jose = (await sell('Jose Rizal', 3)).sale;
    const old = (await sell('Maria Clara', 1)).sale;
    // Yesterday's sale stays out of the counter's list.
    shop.db
      .update(sales)
      .set({ soldAt: new Date(Date.now() - 26 * 60 * 60 * 1000) })
      .where(eq(sales.id, old.id))
      .run();

    const ids = async (search: string) => (await staff.api.sales.today({ search })).map((s) => s.saleId);
    expect(await ids('')).toEqual([jose.saleId, maria.saleId]);
    expect(await ids(maria.saleId.slice(-5).toLowerCase())).toEqual([maria.saleId]);
    expect(await ids('maria')).toEqual([maria.saleId]);
    expect(await ids('255')).toEqual([jose.saleId]);
    expect(await ids('₱170.00')).toEqual([maria.saleId]);
    expect(await ids('nobody')).toEqual([]);
    const [row] = await staff.api.sales.today({ search: 'Jose' });
    expect(row).toMatchObject({
      customerName: 'Jose Rizal',
      totalAmount: 25500,
      cashier: staff.user.username,
    });
  });

  it('refuses bad input with 400 and its message', async () => {
    await expectTrpcError(
      staff.api.sales.today({ search: 'x'.repeat(101) }),
      'BAD_REQUEST',
      'search is too long.',
    );
    await expectTrpcError(
      staff.api.sales.today({ search: 5 } as never),
      'BAD_REQUEST',
      'search must be text.',
    );
  });

  it('reads amounts as a cashier types them', () => {
    expect(amountOf('1,250')).toBe(125000);
    expect(amountOf('₱1,250.50')).toBe(125050);
    expect(amountOf('12.5')).toBe(1250);
    expect(amountOf('SALE-1')).toBeNull();
    expect(amountOf('1.234')).toBeNull();
  });
});

describe('the receipt', () => {
  it('names the cashier and the shift, and once refunded, when and by whom', async () => {
    const { sale } = await sell('Andres B.', 1);
    const got = await staff.api.sales.get({ id: sale.saleId });
    expect(got.cashier).toBe(staff.user.username);
    expect(got.shiftId).not.toBeNull();
    expect(got.refundedByName).toBeNull();
    await manager.api.sales.refund({ id: sale.id });
    const refunded = await staff.api.sales.get({ id: sale.saleId });
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedByName).toBe(manager.user.username);
    expect(refunded.refundedAt).toBeInstanceOf(Date);
  });
});
