import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakes, inventoryItems, saleLines } from '../../server/db/schema';
import { refund } from '../../server/domains/sales/refund';
import { sc5Allowance } from '../../server/domains/sales/sc5';
import { checkout } from '../../server/domains/sales/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { SALES_TEXT } from '../../shared/texts/sales';
import { manilaWeek } from '../../shared/time';
import { postJson, type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';
import { atCounter } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// The seniors' 5% on basic necessities (SC5): 5% off the basic-necessity lines before VAT,
// VAT on what is left; at most ₱2,500 of purchases (₱125 off) per senior ID per Manila week,
// Monday to Sunday. Figures are computed by hand in the comments.

let shop: TestShop;
let cashier: Session;
let owner: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  cashier = await atCounter(await shop.signedIn('staff'));
  owner = await shop.signedIn('owner');
});
afterAll(() => shop.close());

function item(price: number, flags: { basicNecessity?: boolean; scPwdEligible?: boolean } = {}) {
  seq++;
  return shop.db
    .insert(inventoryItems)
    .values({
      itemId: `INV-S5${seq}`,
      name: `Basic Item ${seq}`,
      stock: 1_000_000,
      unitPrice: price,
      ...flags,
    })
    .returning()
    .get();
}
const basic = (price: number) => item(price, { basicNecessity: true });
function cake(price: number) {
  seq++;
  return shop.db
    .insert(cakes)
    .values({ cakeId: `CK-S5${seq}`, name: `Senior Cake ${seq}`, stock: 100, price })
    .returning()
    .get();
}

type Line = { kind: 'item' | 'cake'; id: number; quantity: number };
const senior = (idNumber: string) => ({ type: 'SC5', name: 'Lola Remedios Cruz', idNumber }) as const;

/** A sale by the admin at `at` (Manila wall-clock time): the checkout's own clock. */
async function sellAt(at: string, lines: Line[], discount: unknown, taxRate = 0) {
  const input = checkoutInput.parse({
    orderType: 'Walk-in',
    lines,
    taxRate,
    paymentMethod: 'Cash',
    discount,
  });
  return (await checkout(shop.db, shop.adminViewer(), input, new Date(`${at}+08:00`))).sale;
}

const linesOf = (saleId: number) =>
  shop.db.select().from(saleLines).where(eq(saleLines.saleId, saleId)).orderBy(saleLines.id).all();

