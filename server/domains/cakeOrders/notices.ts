import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, orderNumber, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { addDays, formatCalendarDate, manilaDate } from '../../../shared/time';
import type { Store } from '../../db/open';
import { cakeOrders } from '../../db/schema';
import { notify } from '../notifications/service';

const pickupTime = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:00 PM", Manila; some ICU versions put a narrow space before PM, the notice a plain one. */
const timeOf = (at: Date) => pickupTime.format(at).replace(/\s/g, ' ');

const notice = {
  number: cakeOrders.number,
  customerName: cakeOrders.customerName,
  pickupAt: cakeOrders.pickupAt,
  pickupDate: cakeOrders.pickupDate,
};

/**
 * The daily check's cake order notices (docs/rules.md, Records), to those who see Cake
 * Orders: the day before an open order's pickup, and once its pickup day has passed with the
 * order still open. Each is sent once per order: the same statement marks the order
 * (remindedAt, overdueAt) and picks it, so a check run again, or a run that missed a day,
 * never repeats one.
 */
export function cakeOrderNotices(db: Store, now = new Date()): void {
  const today = manilaDate(now);
  const open = inArray(cakeOrders.status, OPEN_ORDER_STATUSES);
  const dueTomorrow = db
    .update(cakeOrders)
    .set({ remindedAt: now })
    .where(and(eq(cakeOrders.pickupDate, addDays(today, 1)), open, isNull(cakeOrders.remindedAt)))
    .returning(notice)
    .all();
  for (const o of dueTomorrow.sort((a, b) => a.number - b.number))
    notify(
      db,
      'info',
      T.dueTomorrow(orderNumber(o.number), o.customerName, timeOf(o.pickupAt)),
      'cakeOrders',
    );

  const notPickedUp = db
    .update(cakeOrders)
    .set({ overdueAt: now })
    .where(and(lt(cakeOrders.pickupDate, today), open, isNull(cakeOrders.overdueAt)))
    .returning(notice)
    .all();
  for (const o of notPickedUp.sort((a, b) => a.number - b.number))
    notify(
      db,
      'warning',
      T.notPickedUp(orderNumber(o.number), o.customerName, formatCalendarDate(o.pickupDate)),
      'cakeOrders',
    );
}
