import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { checkoutInput } from '../../shared/schemas/sales';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// A customer's view lists their purchases: customers.purchases, for whoever may open the
// customer screen, newest first, only that customer's sales.
let shop: TestShop;
let cashier: Session;
let staff: Session;
beforeAll(async () => {
  shop = await testApp();
  cashier = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  await cashier.api.shifts.open({ openingCash: 0 });
});
afterAll(() => shop.close());

describe('customers.purchases', () => {
  it("lists a customer's sales, newest first, and no one else's", async () => {
    const item = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-P1', name: 'Cake flour 1 kg', stock: 50_000, unitPrice: 9500 })
      .returning()
      .get();
    const cora = await cashier.api.customers.add({
      customerId: 'CUST-P1',
      name: 'Cora Reyes',
      email: '',
      phoneNumber: '',
      address: '',
    });
    const coraId = cora.record.id;
    const sell = (quantity: number, customerId: number | null) =>
      cashier.api.sales.checkout(
        checkoutInput.parse({
          orderType: 'Walk-in',
          customerId,
          customerName: customerId ? '' : 'Walk-in buyer',
          lines: [{ kind: 'item', id: item.id, quantity }],
          paymentMethod: 'GCash',
          reference: `GC-${quantity}`,
        }),
      );
    const first = await sell(1, coraId);
    await sell(3, null);
    const second = await sell(2, coraId);

    const rows = await staff.api.customers.purchases({ id: coraId });
    expect(rows.map((r) => r.saleId)).toEqual([second.sale.saleId, first.sale.saleId]);
    expect(rows[0]).toMatchObject({ totalAmount: 19000, paymentMethod: 'GCash', status: 'completed' });
    // By the customer's own ID as well, as the other customer procedures take it.
    expect(await staff.api.customers.purchases({ id: 'CUST-P1' })).toHaveLength(2);
  });

  it('answers 404 for a customer that does not exist', async () => {
    await expectTrpcError(
      staff.api.customers.purchases({ id: 999_999 }),
      'NOT_FOUND',
      CUSTOMER_TEXT.notFound,
    );
  });
});
