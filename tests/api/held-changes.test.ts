import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  activityLogs,
  cakeOrders,
  cakeSizes,
  cakes,
  categories,
  customers,
  inventoryItems,
  sales,
  shiftCash,
  stockLots,
  suppliers,
} from '../../server/db/schema';
import { APPROVALS } from '../../server/domains/actionRequests/approvals';
import type { ActionModule, Approval } from '../../server/domains/actionRequests/held';
import { checkoutInput } from '../../shared/schemas/sales';
import { CAKE_ORDERS_TEXT } from '../../shared/texts/cakeOrders';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { PURCHASING_TEXT } from '../../shared/texts/purchasing';
import { SALES_TEXT } from '../../shared/texts/sales';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { SUPPLIER_TEXT } from '../../shared/texts/suppliers';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { takeOrder } from '../helpers/cakeOrders';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';

// A held change is approved only as the domain's own schema accepts it: a stored payload
// that no longer passes (an older version's, or one changed in the database) is refused
// with the schema's message, writes nothing, and the request stays pending. Every module
// that holds changes has its approval listed, checked by the compiler.

type Payload = Record<string, unknown>;

let shop: TestShop;
let admin: Session;
let manager: Session;
let staff: Session;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());
afterEach(() => closeEveryShift(shop));

/** The newest pending request of `module` for `targetId`. */
function pendingRequest(module: string, targetId: string) {
  return shop.db
    .select()
    .from(actionRequests)
    .where(
      and(
        eq(actionRequests.module, module),
        eq(actionRequests.targetId, targetId),
        eq(actionRequests.status, 'pending'),
      ),
    )
    .orderBy(desc(actionRequests.id))
    .get();
}

const approvalsLogged = (id: number) =>
  shop.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.action, 'Approve Request'), like(activityLogs.description, `%#${id} %`)))
    .all();

async function newItem(stock = 5_000) {
  const { item } = await admin.api.inventory.add({
    name: `Held Item ${++seq}`,
    stock,
    unitPrice: 5000,
  } as never);
  return item;
}

/** One kind of held change: how staff asks for it, how its payload is spoiled, what must stay. */
interface Case {
  name: string;
  module: ActionModule;
  /** Holds a staff change; answers its target id and a reader of what approval would write. */
  hold(): Promise<{ targetId: string; state: () => unknown }>;
  /** The stored payload, changed into one the domain's schema refuses. */
  spoil(payload: Payload): Payload;
  /** The schema's message for it. */
  message: string;
}

