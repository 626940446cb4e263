import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  inventoryItems,
  notifications,
  sales,
  stockMovements,
} from '../../server/db/schema';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { SALES_TEXT } from '../../shared/texts/sales';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// A staff refund approved by a manager belongs to the drawer of the cashier who asked for
// it; when that shift has closed it goes to no drawer, is its own line in the Z reading and
// managers are told. A direct refund closes any refund request still waiting for the sale.

let shop: TestShop;
let manager: Session;
let staff: Session;
let owner: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  owner = await shop.signedIn('owner');
});
afterAll(() => shop.close());
// A failed test leaves no shift open for the next one.
afterEach(() => closeEveryShift(shop));

/** A ₱500.00 item, no VAT, 50 in stock. */
function item() {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({ itemId: `INV-R${seq}`, name: `Refund Item ${seq}`, stock: 50_000, unitPrice: 50000 })
    .returning()
    .get();
}
/** One ₱500.00 cash sale, the exact cash tendered. */
const sell = (s: Session, id = item().id) =>
  s.api.sales.checkout(
    checkoutInput.parse({
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id, quantity: 1 }],
      paymentMethod: 'Cash',
      cashTendered: 50000,
    }),
  );
const saleRow = (saleId: string) => shop.db.select().from(sales).where(eq(sales.saleId, saleId)).get()!;
const requestOf = (saleId: string) =>
  shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, saleId)).get()!;
const refundMoves = (itemId: number) =>
  shop.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.itemId, itemId), eq(stockMovements.reason, 'refund')))
    .all();

describe('a staff refund approved by a manager', () => {
  it("is booked to the asking cashier's shift, not to the approver's", async () => {
    const mine = (await staff.api.shifts.open({ openingCash: 100000 })).shift;
    const theirs = (await manager.api.shifts.open({ openingCash: 0 })).shift;
    const { sale } = await sell(staff);
    expect(await staff.api.sales.refund({ id: sale.id })).toMatchObject({ requested: true });
    await manager.api.actionRequests.approve({ id: requestOf(sale.saleId).id });

    expect(saleRow(sale.saleId)).toMatchObject({ status: 'refunded', refundShiftId: mine.id });
    // ₱1,000.00 + ₱500.00 taken − ₱500.00 handed back: the cashier's drawer balances.
    expect(await staff.api.shifts.reading({ id: mine.id })).toMatchObject({
      salesCount: 1,
      refundsCount: 1,
      cashRefunded: 50000,
      expectedCash: 100000,
    });
    expect(await manager.api.shifts.reading({ id: theirs.id })).toMatchObject({
      refundsCount: 0,
      cashRefunded: 0,
      expectedCash: 0,
    });
    await staff.api.shifts.close({ id: mine.id, countedCash: 100000 });
    await manager.api.shifts.close({ id: theirs.id, countedCash: 0 });
  });

  it('goes to no drawer when that shift closed first: its own line in the Z reading, and managers are told', async () => {
    const mine = (await staff.api.shifts.open({ openingCash: 0 })).shift;
    const { sale } = await sell(staff);
    await staff.api.sales.refund({ id: sale.id });
    await staff.api.shifts.close({ id: mine.id, countedCash: 50000 });
    const theirs = (await manager.api.shifts.open({ openingCash: 0 })).shift;
    await manager.api.actionRequests.approve({ id: requestOf(sale.saleId).id });

    expect(saleRow(sale.saleId)).toMatchObject({ status: 'refunded', refundShiftId: null });
    expect((await manager.api.shifts.reading({ id: theirs.id })).refundsCount).toBe(0);
    const notice = shop.db
      .select()
      .from(notifications)
      .where(eq(notifications.audience, 'shiftsOversee'))
      .all()
      .at(-1);
    expect(notice).toMatchObject({
      type: 'warning',
      message: SALES_TEXT.refundOutsideShift(
        sale.saleId,
        formatPeso(50000),
        staff.user.username,
        manager.user.username,
        mine.id,
      ),
    });
    await manager.api.shifts.close({ id: theirs.id, countedCash: 0 });

    const z = await rest(shop, 'POST', '/api/end-of-day', owner.accessToken);
    expect(z.statusCode).toBe(201);
    expect(z.json()).toMatchObject({
      refundsCount: 2,
      refundsOutsideShifts: 500,
      refundsOutsideShiftsCount: 1,
    });
    const listed = await owner.api.shifts.zReadings({});
    expect(listed[0]).toMatchObject({ refundsOutsideShifts: 50000, refundsOutsideShiftsCount: 1 });
  });

  it("stays on the manager's own open shift when the manager refunds directly", async () => {
    const own = (await manager.api.shifts.open({ openingCash: 0 })).shift;
    const { sale } = await sell(manager);
    await manager.api.sales.refund({ id: sale.id });
    expect(saleRow(sale.saleId).refundShiftId).toBe(own.id);
    await manager.api.shifts.close({ id: own.id, countedCash: 0 });
  });
});

describe('a refund request the sale no longer needs', () => {
  it('is closed with the reason when the sale is refunded directly; approving it is 409 and refunds nothing twice', async () => {
    const shift = (await staff.api.shifts.open({ openingCash: 0 })).shift;
    const product = item();
    const { sale } = await sell(staff, product.id);
    await staff.api.sales.refund({ id: sale.id });
    const request = requestOf(sale.saleId);
    expect(request.status).toBe('pending');

    await manager.api.sales.refund({ id: sale.id });
    const reason = SALES_TEXT.refundedDirectly(manager.user.username);
    expect(requestOf(sale.saleId)).toMatchObject({ status: 'rejected', decidedBy: manager.user.id });
    expect((await manager.api.actionRequests.list({})).map((r) => r.id)).not.toContain(request.id);
    const closed = (await manager.api.actionRequests.list({ status: 'rejected' })).find(
      (r) => r.id === request.id,
    );
    expect(closed?.details).toMatchObject({ 'Sale ID': sale.saleId, Outcome: reason });
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Close Request'))
      .all()
      .at(-1);
    expect(logged).toMatchObject({ userId: manager.user.id });
    expect(logged?.description).toContain(reason);

    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      ACCOUNT_TEXT.requestDecided,
    );
    const viaRest = await postJson(shop, `/api/actionRequest/approve/${request.id}`, {}, owner.accessToken);
    expect(viaRest.statusCode).toBe(409);
    expect(refundMoves(product.id)).toHaveLength(1);
    expect(shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, product.id)).get()?.stock).toBe(
      50_000,
    );
    await staff.api.shifts.close({ id: shift.id, countedCash: 0 });
  });
});
