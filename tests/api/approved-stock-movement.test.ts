import { afterAll, beforeAll, expect, it } from 'vitest';
import { actionRequests, inventoryItems } from '../../server/db/schema';
import { type TestShop, testApp } from '../helpers/app';

// A stock change a manager approved reads, in the item's movements, who asked and who approved.
let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

it("an approved stock edit's movement names who asked and who approved", async () => {
  const staff = await shop.signedIn('staff');
  const manager = await shop.signedIn('manager');
  const item = shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-A1', name: 'Cocoa powder', stock: 10_000, unitPrice: 12000 })
    .returning()
    .get();
  await staff.api.inventory.update({ id: item.id, changes: { stock: 14_000 } });
  const request = shop.db.select().from(actionRequests).all().at(-1);
  if (!request) throw new Error('no held request');
  await manager.api.actionRequests.approve({ id: request.id });

  const [movement] = await manager.api.inventory.movements({ id: item.id });
  expect(movement).toMatchObject({ reason: 'edit', change: 4_000, username: manager.user.username });
  expect(movement?.reference).toBe(`asked by ${staff.user.username}, approved by ${manager.user.username}`);
});
