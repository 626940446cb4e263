import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, activityLogs, inventoryItems, suppliers } from '../../server/db/schema';
import { ACCOUNT_TEXT } from '../../shared/schemas/accounts';
import { AUTH_TEXT } from '../../shared/schemas/auth';
import { SUPPLIER_SORT_FIELDS, SUPPLIER_TEXT } from '../../shared/schemas/suppliers';
import { ADMIN, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Supplier Management (SPEC.md §2, §5, §7, §8; PRODUCT.md's action requests): the
// messages, the uniqueness rule, the list's search, sort and paging, staff requests,
// roles, and the REST contract.

type Api = ReturnType<TestShop['caller']>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let shop: TestShop;
let admin: { token: string; api: Api };
let manager: { token: string; api: Api };
let staff: { token: string; api: Api; id: number };
beforeAll(async () => {
  shop = await testApp();
  const session = await shop.login(ADMIN.email, ADMIN.password);
  admin = { token: session.accessToken, api: shop.caller(session.accessToken) };
  const m = await shop.signedIn('manager');
  manager = { token: m.accessToken, api: m.api };
  const s = await shop.signedIn('staff');
  staff = { token: s.accessToken, api: s.api, id: s.user.id };
});
afterAll(() => shop.close());

function rest(method: Method, url: string, token: string | undefined, body?: unknown, on = shop) {
  return on.app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let seq = 0;
/** A supplier added through the API by the admin, with a fresh supplierId. */
async function addSupplier(
  fields: Partial<{ supplierId: string; name: string; contact: string; company: string }> = {},
) {
  seq++;
  const { record } = await admin.api.suppliers.add({
    supplierId: `SUP-${String(seq).padStart(4, '0')}`,
    name: `Supplier ${seq}`,
    contact: `0917 555 ${String(seq).padStart(4, '0')}`,
    company: `Company ${seq}`,
    ...fields,
  });
  return record;
}

const rowOf = (id: number) => shop.db.select().from(suppliers).where(eq(suppliers.id, id)).get();
const count = () => shop.db.$count(suppliers);
const requestFor = (targetId: string, type: 'update' | 'delete') =>
  shop.db
    .select()
    .from(actionRequests)
    .where(
      and(
        eq(actionRequests.module, 'Supplier Management'),
        eq(actionRequests.targetId, targetId),
        eq(actionRequests.requestType, type),
      ),
    )
    .all()
    .at(-1)!;

describe('adding a supplier', () => {
  it('saves the trimmed fields with created and updated times, logs it, and answers the SPEC message', async () => {
    const { message, record } = await admin.api.suppliers.add({
      supplierId: '  FLR-01 ',
      name: ' Flour Traders ',
      contact: ' 0917 000 0000 ',
      company: ' Flour Traders Inc. ',
    });
    expect(message).toBe(SUPPLIER_TEXT.saved);
    expect(record).toMatchObject({
      supplierId: 'FLR-01',
      name: 'Flour Traders',
      contact: '0917 000 0000',
      company: 'Flour Traders Inc.',
    });
    expect(record.createdAt).toBeInstanceOf(Date);
    expect(record.updatedAt).toEqual(record.createdAt);
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Add Supplier')).all();
    expect(logged.map((l) => l.description)).toContain('Added supplier FLR-01 (Flour Traders)');
  });

  it('leaves contact and company blank when not given', async () => {
    const { record } = await admin.api.suppliers.add({ supplierId: 'BARE-1', name: 'Bare' });
    expect(record).toMatchObject({ contact: '', company: '' });
  });

  it.each([
    [{}, SUPPLIER_TEXT.required],
    [{ name: 'No id' }, SUPPLIER_TEXT.required],
    [{ supplierId: 'NO-NAME' }, SUPPLIER_TEXT.required],
    [{ supplierId: '', name: 'Blank id' }, SUPPLIER_TEXT.required],
    [{ supplierId: '   ', name: 'Spaces id' }, SUPPLIER_TEXT.required],
    [{ supplierId: 'SP-1', name: '   ' }, SUPPLIER_TEXT.required],
    [{ supplierId: null, name: null }, SUPPLIER_TEXT.required],
    [{ supplierId: 'SP 1', name: 'Space inside' }, 'Supplier ID cannot contain spaces.'],
    [{ supplierId: 'S'.repeat(41), name: 'Long id' }, 'Supplier ID must be at most 40 characters.'],
    [{ supplierId: 'SP-2', name: 'N'.repeat(121) }, 'Name must be at most 120 characters.'],
    [{ supplierId: 42, name: 'Number id' }, 'Supplier ID must be text.'],
    [{ supplierId: 'SP-3', name: 'X', contact: 5 }, 'Contact must be text.'],
    [{ supplierId: 'SP-4', name: 'X', company: ['a'] }, 'Company must be text.'],
    ['"just text"', SUPPLIER_TEXT.required],
    ['[]', SUPPLIER_TEXT.required],
  ])('refuses %j with 400 and a readable message, writing nothing', async (body, message) => {
    const before = await count();
    const res = await rest('POST', '/api/suppliers', admin.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await count()).toBe(before);
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    const res = await rest('POST', '/api/suppliers', admin.token, '{"supplierId": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses a supplierId already used, whatever its case and surrounding spaces (409)', async () => {
    await addSupplier({ supplierId: 'Dup-7' });
    const before = await count();
    for (const supplierId of ['DUP-7', 'dup-7', '  Dup-7  ']) {
      await expectTrpcError(
        admin.api.suppliers.add({ supplierId, name: 'Again' }),
        'CONFLICT',
        SUPPLIER_TEXT.duplicateId,
      );
    }
    const res = await rest('POST', '/api/suppliers', admin.token, { supplierId: ' dUp-7', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SUPPLIER_TEXT.duplicateId });
    expect(await count()).toBe(before);
  });

  it('lets staff add directly', async () => {
    const { message, record } = await staff.api.suppliers.add({
      supplierId: 'STAFF-ADD',
      name: 'Staff added',
    });
    expect(message).toBe(SUPPLIER_TEXT.saved);
    expect(rowOf(record.id)?.name).toBe('Staff added');
  });
});

describe('editing a supplier', () => {
  it('applies a manager edit, moves updatedAt and logs the changes', async () => {
    const supplier = await addSupplier({ name: 'Old Name' });
    await new Promise((r) => setTimeout(r, 5));
    const answer = await manager.api.suppliers.update({ ...supplier, id: supplier.id, name: 'New Name' });
    expect(answer).toMatchObject({ message: SUPPLIER_TEXT.saved, record: { name: 'New Name' } });
    const row = rowOf(supplier.id)!;
    expect(row.name).toBe('New Name');
    expect(row.updatedAt!.getTime()).toBeGreaterThan(supplier.createdAt.getTime());
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Edit Supplier')).all();
    expect(logged.map((l) => l.description)).toContain(
      `Edited supplier ${supplier.supplierId} (Old Name): Name Old Name → New Name`,
    );
  });

  it('refuses taking another supplier’s id, case-insensitively and trimmed, but allows changing its own case', async () => {
    const a = await addSupplier({ supplierId: 'TAKEN-1' });
    const b = await addSupplier();
    await expectTrpcError(
      admin.api.suppliers.update({ ...b, id: b.id, supplierId: ' taken-1 ' }),
      'CONFLICT',
      SUPPLIER_TEXT.duplicateId,
    );
    expect(rowOf(b.id)?.supplierId).toBe(b.supplierId);
    const own = await admin.api.suppliers.update({ ...a, id: a.id, supplierId: 'taken-1' });
    expect(own).toMatchObject({ record: { supplierId: 'taken-1' } });
  });

  it('checks the same messages as adding', async () => {
    const supplier = await addSupplier();
    await expectTrpcError(
      admin.api.suppliers.update({ ...supplier, id: supplier.id, name: ' ' }),
      'BAD_REQUEST',
      SUPPLIER_TEXT.required,
    );
    const res = await rest('PUT', `/api/suppliers/${supplier.id}`, admin.token, {
      supplierId: '',
      name: 'X',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SUPPLIER_TEXT.required });
    expect(rowOf(supplier.id)?.name).toBe(supplier.name);
  });

  it('answers 404 for an unknown supplier', async () => {
    await expectTrpcError(
      admin.api.suppliers.update({ id: 999_999, supplierId: 'NOPE-1', name: 'Nope' }),
      'NOT_FOUND',
      SUPPLIER_TEXT.notFound,
    );
    const res = await rest('PUT', '/api/suppliers/NOPE-404', admin.token, {
      supplierId: 'NOPE-1',
      name: 'X',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SUPPLIER_TEXT.notFound });
  });
});

describe('deleting a supplier', () => {
  it('deletes, logs and answers a message', async () => {
    const supplier = await addSupplier();
    await expect(admin.api.suppliers.remove({ id: supplier.id })).resolves.toEqual({
      message: SUPPLIER_TEXT.deleted,
    });
    expect(rowOf(supplier.id)).toBeUndefined();
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Delete Supplier'))
      .all();
    expect(logged.map((l) => l.description)).toContain(
      `Deleted supplier ${supplier.supplierId} (${supplier.name})`,
    );
  });

  it('refuses to delete a supplier its inventory items use, saying how many (409)', async () => {
    const supplier = await addSupplier({ name: 'Sugar House' });
    shop.db
      .insert(inventoryItems)
      .values([
        { itemId: 'INV-900001', name: 'Sugar', supplierId: supplier.id },
        { itemId: 'INV-900002', name: 'Brown sugar', supplierId: supplier.id },
      ])
      .run();
    await expectTrpcError(
      admin.api.suppliers.remove({ id: supplier.id }),
      'CONFLICT',
      SUPPLIER_TEXT.inUse('Sugar House', 2),
    );
    expect(SUPPLIER_TEXT.inUse('Sugar House', 2)).toContain('2 inventory items');
    const res = await rest('DELETE', `/api/suppliers/${supplier.id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(rowOf(supplier.id)).toBeDefined();
    // Staff cannot even ask for it.
    await expectTrpcError(staff.api.suppliers.remove({ id: supplier.id }), 'CONFLICT');
  });

  it('answers 404 for an unknown supplier', async () => {
    await expectTrpcError(admin.api.suppliers.remove({ id: 999_999 }), 'NOT_FOUND', SUPPLIER_TEXT.notFound);
    const res = await rest('DELETE', '/api/suppliers/NOPE-404', admin.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('staff edits and deletes become action requests', () => {
  it('holds an edit: nothing changes, the answer says so, and the request reads the field changes', async () => {
    const supplier = await addSupplier({ name: 'Cocoa Co', contact: '' });
    const answer = await staff.api.suppliers.update({
      ...supplier,
      id: supplier.id,
      name: 'Cocoa Company',
      contact: 'Ana',
    });
    expect(answer).toEqual({ message: ACCOUNT_TEXT.sentForApproval, requested: true });
    expect(rowOf(supplier.id)).toEqual(supplier);
    const request = requestFor(supplier.supplierId, 'update');
    expect(request).toMatchObject({ requestType: 'update', status: 'pending', requestedBy: staff.id });
    expect(JSON.parse(request.details)).toEqual({
      Name: 'Cocoa Co → Cocoa Company',
      Contact: '(blank) → Ana',
    });
  });

  it('approval applies the edit; rejection leaves the record unchanged', async () => {
    const approved = await addSupplier({ name: 'Before A' });
    const rejected = await addSupplier({ name: 'Before R' });
    await staff.api.suppliers.update({ ...approved, id: approved.id, name: 'After A' });
    await staff.api.suppliers.update({ ...rejected, id: rejected.id, name: 'After R' });
    await manager.api.actionRequests.approve({ id: requestFor(approved.supplierId, 'update').id });
    await manager.api.actionRequests.reject({ id: requestFor(rejected.supplierId, 'update').id });
    expect(rowOf(approved.id)?.name).toBe('After A');
    expect(rowOf(rejected.id)).toEqual(rejected);
  });

  it('a held delete removes the supplier only when approved', async () => {
    const supplier = await addSupplier();
    const res = await rest('DELETE', `/api/suppliers/${supplier.supplierId}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.sentForApproval, requested: true });
    expect(rowOf(supplier.id)).toBeDefined();
    const request = requestFor(supplier.supplierId, 'delete');
    expect(JSON.parse(request.details)).toMatchObject({
      'Supplier ID': supplier.supplierId,
      Name: supplier.name,
    });
    await manager.api.actionRequests.approve({ id: request.id });
    expect(rowOf(supplier.id)).toBeUndefined();
  });

  it('approval re-checks the data as it is then: an id taken meanwhile is 409 and nothing changes', async () => {
    const supplier = await addSupplier();
    await staff.api.suppliers.update({ ...supplier, id: supplier.id, supplierId: 'LATER-1' });
    await addSupplier({ supplierId: 'later-1' });
    const request = requestFor(supplier.supplierId, 'update');
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      SUPPLIER_TEXT.duplicateId,
    );
    expect(rowOf(supplier.id)).toEqual(supplier);
    expect(shop.db.select().from(actionRequests).where(eq(actionRequests.id, request.id)).get()?.status).toBe(
      'pending',
    );
  });

  it('approval of a change to a supplier deleted meanwhile is 404', async () => {
    const supplier = await addSupplier();
    await staff.api.suppliers.update({ ...supplier, id: supplier.id, name: 'Too late' });
    await admin.api.suppliers.remove({ id: supplier.id });
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: requestFor(supplier.supplierId, 'update').id }),
      'NOT_FOUND',
      SUPPLIER_TEXT.notFound,
    );
  });

  it('a staff edit that would take a used id is refused at once, not held', async () => {
    await addSupplier({ supplierId: 'HELD-TAKEN' });
    const supplier = await addSupplier();
    await expectTrpcError(
      staff.api.suppliers.update({ ...supplier, id: supplier.id, supplierId: 'held-taken' }),
      'CONFLICT',
      SUPPLIER_TEXT.duplicateId,
    );
    expect(
      shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, supplier.supplierId)).all(),
    ).toEqual([]);
  });
});

