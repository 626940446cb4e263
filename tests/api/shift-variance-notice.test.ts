import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { type TestShop, testApp } from '../helpers/app';

// The owner reads a shift's variance once: "variance of -₱150.00: counted ..., expected ...".
let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

it('a shift-variance notice names its figure once, beside the counted and the expected cash', async () => {
  const cashier = await shop.signedIn('manager');
  const { shift } = await cashier.api.shifts.open({ openingCash: 100000 });
  await cashier.api.shifts.close({ id: shift.id, countedCash: 85000, reason: 'short change' });
  const message = shop.db
    .select()
    .from(notifications)
    .where(eq(notifications.type, 'warning'))
    .all()
    .at(-1)?.message;
  expect(message).toBe(
    `Shift #${shift.id} closed with a variance of -₱150.00: counted ₱850.00, expected ₱1,000.00 (short change).`,
  );
});
