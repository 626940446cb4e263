import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems, sales } from '../../server/db/schema';
import { takeEndOfDay } from '../../server/domains/shifts/endOfDay';
import { SALES_TEXT } from '../../shared/texts/sales';
import { addDays, formatDateTime, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// What staff may see of sales and how they may sell: no costs and no other holders' ID
// numbers; a sale only inside their open shift and never dated before the last Z reading
// (before today with none). Managers and up see all, may sell without a shift and date a
// sale earlier with a reason. A repeated saleId with other tax, discount or payments is 409.

let shop: TestShop;
let manager: Session;
let staff: Session;
let seq = 0;
const today = () => manilaDate(new Date());
const SENIOR = { type: 'SC', name: 'Lola Remedios Cruz', idNumber: 'SC-0421-118' } as const;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());

function item() {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-V${seq}`,
      name: `Review Item ${seq}`,
      stock: 50_000,
      unitPrice: 10000,
      purchasePrice: 6000,
    })
    .returning()
    .get();
}
function cake() {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-V${seq}`, name: `Review Cake ${seq}`, stock: 20, price: 60000 })
    .returning()
    .get();
}
const sell = (s: Session, extra: Record<string, unknown> = {}, lines?: unknown[]) =>
  s.api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: lines ?? [{ kind: 'item', id: item().id, quantity: 1 }],
    ...extra,
  } as never);
const salesCount = () => shop.db.select({ n: count() }).from(sales).get()!.n;

describe('what staff see of sales', () => {
  it('no line costs, and the SC/PWD ID number of others’ sales only masked; managers see all', async () => {
    await staff.api.shifts.open({ openingCash: 0 });
    const { sale } = await sell(manager, { discount: SENIOR }, [
      { kind: 'cake', id: cake().id, quantity: 1 },
    ]);

    const listed = (await staff.api.sales.list({ limit: 100 })).rows.find((s) => s.id === sale.id)!;
    const got = await staff.api.sales.get({ id: sale.saleId });
    for (const seen of [listed, got]) {
      expect(seen.discountName).toBe(SENIOR.name);
      expect(seen.discountIdNumber).toBe('••••-118');
      expect(seen.lines.every((l) => !('purchasePrice' in l || 'cost' in l))).toBe(true);
    }
    for (const url of ['/api/sales/all', `/api/sales/${sale.saleId}`]) {
      const res = await rest(shop, 'GET', url, staff.accessToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const one = Array.isArray(body) ? body.find((s: { _id: number }) => s._id === sale.id) : body;
      expect(one.discount).toEqual({ type: 'SC', name: SENIOR.name, idNumber: '••••-118' });
      expect(one.items[0]).not.toHaveProperty('purchasePrice');
      expect(one.items[0]).not.toHaveProperty('cost');
      expect(JSON.stringify(body)).not.toContain(SENIOR.idNumber);
    }

    const full = await manager.api.sales.get({ id: sale.saleId });
    expect(full.discountIdNumber).toBe(SENIOR.idNumber);
    expect(full.lines[0]?.purchasePrice).toBe(0);
    expect(full.lines[0]?.cost).toBe(0);
    const viaRest = (await rest(shop, 'GET', `/api/sales/${sale.saleId}`, manager.accessToken)).json();
    expect(viaRest.discount.idNumber).toBe(SENIOR.idNumber);
    expect(viaRest.items[0]).toHaveProperty('purchasePrice');
    expect(viaRest.items[0]).toHaveProperty('cost');
  });

  it('the cashier’s own receipt keeps the holder’s ID number (printed on it), still without costs', async () => {
    const made = await sell(staff, { discount: SENIOR }, [{ kind: 'cake', id: cake().id, quantity: 1 }]);
    expect(made.sale.discountIdNumber).toBe(SENIOR.idNumber);
    expect(made.sale.lines.every((l) => !('purchasePrice' in l || 'cost' in l))).toBe(true);
    const again = await staff.api.sales.get({ id: made.sale.id });
    expect(again.discountIdNumber).toBe(SENIOR.idNumber);
    expect(again.lines.every((l) => !('purchasePrice' in l || 'cost' in l))).toBe(true);
    const posted = await postJson(
      shop,
      '/api/sales',
      { orderType: 'Walk-in', paymentMethod: 'Cash', items: [{ itemId: item().id, quantity: 1 }] },
      staff.accessToken,
    );
    expect(posted.statusCode).toBe(201);
    expect(posted.json().sale.items[0]).not.toHaveProperty('purchasePrice');
    expect(posted.json().sale.items[0]).not.toHaveProperty('cost');
  });
});

describe('a repeated saleId', () => {
  it('with the same lines but other tax, discount or payments is 409 naming what differs; nothing written', async () => {
    const eligible = cake();
    const lines = [{ kind: 'cake', id: eligible.id, quantity: 1 }];
    const saleId = 'SALE-REVIEW01';
    const first = await sell(manager, { saleId, cashTendered: 60000 }, lines);
    const before = salesCount();
    const refused = async (extra: Record<string, unknown>, parts: string) =>
      expectTrpcError(
        sell(manager, { saleId, cashTendered: 60000, ...extra }, lines),
        'CONFLICT',
        SALES_TEXT.saleIdOtherTerms(saleId, parts),
      );
    await refused({ taxRate: 12 }, 'tax');
    await refused({ discount: SENIOR }, 'discount');
    await refused({ paymentMethod: 'GCash', reference: 'GC-1', cashTendered: null }, 'payments');
    await refused({ cashTendered: 100000 }, 'payments');
    await refused({ taxRate: 12, paymentMethod: 'Others', cashTendered: null }, 'tax and payments');
    const res = await postJson(
      shop,
      '/api/sales',
      {
        saleId,
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        cashTendered: 600,
        taxRate: 12,
        items: [{ itemId: eligible.cakeId, quantity: 1 }],
      },
      manager.accessToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SALES_TEXT.saleIdOtherTerms(saleId, 'tax') });
    expect(salesCount()).toBe(before);

    // The same sale sent again, one payment written out as a list, is still the same sale.
    const same = await sell(
      manager,
      {
        saleId,
        paymentMethod: undefined,
        payments: [{ method: 'Cash', amount: 60000 }],
        cashTendered: 60000,
      },
      lines,
    );
    expect(same).toMatchObject({ repeated: true, sale: { id: first.sale.id } });
  });
});