describe('the 5% on basic necessities', () => {
  it('takes 5% off the basic-necessity lines only, and charges VAT on what is left', async () => {
    const flour = basic(6125);
    const sugar = basic(4553);
    const bags = item(3000);
    const ube = cake(60000);
    // subtotal 245.00 (flour 61.25 × 4) + 45.53 (sugar) + 60.00 (bags 30.00 × 2) + 600.00 (cake) = 950.53
    // discount 12.25 (5% of 245.00) + 2.28 (5% of 45.53 = 2.2765, half-up) = 14.53; none on bags or the cake
    // VAT 12% of 950.53 - 14.53 = 936.00 → 112.32; nothing VAT-exempt
    // total 950.53 - 14.53 + 112.32 = 1,048.32
    const { sale } = await cashier.api.sales.checkout(
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [
          { kind: 'item', id: flour.id, quantity: 4 },
          { kind: 'item', id: sugar.id, quantity: 1 },
          { kind: 'item', id: bags.id, quantity: 2 },
          { kind: 'cake', id: ube.id, quantity: 1 },
        ],
        taxRate: 12,
        paymentMethod: 'Cash',
        discount: senior('OSCA-LINES-1'),
        expected: { subtotal: 95053, discountAmount: 1453, taxAmount: 11232, totalAmount: 104832 },
      }),
    );
    expect(sale).toMatchObject({
      subtotal: 95053,
      discountType: 'SC5',
      discountName: 'Lola Remedios Cruz',
      discountIdNumber: 'OSCA-LINES-1',
      discountAmount: 1453,
      vatExemptAmount: 0,
      taxAmount: 11232,
      totalAmount: 104832,
    });
    expect(linesOf(sale.id).map((l) => [l.discount, l.lineTotal])).toEqual([
      [1225, 23275],
      [228, 4325],
      [0, 6000],
      [0, 60000],
    ]);
  });

  it('is never taken on a cake', async () => {
    // A cake takes the 20% (it is food) but never the 5%: ₱600.00 with 12% VAT is ₱672.00.
    const sale = await sellAt(
      '2025-05-05T10:00:00',
      [{ kind: 'cake', id: cake(60000).id, quantity: 1 }],
      senior('OSCA-CAKE'),
      12,
    );
    expect(sale).toMatchObject({
      discountType: 'SC5',
      discountAmount: 0,
      vatExemptAmount: 0,
      taxAmount: 7200,
      totalAmount: 67200,
    });
    expect(sc5Allowance(shop.db, 'OSCA-CAKE', new Date('2025-05-05T12:00:00+08:00')).allowanceLeft).toBe(
      250_000,
    );
  });

  it('never stacks with the 20%: a sale has one discount, and the 20% uses none of the allowance', async () => {
    // Ensaymada ₱100.00 is both food and a basic necessity: the 20% takes ₱20.00, not ₱25.00.
    const both = item(10000, { basicNecessity: true, scPwdEligible: true });
    const sc = await sellAt('2025-05-12T10:00:00', [{ kind: 'item', id: both.id, quantity: 1 }], {
      type: 'SC',
      name: 'Lola Remedios Cruz',
      idNumber: 'OSCA-BOTH',
    });
    expect(sc).toMatchObject({ discountType: 'SC', discountAmount: 2000, vatExemptAmount: 10000 });
    // Flour (a basic necessity, not food) takes nothing under the 20%.
    const flour = await sellAt('2025-05-12T10:05:00', [{ kind: 'item', id: basic(10000).id, quantity: 1 }], {
      type: 'SC',
      name: 'Lola Remedios Cruz',
      idNumber: 'OSCA-BOTH',
    });
    expect(flour.discountAmount).toBe(0);
    expect(sc5Allowance(shop.db, 'OSCA-BOTH', new Date('2025-05-12T12:00:00+08:00')).allowanceLeft).toBe(
      250_000,
    );
    // Two discounts at once is not a sale the schema takes.
    await expectTrpcError(
      cashier.api.sales.checkout({
        orderType: 'Walk-in',
        lines: [{ kind: 'item', id: both.id, quantity: 1 }],
        paymentMethod: 'Cash',
        discount: [senior('OSCA-BOTH'), { type: 'SC', name: 'Lola', idNumber: 'OSCA-BOTH' }],
      } as never),
      'BAD_REQUEST',
      SALES_TEXT.discountType,
    );
  });
});

