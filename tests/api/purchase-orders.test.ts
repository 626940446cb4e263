import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activityLogs,
  inventoryItems,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  units,
} from '../../server/db/schema';
import type { poFields } from '../../shared/schemas/purchasing';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { type Method, rest } from '../helpers/rest';

// Purchase orders: drafting, editing a Draft, ordering and cancelling, the refusals (409 for a
// state that does not allow it, 400 for bad input, nothing written either way), roles, the
// numbering under parallel creates, and the REST contract (pesos, units, business ids).

let shop: TestShop;
let manager: Session;
let staff: Session;
let flourCo: number;
let dairyCo: number;
let flour: number;
let butter: number;
let cream: number;

beforeAll(async () => {
  shop = await testApp();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  const db = shop.db;
  const kg = db.insert(units).values({ name: 'kilo' }).returning().get().id;
  flourCo = db.insert(suppliers).values({ supplierId: 'SUP-FLR', name: 'Flour Co' }).returning().get().id;
  dairyCo = db.insert(suppliers).values({ supplierId: 'SUP-DRY', name: 'Dairy Co' }).returning().get().id;
  const item = (itemId: string, name: string, unitId: number | null = null) =>
    db.insert(inventoryItems).values({ itemId, name, unitId }).returning().get().id;
  flour = item('INV-FLR', 'Bread Flour', kg);
  butter = item('INV-BTR', 'Butter');
  cream = item('INV-CRM', 'Cream');
});
afterAll(() => shop.close());

type Draft = z.input<typeof poFields>;

const draft = (overrides: Record<string, unknown> = {}): Draft =>
  ({
    supplierId: flourCo,
    expectedDate: '2099-03-01',
    notes: 'Back door',
    lines: [
      { itemId: flour, quantity: 2500, unitCost: 6050 },
      { itemId: butter, quantity: 3000, unitCost: 12000 },
    ],
    ...overrides,
  }) as Draft;

/** Rows of the tables a purchase order write touches, to show a refusal wrote nothing. */
const written = () => ({
  orders: shop.db.select({ n: count() }).from(purchaseOrders).get()!.n,
  lines: shop.db.select({ n: count() }).from(purchaseOrderLines).get()!.n,
  activity: shop.db.select({ n: count() }).from(activityLogs).get()!.n,
  changes: JSON.stringify([
    shop.db.select().from(purchaseOrders).all(),
    shop.db.select().from(purchaseOrderLines).all(),
  ]),
});

async function nothingWritten(refused: () => Promise<unknown>) {
  const before = written();
  await refused();
  expect(written()).toEqual(before);
}

const api = (method: Method, url: string, body?: unknown, token = manager.accessToken) =>
  rest(shop, method, url, token, body);

