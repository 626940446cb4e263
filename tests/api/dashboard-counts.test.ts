import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import type { Viewer } from '../../server/domains/auth/viewer';
import { dashboardStats } from '../../server/domains/reports/dashboard';
import { addDays, manilaDate } from '../../shared/time';
import { type TestShop, testApp } from '../helpers/app';

// The Dashboard's stock cards count through partial indexes of the items out of stock and of
// the low ones (reports/dashboard.ts). Whatever the items, the counts must be the rule's:
// out of stock is no stock, low is some stock at or below the threshold, and an item dated
// before today counts as Expired in neither.

let shop: TestShop;
let viewer: Viewer;
const today = manilaDate();

beforeAll(async () => {
  shop = await testApp();
  viewer = shop.adminViewer();
});
afterAll(() => shop.close());

const anItem = fc.record({
  stock: fc.integer({ min: 0, max: 4 }).map((units) => units * 1000),
  threshold: fc.integer({ min: 0, max: 4 }).map((units) => units * 1000),
  days: fc.option(fc.constantFrom(-30, -1, 0, 1, 7, 30), { nil: null }),
});

describe('the Dashboard stock counts', () => {
  it('count what the rule counts, whatever the stock, threshold and date', () => {
    fc.assert(
      fc.property(fc.array(anItem, { maxLength: 40 }), (items) => {
        shop.db.delete(inventoryItems).run();
        for (const [n, item] of items.entries())
          shop.db
            .insert(inventoryItems)
            .values({
              itemId: `INV-${10_000 + n}`,
              name: `Item ${n}`,
              stock: item.stock,
              restockThreshold: item.threshold,
              expirationDate: item.days === null ? null : addDays(today, item.days),
              unitPrice: 1000,
              purchasePrice: 800,
            })
            .run();
        const unexpired = items.filter((item) => item.days === null || item.days >= 0);
        expect(dashboardStats(shop.db, viewer)).toMatchObject({
          totalInventoryCount: items.length,
          outOfStockCount: unexpired.filter((item) => item.stock === 0).length,
          lowStockCount: unexpired.filter((item) => item.stock > 0 && item.stock <= item.threshold).length,
        });
      }),
      { numRuns: 60 },
    );
  });
});