describe('the weekly allowance', () => {
  it('covers ₱2,500 a Manila week across sales, in part for the sale that crosses it, then none; a new Monday starts over', async () => {
    const flour = basic(100000);
    const sugar = basic(30000);
    const id = 'OSCA-2025-0001';
    // Monday 3 March 2025: ₱1,000.00 of flour, ₱50.00 off. Left: ₱1,500.00.
    const first = await sellAt(
      '2025-03-03T00:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior(id),
    );
    expect(first.discountAmount).toBe(5000);
    // The ID as typed another time (spaces, lower case) is the same senior's.
    const second = await sellAt(
      '2025-03-05T15:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior('  osca-2025-0001 '),
    );
    expect(second.discountAmount).toBe(5000);
    const wednesday = sc5Allowance(shop.db, id, new Date('2025-03-05T16:00:00+08:00'));
    expect(wednesday).toEqual({ allowanceLeft: 50000, weekStart: '2025-03-03', weekEnd: '2025-03-09' });
    // Saturday: sugar ₱300.00 then flour ₱1,000.00 with ₱500.00 left: sugar whole (₱15.00 off),
    // then ₱200.00 of the flour (₱10.00 off). ₱125.00 off in the week.
    const third = await sellAt(
      '2025-03-08T11:00:00',
      [
        { kind: 'item', id: sugar.id, quantity: 1 },
        { kind: 'item', id: flour.id, quantity: 1 },
      ],
      senior(id),
    );
    expect(third.discountAmount).toBe(2500);
    expect(linesOf(third.id).map((l) => l.discount)).toEqual([1500, 1000]);
    expect(first.discountAmount + second.discountAmount + third.discountAmount).toBe(12500);
    // Sunday 23:59, still the same week: none, but an SC5 sale all the same, for the book.
    const fourth = await sellAt(
      '2025-03-09T23:59:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior(id),
    );
    expect(fourth).toMatchObject({
      discountType: 'SC5',
      discountName: 'Lola Remedios Cruz',
      discountIdNumber: id,
      discountAmount: 0,
      totalAmount: 100000,
    });
    expect(sc5Allowance(shop.db, id, new Date('2025-03-09T23:59:30+08:00')).allowanceLeft).toBe(0);
    // Monday 10 March, midnight in Manila: a new week, no carry-over.
    const monday = await sellAt(
      '2025-03-10T00:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior(id),
    );
    expect(monday.discountAmount).toBe(5000);
    expect(sc5Allowance(shop.db, id, new Date('2025-03-10T09:00:00+08:00'))).toEqual({
      allowanceLeft: 150000,
      weekStart: '2025-03-10',
      weekEnd: '2025-03-16',
    });
    // An ID with letters beyond ASCII is still one senior's, however it is typed.
    await sellAt('2025-03-04T10:00:00', [{ kind: 'item', id: flour.id, quantity: 1 }], senior('Ñ-0001'));
    expect(sc5Allowance(shop.db, ' Ñ-0001', new Date('2025-03-04T11:00:00+08:00')).allowanceLeft).toBe(
      150000,
    );
    // Another senior's ID has the whole allowance that week.
    expect(sc5Allowance(shop.db, 'OSCA-2025-0002', new Date('2025-03-08T12:00:00+08:00')).allowanceLeft).toBe(
      250_000,
    );
  });

  it('gives back what a refunded sale took', async () => {
    const flour = basic(200000);
    const sale = await sellAt(
      '2025-04-07T10:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior('OSCA-REF'),
    );
    expect(sale.discountAmount).toBe(10000);
    const at = new Date('2025-04-07T11:00:00+08:00');
    expect(sc5Allowance(shop.db, 'OSCA-REF', at).allowanceLeft).toBe(50000);
    refund(shop.db, shop.adminViewer(), sale.id, at);
    expect(sc5Allowance(shop.db, 'OSCA-REF', at).allowanceLeft).toBe(250_000);
  });

  it('two sales at once for one ID never share the allowance: ₱125.00 off at most', async () => {
    const flour = basic(100000);
    const sales = await Promise.all(
      Array.from({ length: 8 }, () =>
        postJson(
          shop,
          '/api/sales',
          {
            orderType: 'Walk-in',
            paymentMethod: 'Cash',
            taxRate: 12,
            items: [{ itemId: flour.itemId, quantity: 1 }],
            discount: { type: 'SC5', name: 'Lola Remedios Cruz', idNumber: 'OSCA-PARALLEL' },
          },
          cashier.accessToken,
        ),
      ),
    );
    expect(sales.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const off = sales.map((r) => r.json().sale.discountAmount as number).sort((a, b) => b - a);
    // ₱50.00, ₱50.00, ₱25.00 and then none, in whichever order they committed.
    expect(off).toEqual([50, 50, 25, 0, 0, 0, 0, 0]);
    const left = await rest(
      shop,
      'GET',
      '/api/sales/sc5-allowance?idNumber=osca-parallel',
      cashier.accessToken,
    );
    expect(left.statusCode).toBe(200);
    const week = manilaWeek();
    expect(left.json()).toEqual({ allowanceLeft: 0, weekStart: week.start, weekEnd: week.end });
  });

  it('answers what is left over tRPC (centavos) and REST (pesos), and refuses a blank ID', async () => {
    const flour = basic(33333);
    await cashier.api.sales.checkout(
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [{ kind: 'item', id: flour.id, quantity: 3 }],
        paymentMethod: 'Cash',
        discount: senior('OSCA-ASK'),
      }),
    );
    // ₱999.99 of purchases used: ₱1,500.01 left.
    const week = manilaWeek();
    expect(await cashier.api.sales.sc5Allowance({ idNumber: ' osca-ask ' })).toEqual({
      allowanceLeft: 150001,
      weekStart: week.start,
      weekEnd: week.end,
    });
    const left = await rest(shop, 'GET', '/api/sales/sc5-allowance?idNumber=OSCA-ASK', owner.accessToken);
    expect(left.json()).toEqual({ allowanceLeft: 1500.01, weekStart: week.start, weekEnd: week.end });
    const blank = await rest(shop, 'GET', '/api/sales/sc5-allowance?idNumber=%20', owner.accessToken);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(SALES_TEXT.discountIdNumber);
    expect((await rest(shop, 'GET', '/api/sales/sc5-allowance?idNumber=X')).statusCode).toBe(401);
  });
});

