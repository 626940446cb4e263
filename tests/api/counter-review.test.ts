import { and, count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, endOfDay, inventoryItems, sales, shiftCash } from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { takeEndOfDay } from '../../server/domains/shifts/endOfDay';
import { formatPeso } from '../../shared/money';
import { checkoutInput } from '../../shared/schemas/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// The drawer and the Z reading: cash out never takes a drawer below zero; a manager may top
// up a cashier's drawer, logged naming both; a Z reading asked twice with one key is made
// once; a restored sale or refund from an earlier day is never counted by a later Z reading.

let shop: TestShop;
let manager: Session;
let staff: Session;
let owner: Session;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  owner = await shop.signedIn('owner');
});
afterAll(() => shop.close());
// A failed test leaves no shift open for the next one.
afterEach(() => closeEveryShift(shop));

const cashRows = (shiftId: number) => shop.db.$count(shiftCash, eq(shiftCash.shiftId, shiftId));
const readings = () => shop.db.select({ n: count() }).from(endOfDay).get()!.n;

describe('cash out', () => {
  it('above the cash expected in the drawer is refused, naming the amount, and writes nothing', async () => {
    const { shift } = await staff.api.shifts.open({ openingCash: 10000 });
    const logged = shop.db.$count(activityLogs);
    await expectTrpcError(
      staff.api.shifts.cash({ id: shift.id, type: 'out', amount: 15000, reason: 'Ice' }),
      'CONFLICT',
      SHIFT_TEXT.cashOutTooLarge(formatPeso(10000)),
    );
    expect(await cashRows(shift.id)).toBe(0);
    expect(await shop.db.$count(activityLogs)).toBe(await logged);

    // Two at once for more than the drawer holds together: one goes through.
    const both = await Promise.allSettled([
      staff.api.shifts.cash({ id: shift.id, type: 'out', amount: 6000, reason: 'Eggs' }),
      staff.api.shifts.cash({ id: shift.id, type: 'out', amount: 6000, reason: 'Milk' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const res = await postJson(
      shop,
      `/api/shifts/${shift.id}/cash`,
      { type: 'out', amount: 40.01, reason: 'Sugar' },
      staff.accessToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SHIFT_TEXT.cashOutTooLarge(formatPeso(4000)) });
    const exact = await staff.api.shifts.cash({ id: shift.id, type: 'out', amount: 4000, reason: 'Sugar' });
    expect(exact.reading.expectedCash).toBe(0);
    await staff.api.shifts.close({ id: shift.id, countedCash: 0 });
  });
});

describe("a manager on a cashier's open shift", () => {
  it('records cash in and out there, logged naming both; staff only on their own', async () => {
    const { shift } = await staff.api.shifts.open({ openingCash: 0 });
    await manager.api.shifts.cash({ id: shift.id, type: 'in', amount: 50000, reason: 'Float top-up' });
    await manager.api.shifts.cash({ id: shift.id, type: 'out', amount: 20000, reason: 'To the safe' });
    expect((await staff.api.shifts.reading({ id: shift.id })).expectedCash).toBe(30000);
    const rows = shop.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, manager.user.id), like(activityLogs.action, 'Cash %')))
      .all();
    expect(rows.map((r) => r.description)).toEqual([
      SHIFT_TEXT.cashLogged(
        'in',
        formatPeso(50000),
        shift.id,
        staff.user.username,
        'Float top-up',
        manager.user.username,
      ),
      SHIFT_TEXT.cashLogged(
        'out',
        formatPeso(20000),
        shift.id,
        staff.user.username,
        'To the safe',
        manager.user.username,
      ),
    ]);
    expect(rows[0]?.description).toContain(staff.user.username);
    expect(rows[0]?.description).toContain(manager.user.username);
    const other = await shop.signedIn('staff');
    await expectTrpcError(
      other.api.shifts.cash({ id: shift.id, type: 'in', amount: 100, reason: 'x' }),
      'FORBIDDEN',
      SHIFT_TEXT.notYours,
    );
    await staff.api.shifts.close({ id: shift.id, countedCash: 30000 });
  });
});

