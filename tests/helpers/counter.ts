import { eq } from 'drizzle-orm';
import { shifts } from '../../server/db/schema';
import { closeShift, openShifts } from '../../server/domains/shifts/service';
import { xReading } from '../../server/domains/shifts/xReading';
import { postJson, type Session, type TestShop } from './app';

/** Opens a shift for the session's cashier: staff sell only inside their own (docs/decisions.md). */
export async function atCounter<S extends Pick<Session, 'api'>>(session: S, openingCash = 0): Promise<S> {
  await session.api.shifts.open({ openingCash });
  return session;
}

/** Closes every open shift with the cash it expects, as the system admin: a test leaves the counter as it found it. */
export function closeEveryShift(shop: TestShop): void {
  for (const { id } of openShifts(shop.db)) {
    const shift = shop.db.select().from(shifts).where(eq(shifts.id, id)).get()!;
    closeShift(shop.db, shop.adminViewer(), { id, countedCash: xReading(shop.db, shift).expectedCash });
  }
}

/** A walk-in cash sale over REST (POST /api/sales) of `quantity` of one item by business id. */
export const sellOverRest = (shop: TestShop, itemId: string, quantity: number, token: string) =>
  postJson(
    shop,
    '/api/sales',
    {
      customerName: '',
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      taxRate: 0,
      items: [{ itemId, quantity }],
    },
    token,
  );
