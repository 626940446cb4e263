import { eq } from 'drizzle-orm';
import type { OrderSettings } from '../../../shared/schemas/cakeOrders';
import { DEFAULT_ORDER_SETTINGS, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import type { Db, Store } from '../../db/open';
import { settings } from '../../db/schema';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

const KEY = 'cakeOrders';

/** The shop's cake order rules: minimum deposit, orders per pickup day, staff cancellations. */
export function orderSettings(db: Store): OrderSettings {
  const row = db.select().from(settings).where(eq(settings.key, KEY)).get();
  if (!row) return { ...DEFAULT_ORDER_SETTINGS };
  return { ...DEFAULT_ORDER_SETTINGS, ...(JSON.parse(row.value) as Partial<OrderSettings>) };
}

/** Saves the rules (admin, owner) with an activity row naming them. */
export function saveOrderSettings(db: Db, actor: Viewer, input: OrderSettings) {
  return db.transaction(
    (tx) => {
      const value = JSON.stringify(input);
      tx.insert(settings)
        .values({ key: KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value } })
        .run();
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Edit Cake Order Settings',
        module: 'Settings',
        description: `Set cake orders: minimum deposit ${input.minimumDepositPercent}%, ${input.maxOrdersPerDay === null ? 'no limit of orders' : `at most ${input.maxOrdersPerDay} orders`} per pickup day, a staff cancellation ${input.keepDepositOnStaffCancel ? 'keeps' : 'refunds'} the deposit`,
      });
      return { message: T.settingsSaved, settings: orderSettings(tx) };
    },
    { behavior: 'immediate' },
  );
}