describe('the supplier list', () => {
  let fresh: TestShop;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    // A shop of its own, so the counts and orders below are exact.
    fresh = await testApp();
    const session = await fresh.login(ADMIN.email, ADMIN.password);
    api = fresh.caller(session.accessToken);
    token = session.accessToken;
    const names = ['apple Farms', 'Banana Depot', 'cherry Goods', 'Dairy Best', 'egg Central'];
    for (let i = 0; i < 23; i++) {
      await api.suppliers.add({
        supplierId: `L-${String(23 - i).padStart(2, '0')}`,
        name: `${names[i % 5]} ${i}`,
        contact: i % 3 === 0 ? '' : `Contact ${String.fromCharCode(122 - i)}`,
        company: i % 2 === 0 ? `Acme ${i}` : `zeta ${i}`,
      });
    }
    // Distinct times, in an order unlike the insertion order, so time sorts can be told apart.
    for (const row of fresh.db.select().from(suppliers).all()) {
      fresh.db
        .update(suppliers)
        .set({
          createdAt: new Date(Date.UTC(2026, 0, 1) + ((row.id * 7) % 23) * 60_000),
          updatedAt: new Date(Date.UTC(2026, 1, 1) + ((row.id * 5) % 23) * 60_000),
        })
        .where(eq(suppliers.id, row.id))
        .run();
    }
  });
  afterAll(() => fresh.close());

  it('pages ten at a time with exact totals', async () => {
    const first = await api.suppliers.list({});
    expect(first).toMatchObject({ total: 23, page: 1, limit: 10, totalPages: 3 });
    expect(first.rows).toHaveLength(10);
    const last = await api.suppliers.list({ page: 3 });
    expect(last.rows).toHaveLength(3);
    const beyond = await api.suppliers.list({ page: 4 });
    expect(beyond).toMatchObject({ rows: [], total: 23, totalPages: 3 });
    const all = [first, await api.suppliers.list({ page: 2 }), last].flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(all).size).toBe(23);
  });

  it('lists newest first without a sort', async () => {
    const { rows } = await api.suppliers.list({ limit: 100 });
    const times = rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  const textKey = (v: unknown) => (v instanceof Date ? v.getTime() : String(v).toLowerCase());
  it.each(SUPPLIER_SORT_FIELDS.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
    'sorts by %s %s (text ignoring case), ties by record id',
    async (field, order) => {
      const { rows } = await api.suppliers.list({ limit: 100, field, order });
      const expected = [...rows].sort((a, b) => {
        const x = textKey(a[field]);
        const y = textKey(b[field]);
        const cmp = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return order === 'asc' ? cmp : -cmp;
      });
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(rows).toHaveLength(23);
    },
  );

  it('sorts names ignoring case: apple before Banana before cherry', async () => {
    const { rows } = await api.suppliers.list({ limit: 100, field: 'name', order: 'asc' });
    const firsts = [...new Set(rows.map((r) => r.name.split(' ')[0]))];
    expect(firsts).toEqual(['apple', 'Banana', 'cherry', 'Dairy', 'egg']);
  });

  it('refuses an unknown sort field with 400 naming the sortable ones', async () => {
    await expectTrpcError(
      api.suppliers.list({ field: 'password' as never }),
      'BAD_REQUEST',
      `Cannot sort by that field. Sortable fields: ${SUPPLIER_SORT_FIELDS.join(', ')}.`,
    );
    const res = await rest('GET', '/api/suppliers?field=id;drop', token, undefined, fresh);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Cannot sort by that field/);
    const order = await rest('GET', '/api/suppliers?field=name&order=sideways', token, undefined, fresh);
    expect(order.statusCode).toBe(400);
  });

  it('searches the chosen field only, or every field without one, ignoring case', async () => {
    const inName = await api.suppliers.list({ search: 'BANANA', searchField: 'name', limit: 100 });
    expect(inName.total).toBe(5);
    expect(inName.rows.every((r) => r.name.startsWith('Banana'))).toBe(true);
    const inCompany = await api.suppliers.list({ search: 'acme', searchField: 'company', limit: 100 });
    expect(inCompany.total).toBe(12);
    const byId = await api.suppliers.list({ search: 'l-0', searchField: 'supplierId', limit: 100 });
    expect(byId.total).toBe(9);
    // "zeta" is only in company: not found when looking in names.
    expect((await api.suppliers.list({ search: 'zeta', searchField: 'name' })).total).toBe(0);
    expect((await api.suppliers.list({ search: 'zeta' })).total).toBe(11);
    expect((await api.suppliers.list({ search: 'contact y', searchField: 'contact' })).total).toBe(1);
  });

  it('refuses an unknown search field with 400', async () => {
    await expectTrpcError(api.suppliers.list({ searchField: 'createdAt' as never }), 'BAD_REQUEST');
  });

  it('takes SQL metacharacters in the search literally', async () => {
    await api.suppliers.add({ supplierId: 'META-1', name: '100% Pure' });
    await api.suppliers.add({ supplierId: 'META-2', name: 'under_score' });
    await api.suppliers.add({ supplierId: 'META-3', name: "O'Brien; drop table suppliers; --" });
    await api.suppliers.add({ supplierId: 'META-4', name: 'back\\slash' });
    const names = async (search: string) =>
      (await api.suppliers.list({ search, searchField: 'name', limit: 100 })).rows.map((r) => r.name);
    expect(await names('%')).toEqual(['100% Pure']);
    expect(await names('_')).toEqual(['under_score']);
    expect(await names("'; drop table suppliers; --")).toEqual([]);
    expect(await names("O'Brien; drop table suppliers; --")).toEqual(["O'Brien; drop table suppliers; --"]);
    expect(await names('\\')).toEqual(['back\\slash']);
    // Across every field too, and over REST.
    expect((await api.suppliers.list({ search: '%' })).rows.map((r) => r.supplierId)).toEqual(['META-1']);
    const res = await rest(
      'GET',
      `/api/suppliers?search=${encodeURIComponent("'; drop table suppliers; --")}`,
      token,
      undefined,
      fresh,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await fresh.db.$count(suppliers)).toBe(27);
    for (const id of ['META-1', 'META-2', 'META-3', 'META-4']) await api.suppliers.remove({ id });
  });

  it('GET /api/suppliers answers an array of every supplier in the legacy shape, honouring search and sort', async () => {
    const res = await rest('GET', '/api/suppliers', token, undefined, fresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(23);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['_id', 'company', 'contact', 'createdAt', 'name', 'supplierId', 'updatedAt'].sort(),
    );
    expect(body[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const sorted = (
      await rest('GET', '/api/suppliers?field=supplierId&order=desc', token, undefined, fresh)
    ).json();
    expect(sorted.map((s: { supplierId: string }) => s.supplierId).slice(0, 3)).toEqual([
      'L-23',
      'L-22',
      'L-21',
    ]);
    const searched = (
      await rest('GET', '/api/suppliers?search=dairy&searchField=name', token, undefined, fresh)
    ).json();
    expect(searched).toHaveLength(4);
  });
});

describe('the REST writes', () => {
  it('POST answers 201 with the message and the supplier; PUT and DELETE take the _id or the supplierId', async () => {
    const created = await rest('POST', '/api/suppliers', admin.token, {
      supplierId: 'REST-1',
      name: 'Rest Supplies',
      contact: 'Joy',
      company: 'Rest Inc.',
    });
    expect(created.statusCode).toBe(201);
    const { message, supplier } = created.json();
    expect(message).toBe(SUPPLIER_TEXT.saved);
    expect(supplier).toMatchObject({ _id: expect.any(Number), supplierId: 'REST-1', name: 'Rest Supplies' });
    expect(supplier).not.toHaveProperty('id');

    const byId = await rest('PUT', `/api/suppliers/${supplier._id}`, admin.token, {
      supplierId: 'REST-1',
      name: 'Rest Supplies 2',
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      message: SUPPLIER_TEXT.saved,
      supplier: { name: 'Rest Supplies 2', contact: '' },
    });
    const byCode = await rest('PUT', '/api/suppliers/rest-1', admin.token, {
      supplierId: 'REST-1',
      name: 'Rest Supplies 3',
    });
    expect(byCode.json().supplier.name).toBe('Rest Supplies 3');

    const held = await rest('PUT', '/api/suppliers/REST-1', staff.token, {
      supplierId: 'REST-1',
      name: 'Nope',
    });
    expect(held.json()).toEqual({ message: ACCOUNT_TEXT.sentForApproval, requested: true });

    const gone = await rest('DELETE', '/api/suppliers/REST-1', admin.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: SUPPLIER_TEXT.deleted });
    expect(rowOf(supplier._id)).toBeUndefined();
  });
});

describe('roles', () => {
  it('lets every role of the menu (admin, owner, manager, staff) use the screen', async () => {
    for (const role of ['owner', 'manager', 'staff'] as const) {
      const { api } = await shop.signedIn(role);
      await expect(api.suppliers.list({})).resolves.toMatchObject({ page: 1 });
    }
  });

  it('refuses an account without a role (403) and a caller without a token (401)', async () => {
    const none = await shop.signedIn(null);
    await expectTrpcError(none.api.suppliers.list({}), 'FORBIDDEN', AUTH_TEXT.noRole);
    await expectTrpcError(
      none.api.suppliers.add({ supplierId: 'NONE-1', name: 'None' }),
      'FORBIDDEN',
      AUTH_TEXT.noRole,
    );
    const before = await count();
    expect(
      (await rest('POST', '/api/suppliers', none.accessToken, { supplierId: 'NONE-2', name: 'N' }))
        .statusCode,
    ).toBe(403);
    expect((await rest('GET', '/api/suppliers', undefined)).statusCode).toBe(401);
    expect((await rest('DELETE', '/api/suppliers/1', undefined)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