describe('a Z reading asked twice with one key', () => {
  it('is made once; the second ask answers the same reading, over tRPC and REST, even sent together', async () => {
    const before = readings();
    // Nothing is waiting here: each reading is an empty one, asked for on purpose.
    const first = await owner.api.shifts.takeZReading({ requestKey: 'dialog-1', allowEmpty: true });
    const again = await manager.api.shifts.takeZReading({ requestKey: 'dialog-1', allowEmpty: true });
    expect(again).toEqual({ ...first, repeated: true });
    expect(first.repeated).toBe(false);
    expect(readings()).toBe(before + 1);

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        postJson(shop, '/api/end-of-day', { requestKey: 'dialog-2', allowEmpty: true }, owner.accessToken),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().number)).size).toBe(1);
    expect(readings()).toBe(before + 2);

    // Answered from the key even once a shift is open again (a plain ask would be 409).
    const { shift } = await staff.api.shifts.open({ openingCash: 0 });
    const late = await postJson(shop, '/api/end-of-day', { requestKey: 'dialog-2' }, owner.accessToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().number).toBe(answers[0]!.json().number);
    await staff.api.shifts.close({ id: shift.id, countedCash: 0 });

    // Without a key, each ask is a reading, as before.
    const plain = await postJson(shop, '/api/end-of-day', { allowEmpty: true }, owner.accessToken);
    const plainAgain = await postJson(shop, '/api/end-of-day', { allowEmpty: true }, owner.accessToken);
    expect([plain.statusCode, plainAgain.statusCode]).toEqual([201, 201]);
    expect(plainAgain.json().number).toBe(plain.json().number + 1);
  });

  it('refuses a key that is not 1 to 100 characters of text, writing nothing', async () => {
    const before = readings();
    for (const requestKey of ['', '   ', 'k'.repeat(101), 42]) {
      const res = await postJson(shop, '/api/end-of-day', { requestKey }, owner.accessToken);
      expect(res.statusCode, String(requestKey)).toBe(400);
      expect(res.json()).toEqual({ message: SHIFT_TEXT.badRequestKey });
    }
    await expectTrpcError(
      owner.api.shifts.takeZReading({ requestKey: '' }),
      'BAD_REQUEST',
      SHIFT_TEXT.badRequestKey,
    );
    // A key is stored text like any other.
    const hidden = await postJson(shop, '/api/end-of-day', { requestKey: 'key\u202e1' }, owner.accessToken);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({ message: 'Request key must not contain hidden or control characters.' });
    expect(readings()).toBe(before);
  });
});

describe('a restored sale from an earlier day', () => {
  it('counts in the report of its own day, never in a later Z reading; nor does a refund the file brings', async () => {
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000);
    const day = manilaDate(fiveDaysAgo);
    const flour = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-Z0001', name: 'Restored Flour', stock: 20_000, unitPrice: 25000 })
      .returning()
      .get();
    const sellThen = (saleId: string) =>
      checkout(
        shop.db,
        shop.adminViewer(),
        checkoutInput.parse({
          saleId,
          orderType: 'Walk-in',
          paymentMethod: 'Cash',
          lines: [{ kind: 'item', id: flour.id, quantity: 1 }],
        }),
        fiveDaysAgo,
      );
    await sellThen('SALE-ZLOST001');
    await sellThen('SALE-ZKEPT001');
    const counted = takeEndOfDay(shop.db, shop.adminViewer(), new Date(fiveDaysAgo.getTime() + 3_600_000));
    expect(counted.salesCount).toBeGreaterThanOrEqual(2);

    // The backup of that day, with a refund of the kept sale written in, as a person might.
    const backup = await rest(shop, 'GET', '/api/backup/sales', owner.accessToken);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(backup.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('sales')!;
    const header = sheet.getRow(1).values as string[];
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(header.indexOf('saleId')).value === 'SALE-ZKEPT001') {
        row.getCell(header.indexOf('status')).value = 'refunded';
        row.getCell(header.indexOf('refundedAt')).value = new Date(
          fiveDaysAgo.getTime() + 1_800_000,
        ).toISOString();
      }
    });
    const file = Buffer.from(await book.xlsx.writeBuffer());
    shop.db.delete(sales).where(eq(sales.saleId, 'SALE-ZLOST001')).run();

    const restored = await shop.app.inject({
      method: 'POST',
      url: '/api/backup/sales/restore',
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${owner.accessToken}`,
      },
      payload: file,
    });
    expect(restored.json()).toMatchObject({ added: 1, updated: 1, applied: true });

    const z = await owner.api.shifts.takeZReading({ allowEmpty: true });
    expect(z).toMatchObject({ salesCount: 0, salesTotal: 0, refundsCount: 0, refunds: 0, net: 0 });
    expect(z.grandTotal).toBe(counted.grandTotal);
    const report = await owner.api.reports.summary({ range: 'custom', from: day, to: day });
    expect(report).toMatchObject({ totalTransactions: 1, totalSales: 25000 });
  });
});