describe('drafting', () => {
  it('creates a numbered Draft with its lines, totals and an activity row', async () => {
    const { message, purchaseOrder: po } = await manager.api.purchaseOrders.create(draft());
    expect(po.poNumber).toMatch(/^PO-\d{6}$/);
    expect(message).toBe(PURCHASING_TEXT.created(po.poNumber));
    expect(po).toMatchObject({
      status: 'Draft',
      supplierId: flourCo,
      supplierCode: 'SUP-FLR',
      supplierName: 'Flour Co',
      expectedDate: '2099-03-01',
      notes: 'Back door',
      orderedAt: null,
      cancelledAt: null,
      createdBy: manager.user.username,
      // 2.5 x ₱60.50 = ₱151.25; 3 x ₱120.00 = ₱360.00.
      total: 15125 + 36000,
    });
    expect(po.lines).toMatchObject([
      {
        itemId: flour,
        itemCode: 'INV-FLR',
        name: 'Bread Flour',
        unit: 'kilo',
        quantity: 2500,
        received: 0,
        unitCost: 6050,
        lineTotal: 15125,
      },
      { itemId: butter, itemCode: 'INV-BTR', name: 'Butter', unit: null, quantity: 3000, lineTotal: 36000 },
    ]);
    const log = shop.db.select().from(activityLogs).where(eq(activityLogs.module, 'Purchasing')).all().at(-1);
    expect(log).toMatchObject({ userId: manager.user.id, action: 'Create Purchase Order' });
    expect(log?.description).toBe(`Created ${po.poNumber} for SUP-FLR (Flour Co): 2 lines, ₱511.25`);
    expect(await manager.api.purchaseOrders.get({ id: po.id })).toEqual(po);
  });

  it('rounds a line total half up to the centavo', async () => {
    // 0.333 x ₱0.15 = ₱0.04995 -> ₱0.05; 0.001 x ₱0.01 -> ₱0.00.
    const { purchaseOrder: po } = await manager.api.purchaseOrders.create(
      draft({
        lines: [
          { itemId: flour, quantity: 333, unitCost: 15 },
          { itemId: butter, quantity: 1, unitCost: 1 },
        ],
      }),
    );
    expect(po.lines.map((l) => l.lineTotal)).toEqual([5, 0]);
    expect(po.total).toBe(5);
  });

  it('refuses bad input with a 400 naming the problem, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [draft({ supplierId: 99_999 }), PURCHASING_TEXT.supplierNotFound],
      [draft({ supplierId: 'SUP-NONE' }), PURCHASING_TEXT.supplierNotFound],
      [draft({ supplierId: undefined }), PURCHASING_TEXT.supplierRequired],
      [draft({ lines: [{ itemId: 99_999, quantity: 1000, unitCost: 1 }] }), PURCHASING_TEXT.itemNotFound],
      [draft({ lines: [] }), PURCHASING_TEXT.linesRequired],
      [
        draft({
          lines: [
            { itemId: flour, quantity: 1000, unitCost: 1 },
            { itemId: 'inv-flr', quantity: 2000, unitCost: 1 },
          ],
        }),
        PURCHASING_TEXT.duplicateItem('Bread Flour'),
      ],
      [draft({ lines: [{ itemId: flour, quantity: 0, unitCost: 1 }] }), PURCHASING_TEXT.quantity],
      [draft({ lines: [{ itemId: flour, quantity: 1.5, unitCost: 1 }] }), PURCHASING_TEXT.quantity],
      [draft({ lines: [{ itemId: flour, quantity: 1000, unitCost: -1 }] }), PURCHASING_TEXT.unitCost],
      [
        draft({ lines: [{ itemId: flour, quantity: 10_000_000, unitCost: 100_001 }] }),
        PURCHASING_TEXT.lineTooLarge('Bread Flour'),
      ],
      [draft({ expectedDate: '2026-02-30' }), 'Expected date must be a date (YYYY-MM-DD).'],
      [draft({ notes: 'two\nlines' }), 'Notes must be on one line.'],
    ];
    for (const [input, message] of cases)
      await nothingWritten(() =>
        expectTrpcError(manager.api.purchaseOrders.create(input as never), 'BAD_REQUEST', message),
      );
  });
});

