import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cakeOrderLines,
  cakeOrders,
  cakes,
  customers,
  inventoryItems,
  suppliers,
} from '../../server/db/schema';
import { BACKUP_AREAS } from '../../shared/schemas/backup';
import { type Session, type TestShop, testApp } from '../helpers/app';

// A backup taken while the counter sells is one instant of the shop: its own restore takes
// every row back. Before it was one read, checkouts landed between the sales, lines and
// payments sheets and the restore refused lines whose sale the file did not hold.

let shop: TestShop;
let owner: Session;
let itemId: number;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  itemId = shop.db
    .insert(inventoryItems)
    .values({
      itemId: 'INV-900001',
      name: 'Busy Flour',
      stock: 1_000_000_000,
      unitPrice: 5000,
      purchasePrice: 3000,
    })
    .returning()
    .get().id;
  // Every area holds rows: a file with none is refused as empty.
  const supplierId = shop.db
    .insert(suppliers)
    .values({ supplierId: 'SUP-900001', name: 'Mills Inc.' })
    .returning()
    .get().id;
  await owner.api.purchaseOrders.create({ supplierId, lines: [{ itemId, quantity: 1000, unitCost: 3000 }] });
  shop.db.insert(customers).values({ customerId: 'CUST-900001', name: 'Ana Reyes' }).run();
  shop.db.insert(cakes).values({ cakeId: 'CK-900001', name: 'Ube Cake', stock: 2, price: 85000 }).run();
  const order = shop.db
    .insert(cakeOrders)
    .values({
      number: 1,
      customerName: 'Ana Reyes',
      phone: '0917 123 4567',
      pickupAt: new Date('2099-01-01T02:00:00.000Z'),
      pickupDate: '2099-01-01',
      taxRate: 0,
      subtotal: 120000,
      taxAmount: 0,
      total: 120000,
      status: 'Pending',
    })
    .returning()
    .get().id;
  shop.db
    .insert(cakeOrderLines)
    .values({ orderId: order, description: 'Mocha roll', quantity: 1, price: 120000, lineTotal: 120000 })
    .run();
  // Enough sales for the sales sheets to be read in several chunks.
  for (let n = 0; n < 30; n++) await sell();
});

afterAll(() => shop.close());

function sell() {
  return owner.api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: [{ kind: 'item', id: itemId, quantity: 1 }],
  } as never);
}

/** Eight tills selling until told to stop; answers how many sales they made. */
function counters(count = 8) {
  let selling = true;
  const runs = Array.from({ length: count }, async () => {
    let made = 0;
    while (selling) {
      await sell();
      made++;
    }
    return made;
  });
  return {
    stop: async () => {
      selling = false;
      return (await Promise.all(runs)).reduce((a, b) => a + b, 0);
    },
  };
}

const auth = () => ({ authorization: `Bearer ${owner.accessToken}` });

describe('a backup taken while eight tills sell', () => {
  for (const area of BACKUP_AREAS) {
    it(`${area}: restores onto its own shop with no refused row, five times over`, async () => {
      for (let round = 0; round < 5; round++) {
        const selling = counters();
        const backup = await shop.app.inject({ method: 'GET', url: `/api/backup/${area}`, headers: auth() });
        const sold = await selling.stop();
        expect(backup.statusCode).toBe(200);
        expect(sold).toBeGreaterThan(0);
        const restore = await shop.app.inject({
          method: 'POST',
          url: `/api/backup/${area}/restore`,
          headers: { ...auth(), 'content-type': 'application/octet-stream' },
          payload: backup.rawPayload,
        });
        const outcome = restore.json();
        expect(outcome.rejected, `round ${round}`).toEqual([]);
        expect(restore.statusCode).toBe(200);
        expect(outcome.applied).toBe(true);
      }
    }, 120_000);
  }
});
