import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../shared/constants';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { takeOrder } from '../helpers/cakeOrders';
import { closeEveryShift } from '../helpers/counter';

// Money properties of cake orders: for any sequence of deposits (any method, any amount within
// the balance, by any of three cashiers), then a cancellation (refund or keep), a pickup paying
// the balance, or nothing: paid is what was paid less what was refunded, paid + balance due is
// the total while the order is open, and each shift's expected cash is its opening plus every
// cash peso it took less change and cash given back, so a peso is counted in one drawer only.

let shop: TestShop;
/** Two cashiers and the manager who cancels: each step is taken by one of them. */
let people: Session[] = [];

beforeAll(async () => {
  shop = await testApp();
  people = [await shop.signedIn('staff'), await shop.signedIn('staff'), await shop.signedIn('manager')];
});
afterAll(() => shop.close());

const MANAGER = 2;

const deposit = fc.record({
  who: fc.integer({ min: 0, max: 2 }),
  method: fc.constantFrom(...PAYMENT_METHODS),
  /** The share of the balance left, in thousandths (at least a centavo); often all of it. */
  share: fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1000 })),
  /** Cash tendered above the amount (null: none recorded). */
  over: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
});
const ending = fc.oneof(
  fc.constant({ kind: 'open' as const }),
  fc.record({ kind: fc.constant('cancel' as const), refund: fc.boolean() }),
  fc.record({
    kind: fc.constant('pickup' as const),
    who: fc.integer({ min: 0, max: 2 }),
    /** The balance in cash (tendered above it) or by card. */
    method: fc.constantFrom('Cash', 'Credit Card'),
    over: fc.integer({ min: 0, max: 50_000 }),
  }),
);
const scenario = fc.record({
  price: fc.integer({ min: 1, max: 2_000_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  taxRate: fc.constantFrom(0, 12),
  openings: fc.tuple(...[0, 1, 2].map(() => fc.integer({ min: 0, max: 500_000 }))),
  /** The first deposit is taken with the order itself. */
  withOrder: fc.boolean(),
  deposits: fc.array(deposit, { maxLength: 5 }),
  ending,
});

describe('cake order money (property)', () => {
  it('paid, balance due and every drawer agree for any deposits and ending', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        // A failed run (while shrinking) may have left its shifts open.
        closeEveryShift(shop);
        const shifts = [];
        for (const [i, person] of people.entries())
          shifts.push((await person.api.shifts.open({ openingCash: s.openings[i]! })).shift.id);
        /** Each shift's cash by the model: in minus change minus given back. */
        const cash = [0, 0, 0];
        const taken = [0, 0, 0];
        let paid = 0;
        let cashHeld = 0;
        let n = 0;
        const payment = (method: string, amount: number) => ({
          method: method as (typeof PAYMENT_METHODS)[number],
          amount,
          reference: method === 'Cash' ? '' : `REF-${++n}`,
        });
        /** What the drawer takes for a cash payment: the tender when given, else the amount. */
        const countCash = (who: number, amount: number, over: number | null) => {
          cash[who]! += amount;
          cashHeld += amount;
          return over === null ? null : amount + over;
        };

        const [first, ...rest] = s.withOrder ? s.deposits : [undefined, ...s.deposits];
        const total0 = s.price * s.quantity;
        const firstAmount = first ? Math.max(1, Math.floor((total0 * first.share) / 1000)) : 0;
        const created = await takeOrder(people[first?.who ?? 0]!, {
          price: s.price,
          lines: [{ description: 'Custom cake', quantity: s.quantity, price: s.price }],
          taxRate: s.taxRate,
          ...(first
            ? {
                payments: [payment(first.method, firstAmount)],
                cashTendered: first.method === 'Cash' ? countCash(first.who, firstAmount, first.over) : null,
              }
            : {}),
        });
        if (first) {
          paid += firstAmount;
          taken[first.who]! += firstAmount;
        }
        let order = created.order;
        const total = order.total;
        expect(order.paid).toBe(paid);
        expect(order.paid + order.balanceDue).toBe(total);

        for (const d of rest.filter((x) => x !== undefined)) {
          const balance = total - paid;
          if (balance === 0) break;
          const amount = Math.max(1, Math.floor((balance * d.share) / 1000));
          const res = await people[d.who]!.api.cakeOrders.pay({
            id: order.id,
            payment: payment(d.method, amount),
            cashTendered: d.method === 'Cash' ? countCash(d.who, amount, d.over) : null,
          });
          paid += amount;
          taken[d.who]! += amount;
          order = res.order;
          // paid = Σ payments − refunds; paid + balance due = total while open.
          expect(order.paid).toBe(
            order.payments.reduce((t, p) => t + (p.kind === 'refund' ? -p.amount : p.amount), 0),
          );
          expect(order.paid).toBe(paid);
          expect(order.paid + order.balanceDue).toBe(total);
        }

        const e = s.ending;
        let refunded = 0;
        let applied = 0;
        let pickupShift = -1;
        if (e.kind === 'cancel') {
          const res = await people[MANAGER]!.api.cakeOrders.cancel({
            id: order.id,
            reason: 'Property',
            refundDeposit: e.refund,
          });
          if (!('order' in res)) throw new Error('a manager’s cancel is not held');
          if (e.refund) {
            refunded = paid;
            cash[MANAGER]! -= cashHeld;
          }
          expect(res.order).toMatchObject({ status: 'Cancelled', paid: paid - refunded, balanceDue: 0 });
        } else if (e.kind === 'pickup') {
          const balance = total - paid;
          const res = await people[e.who]!.api.cakeOrders.pickup({
            id: order.id,
            payments: balance > 0 ? [payment(e.method, balance)] : [],
            cashTendered: balance > 0 && e.method === 'Cash' ? balance + e.over : null,
          });
          if (balance > 0 && e.method === 'Cash') cash[e.who]! += balance;
          applied = paid;
          pickupShift = e.who;
          expect(res.order).toMatchObject({ status: 'Picked up', paid: total, balanceDue: 0 });
          expect(res.sale.totalAmount).toBe(total);
          expect(res.sale.payments.reduce((t, p) => t + p.amount, 0)).toBe(total);
        } else {
          const got = await people[0]!.api.cakeOrders.get({ id: order.id });
          expect(got.paid + got.balanceDue).toBe(total);
        }

        // Each drawer: its opening, plus the cash it took (change already out), less cash given back.
        for (const [i, id] of shifts.entries()) {
          const reading = await people[MANAGER]!.api.shifts.reading({ id });
          expect(reading.expectedCash, `shift of person ${i}`).toBe(s.openings[i]! + cash[i]!);
          expect(reading.cashTaken - reading.changeGiven - reading.cashRefunded).toBe(cash[i]!);
          expect(reading.depositsTaken).toBe(taken[i]!);
          expect(reading.depositsRefunded).toBe(i === MANAGER ? refunded : 0);
          expect(reading.depositsApplied).toBe(i === pickupShift ? applied : 0);
          expect(reading.salesTotal).toBe(i === pickupShift ? total : 0);
        }
        closeEveryShift(shop);
      }),
      { numRuns: 25 },
    );
  });
});