describe('selling without a shift, and dating a sale earlier', () => {
  it('staff need an open shift (409 saying to open one); managers and up sell without one', async () => {
    const cashier = await shop.signedIn('staff');
    const before = salesCount();
    await expectTrpcError(sell(cashier), 'CONFLICT', SALES_TEXT.openShiftFirst);
    const res = await postJson(
      shop,
      '/api/sales',
      { orderType: 'Walk-in', paymentMethod: 'Cash', items: [{ itemId: item().id, quantity: 1 }] },
      cashier.accessToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SALES_TEXT.openShiftFirst });
    expect(salesCount()).toBe(before);
    const { sale } = await sell(manager);
    expect(sale.shiftId).toBeNull();
  });

  it('staff may not date a sale before today when no Z reading was taken; managers may, with a reason kept on the sale', async () => {
    const yesterday = addDays(today(), -1);
    const before = salesCount();
    await expectTrpcError(sell(staff, { date: yesterday }), 'FORBIDDEN', SALES_TEXT.backdateBeforeToday);
    await expectTrpcError(sell(manager, { date: yesterday }), 'BAD_REQUEST', SALES_TEXT.backdateReason);
    await expectTrpcError(
      sell(manager, { date: yesterday, backdateReason: 'x'.repeat(201) }),
      'BAD_REQUEST',
      SALES_TEXT.backdateReasonTooLong,
    );
    const blank = await postJson(
      shop,
      '/api/sales',
      {
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        date: yesterday,
        backdateReason: '  ',
        items: [{ itemId: item().id, quantity: 1 }],
      },
      manager.accessToken,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: SALES_TEXT.backdateReason });
    expect(salesCount()).toBe(before);

    const { sale } = await sell(manager, { date: yesterday, backdateReason: 'Catering paid on delivery' });
    expect(sale.backdateReason).toBe('Catering paid on delivery');
    const viaRest = (await rest(shop, 'GET', `/api/sales/${sale.saleId}`, staff.accessToken)).json();
    expect(viaRest.backdateReason).toBe('Catering paid on delivery');
    expect((await sell(staff, { date: today() })).sale.backdateReason).toBeNull();
  });

  it('after a Z reading, staff may date a sale on a later day but not before the reading', async () => {
    const other = await testApp();
    try {
      const boss = await other.signedIn('owner');
      const cashier = await other.signedIn('staff');
      const taken = new Date(Date.now() - 3 * 86_400_000);
      const z = takeEndOfDay(other.db, other.adminViewer(), taken);
      await cashier.api.shifts.open({ openingCash: 0 });
      const product = other.db
        .insert(inventoryItems)
        .values({ itemId: 'INV-V900', name: 'Later Flour', stock: 10_000, unitPrice: 10000 })
        .returning()
        .get();
      const line = [{ kind: 'item', id: product.id, quantity: 1 }];
      const sellThere = (s: Session, extra: Record<string, unknown>) =>
        s.api.sales.checkout({ orderType: 'Walk-in', paymentMethod: 'Cash', lines: line, ...extra } as never);
      const yesterday = addDays(today(), -1);
      expect((await sellThere(cashier, { date: yesterday })).sale.backdateReason).toBeNull();
      const earlier = addDays(manilaDate(taken), -1);
      await expectTrpcError(
        sellThere(cashier, { date: earlier }),
        'FORBIDDEN',
        SALES_TEXT.backdateBeforeZ(z.number, formatDateTime(z.takenAt)),
      );
      const { sale } = await sellThere(boss, { date: earlier, backdateReason: 'Found in the order book' });
      expect(sale.backdateReason).toBe('Found in the order book');
    } finally {
      await other.close();
    }
  });
});