describe('the basic necessity flag', () => {
  it('REST takes basicNecessity on POST and PUT and answers it; an item is not one by default', async () => {
    const plain = await postJson(shop, '/api/inventory', { name: 'Cake Boards S5' }, owner.accessToken);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().item.basicNecessity).toBe(false);
    const flour = await postJson(
      shop,
      '/api/inventory',
      { name: 'All-Purpose Flour S5', unitPrice: 50, stock: 10, basicNecessity: true },
      owner.accessToken,
    );
    expect(flour.json().item.basicNecessity).toBe(true);
    const id = plain.json().item._id as number;
    const on = await rest(shop, 'PUT', `/api/inventory/${id}`, owner.accessToken, { basicNecessity: 'true' });
    expect(on.statusCode).toBe(200);
    expect(on.json().item.basicNecessity).toBe(true);
    expect((await rest(shop, 'GET', `/api/inventory/${id}`, owner.accessToken)).json().basicNecessity).toBe(
      true,
    );
    expect((await owner.api.inventory.get({ id })).basicNecessity).toBe(true);
    const wrong = await rest(shop, 'PUT', `/api/inventory/${id}`, owner.accessToken, {
      basicNecessity: 'maybe',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Basic necessity must be true or false.');
    // The flag is what the checkout reads: the flour takes the 5%.
    const { sale } = await cashier.api.sales.checkout(
      checkoutInput.parse({
        orderType: 'Walk-in',
        lines: [{ kind: 'item', id: flour.json().item._id, quantity: 2 }],
        paymentMethod: 'Cash',
        discount: senior('OSCA-FLAG'),
      }),
    );
    expect(sale.discountAmount).toBe(500);
  });

  it('the inventory backup carries it; a backup without the column restores items as not one', async () => {
    const flour = basic(5000);
    const file = await backupFile(shop, 'inventory', owner.accessToken);
    let row = 0;
    const withFlag = await edited(file, (book) => {
      const sheet = byField(book, 'inventory');
      for (let n = 2; n <= sheet.sheet.rowCount; n++) if (sheet.get(n).itemId === flour.itemId) row = n;
      expect(sheet.get(row).basicNecessity).toBe('yes');
    });
    shop.db
      .update(inventoryItems)
      .set({ basicNecessity: false })
      .where(eq(inventoryItems.id, flour.id))
      .run();
    expect((await restoreFile(shop, 'inventory', withFlag, owner.accessToken)).statusCode).toBe(200);
    const flagOf = () =>
      shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, flour.id)).get()!.basicNecessity;
    expect(flagOf()).toBe(true);
    const older = await edited(file, (book) => {
      const sheet = byField(book, 'inventory').sheet;
      sheet.spliceColumns((sheet.getRow(1).values as unknown[]).indexOf('basicNecessity'), 1);
    });
    expect((await restoreFile(shop, 'inventory', older, owner.accessToken)).statusCode).toBe(200);
    expect(flagOf()).toBe(false);
  });
});

describe('the SC/PWD sales book', () => {
  it('shows an SC5 sale with its discount in the SC 5% column', async () => {
    const flour = basic(80000);
    // ₱800.00 of flour with 12% VAT: ₱40.00 off, VAT on ₱760.00.
    const sale = await sellAt(
      '2025-06-02T09:00:00',
      [{ kind: 'item', id: flour.id, quantity: 1 }],
      senior('OSCA-BOOK'),
      12,
    );
    const after = await sellAt('2025-06-02T09:30:00', [{ kind: 'cake', id: cake(60000).id, quantity: 1 }], {
      type: 'SC',
      name: 'Lolo Andres',
      idNumber: 'SC-77',
    });
    const book = await rest(shop, 'GET', '/api/sc-pwd-book?from=2025-06-02&to=2025-06-02', owner.accessToken);
    expect(book.json().rows).toEqual([
      expect.objectContaining({
        saleId: sale.saleId,
        type: 'SC5',
        idNumber: 'OSCA-BOOK',
        gross: 800,
        discount: 0,
        sc5Discount: 40,
        net: 760,
      }),
      expect.objectContaining({
        saleId: after.saleId,
        type: 'SC',
        gross: 600,
        discount: 120,
        sc5Discount: 0,
        net: 480,
      }),
    ]);
    const file = await rest(
      shop,
      'GET',
      '/api/sc-pwd-book/export?from=2025-06-02&to=2025-06-02',
      owner.accessToken,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('SC-PWD Sales Book')!;
    expect((sheet.getRow(1).values as unknown[]).slice(6, 10)).toEqual(['Gross', 'Discount', 'SC 5%', 'Net']);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 11)).toEqual([
      sale.saleId,
      'SC5',
      'Lola Remedios Cruz',
      'OSCA-BOOK',
      800,
      0,
      40,
      760,
      'Completed',
    ]);
  });
});
