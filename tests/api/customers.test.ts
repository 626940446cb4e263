import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, activityLogs, customers } from '../../server/db/schema';
import { ACCOUNT_TEXT } from '../../shared/schemas/accounts';
import { AUTH_TEXT } from '../../shared/schemas/auth';
import { CUSTOMER_SORT_FIELDS, CUSTOMER_TEXT } from '../../shared/schemas/customers';
import { ADMIN, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Customer Management (SPEC.md §2, §5, §7, §8; PRODUCT.md's action requests): the
// messages, the uniqueness rule, the list's search, sort and paging, staff requests,
// roles, and the REST contract the POS reads.

type Api = ReturnType<TestShop['caller']>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Fields = { customerId: string; name: string; email: string; phoneNumber: string; address: string };

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
/** A customer added through the API by the admin, with a fresh customerId. */
async function addCustomer(fields: Partial<Fields> = {}) {
  seq++;
  const { record } = await admin.api.customers.add({
    customerId: `CUST-${String(seq).padStart(4, '0')}`,
    name: `Customer ${seq}`,
    email: `customer${seq}@example.com`,
    phoneNumber: `0917 555 ${String(seq).padStart(4, '0')}`,
    address: `${seq} Rizal St, Manila`,
    ...fields,
  });
  return record;
}

const rowOf = (id: number) => shop.db.select().from(customers).where(eq(customers.id, id)).get();
const count = () => shop.db.$count(customers);
const requestFor = (targetId: string, type: 'update' | 'delete') =>
  shop.db
    .select()
    .from(actionRequests)
    .where(
      and(
        eq(actionRequests.module, 'Customer Management'),
        eq(actionRequests.targetId, targetId),
        eq(actionRequests.requestType, type),
      ),
    )
    .all()
    .at(-1)!;

describe('adding a customer', () => {
  it('saves the trimmed fields, logs it, and answers the SPEC message', async () => {
    const { message, record } = await admin.api.customers.add({
      customerId: ' C-001 ',
      name: ' Maria Santos ',
      email: ' maria@example.com ',
      phoneNumber: ' +63 917 123 4567 ',
      address: ' 12 Mabini St, Quezon City ',
    });
    expect(message).toBe(CUSTOMER_TEXT.saved);
    expect(record).toMatchObject({
      customerId: 'C-001',
      name: 'Maria Santos',
      email: 'maria@example.com',
      phoneNumber: '+63 917 123 4567',
      address: '12 Mabini St, Quezon City',
    });
    expect(record.updatedAt).toEqual(record.createdAt);
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Add Customer')).all();
    expect(logged.map((l) => l.description)).toContain('Added customer C-001 (Maria Santos)');
  });

  it('takes email, phone and address as optional', async () => {
    const { record } = await admin.api.customers.add({ customerId: 'C-BARE', name: 'Walk-in Regular' });
    expect(record).toMatchObject({ email: '', phoneNumber: '', address: '' });
  });

  it.each([
    [{}, CUSTOMER_TEXT.required],
    [{ name: 'No id' }, CUSTOMER_TEXT.required],
    [{ customerId: 'C-NONAME' }, CUSTOMER_TEXT.required],
    [{ customerId: '', name: 'Blank id' }, CUSTOMER_TEXT.required],
    [{ customerId: '  ', name: 'Spaces id' }, CUSTOMER_TEXT.required],
    [{ customerId: 'C-9', name: '\t ' }, CUSTOMER_TEXT.required],
    [{ customerId: null, name: 'Null id' }, CUSTOMER_TEXT.required],
    [{ customerId: 'C 9', name: 'Space inside' }, 'Customer ID cannot contain spaces.'],
    [{ customerId: 'C'.repeat(41), name: 'Long id' }, 'Customer ID must be at most 40 characters.'],
    [{ customerId: 'C-10', name: 'N'.repeat(121) }, 'Name must be at most 120 characters.'],
    [{ customerId: 'C-11', name: 'Bad mail', email: 'not-an-email' }, CUSTOMER_TEXT.emailInvalid],
    [{ customerId: 'C-12', name: 'Bad mail', email: 'a@b' }, CUSTOMER_TEXT.emailInvalid],
    [{ customerId: 'C-13', name: 'Bad mail', email: 'a b@example.com' }, CUSTOMER_TEXT.emailInvalid],
    [{ customerId: 'C-14', name: 'Bad mail', email: 'a..b@example.com' }, CUSTOMER_TEXT.emailInvalid],
    [{ customerId: 'C-15', name: 'Phone', phoneNumber: 9171234567 }, 'Phone must be text.'],
    [
      { customerId: 'C-16', name: 'Phone', phoneNumber: '9'.repeat(41) },
      'Phone must be at most 40 characters.',
    ],
    [{ customerId: 'C-17', name: 'Addr', address: { city: 'Manila' } }, 'Address must be text.'],
    ['"just text"', CUSTOMER_TEXT.required],
    ['null', CUSTOMER_TEXT.required],
  ])('refuses %j with 400 and a readable message, writing nothing', async (body, message) => {
    const before = await count();
    const res = await rest('POST', '/api/customers', admin.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await count()).toBe(before);
  });

  it('refuses a customerId already used, whatever its case and surrounding spaces (409)', async () => {
    await addCustomer({ customerId: 'Vip-1' });
    const before = await count();
    for (const customerId of ['VIP-1', 'vip-1', '  vIP-1 ']) {
      await expectTrpcError(
        admin.api.customers.add({ customerId, name: 'Again' }),
        'CONFLICT',
        CUSTOMER_TEXT.duplicateId,
      );
    }
    const res = await rest('POST', '/api/customers', staff.token, { customerId: 'vip-1 ', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CUSTOMER_TEXT.duplicateId });
    expect(await count()).toBe(before);
  });

  it('lets staff add directly', async () => {
    const { message, record } = await staff.api.customers.add({ customerId: 'C-STAFF', name: 'Staff added' });
    expect(message).toBe(CUSTOMER_TEXT.saved);
    expect(rowOf(record.id)?.name).toBe('Staff added');
  });
});

describe('editing a customer', () => {
  it('applies an admin edit and logs the changes', async () => {
    const customer = await addCustomer({ phoneNumber: '0917 000 0001' });
    const answer = await admin.api.customers.update({
      ...customer,
      id: customer.id,
      phoneNumber: '0917 000 0002',
    });
    expect(answer).toMatchObject({ message: CUSTOMER_TEXT.saved, record: { phoneNumber: '0917 000 0002' } });
    expect(rowOf(customer.id)?.phoneNumber).toBe('0917 000 0002');
    const logged = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Edit Customer')).all();
    expect(logged.map((l) => l.description)).toContain(
      `Edited customer ${customer.customerId} (${customer.name}): Phone 0917 000 0001 → 0917 000 0002`,
    );
  });

  it('refuses taking another customer’s id, case-insensitively and trimmed (409)', async () => {
    await addCustomer({ customerId: 'OWNED-1' });
    const b = await addCustomer();
    await expectTrpcError(
      manager.api.customers.update({ ...b, id: b.id, customerId: ' owned-1' }),
      'CONFLICT',
      CUSTOMER_TEXT.duplicateId,
    );
    expect(rowOf(b.id)).toEqual(b);
  });

  it('checks the same messages as adding', async () => {
    const customer = await addCustomer();
    const res = await rest('PUT', `/api/customers/${customer.id}`, admin.token, {
      customerId: customer.customerId,
      name: customer.name,
      email: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CUSTOMER_TEXT.emailInvalid });
    await expectTrpcError(
      admin.api.customers.update({ ...customer, id: customer.id, customerId: '' }),
      'BAD_REQUEST',
      CUSTOMER_TEXT.required,
    );
    expect(rowOf(customer.id)).toEqual(customer);
  });

  it('answers 404 for an unknown customer', async () => {
    await expectTrpcError(
      admin.api.customers.update({ id: 999_999, customerId: 'X-1', name: 'X' }),
      'NOT_FOUND',
      CUSTOMER_TEXT.notFound,
    );
    const res = await rest('PUT', '/api/customers/NOBODY', admin.token, { customerId: 'X-1', name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: CUSTOMER_TEXT.notFound });
  });
});

describe('deleting a customer', () => {
  it('deletes, logs and answers the SPEC message', async () => {
    const customer = await addCustomer();
    await expect(manager.api.customers.remove({ id: customer.id })).resolves.toEqual({
      message: CUSTOMER_TEXT.deleted,
    });
    expect(rowOf(customer.id)).toBeUndefined();
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Delete Customer'))
      .all();
    expect(logged.map((l) => l.description)).toContain(
      `Deleted customer ${customer.customerId} (${customer.name})`,
    );
  });

  it('answers 404 for an unknown customer', async () => {
    await expectTrpcError(admin.api.customers.remove({ id: 999_999 }), 'NOT_FOUND', CUSTOMER_TEXT.notFound);
    expect((await rest('DELETE', '/api/customers/NOBODY', admin.token)).statusCode).toBe(404);
    expect((await rest('DELETE', '/api/customers/0', admin.token)).statusCode).toBe(404);
  });
});

describe('staff edits and deletes become action requests', () => {
  it('holds an edit: nothing changes, the answer says so, and the request reads the field changes', async () => {
    const customer = await addCustomer({ name: 'Jose Rizal', email: '' });
    const res = await rest('PUT', `/api/customers/${customer.customerId}`, staff.token, {
      customerId: customer.customerId,
      name: 'José Rizal',
      email: 'jose@example.com',
      phoneNumber: customer.phoneNumber,
      address: customer.address,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.sentForApproval, requested: true });
    expect(rowOf(customer.id)).toEqual(customer);
    const request = requestFor(customer.customerId, 'update');
    expect(request).toMatchObject({ status: 'pending', requestedBy: staff.id });
    expect(JSON.parse(request.details)).toEqual({
      Name: 'Jose Rizal → José Rizal',
      Email: '(blank) → jose@example.com',
    });
    const [listed] = (await manager.api.actionRequests.list()).filter((r) => r.id === request.id);
    expect(listed).toMatchObject({ module: 'Customer Management', requestType: 'update' });
  });

  it('approval applies the edit; rejection leaves the record unchanged', async () => {
    const approved = await addCustomer();
    const rejected = await addCustomer();
    await staff.api.customers.update({ ...approved, id: approved.id, address: 'New address' });
    await staff.api.customers.update({ ...rejected, id: rejected.id, address: 'Other address' });
    expect(rowOf(approved.id)).toEqual(approved);
    await manager.api.actionRequests.approve({ id: requestFor(approved.customerId, 'update').id });
    await admin.api.actionRequests.reject({ id: requestFor(rejected.customerId, 'update').id });
    expect(rowOf(approved.id)?.address).toBe('New address');
    expect(rowOf(rejected.id)).toEqual(rejected);
  });

  it('a held delete removes the customer only when approved, and not when rejected', async () => {
    const kept = await addCustomer();
    const removed = await addCustomer();
    for (const c of [kept, removed]) {
      await expect(staff.api.customers.remove({ id: c.id })).resolves.toEqual({
        message: ACCOUNT_TEXT.sentForApproval,
        requested: true,
      });
    }
    expect(rowOf(removed.id)).toBeDefined();
    await manager.api.actionRequests.reject({ id: requestFor(kept.customerId, 'delete').id });
    await manager.api.actionRequests.approve({ id: requestFor(removed.customerId, 'delete').id });
    expect(rowOf(kept.id)).toEqual(kept);
    expect(rowOf(removed.id)).toBeUndefined();
  });

  it('approval re-checks the data as it is then: an id taken meanwhile is 409 and nothing changes', async () => {
    const customer = await addCustomer();
    await staff.api.customers.update({ ...customer, id: customer.id, customerId: 'RACE-1' });
    await admin.api.customers.add({ customerId: 'Race-1', name: 'Got there first' });
    const request = requestFor(customer.customerId, 'update');
    await expectTrpcError(
      manager.api.actionRequests.approve({ id: request.id }),
      'CONFLICT',
      CUSTOMER_TEXT.duplicateId,
    );
    expect(rowOf(customer.id)).toEqual(customer);
  });
});

describe('the customer list', () => {
  let fresh: TestShop;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    // A shop of its own, so the counts and orders below are exact.
    fresh = await testApp();
    const session = await fresh.login(ADMIN.email, ADMIN.password);
    api = fresh.caller(session.accessToken);
    token = session.accessToken;
    const first = ['ana', 'Ben', 'carla', 'Dante', 'elena', 'Fe', 'gino'];
    for (let i = 0; i < 25; i++) {
      await api.customers.add({
        customerId: `P-${String(25 - i).padStart(2, '0')}`,
        name: `${first[i % 7]} Cruz ${i}`,
        email: i % 4 === 0 ? '' : `${first[i % 7]!.toLowerCase()}${i}@${i % 2 ? 'gmail.com' : 'Yahoo.com'}`,
        phoneNumber: i % 5 === 0 ? '' : `09${String(i * 37).padStart(9, '0')}`,
        address: i % 3 === 0 ? `${i} Aurora Blvd, Cubao` : `${i} bonifacio Ave, Makati`,
      });
    }
    for (const row of fresh.db.select().from(customers).all()) {
      fresh.db
        .update(customers)
        .set({
          createdAt: new Date(Date.UTC(2026, 0, 1) + ((row.id * 7) % 25) * 60_000),
          updatedAt: new Date(Date.UTC(2026, 1, 1) + ((row.id * 3) % 25) * 60_000),
        })
        .where(eq(customers.id, row.id))
        .run();
    }
  });
  afterAll(() => fresh.close());

  it('pages ten at a time with exact totals', async () => {
    expect(await api.customers.list({})).toMatchObject({ total: 25, page: 1, limit: 10, totalPages: 3 });
    expect((await api.customers.list({ page: 3 })).rows).toHaveLength(5);
    expect(await api.customers.list({ limit: 1000 })).toMatchObject({ total: 25, totalPages: 1 });
    await expectTrpcError(api.customers.list({ limit: 1001 }), 'BAD_REQUEST');
    await expectTrpcError(api.customers.list({ page: 0 }), 'BAD_REQUEST');
  });

  const key = (v: unknown) => (v instanceof Date ? v.getTime() : String(v).toLowerCase());
  it.each(CUSTOMER_SORT_FIELDS.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
    'sorts by %s %s (text ignoring case), ties by record id',
    async (field, order) => {
      const { rows } = await api.customers.list({ limit: 100, field, order });
      const expected = [...rows].sort((a, b) => {
        const x = key(a[field]);
        const y = key(b[field]);
        const cmp = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return order === 'asc' ? cmp : -cmp;
      });
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(rows).toHaveLength(25);
    },
  );

  it('refuses an unknown sort field with 400', async () => {
    await expectTrpcError(
      api.customers.list({ field: 'id' as never }),
      'BAD_REQUEST',
      `Cannot sort by that field. Sortable fields: ${CUSTOMER_SORT_FIELDS.join(', ')}.`,
    );
    const res = await rest('GET', '/api/customers?field=customer_id%20desc', token, undefined, fresh);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Cannot sort by that field/);
  });

  it('searches the chosen field only, or every field without one, ignoring case', async () => {
    const total = async (
      search: string,
      searchField?: 'customerId' | 'name' | 'email' | 'phoneNumber' | 'address',
    ) => (await api.customers.list({ search, searchField })).total;
    expect(await total('yahoo', 'email')).toBe(6);
    expect(await total('GMAIL.COM', 'email')).toBe(12);
    expect(await total('aurora', 'address')).toBe(9);
    expect(await total('aurora', 'name')).toBe(0);
    expect(await total('CRUZ', 'name')).toBe(25);
    expect(await total('p-1', 'customerId')).toBe(10);
    expect(await total('000000037', 'phoneNumber')).toBe(1);
    expect(await total('ana')).toBe(4);
    expect(await total('ana', 'address')).toBe(0);
  });

  it('takes SQL metacharacters in the search literally', async () => {
    await api.customers.add({ customerId: 'M-1', name: '50% Off Bakery', address: 'A_1 Street' });
    await api.customers.add({ customerId: 'M-2', name: "Robert'); DROP TABLE customers; --" });
    const ids = async (search: string, searchField?: 'name' | 'address') =>
      (await api.customers.list({ search, searchField, limit: 100 })).rows.map((r) => r.customerId);
    expect(await ids('%', 'name')).toEqual(['M-1']);
    expect(await ids('_', 'address')).toEqual(['M-1']);
    expect(await ids('_')).toEqual(['M-1']);
    expect(await ids("'; drop table customers; --")).toEqual([]);
    expect(await ids("'); DROP TABLE customers; --")).toEqual(['M-2']);
    expect(await fresh.db.$count(customers)).toBe(27);
    await api.customers.remove({ id: 'M-1' });
    await api.customers.remove({ id: 'm-2' });
  });

  it('GET /api/customers?page&limit=10 answers customers, totalPages, totalCustomers and page', async () => {
    const res = await rest('GET', '/api/customers?page=2&limit=10', token, undefined, fresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalPages: 3, totalCustomers: 25, page: 2 });
    expect(body.customers).toHaveLength(10);
    expect(Object.keys(body.customers[0]).sort()).toEqual(
      ['_id', 'address', 'createdAt', 'customerId', 'email', 'name', 'phoneNumber', 'updatedAt'].sort(),
    );
    // The POS takes them all at once.
    const pos = (await rest('GET', '/api/customers?page=1&limit=1000', token, undefined, fresh)).json();
    expect(pos).toMatchObject({ totalPages: 1, totalCustomers: 25 });
    expect(pos.customers).toHaveLength(25);
    const sorted = (
      await rest(
        'GET',
        '/api/customers?limit=3&field=customerId&order=asc&search=p-&searchField=customerId',
        token,
        undefined,
        fresh,
      )
    ).json();
    expect(sorted.customers.map((c: { customerId: string }) => c.customerId)).toEqual([
      'P-01',
      'P-02',
      'P-03',
    ]);
    const bad = await rest('GET', '/api/customers?limit=5000', token, undefined, fresh);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('limit must be a whole number from 1 to 1000.');
  });
});