describe('a Draft and after', () => {
  it('an edit replaces the supplier, date, notes and lines of a Draft', async () => {
    const { purchaseOrder: po } = await manager.api.purchaseOrders.create(draft());
    const { message, purchaseOrder: edited } = await manager.api.purchaseOrders.update({
      id: po.id,
      supplierId: dairyCo,
      expectedDate: null,
      notes: '',
      lines: [{ itemId: cream, quantity: 12_000, unitCost: 9500 }],
    });
    expect(message).toBe(PURCHASING_TEXT.updated(po.poNumber));
    expect(edited).toMatchObject({
      poNumber: po.poNumber,
      status: 'Draft',
      supplierCode: 'SUP-DRY',
      expectedDate: null,
      notes: '',
      total: 114_000,
    });
    expect(edited.lines).toMatchObject([{ itemId: cream, quantity: 12_000, unitCost: 9500 }]);
    expect(
      shop.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, po.id)).all(),
    ).toHaveLength(1);
    const log = shop.db.select().from(activityLogs).all().at(-1);
    expect(log).toMatchObject({ module: 'Purchasing', action: 'Edit Purchase Order' });
  });

  it('an edit with bad lines leaves the Draft as it was', async () => {
    const { purchaseOrder: po } = await manager.api.purchaseOrders.create(draft());
    await nothingWritten(() =>
      expectTrpcError(
        manager.api.purchaseOrders.update({
          id: po.id,
          supplierId: dairyCo,
          lines: [
            { itemId: cream, quantity: 1000, unitCost: 1 },
            { itemId: 99_999, quantity: 1000, unitCost: 1 },
          ],
        }),
        'BAD_REQUEST',
        PURCHASING_TEXT.itemNotFound,
      ),
    );
    expect(await manager.api.purchaseOrders.get({ id: po.id })).toEqual(po);
  });

  it('ordering moves a Draft to Ordered; then it can no longer be edited or ordered again (409)', async () => {
    const { purchaseOrder: po } = await manager.api.purchaseOrders.create(draft());
    const { message, purchaseOrder: ordered } = await manager.api.purchaseOrders.order({ id: po.id });
    expect(message).toBe(PURCHASING_TEXT.ordered(po.poNumber));
    expect(ordered.status).toBe('Ordered');
    expect(ordered.orderedAt).toBeInstanceOf(Date);
    expect(shop.db.select().from(activityLogs).all().at(-1)).toMatchObject({
      module: 'Purchasing',
      action: 'Order Purchase Order',
      description: `Marked ${po.poNumber} as ordered`,
    });
    await nothingWritten(async () => {
      await expectTrpcError(
        manager.api.purchaseOrders.update({ ...draft(), id: po.id } as never),
        'CONFLICT',
        PURCHASING_TEXT.notDraft(po.poNumber, 'Ordered'),
      );
      await expectTrpcError(
        manager.api.purchaseOrders.order({ id: po.id }),
        'CONFLICT',
        PURCHASING_TEXT.cannotOrder(po.poNumber, 'Ordered'),
      );
    });
  });

  it('cancels a Draft or an Ordered one with nothing received; a Cancelled one takes nothing more (409)', async () => {
    const { purchaseOrder: a } = await manager.api.purchaseOrders.create(draft());
    const cancelled = await manager.api.purchaseOrders.cancel({ id: a.id });
    expect(cancelled.message).toBe(PURCHASING_TEXT.cancelled(a.poNumber));
    expect(cancelled.purchaseOrder).toMatchObject({ status: 'Cancelled', orderedAt: null });
    expect(cancelled.purchaseOrder.cancelledAt).toBeInstanceOf(Date);
    expect(shop.db.select().from(activityLogs).all().at(-1)).toMatchObject({
      module: 'Purchasing',
      action: 'Cancel Purchase Order',
    });

    const { purchaseOrder: b } = await manager.api.purchaseOrders.create(draft());
    await manager.api.purchaseOrders.order({ id: b.id });
    expect((await manager.api.purchaseOrders.cancel({ id: b.id })).purchaseOrder.status).toBe('Cancelled');

    await nothingWritten(async () => {
      for (const id of [a.id, b.id]) {
        const { poNumber } = await manager.api.purchaseOrders.get({ id });
        await expectTrpcError(
          manager.api.purchaseOrders.cancel({ id }),
          'CONFLICT',
          PURCHASING_TEXT.cannotCancel(poNumber, 'Cancelled'),
        );
        await expectTrpcError(
          manager.api.purchaseOrders.order({ id }),
          'CONFLICT',
          PURCHASING_TEXT.cannotOrder(poNumber, 'Cancelled'),
        );
        await expectTrpcError(
          manager.api.purchaseOrders.update({ ...draft(), id } as never),
          'CONFLICT',
          PURCHASING_TEXT.notDraft(poNumber, 'Cancelled'),
        );
      }
    });
  });

  it('refuses to cancel once anything was received, and a Received or Partly received order (409)', async () => {
    const { purchaseOrder: po } = await manager.api.purchaseOrders.create(draft());
    await manager.api.purchaseOrders.order({ id: po.id });
    // Receiving comes later; a delivery taken on one line is what matters here.
    const line = po.lines[0]!;
    shop.db.update(purchaseOrderLines).set({ received: 500 }).where(eq(purchaseOrderLines.id, line.id)).run();
    await nothingWritten(() =>
      expectTrpcError(
        manager.api.purchaseOrders.cancel({ id: po.id }),
        'CONFLICT',
        PURCHASING_TEXT.cannotCancel(po.poNumber, 'Ordered'),
      ),
    );
    for (const status of ['Partly received', 'Received'] as const) {
      shop.db.update(purchaseOrders).set({ status }).where(eq(purchaseOrders.id, po.id)).run();
      await nothingWritten(() =>
        expectTrpcError(
          manager.api.purchaseOrders.cancel({ id: po.id }),
          'CONFLICT',
          PURCHASING_TEXT.cannotCancel(po.poNumber, status),
        ),
      );
    }
  });

  it('answers 404 for an unknown purchase order', async () => {
    const missing = { id: 99_999 };
    await expectTrpcError(manager.api.purchaseOrders.get(missing), 'NOT_FOUND', PURCHASING_TEXT.notFound);
    await nothingWritten(async () => {
      await expectTrpcError(manager.api.purchaseOrders.order(missing), 'NOT_FOUND', PURCHASING_TEXT.notFound);
      await expectTrpcError(
        manager.api.purchaseOrders.cancel(missing),
        'NOT_FOUND',
        PURCHASING_TEXT.notFound,
      );
      await expectTrpcError(
        manager.api.purchaseOrders.update({ ...draft(), id: 99_999 } as never),
        'NOT_FOUND',
        PURCHASING_TEXT.notFound,
      );
    });
  });

  it('keeps the supplier and the items a purchase order names from being deleted (409)', async () => {
    const supplier = shop.db
      .insert(suppliers)
      .values({ supplierId: 'SUP-KEEP', name: 'Keeper' })
      .returning()
      .get();
    const item = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-KEEP', name: 'Kept Sugar' })
      .returning()
      .get();
    await manager.api.purchaseOrders.create(
      draft({ supplierId: supplier.id, lines: [{ itemId: item.id, quantity: 1000, unitCost: 100 }] }),
    );
    await expectTrpcError(
      manager.api.suppliers.delete({ id: supplier.id }),
      'CONFLICT',
      PURCHASING_TEXT.supplierOnOrders('Keeper', 1),
    );
    await expectTrpcError(
      manager.api.inventory.delete({ id: item.id }),
      'CONFLICT',
      PURCHASING_TEXT.itemOnOrders('Kept Sugar', 1),
    );
  });
});

