import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, cakeSizes, categories, customers, suppliers } from '../../server/db/schema';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// A staff user's edit is held as an action request, and approval applies it
// re-validated against the data as it is then. A field the request changes that someone else
// changed meanwhile must not be overwritten silently: approval is refused (409) naming what
// changed, writes nothing and leaves the request pending. Changes to other fields meanwhile
// do not block it, and stay. Requests held before the before-values were kept approve as before.

type Api = ReturnType<TestShop['caller']>;
type Form = Record<string, unknown>;

let shop: TestShop;
let admin: Session;
let manager: Session;
let staff: Session;
let cakeCategory: number;
let cakeSize: number;
let flour: number;
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  cakeCategory = shop.db.insert(categories).values({ name: 'Birthday', type: 'cake' }).returning().get().id;
  cakeSize = shop.db.insert(cakeSizes).values({ name: '8 inch' }).returning().get().id;
  flour = (await admin.api.inventory.add({ name: 'Cake Flour', stock: 50_000 } as never)).item.id;
});
afterAll(() => shop.close());

/** One kind of record a staff edit of which is held: how to add, read and edit it. */
interface Case {
  noun: string;
  /** Adds a record as the admin; answers its record id and business id. */
  add(): Promise<{ id: number; key: string }>;
  /** The record's editable fields as its edit form sends them (the whole form, as the screens do). */
  form(id: number): Promise<Form>;
  send(api: Api, id: number, form: Form): Promise<unknown>;
  /** The field in dispute: staff asks for `asked`, meanwhile the admin sets `newer`, shown as `shown`. */
  field: { key: string; label: string; asked: unknown; newer: unknown; shown: string };
  /** Another field the admin changes meanwhile. */
  other: { key: string; newer: unknown };
}

const pick = (row: Form, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? '']));

const ITEM_KEYS = [
  'itemId',
  'name',
  'stock',
  'categoryId',
  'purchasePrice',
  'unitPrice',
  'amount',
  'unitId',
  'supplierId',
  'restockThreshold',
  'scPwdEligible',
  'expirationDate',
];

const cases: Case[] = [
  {
    noun: 'inventory item',
    add: async () => {
      const { item } = await admin.api.inventory.add({
        name: `Butter ${++seq}`,
        stock: 5_000,
        unitPrice: 5000,
      } as never);
      return { id: item.id, key: item.itemId };
    },
    form: async (id) => {
      const item = (await admin.api.inventory.get({ id })) as unknown as Form;
      return Object.fromEntries(ITEM_KEYS.map((k) => [k, item[k]]));
    },
    send: (api, id, form) => api.inventory.update({ id, changes: form } as never),
    // Stock in thousandths over tRPC, shown in units.
    field: { key: 'stock', label: 'Stock', asked: 25_000, newer: 7_000, shown: '7' },
    other: { key: 'unitPrice', newer: 6000 },
  },
  {
    noun: 'cake',
    add: async () => {
      const { cake } = await admin.api.cakes.add({
        name: `Mocha ${++seq}`,
        categoryId: cakeCategory,
        sizeId: cakeSize,
        availability: 'Always',
        price: 85000,
        stock: 4,
        ingredients: [{ itemId: flour, quantity: 2000 }],
      } as never);
      return { id: cake.id, key: cake.cakeId };
    },
    form: async (id) => {
      const cake = await admin.api.cakes.get({ id });
      const { cakeId, name, categoryId, sizeId, availability, price, stock, amount, scPwdEligible } = cake;
      return {
        ...{ cakeId, name, categoryId, sizeId, availability, price, stock, amount, scPwdEligible },
        expirationDate: cake.expirationDate,
        seasonalPeriod: null,
        ingredients: cake.ingredients.map(({ itemId, quantity }) => ({ itemId, quantity })),
      };
    },
    send: (api, id, form) => api.cakes.update({ id, cake: form } as never),
    field: { key: 'price', label: 'Price', asked: 90000, newer: 95000, shown: '₱950.00' },
    other: { key: 'stock', newer: 9 },
  },
  {
    noun: 'customer',
    add: async () => {
      const n = ++seq;
      const { record } = await admin.api.customers.add({
        customerId: `CUST-${n}`,
        name: `Maria ${n}`,
        email: '',
        phoneNumber: '0917 000 0001',
        address: '12 Mabini St',
      });
      return { id: record.id, key: record.customerId };
    },
    form: async (id) =>
      pick(shop.db.select().from(customers).where(eq(customers.id, id)).get()!, [
        'customerId',
        'name',
        'email',
        'phoneNumber',
        'address',
      ]),
    send: (api, id, form) => api.customers.update({ ...form, id } as never),
    field: {
      key: 'phoneNumber',
      label: 'Phone',
      asked: '0917 000 0002',
      newer: '0917 000 0003',
      shown: '0917 000 0003',
    },
    other: { key: 'address', newer: '99 Rizal Ave' },
  },
  {
    noun: 'supplier',
    add: async () => {
      const n = ++seq;
      const { record } = await admin.api.suppliers.add({
        supplierId: `SUP-${n}`,
        name: `Manila Mills ${n}`,
        contact: 'Ana',
        company: 'Mills Inc',
      });
      return { id: record.id, key: record.supplierId };
    },
    form: async (id) =>
      pick(shop.db.select().from(suppliers).where(eq(suppliers.id, id)).get()!, [
        'supplierId',
        'name',
        'contact',
        'company',
      ]),
    send: (api, id, form) => api.suppliers.update({ ...form, id } as never),
    field: { key: 'contact', label: 'Contact', asked: 'Ben', newer: 'Carla', shown: 'Carla' },
    other: { key: 'company', newer: 'Mills Corp' },
  },
];