describe('the REST writes', () => {
  it('POST answers 201 with the message and the customer; PUT and DELETE take the _id or the customerId', async () => {
    const created = await rest('POST', '/api/customers', admin.token, {
      customerId: 'REST-C1',
      name: 'Rest Customer',
      email: 'rest@example.com',
    });
    expect(created.statusCode).toBe(201);
    const { message, customer } = created.json();
    expect(message).toBe(CUSTOMER_TEXT.saved);
    expect(customer).toMatchObject({ _id: expect.any(Number), customerId: 'REST-C1', phoneNumber: '' });

    const updated = await rest('PUT', `/api/customers/${customer._id}`, admin.token, {
      customerId: 'REST-C1',
      name: 'Rest Customer 2',
    });
    expect(updated.json()).toMatchObject({
      message: CUSTOMER_TEXT.saved,
      customer: { name: 'Rest Customer 2' },
    });

    const gone = await rest('DELETE', '/api/customers/rest-c1', admin.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: CUSTOMER_TEXT.deleted });
    expect(rowOf(customer._id)).toBeUndefined();
  });
});

describe('roles', () => {
  it('lets every role of the menu use the screen', async () => {
    for (const role of ['owner', 'manager', 'staff'] as const) {
      const { api } = await shop.signedIn(role);
      await expect(api.customers.list({})).resolves.toMatchObject({ page: 1 });
    }
  });

  it('refuses an account without a role (403) and a caller without a token (401)', async () => {
    const none = await shop.signedIn(null);
    await expectTrpcError(none.api.customers.list({}), 'FORBIDDEN', AUTH_TEXT.noRole);
    const before = await count();
    const res = await rest('POST', '/api/customers', none.accessToken, { customerId: 'NONE-1', name: 'N' });
    expect(res.statusCode).toBe(403);
    expect((await rest('GET', '/api/customers', undefined)).statusCode).toBe(401);
    expect(
      (await rest('PUT', '/api/customers/1', undefined, { customerId: 'X', name: 'X' })).statusCode,
    ).toBe(401);
    expect(await count()).toBe(before);
  });
});