describe('the list', () => {
  it('lists newest first with line counts and totals, filtered by status and supplier, searched', async () => {
    const { purchaseOrder: dairy } = await manager.api.purchaseOrders.create(
      draft({ supplierId: dairyCo, lines: [{ itemId: cream, quantity: 2000, unitCost: 10000 }] }),
    );
    const all = await manager.api.purchaseOrders.list({});
    expect(all.rows[0]).toMatchObject({ id: dairy.id, lineCount: 1, total: 20000, supplierName: 'Dairy Co' });
    expect(all.rows[0]).not.toHaveProperty('lines');
    expect(all.total).toBe(shop.db.select({ n: count() }).from(purchaseOrders).get()!.n);
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));

    const bySupplier = await manager.api.purchaseOrders.list({ supplierId: dairyCo, limit: 100 });
    expect(bySupplier.rows.every((r) => r.supplierCode === 'SUP-DRY')).toBe(true);
    expect(bySupplier.rows.map((r) => r.id)).toContain(dairy.id);
    const cancelled = await manager.api.purchaseOrders.list({ status: 'Cancelled', limit: 100 });
    expect(cancelled.total).toBeGreaterThan(0);
    expect(cancelled.rows.every((r) => r.status === 'Cancelled')).toBe(true);
    expect((await manager.api.purchaseOrders.list({ search: dairy.poNumber })).rows.map((r) => r.id)).toEqual(
      [dairy.id],
    );
    expect((await manager.api.purchaseOrders.list({ search: 'dairy', limit: 100 })).total).toBe(
      bySupplier.total,
    );
    // Wildcards are text to look for.
    expect((await manager.api.purchaseOrders.list({ search: '%' })).total).toBe(0);
    const page2 = await manager.api.purchaseOrders.list({ page: 2, limit: 2 });
    expect(page2.rows.map((r) => r.id)).toEqual(all.rows.slice(2, 4).map((r) => r.id));
    expect(page2.totalPages).toBe(Math.ceil(all.total / 2));

    await expectTrpcError(
      manager.api.purchaseOrders.list({ supplierId: 'SUP-NONE' }),
      'BAD_REQUEST',
      PURCHASING_TEXT.supplierNotFound,
    );
    await expectTrpcError(
      manager.api.purchaseOrders.list({ status: 'Lost' } as never),
      'BAD_REQUEST',
      PURCHASING_TEXT.status,
    );
  });
});

