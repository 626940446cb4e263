import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakeOrderPayments, cakeOrders, notifications } from '../../server/db/schema';
import { dailyStockCheck } from '../../server/domains/inventory/alerts';
import { dashboardStats } from '../../server/domains/reports/dashboard';
import type { OrderStatus } from '../../shared/texts/cakeOrders';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// The daily check's cake order notices (the day before pickup; an order left after its day),
// each once per order; and the Dashboard's Today's Pickups and Deposits Held, per role.

let shop: TestShop;

beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

/** A Manila wall-clock time as an instant. */
const manila = (dayAndTime: string) => new Date(`${dayAndTime}:00+08:00`);

let number = 0;
/** An order inserted as the order service would leave it; its total ₱1,000.00. */
function order(customerName: string, pickupAt: Date, status: OrderStatus) {
  return shop.db
    .insert(cakeOrders)
    .values({
      number: ++number,
      customerName,
      phone: '0917 555 0100',
      pickupAt,
      pickupDate: manilaDate(pickupAt),
      taxRate: 0,
      subtotal: 100000,
      taxAmount: 0,
      total: 100000,
      status,
    })
    .returning()
    .get().id;
}

function payment(orderId: number, kind: 'deposit' | 'balance' | 'refund', amount: number) {
  shop.db
    .insert(cakeOrderPayments)
    .values({ orderId, kind, method: 'Cash', amount, takenAt: new Date() })
    .run();
}

const notices = () =>
  shop.db
    .select({ type: notifications.type, message: notifications.message, audience: notifications.audience })
    .from(notifications)
    .where(like(notifications.message, 'Cake order %'))
    .orderBy(notifications.id)
    .all();

describe('the cake order notices', () => {
  // Tuesday 1 December 2026, 10:00 in Manila.
  const now = manila('2026-12-01T10:00');
  const dayLater = (n: number) => new Date(now.getTime() + n * 24 * 3600 * 1000);

  beforeAll(() => {
    order('Ana Reyes', manila('2026-12-02T15:00'), 'Confirmed'); // ORD-000001, due tomorrow
    order('Ben Cruz', manila('2026-12-02T09:30'), 'Cancelled');
    order('Carla Santos', manila('2026-12-02T11:00'), 'Picked up'); // picked up early
    order('Dino Lim', manila('2026-12-03T00:30'), 'Pending'); // ORD-000004, the day after
    order('Ella Tan', manila('2026-11-30T16:00'), 'Ready'); // ORD-000005, yesterday's, still here
    order('Fe Go', manila('2026-11-30T10:00'), 'Picked up');
    order('Gil Uy', manila('2026-11-30T10:00'), 'Cancelled');
    order('Hana Ong', manila('2026-12-01T23:59'), 'In production'); // ORD-000008, today's
  });

  it('reminds the day before pickup and warns of one left after its day, once each', () => {
    dailyStockCheck(shop.db, now);
    dailyStockCheck(shop.db, new Date(now.getTime() + 4 * 3600 * 1000));
    expect(notices()).toEqual([
      {
        type: 'info',
        message: 'Cake order ORD-000001 for Ana Reyes is due tomorrow at 3:00 PM.',
        audience: 'cakeOrders',
      },
      {
        type: 'warning',
        message: 'Cake order ORD-000005 for Ella Tan was due Nov 30, 2026 and has not been picked up.',
        audience: 'cakeOrders',
      },
    ]);
    const ana = shop.db.select().from(cakeOrders).where(eq(cakeOrders.number, 1)).get();
    expect(ana?.remindedAt?.getTime()).toBe(now.getTime());
    expect(ana?.overdueAt).toBeNull();
  });

  it('sends none for a cancelled or picked-up order, and follows the days as they pass', () => {
    const before = notices().length;
    // Just after Manila midnight: the next day's order is due tomorrow, today's is now late.
    dailyStockCheck(shop.db, manila('2026-12-02T00:00'));
    dailyStockCheck(shop.db, dayLater(1));
    expect(
      notices()
        .slice(before)
        .map((n) => n.message),
    ).toEqual([
      'Cake order ORD-000004 for Dino Lim is due tomorrow at 12:30 AM.',
      'Cake order ORD-000008 for Hana Ong was due Dec 1, 2026 and has not been picked up.',
    ]);
    // Ana's cake leaves on its day: no warning after it; Dino's does not come.
    shop.db.update(cakeOrders).set({ status: 'Picked up' }).where(eq(cakeOrders.number, 1)).run();
    dailyStockCheck(shop.db, dayLater(3));
    dailyStockCheck(shop.db, dayLater(5));
    expect(
      notices()
        .slice(before + 2)
        .map((n) => n.message),
    ).toEqual(['Cake order ORD-000004 for Dino Lim was due Dec 3, 2026 and has not been picked up.']);
    const quiet = ['Ben Cruz', 'Carla Santos', 'Fe Go', 'Gil Uy'];
    expect(notices().filter((n) => quiet.some((name) => n.message.includes(name)))).toEqual([]);
  });

  it('are seen by every role that sees Cake Orders', async () => {
    const staff = await shop.signedIn('staff');
    const list = await staff.api.notifications.list({ page: 1, limit: 50 });
    expect(list.rows.map((n) => n.message)).toContain(
      'Cake order ORD-000001 for Ana Reyes is due tomorrow at 3:00 PM.',
    );
  });
});