const cases: Case[] = [
  {
    name: 'an inventory edit',
    module: 'Inventory',
    hold: async () => {
      const item = await newItem();
      await staff.api.inventory.update({ id: item.id, changes: { stock: 25_000 } });
      const state = () => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id)).get();
      return { targetId: item.itemId, state };
    },
    spoil: (payload) => ({ ...payload, changes: { stock: -5_000 } }),
    message: INVENTORY_TEXT.stockNegative,
  },
  {
    name: 'an inventory delete',
    module: 'Inventory',
    hold: async () => {
      const item = await newItem();
      await staff.api.inventory.delete({ id: item.id });
      const state = () => shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id)).get();
      return { targetId: item.itemId, state };
    },
    spoil: () => ({ id: 'every item' }),
    message: INVENTORY_TEXT.notFound,
  },
  {
    name: 'a cake edit',
    module: 'Cakes',
    hold: async () => {
      const categoryId = shop.db
        .insert(categories)
        .values({ name: `Held Cakes ${++seq}`, type: 'cake' })
        .returning()
        .get().id;
      const sizeId = shop.db
        .insert(cakeSizes)
        .values({ name: `${++seq} inch` })
        .returning()
        .get().id;
      const flour = await newItem(50_000);
      const form = {
        name: `Held Mocha ${++seq}`,
        categoryId,
        sizeId,
        availability: 'Always' as const,
        price: 85000,
        stock: 4,
        ingredients: [{ itemId: flour.id, quantity: 2000 }],
      };
      const { cake } = await admin.api.cakes.add(form);
      await staff.api.cakes.update({ id: cake.id, cake: { ...form, cakeId: cake.cakeId, price: 90000 } });
      const state = () => shop.db.select().from(cakes).where(eq(cakes.id, cake.id)).get();
      return { targetId: cake.cakeId, state };
    },
    spoil: (payload) => ({ ...payload, cake: { ...(payload.cake as Payload), price: -100 } }),
    message: CAKE_TEXT.priceNegative,
  },
  {
    name: 'a supplier edit',
    module: 'Supplier Management',
    hold: async () => {
      const { record } = await admin.api.suppliers.add({
        supplierId: `SUP-H${++seq}`,
        name: 'Flour Co',
        contact: 'Ana',
        company: '',
      });
      await staff.api.suppliers.update({ ...record, name: 'Flour Company' });
      const state = () => shop.db.select().from(suppliers).where(eq(suppliers.id, record.id)).get();
      return { targetId: record.supplierId, state };
    },
    spoil: (payload) => ({ ...payload, fields: { ...(payload.fields as Payload), name: '   ' } }),
    message: SUPPLIER_TEXT.required,
  },
  {
    name: 'a customer edit',
    module: 'Customer Management',
    hold: async () => {
      const { record } = await admin.api.customers.add({
        customerId: `CUST-H${++seq}`,
        name: 'Maria Santos',
        email: '',
        phoneNumber: '',
        address: '',
      });
      await staff.api.customers.update({ ...record, email: 'maria@example.com' });
      const state = () => shop.db.select().from(customers).where(eq(customers.id, record.id)).get();
      return { targetId: record.customerId, state };
    },
    spoil: (payload) => ({ ...payload, fields: { ...(payload.fields as Payload), email: 'not an address' } }),
    message: CUSTOMER_TEXT.emailInvalid,
  },
  {
    name: 'a refund',
    module: 'Sales Management',
    hold: async () => {
      await staff.api.shifts.open({ openingCash: 100000 });
      const item = await newItem(50_000);
      const { sale } = await staff.api.sales.checkout(
        checkoutInput.parse({
          orderType: 'Walk-in',
          lines: [{ kind: 'item', id: item.id, quantity: 1 }],
          paymentMethod: 'Cash',
          cashTendered: 5000,
        }),
      );
      await staff.api.sales.refund({ id: sale.id });
      const state = () => shop.db.select().from(sales).where(eq(sales.id, sale.id)).get();
      return { targetId: sale.saleId, state };
    },
    spoil: (payload) => ({ ...payload, id: 0 }),
    message: SALES_TEXT.notFound,
  },
  {
    name: 'a cash void',
    module: 'Cash Drawer',
    hold: async () => {
      const shift = (await staff.api.shifts.open({ openingCash: 100000 })).shift;
      const { reading } = await staff.api.shifts.cash({
        id: shift.id,
        type: 'in',
        amount: 20000,
        reason: 'Float top-up',
      });
      const move = reading.movements[0]!;
      await staff.api.shifts.voidCash({ id: move.id, reason: 'Typed twice' });
      const state = () => shop.db.select().from(shiftCash).where(eq(shiftCash.id, move.id)).get();
      return { targetId: `CASH-${move.id}`, state };
    },
    spoil: (payload) => ({ ...payload, reason: '' }),
    message: SHIFT_TEXT.voidReason,
  },
  {
    name: 'a write-off',
    module: 'Waste',
    hold: async () => {
      const item = await newItem(5_000);
      await staff.api.waste.writeOff({ itemId: item.id, quantity: 2_000, reason: 'Damaged', note: 'Torn' });
      const state = () => shop.db.select().from(stockLots).where(eq(stockLots.itemId, item.id)).all();
      return { targetId: item.itemId, state };
    },
    spoil: (payload) => ({ ...payload, quantity: 0 }),
    message: PURCHASING_TEXT.quantity,
  },
  {
    name: 'a cake order cancellation',
    module: 'Cake Orders',
    hold: async () => {
      const { order } = await takeOrder(manager);
      await staff.api.cakeOrders.cancel({ id: order.id, reason: 'Party moved' });
      const state = () => shop.db.select().from(cakeOrders).where(eq(cakeOrders.id, order.id)).get();
      return { targetId: order.orderNumber, state };
    },
    spoil: (payload) => ({ ...payload, id: 0 }),
    message: CAKE_ORDERS_TEXT.notFound,
  },
];

describe('approval re-checks the held payload with the domain schema', () => {
  it.each(cases)('$name whose stored payload the schema refuses is not applied', async (c) => {
    const { targetId, state } = await c.hold();
    const request = pendingRequest(c.module, targetId);
    if (!request) throw new Error(`${c.name} was not held`);
    const before = state();
    shop.db
      .update(actionRequests)
      .set({ payload: JSON.stringify(c.spoil(JSON.parse(request.payload) as Payload)) })
      .where(eq(actionRequests.id, request.id))
      .run();

    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      `This request can no longer be applied: ${c.message}`,
    );
    expect(state()).toEqual(before);
    expect(pendingRequest(c.module, targetId)?.id).toBe(request.id);
    expect(approvalsLogged(request.id)).toEqual([]);

    // The payload as it was held passes, and is applied.
    shop.db
      .update(actionRequests)
      .set({ payload: request.payload })
      .where(eq(actionRequests.id, request.id))
      .run();
    await manager.api.actionRequests.approve({ id: request.id });
    expect(state()).not.toEqual(before);
    expect(approvalsLogged(request.id)).toHaveLength(1);
  });
});

describe('the approvals map', () => {
  it('has an approval for every module that holds changes, and no other', () => {
    // Checked by the compiler: a module without an approval does not build.
    const every: Record<ActionModule, Approval> = APPROVALS;
    const { Cakes: _cakes, ...withoutCakes } = APPROVALS;
    // @ts-expect-error a module left out of the map is a compile error
    const partial: Record<ActionModule, Approval> = withoutCakes;
    expect(Object.keys(partial)).not.toContain('Cakes');
    expect(Object.keys(every).sort()).toEqual(
      [...new Set(cases.map((c) => c.module))].sort() satisfies ActionModule[],
    );
  });
});
