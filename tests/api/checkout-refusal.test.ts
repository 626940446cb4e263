import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems } from '../../server/db/schema';
import type { CurrentLine } from '../../shared/saleRules';
import { SALES_TEXT } from '../../shared/texts/sales';
import { addDays, manilaDate } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';

// A refused checkout (409) answers, beside its message, each line's product as it is now,
// so the cart re-prices from the answer instead of searching for every line again.

let shop: TestShop;
let manager: Session;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
});
afterAll(() => shop.close());

let seq = 0;
function item(fields: Partial<typeof inventoryItems.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-${700000 + seq}`,
      name: `Refusal Item ${seq}`,
      stock: 10_000,
      unitPrice: 10000,
      ...fields,
    })
    .returning()
    .get();
}
function cake(fields: Partial<typeof cakes.$inferInsert> = {}) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-${700000 + seq}`, name: `Refusal Cake ${seq}`, stock: 3, price: 85000, ...fields })
    .returning()
    .get();
}

type Line = { kind: 'item' | 'cake'; id: number; quantity: number };
const input = (lines: Line[], extra: Record<string, unknown> = {}) => ({
  orderType: 'Walk-in',
  paymentMethod: 'Others',
  lines,
  ...extra,
});

/** A checkout over tRPC's HTTP transport, as the till sends it: the error as the client reads it. */
async function checkoutOverHttp(lines: Line[], extra: Record<string, unknown> = {}) {
  const res = await postJson(
    shop,
    '/trpc/sales.checkout',
    { json: input(lines, extra) },
    manager.accessToken,
  );
  const error = res.json().error?.json as
    | { message: string; code: number; data: { httpStatus: number; currentLines?: CurrentLine[] } }
    | undefined;
  return { status: res.statusCode, error };
}

const now = (row: { id: number }, kind: 'item' | 'cake' = 'item') => {
  const found =
    kind === 'item'
      ? shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, row.id)).get()!
      : shop.db.select().from(cakes).where(eq(cakes.id, row.id)).get()!;
  return {
    kind,
    id: found.id,
    code: 'itemId' in found ? found.itemId : found.cakeId,
    name: found.name,
    price: 'unitPrice' in found ? found.unitPrice : found.price,
    // The counter sells an item in whole units: its stock in thousandths, rounded down.
    stock: kind === 'item' ? Math.floor(found.stock / 1000) : found.stock,
    scPwdEligible: found.scPwdEligible,
  };
};

describe('a refused checkout carries the current price and stock of its lines', () => {
  it('a changed price: every line as priced now, with the message as before', async () => {
    const flour = item({ unitPrice: 5000 });
    const sugar = item({ unitPrice: 7525, stock: 3_000 });
    // The cart still shows the old price of the flour.
    const expected = { subtotal: 2 * 5000 + 7525, taxAmount: 0, totalAmount: 2 * 5000 + 7525 };
    shop.db.update(inventoryItems).set({ unitPrice: 5500 }).where(eq(inventoryItems.id, flour.id)).run();
    const { status, error } = await checkoutOverHttp(
      [
        { kind: 'item', id: flour.id, quantity: 2 },
        { kind: 'item', id: sugar.id, quantity: 1 },
      ],
      { expected },
    );
    expect(status).toBe(409);
    expect(error?.message).toBe(SALES_TEXT.totalsDisagree('subtotal ₱185.25, tax ₱0.00, total ₱185.25'));
    expect(error?.data.currentLines).toEqual([
      { ...now(flour), price: 5500, status: 'Well-stocked' },
      { ...now(sugar), status: 'Well-stocked' },
    ]);
  });

  it('too little stock: the short line names it, and every line comes with its stock now', async () => {
    const flour = item();
    const cream = cake({ stock: 1 });
    const { status, error } = await checkoutOverHttp([
      { kind: 'item', id: flour.id, quantity: 1 },
      { kind: 'cake', id: cream.id, quantity: 2 },
    ]);
    expect(status).toBe(409);
    expect(error?.message).toBe(SALES_TEXT.notEnough(2, 1, cream.name));
    expect(error?.data.currentLines).toEqual([
      { ...now(flour), status: 'Well-stocked' },
      { ...now(cream, 'cake'), stock: 1, status: 'Available' },
    ]);
  });

  it('an item that cannot be sold: expired, with its price and stock', async () => {
    const old = item({ expirationDate: addDays(manilaDate(), -1), stock: 4_000 });
    const { status, error } = await checkoutOverHttp([{ kind: 'item', id: old.id, quantity: 1 }]);
    expect(status).toBe(409);
    expect(error?.message).toBe(SALES_TEXT.expired(old.name));
    expect(error?.data.currentLines).toEqual([{ ...now(old), status: 'Expired' }]);
  });

  it('other errors carry no lines', async () => {
    const flour = item();
    // A bad tender is the cashier's to fix, not the shelf's.
    const bad = await checkoutOverHttp([{ kind: 'item', id: flour.id, quantity: 1 }], {
      paymentMethod: 'GCash',
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(SALES_TEXT.referenceRequired);
    expect(bad.error?.data.currentLines).toBeUndefined();
    const unknown = await checkoutOverHttp([{ kind: 'item', id: 999_999, quantity: 1 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.error?.data.currentLines).toBeUndefined();
  });

  it('REST answers a refusal as before: 409 and the message alone', async () => {
    const flour = item({ stock: 1_000 });
    const res = await postJson(
      shop,
      '/api/sales',
      { orderType: 'Walk-in', paymentMethod: 'Cash', items: [{ itemId: flour.id, quantity: 5 }] },
      manager.accessToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SALES_TEXT.notEnough(5, 1, flour.name) });
  });
});