describe('the dashboard’s cake order cards', () => {
  const today = manilaDate();
  let staff: Session;
  let manager: Session;
  let owner: Session;
  let admin: Session;

  beforeAll(async () => {
    shop.db.delete(cakeOrders).run();
    [staff, manager, owner, admin] = await Promise.all([
      shop.signedIn('staff'),
      shop.signedIn('manager'),
      shop.signedIn('owner'),
      shop.adminSession(),
    ]);
    const at = (day: string) => manila(`${day}T14:00`);
    payment(order('Pending today', at(today), 'Pending'), 'deposit', 50000);
    const baking = order('Baking today', at(today), 'In production');
    payment(baking, 'deposit', 30000);
    payment(baking, 'deposit', 20000);
    payment(order('Ready today', at(today), 'Ready'), 'deposit', 100000);
    const gone = order('Picked up today', at(today), 'Picked up');
    payment(gone, 'deposit', 40000);
    payment(gone, 'balance', 60000);
    const cancelled = order('Cancelled today', at(today), 'Cancelled');
    payment(cancelled, 'deposit', 25000);
    payment(cancelled, 'refund', 25000);
    order('Kept deposit', at(today), 'Cancelled');
    payment(order('Tomorrow', at(addDays(today, 1)), 'Confirmed'), 'deposit', 15050);
    order('Yesterday', at(addDays(today, -1)), 'Ready'); // no deposit asked
  });

  const pickups = { orders: 4, notReady: 2, pickedUp: 1 };
  // Paid on the five orders still open: 500 + 300 + 200 + 1,000 + 150.50 + 0.
  const held = { amount: 215050, orders: 5 };

  it('counts today’s pickups for every role, and deposits held for admin, owner and manager', async () => {
    const staffCards = await staff.api.reports.dashboard();
    expect(staffCards.todaysPickups).toEqual(pickups);
    expect('depositsHeld' in staffCards).toBe(false);
    for (const s of [manager, owner, admin]) {
      const cards = await s.api.reports.dashboard();
      expect(cards.todaysPickups).toEqual(pickups);
      expect(cards.depositsHeld).toEqual(held);
    }
  });

  it('answers the same over REST, the deposits in pesos and never to staff', async () => {
    const staffRes = await rest(shop, 'GET', '/api/dashboard', staff.accessToken);
    expect(staffRes.statusCode).toBe(200);
    expect(staffRes.json().todaysPickups).toEqual(pickups);
    expect(staffRes.json()).not.toHaveProperty('depositsHeld');
    for (const s of [manager, owner, admin]) {
      const res = await rest(shop, 'GET', '/api/dashboard', s.accessToken);
      expect(res.json()).toMatchObject({
        todaysPickups: pickups,
        depositsHeld: { amount: 2150.5, orders: 5 },
      });
    }
  });

  it('counts the pickups of the Manila day asked for', () => {
    const viewer = shop.adminViewer();
    const tomorrow = manila(`${addDays(today, 1)}T00:00`);
    expect(dashboardStats(shop.db, viewer, tomorrow).todaysPickups).toEqual({
      orders: 1,
      notReady: 1,
      pickedUp: 0,
    });
    const lastMinute = new Date(tomorrow.getTime() - 1);
    expect(dashboardStats(shop.db, viewer, lastMinute).todaysPickups).toEqual(pickups);
  });
});
