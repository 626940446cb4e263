import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, activityLogs, inventoryItems, shifts } from '../../server/db/schema';
import { checkoutInput } from '../../shared/schemas/sales';
import { SALES_TEXT } from '../../shared/texts/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// The counter as staff use it: voiding a cash movement (managers at once, staff through an
// approval), a manager closing a shift a cashier left open (with a reason), the voids in the
// X and Z readings, and a sale of an earlier day saying whether its cash is in today's drawer.

let shop: TestShop;
let manager: Session;
let staff: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());

const logged = (action: string) =>
  shop.db.select().from(activityLogs).where(eq(activityLogs.action, action)).all();
const pendingVoids = () =>
  shop.db
    .select()
    .from(actionRequests)
    .where(and(eq(actionRequests.module, 'Cash Drawer'), eq(actionRequests.status, 'pending')))
    .all();

describe('voiding a cash movement', () => {
  let managerShift = 0;
  let staffShift = 0;

  it('a manager voids at once: the movement stays, marked, and leaves the expected cash', async () => {
    managerShift = (await manager.api.shifts.open({ openingCash: 100000 })).shift.id;
    const moved = await manager.api.shifts.cash({
      id: managerShift,
      type: 'in',
      amount: 50000,
      reason: 'Float top-up',
    });
    expect(moved.reading.expectedCash).toBe(150000);
    const move = moved.reading.movements[0]!;
    const before = logged('Void Cash').length;
    const voided = await manager.api.shifts.voidCash({ id: move.id, reason: 'Typed twice' });
    expect(voided).toMatchObject({ message: SHIFT_TEXT.cashVoidedOk });
    if (!('reading' in voided)) throw new Error('a manager’s void is applied');
    expect(voided.reading.cashIn).toBe(0);
    expect(voided.reading.expectedCash).toBe(100000);
    expect(voided.reading.movements).toEqual([
      expect.objectContaining({
        id: move.id,
        amount: 50000,
        voidReason: 'Typed twice',
        voidedBy: manager.user.username,
      }),
    ]);
    expect(voided.reading.movements[0]!.voidedAt).not.toBeNull();
    expect(logged('Void Cash').length).toBe(before + 1);

    // Twice: refused, nothing written.
    await expectTrpcError(
      manager.api.shifts.voidCash({ id: move.id, reason: 'Again' }),
      'CONFLICT',
      SHIFT_TEXT.cashVoided,
    );
    expect(logged('Void Cash').length).toBe(before + 1);
  });

  it('bad input is a 4xx with its message, nothing written', async () => {
    await expectTrpcError(
      manager.api.shifts.voidCash({ id: 999999, reason: 'Gone' }),
      'NOT_FOUND',
      SHIFT_TEXT.cashNotFound,
    );
    const { reading } = await manager.api.shifts.cash({
      id: managerShift,
      type: 'in',
      amount: 100,
      reason: 'Coins',
    });
    const id = reading.movements.at(-1)!.id;
    const blank = await postJson(shop, `/api/shifts/cash/${id}/void`, { reason: '  ' }, manager.accessToken);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: SHIFT_TEXT.voidReason });
    const bad = await postJson(shop, '/api/shifts/cash/abc/void', { reason: 'x' }, manager.accessToken);
    expect(bad.statusCode).toBe(404);
    const ok = await postJson(shop, `/api/shifts/cash/${id}/void`, { reason: 'Test' }, manager.accessToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().reading.cashIn).toBe(0);
    expect(ok.json().reading.movements.at(-1)).toMatchObject({ amount: 1, voidReason: 'Test' });
  });

  it('staff void their own movement as a request; approval applies it', async () => {
    staffShift = (await staff.api.shifts.open({ openingCash: 20000 })).shift.id;
    const { reading } = await staff.api.shifts.cash({
      id: staffShift,
      type: 'out',
      amount: 5000,
      reason: 'Ice',
    });
    const move = reading.movements[0]!;
    const held = await staff.api.shifts.voidCash({ id: move.id, reason: 'Ice was not bought' });
    expect(held).toMatchObject({ requested: true });
    const still = await staff.api.shifts.reading({ id: staffShift });
    expect(still.cashOut).toBe(5000);
    expect(still.movements[0]!.voidedAt).toBeNull();
    const [request] = pendingVoids();
    expect(request).toMatchObject({ requestType: 'delete', targetId: `CASH-${move.id}` });
    // The same void asked again while one waits: refused.
    await expectTrpcError(staff.api.shifts.voidCash({ id: move.id, reason: 'Again' }), 'CONFLICT');

    await manager.api.actionRequests.approve({ id: request!.id });
    const after = await staff.api.shifts.reading({ id: staffShift });
    expect(after.cashOut).toBe(0);
    expect(after.expectedCash).toBe(20000);
    expect(after.movements[0]).toMatchObject({
      voidReason: 'Ice was not bought',
      voidedBy: manager.user.username,
    });
    expect(pendingVoids()).toHaveLength(0);
  });

  it('staff may not void a movement of another cashier’s shift', async () => {
    const { reading } = await manager.api.shifts.cash({
      id: managerShift,
      type: 'in',
      amount: 2000,
      reason: 'Change fund',
    });
    const id = reading.movements.at(-1)!.id;
    await expectTrpcError(
      staff.api.shifts.voidCash({ id, reason: 'Not mine' }),
      'FORBIDDEN',
      SHIFT_TEXT.voidOtherShift,
    );
    expect(pendingVoids()).toHaveLength(0);
    expect((await manager.api.shifts.reading({ id: managerShift })).cashIn).toBe(2000);
  });

  it('a manager closes a shift left open (with a reason); its cash can no longer be voided; the Z lists the voids', async () => {
    const { reading } = await staff.api.shifts.cash({
      id: staffShift,
      type: 'in',
      amount: 1000,
      reason: 'Coins',
    });
    const last = reading.movements.at(-1)!.id;
    // A shift left open since two days ago is still listed today, for a manager to close.
    shop.db
      .update(shifts)
      .set({ openedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(shifts.id, staffShift))
      .run();
    const listed = await manager.api.shifts.list({});
    expect(listed.map((s) => s.shiftId)).toContain(staffShift);
    const closed = await manager.api.shifts.close({
      id: staffShift,
      countedCash: 21000,
      reason: 'Left open on the tablet',
    });
    expect(closed.reading).toMatchObject({
      closeReason: 'Left open on the tablet',
      closedBy: manager.user.username,
      expectedCash: 21000,
      variance: 0,
    });
    await expectTrpcError(
      manager.api.shifts.voidCash({ id: last, reason: 'Late' }),
      'CONFLICT',
      SHIFT_TEXT.voidClosedShift,
    );
    const tooLong = await postJson(
      shop,
      `/api/shifts/${managerShift}/close`,
      { countedCash: 0, reason: 'x'.repeat(201) },
      manager.accessToken,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(shop.db.select().from(shifts).where(eq(shifts.id, managerShift)).get()!.closedAt).toBeNull();

    await manager.api.shifts.close({ id: managerShift, countedCash: 102000 });
    const z = await manager.api.shifts.takeZReading({});
    expect(z.cashVoids.map((v) => v.voidReason)).toEqual(['Typed twice', 'Test', 'Ice was not bought']);
    expect(z.cashVoids[0]).toMatchObject({ type: 'in', amount: 50000, shiftId: managerShift });
    const [listedZ] = await manager.api.shifts.zReadings({});
    expect(listedZ!.cashVoids).toHaveLength(3);
  });
});