/** An edit of the whole form with `changes`, as `api`'s user makes it. */
async function edit(c: Case, api: Api, id: number, changes: Form) {
  return c.send(api, id, { ...(await c.form(id)), ...changes });
}

/** The latest action request for the record with this business id. */
function requestFor(key: string) {
  return shop.db
    .select()
    .from(actionRequests)
    .where(eq(actionRequests.targetId, key))
    .orderBy(desc(actionRequests.id))
    .get()!;
}

const statusOf = (id: number) =>
  shop.db.select().from(actionRequests).where(eq(actionRequests.id, id)).get()!.status;

describe.each(cases)('a held edit of a $noun', (c) => {
  it('is refused when its field changed meanwhile, keeps the newer value, stays pending, and can be rejected', async () => {
    const { id, key } = await c.add();
    const held = await edit(c, staff.api, id, { [c.field.key]: c.field.asked });
    expect(held).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const request = requestFor(key);
    await edit(c, admin.api, id, { [c.field.key]: c.field.newer });

    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      ACTION_REQUEST_TEXT.stale([{ label: c.field.label, now: c.field.shown }]),
    );
    expect((await c.form(id))[c.field.key]).toEqual(c.field.newer);
    expect(statusOf(request.id)).toBe('pending');

    expect(await manager.api.actionRequests.reject({ id: request.id })).toEqual({
      message: ACTION_REQUEST_TEXT.rejected,
    });
    expect(statusOf(request.id)).toBe('rejected');
    expect((await c.form(id))[c.field.key]).toEqual(c.field.newer);
  });

  it('is not blocked by a change to another field meanwhile: its change applies, the other stays', async () => {
    const { id, key } = await c.add();
    await edit(c, staff.api, id, { [c.field.key]: c.field.asked });
    const request = requestFor(key);
    await edit(c, admin.api, id, { [c.other.key]: c.other.newer });

    expect(await manager.api.actionRequests.approve({ id: request.id })).toEqual({
      message: ACTION_REQUEST_TEXT.approved,
    });
    const after = await c.form(id);
    expect(after[c.field.key]).toEqual(c.field.asked);
    expect(after[c.other.key]).toEqual(c.other.newer);
    expect(statusOf(request.id)).toBe('approved');
  });

  it('held before the before-values were kept (payload without them), still approves as it did', async () => {
    const { id, key } = await c.add();
    await edit(c, staff.api, id, { [c.field.key]: c.field.asked });
    const request = requestFor(key);
    const { before, ...oldStyle } = JSON.parse(request.payload) as Form;
    expect(Object.keys(before as Form)).toEqual([c.field.key]);
    shop.db
      .update(actionRequests)
      .set({ payload: JSON.stringify(oldStyle) })
      .where(eq(actionRequests.id, request.id))
      .run();
    await edit(c, admin.api, id, { [c.field.key]: c.field.newer });

    await manager.api.actionRequests.approve({ id: request.id });
    expect((await c.form(id))[c.field.key]).toEqual(c.field.asked);
    expect(statusOf(request.id)).toBe('approved');
  });
});

describe("QA's case, over REST", () => {
  it('staff asks Stock 5 → 25 of BTR-001, the admin sets 7, approval is 409 and the stock stays 7', async () => {
    const { item } = await admin.api.inventory.add({
      itemId: 'BTR-001',
      name: 'Butter',
      stock: 5_000,
    } as never);
    await staff.api.inventory.update({ id: item.id, changes: { stock: 25_000 } });
    const request = requestFor('BTR-001');
    expect(JSON.parse(request.details)).toEqual({ Stock: '5 → 25' });
    await admin.api.inventory.update({ id: item.id, changes: { stock: 7_000 } });

    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/actionRequest/approve/${request.id}`,
      headers: { authorization: `Bearer ${manager.accessToken}` },
    });
    expect(res.statusCode).toBe(409);
    const message =
      'This request can no longer be applied: Stock has changed since it was requested (now 7). ' +
      'Reject it and ask for a new one.';
    expect(res.json()).toEqual({ message });
    expect(ACTION_REQUEST_TEXT.stale([{ label: 'Stock', now: '7' }])).toBe(message);
    expect((await admin.api.inventory.get({ id: item.id })).stock).toBe(7_000);
    expect(statusOf(request.id)).toBe('pending');
  });
});

describe('several fields', () => {
  it('changed meanwhile are all named, each with its value now', async () => {
    const { record } = await admin.api.suppliers.add({
      supplierId: 'SUP-MANY',
      name: 'Flour Co',
      contact: 'Ana',
      company: 'Flour Inc',
    });
    await staff.api.suppliers.update({ ...record, name: 'Flour Company', contact: 'Ben' });
    const request = requestFor('SUP-MANY');
    await admin.api.suppliers.update({ ...record, name: 'Flour & Co', contact: 'Carla' });

    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      'This request can no longer be applied: Name (now Flour & Co) and Contact (now Carla) have changed ' +
        'since it was requested. Reject it and ask for a new one.',
    );
    expect(statusOf(request.id)).toBe('pending');
  });
});