describe('REST', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    supplierId: 'SUP-FLR',
    expectedDate: '2099-04-01',
    notes: 'Call first',
    lines: [
      { itemId: 'INV-FLR', quantity: 2.5, unitCost: 60.5 },
      { itemId: 'inv-btr', quantity: 3, unitCost: 120 },
    ],
    ...overrides,
  });

  it('POST answers 201 with the purchase order in pesos, units and business ids', async () => {
    const res = await api('POST', '/api/purchase-orders', body());
    expect(res.statusCode, res.body).toBe(201);
    const { message, purchaseOrder: po } = res.json();
    expect(message).toBe(PURCHASING_TEXT.created(po.poNumber));
    expect(po).toMatchObject({
      status: 'Draft',
      supplierId: 'SUP-FLR',
      expectedDate: '2099-04-01',
      notes: 'Call first',
      total: 511.25,
    });
    expect(typeof po._id).toBe('number');
    // 2.5 stays 2.5 and 3 stays 3.
    expect(po.lines).toEqual([
      {
        itemId: 'INV-FLR',
        name: 'Bread Flour',
        unit: 'kilo',
        quantity: 2.5,
        received: 0,
        unitCost: 60.5,
        lineTotal: 151.25,
      },
      {
        itemId: 'INV-BTR',
        name: 'Butter',
        unit: null,
        quantity: 3,
        received: 0,
        unitCost: 120,
        lineTotal: 360,
      },
    ]);
    const got = (await api('GET', `/api/purchase-orders/${po._id}`)).json();
    expect(got).toEqual(JSON.parse(JSON.stringify(po)));
    expect(
      shop.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, po._id)).all(),
    ).toMatchObject([{ quantity: 2500 }, { quantity: 3000 }]);
  });

  it('refuses a fourth decimal, a third decimal of pesos and unknown business ids with 400, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ lines: [{ itemId: 'INV-FLR', quantity: 1.2345, unitCost: 1 }] }), PURCHASING_TEXT.quantity],
      [
        body({ lines: [{ itemId: 'INV-FLR', quantity: 1, unitCost: 1.005 }] }),
        'Unit cost must be an amount in pesos with at most two decimals, like 12.50.',
      ],
      [body({ supplierId: 'SUP-NONE' }), PURCHASING_TEXT.supplierNotFound],
      // A number is a business id over REST, never a record id.
      [body({ supplierId: flourCo }), PURCHASING_TEXT.supplierNotFound],
      [body({ lines: [{ itemId: 'INV-NONE', quantity: 1, unitCost: 1 }] }), PURCHASING_TEXT.itemNotFound],
      [body({ lines: 'flour' }), PURCHASING_TEXT.linesRequired],
      [body({ lines: [{ itemId: 'INV-FLR', quantity: 0, unitCost: 1 }] }), PURCHASING_TEXT.quantity],
      [body({ expectedDate: '01/04/2099' }), 'Expected date must be a date (YYYY-MM-DD).'],
    ];
    for (const [sent, message] of cases) {
      await nothingWritten(async () => {
        const res = await api('POST', '/api/purchase-orders', sent);
        expect(res.statusCode, JSON.stringify(sent)).toBe(400);
        expect(res.json()).toEqual({ message });
      });
    }
    await nothingWritten(async () => {
      expect((await api('POST', '/api/purchase-orders', '[1]')).statusCode).toBe(400);
    });
  });

  it('PUT edits a Draft only; order and cancel move it on; each wrong state is 409', async () => {
    const po = (await api('POST', '/api/purchase-orders', body())).json().purchaseOrder;
    const put = await api(
      'PUT',
      `/api/purchase-orders/${po._id}`,
      body({ supplierId: 'SUP-DRY', lines: [{ itemId: 'INV-CRM', quantity: 0.25, unitCost: 95 }] }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      message: PURCHASING_TEXT.updated(po.poNumber),
      purchaseOrder: {
        supplierId: 'SUP-DRY',
        total: 23.75,
        lines: [{ itemId: 'INV-CRM', quantity: 0.25, unitCost: 95, lineTotal: 23.75 }],
      },
    });
    const ordered = await api('POST', `/api/purchase-orders/${po._id}/order`);
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json()).toMatchObject({
      message: PURCHASING_TEXT.ordered(po.poNumber),
      purchaseOrder: { status: 'Ordered' },
    });
    await nothingWritten(async () => {
      const again = await api('PUT', `/api/purchase-orders/${po._id}`, body());
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PURCHASING_TEXT.notDraft(po.poNumber, 'Ordered') });
      const reorder = await api('POST', `/api/purchase-orders/${po._id}/order`);
      expect(reorder.statusCode).toBe(409);
      expect(reorder.json()).toEqual({ message: PURCHASING_TEXT.cannotOrder(po.poNumber, 'Ordered') });
    });
    const cancelled = await api('POST', `/api/purchase-orders/${po._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().purchaseOrder.status).toBe('Cancelled');
    await nothingWritten(async () => {
      const again = await api('POST', `/api/purchase-orders/${po._id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PURCHASING_TEXT.cannotCancel(po.poNumber, 'Cancelled') });
    });
    expect((await api('GET', '/api/purchase-orders/99999')).statusCode).toBe(404);
    expect((await api('POST', '/api/purchase-orders/99999/order')).statusCode).toBe(404);
  });

  it('GET lists {purchaseOrders, total, totalPages} by status, supplier id and search', async () => {
    const po = (
      await api(
        'POST',
        '/api/purchase-orders',
        body({ supplierId: 'SUP-DRY', lines: [{ itemId: 'INV-CRM', quantity: 1, unitCost: 10 }] }),
      )
    ).json().purchaseOrder;
    const res = await api('GET', '/api/purchase-orders?status=Draft&supplierId=sup-dry&limit=100');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.purchaseOrders.map((r: { _id: number }) => r._id)).toContain(po._id);
    expect(
      list.purchaseOrders.every(
        (r: { status: string; supplierId: string }) => r.status === 'Draft' && r.supplierId === 'SUP-DRY',
      ),
    ).toBe(true);
    expect(list.total).toBe(list.purchaseOrders.length);
    expect(list.totalPages).toBe(1);
    expect(list.purchaseOrders.find((r: { _id: number }) => r._id === po._id)).toMatchObject({
      poNumber: po.poNumber,
      total: 10,
      lineCount: 1,
    });
    const searched = (await api('GET', `/api/purchase-orders?search=${po.poNumber}`)).json();
    expect(searched.purchaseOrders.map((r: { _id: number }) => r._id)).toEqual([po._id]);
    expect((await api('GET', '/api/purchase-orders?status=Lost')).statusCode).toBe(400);
    expect((await api('GET', '/api/purchase-orders?supplierId=SUP-NONE')).statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('lets admin, owner and manager draft; refuses staff (403) on every procedure and route, writing nothing', async () => {
    const owner = await shop.signedIn('owner');
    const { purchaseOrder: po } = await owner.api.purchaseOrders.create(draft());
    await (await shop.adminSession()).api.purchaseOrders.get({ id: po.id });
    await nothingWritten(async () => {
      // Each call starts only when awaited, so no refusal is left unhandled meanwhile.
      const calls: (() => Promise<unknown>)[] = [
        () => staff.api.purchaseOrders.list({}),
        () => staff.api.purchaseOrders.get({ id: po.id }),
        () => staff.api.purchaseOrders.create(draft()),
        () => staff.api.purchaseOrders.update({ ...draft(), id: po.id } as never),
        () => staff.api.purchaseOrders.order({ id: po.id }),
        () => staff.api.purchaseOrders.cancel({ id: po.id }),
      ];
      for (const call of calls) await expectTrpcError(call(), 'FORBIDDEN');
      const routes: [Method, string, unknown?][] = [
        ['GET', '/api/purchase-orders'],
        ['GET', `/api/purchase-orders/${po.id}`],
        // A refused body is still 403 first: the caller is checked before the body is read.
        ['POST', '/api/purchase-orders', { lines: [{ itemId: 'INV-FLR', quantity: 1.2345, unitCost: 1 }] }],
        ['PUT', `/api/purchase-orders/${po.id}`, { supplierId: 'SUP-FLR', lines: [] }],
        ['POST', `/api/purchase-orders/${po.id}/order`],
        ['POST', `/api/purchase-orders/${po.id}/cancel`],
      ];
      for (const [method, url, sent] of routes) {
        const res = await api(method, url, sent, staff.accessToken);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });
  });
});

describe('numbering', () => {
  let fresh: TestShop;
  beforeAll(async () => {
    fresh = await testApp();
  });
  afterAll(() => fresh.close());

  it('gives 20 parallel creates PO-000001 to PO-000020, no gap and no clash', async () => {
    const admin = await fresh.adminSession();
    const db = fresh.db;
    db.insert(suppliers).values({ supplierId: 'SUP-1', name: 'Mill' }).run();
    db.insert(inventoryItems).values({ itemId: 'INV-1', name: 'Flour' }).run();
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        rest(fresh, 'POST', '/api/purchase-orders', admin.accessToken, {
          supplierId: 'SUP-1',
          lines: [{ itemId: 'INV-1', quantity: 1, unitCost: 1 }],
        }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = created.map((r) => r.json().purchaseOrder.poNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `PO-${String(i + 1).padStart(6, '0')}`));
    // A refused create takes no number: the next one is PO-000021.
    await expectTrpcError(
      admin.api.purchaseOrders.create({ supplierId: 99, lines: [] } as never),
      'BAD_REQUEST',
    );
    const next = await admin.api.purchaseOrders.create({
      supplierId: 'SUP-1',
      lines: [{ itemId: 'INV-1', quantity: 1000, unitCost: 1 }],
    });
    expect(next.purchaseOrder.poNumber).toBe('PO-000021');
  });
});
