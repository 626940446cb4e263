import type { z } from 'zod';
import { cakes } from '../../server/db/schema';
import { createOrderInput } from '../../shared/schemas/cakeOrders';
import { addDays, manilaDate, manilaDayStart } from '../../shared/time';
import type { Session, TestShop } from './app';

// Cake orders in tests: a catalogue cake to order, an order taken through tRPC.

let seq = 0;

/** A catalogue cake at `price` centavos with `stock` on the shelf. */
export function aCake(shop: TestShop, price = 100000, stock = 5) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-9${String(seq).padStart(5, '0')}`, name: `Order Cake ${seq}`, price, stock })
    .returning()
    .get();
}

/**
 * 3 PM in Manila `days` Manila days from today (tomorrow by default), or the day after when
 * that hour has passed. Counted on Manila's calendar, not UTC's: from 4 PM UTC on, Manila is
 * already on the next day, and a pickup "tomorrow" by UTC would be today there.
 */
export function pickupIn(days = 1, now = new Date()): Date {
  const at = manilaDayStart(addDays(manilaDate(now), days)).getTime() + 15 * HOUR_MS;
  return new Date(at > now.getTime() ? at : at + 24 * HOUR_MS);
}

const HOUR_MS = 60 * 60 * 1000;

/** An order of one custom cake for `price` centavos, with the given deposits. */
export function takeOrder(
  session: Session,
  fields: Partial<z.input<typeof createOrderInput>> & { price?: number } = {},
) {
  const { price = 200000, ...rest } = fields;
  return session.api.cakeOrders.create(
    createOrderInput.parse({
      customerName: 'Maria Santos',
      phone: '0917 123 4567',
      pickupAt: pickupIn(),
      lines: [{ description: '8" chocolate, "Happy 7th, Lia"', quantity: 1, price }],
      ...rest,
    }),
  );
}