describe('a sale of an earlier day and today’s drawer', () => {
  function item() {
    seq++;
    return shop.db
      .insert(inventoryItems)
      .values({ itemId: `INV-D${seq}`, name: `Drawer Item ${seq}`, stock: 50_000, unitPrice: 30000 })
      .returning()
      .get();
  }
  const yesterday = () => addDays(manilaDate(new Date()), -1);
  let cashier: Session; // a manager of their own, with no shift of the tests above
  beforeAll(async () => {
    cashier = await shop.signedIn('manager');
  });
  const sell = (input: Record<string, unknown>) =>
    cashier.api.sales.checkout(
      checkoutInput.parse({
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        lines: [{ kind: 'item', id: item().id, quantity: 1 }],
        backdateReason: 'Catering paid on delivery',
        ...input,
      }),
    );

  it('counts in the open shift only when its cash is in today’s drawer', async () => {
    const shift = (await cashier.api.shifts.open({ openingCash: 0 })).shift.id;
    const inDrawer = await sell({ date: yesterday(), inDrawer: true });
    expect(inDrawer.sale.shiftId).toBe(shift);
    const elsewhere = await sell({ date: yesterday(), inDrawer: false });
    expect(elsewhere.sale.shiftId).toBeNull();
    const unsaid = await sell({ date: yesterday() });
    expect(unsaid.sale.shiftId).toBeNull();
    const reading = await cashier.api.shifts.reading({ id: shift });
    expect(reading.salesCount).toBe(1);
    expect(reading.expectedCash).toBe(30000);

    // REST takes the same field.
    const rest = await postJson(
      shop,
      '/api/sales',
      {
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        date: yesterday(),
        backdateReason: 'Late entry',
        inDrawer: true,
        items: [{ itemId: item().id, quantity: 1 }],
      },
      cashier.accessToken,
    );
    expect(rest.statusCode).toBe(201);
    expect((await cashier.api.shifts.reading({ id: shift })).expectedCash).toBe(60000);
    const badType = await postJson(
      shop,
      '/api/sales',
      {
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        date: yesterday(),
        backdateReason: 'Late entry',
        inDrawer: 'yes',
        items: [{ itemId: item().id, quantity: 1 }],
      },
      cashier.accessToken,
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ message: SALES_TEXT.inDrawerBadType });

    // Today's sale is always in the drawer.
    await expectTrpcError(sell({ inDrawer: false }), 'BAD_REQUEST', SALES_TEXT.inDrawerToday);
    await cashier.api.shifts.close({ id: shift, countedCash: 60000 });
    // No shift open: a manager's earlier sale cannot go into a drawer.
    await expectTrpcError(
      sell({ date: yesterday(), inDrawer: true }),
      'CONFLICT',
      SALES_TEXT.inDrawerNoShift,
    );
  });
});
