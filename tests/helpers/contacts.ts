import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, activityLogs, type customers, type suppliers } from '../../server/db/schema';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { ADMIN, type TestShop, testApp } from './app';
import { expectTrpcError } from './errors';
import { type Method, rest } from './rest';

// Suppliers and customers are one kind of record (server/domains/contacts/service.ts serves both). What
// they share is written here once: contactSuite runs it for the record type its test
// file describes (fields, texts, routes), and the file adds the checks that are its own.

type Api = ReturnType<TestShop['caller']>;
type CatalogueTable = typeof suppliers | typeof customers;
type Row<T extends CatalogueTable> = T['$inferSelect'];
type Fields = Record<string, unknown>;
type Ref = number | string;
type Requested = { message: string; requested: true };

/** The record type's tRPC procedures (`api.suppliers`), loosely typed so one test serves both. */
interface ContactRouter<R> {
  list(input: {
    page?: unknown;
    limit?: unknown;
    field?: string;
    order?: 'asc' | 'desc';
    search?: string;
    searchField?: string;
  }): Promise<{ rows: R[]; total: number; page: number; limit: number; totalPages: number }>;
  add(input: Fields): Promise<{ message: string; record: R }>;
  update(input: Fields): Promise<{ message: string; record: R } | Requested>;
  delete(input: { id: Ref }): Promise<{ message: string } | Requested>;
}

/** What a test file says about its record type. */
export interface CatalogueCase<T extends CatalogueTable> {
  /** 'supplier': in test names, log lines ("Added supplier …") and the REST answer's key. */
  noun: string;
  /** Of its activity rows and action requests: 'Supplier Management'. */
  module: string;
  /** '/api/suppliers'. */
  path: string;
  table: T;
  router: (api: Api) => ContactRouter<Row<T>>;
  /** The business id's field and its name for people: 'supplierId', 'Supplier ID'. */
  idKey: keyof Row<T> & string;
  idLabel: string;
  /** The text fields besides the id and the name, blank when not given. */
  optional: readonly (keyof Row<T> & string)[];
  text: { required: string; duplicateId: string; saved: string; deleted: string; notFound: string };
  sortFields: readonly string[];
  /** The fields of the nth record `add` makes. */
  sample: (n: number) => Fields;
  /** A body padded with spaces, the record saved from it and its activity line. */
  trimmed: { given: Fields; saved: Fields; logged: string };
  /** The type's own bodies refused with 400, beside the shared ones. */
  invalid: [body: unknown, message: string][];
  /** One field an edit changes, with its name for people. */
  edit: { field: keyof Row<T> & string; label: string; from: string; to: string };
  /** A staff edit: the record before, the fields it changes and the request's details. */
  held: { before: Fields; after: Fields; details: Record<string, string> };
  /** The list's own shop: `size` records, the ith from seed(i). */
  list: { size: number; seed: (i: number) => Fields };
  /** The records in a GET answer (its shapes differ by type). */
  restRows: (body: unknown) => unknown[];
}

interface Actor {
  token: string;
  api: Api;
  id: number;
}

/** The file's shop with an admin, a manager and a staff user signed in (ready from beforeAll). */
export interface CatalogueShop<R> {
  shop: TestShop;
  admin: Actor;
  manager: Actor;
  staff: Actor;
  /** A record added through the API by the admin, with a fresh business id. */
  add(fields?: Fields): Promise<R>;
  rowOf(id: number): R | undefined;
  count(): Promise<number>;
  /** The latest action request of this module for the record. */
  requestFor(targetId: string, type: 'update' | 'delete'): typeof actionRequests.$inferSelect;
  rest(method: Method, url: string, token?: string, body?: unknown): ReturnType<typeof rest>;
}

/** A shop of its own holding only the list's seeded records, so counts and orders are exact. */
export interface SeededList {
  shop: TestShop;
  /** The admin's caller and token there. */
  api: Api;
  token: string;
  get(url: string): ReturnType<typeof rest>;
}

function actor(shop: TestShop, session: Awaited<ReturnType<TestShop['login']>>): Actor {
  return { token: session.accessToken, api: shop.caller(session.accessToken), id: session.user.id };
}

/**
 * The shared behaviour of a contact record type, in describes named after its noun. `own`
 * adds the type's particular tests inside the matching describe.
 */
export function contactSuite<T extends CatalogueTable>(
  c: CatalogueCase<T>,
  own: {
    editing?: (s: CatalogueShop<Row<T>>) => void;
    deleting?: (s: CatalogueShop<Row<T>>) => void;
    list?: (l: SeededList) => void;
  } = {},
): CatalogueShop<Row<T>> {
  const { noun, path, text, idKey } = c;
  const title = noun[0]!.toUpperCase() + noun.slice(1);
  let seq = 0;
  const s: CatalogueShop<Row<T>> = {
    shop: undefined as unknown as TestShop,
    admin: undefined as unknown as Actor,
    manager: undefined as unknown as Actor,
    staff: undefined as unknown as Actor,
    async add(fields = {}) {
      seq++;
      return (await c.router(s.admin.api).add({ ...c.sample(seq), ...fields })).record;
    },
    rowOf: (id) => s.shop.db.select().from(c.table).where(eq(c.table.id, id)).get() as Row<T> | undefined,
    count: () => s.shop.db.$count(c.table),
    requestFor: (targetId, type) =>
      s.shop.db
        .select()
        .from(actionRequests)
        .where(
          and(
            eq(actionRequests.module, c.module),
            eq(actionRequests.targetId, targetId),
            eq(actionRequests.requestType, type),
          ),
        )
        .all()
        .at(-1)!,
    rest: (method, url, token, body) => rest(s.shop, method, url, token, body),
  };
  beforeAll(async () => {
    s.shop = await testApp();
    s.admin = actor(s.shop, await s.shop.login(ADMIN.email, ADMIN.password));
    s.manager = actor(s.shop, await s.shop.signedIn('manager'));
    s.staff = actor(s.shop, await s.shop.signedIn('staff'));
  });
  afterAll(() => s.shop?.close());

  const routerOf = (who: Actor) => c.router(who.api);
  const businessId = (record: Row<T>) => String(record[idKey]);
  /** The record's text fields, as the screen and the REST body send them. */
  const fieldsOf = (record: Row<T>) =>
    Object.fromEntries([idKey, 'name', ...c.optional].map((k) => [k, record[k as keyof Row<T>]]));
  const logged = (action: string) =>
    s.shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, `${action} ${title}`))
      .all()
      .map((l) => l.description);
  const sentForApproval = { message: ACTION_REQUEST_TEXT.sentForApproval, requested: true };

  describe(`adding a ${noun}`, () => {
    it('saves the trimmed fields with created and updated times, logs it, and answers the saved message', async () => {
      const { message, record } = await routerOf(s.admin).add(c.trimmed.given);
      expect(message).toBe(text.saved);
      expect(record).toMatchObject(c.trimmed.saved);
      expect(record.createdAt).toBeInstanceOf(Date);
      expect(record.updatedAt).toEqual(record.createdAt);
      expect(logged('Add')).toContain(c.trimmed.logged);
    });

    it(`leaves ${c.optional.join(', ')} blank when not given`, async () => {
      const { record } = await routerOf(s.admin).add({ [idKey]: 'BARE-1', name: 'Bare' });
      expect(record).toMatchObject(Object.fromEntries(c.optional.map((k) => [k, ''])));
    });

    it.each<[unknown, string]>([
      [{}, text.required],
      [{ name: 'No id' }, text.required],
      [{ [idKey]: 'NO-NAME' }, text.required],
      [{ [idKey]: '', name: 'Blank id' }, text.required],
      [{ [idKey]: '   ', name: 'Spaces id' }, text.required],
      [{ [idKey]: 'SP-1', name: '   ' }, text.required],
      [{ [idKey]: 'SP-1', name: '\t ' }, text.required],
      [{ [idKey]: null, name: null }, text.required],
      [{ [idKey]: null, name: 'Null id' }, text.required],
      [{ [idKey]: 'SP 1', name: 'Space inside' }, `${c.idLabel} cannot contain spaces.`],
      [{ [idKey]: 'S'.repeat(41), name: 'Long id' }, `${c.idLabel} must be at most 40 characters.`],
      [{ [idKey]: 'SP-2', name: 'N'.repeat(121) }, 'Name must be at most 120 characters.'],
      [{ [idKey]: 42, name: 'Number id' }, `${c.idLabel} must be text.`],
      ...c.invalid,
      ['"just text"', text.required],
      ['[]', text.required],
      ['null', text.required],
    ])('refuses %j with 400 and a readable message, writing nothing', async (body, message) => {
      const before = await s.count();
      const res = await s.rest('POST', path, s.admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await s.count()).toBe(before);
    });

    it('refuses malformed JSON with 400, never 500', async () => {
      const res = await s.rest('POST', path, s.admin.token, `{"${idKey}": `);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    });

    it(`refuses a ${idKey} already used, whatever its case and surrounding spaces (409)`, async () => {
      await s.add({ [idKey]: 'Dup-7' });
      const before = await s.count();
      for (const id of ['DUP-7', 'dup-7', '  Dup-7  ', '  dUP-7 ']) {
        await expectTrpcError(
          routerOf(s.admin).add({ [idKey]: id, name: 'Again' }),
          'CONFLICT',
          text.duplicateId,
        );
      }
      for (const [who, id] of [
        [s.admin, ' dUp-7'],
        [s.staff, 'dup-7 '],
      ] as const) {
        const res = await s.rest('POST', path, who.token, { [idKey]: id, name: 'Again' });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: text.duplicateId });
      }
      expect(await s.count()).toBe(before);
    });

    it('lets staff add directly', async () => {
      const { message, record } = await routerOf(s.staff).add({ [idKey]: 'STAFF-ADD', name: 'Staff added' });
      expect(message).toBe(text.saved);
      expect(s.rowOf(record.id)?.name).toBe('Staff added');
    });
  });

  describe(`editing a ${noun}`, () => {
    it('applies a manager’s or an admin’s edit, moves updatedAt and logs the changes', async () => {
      const { field, label, from, to } = c.edit;
      for (const editor of [s.manager, s.admin]) {
        const record = await s.add({ [field]: from });
        await new Promise((r) => setTimeout(r, 5));
        const answer = await routerOf(editor).update({ ...record, id: record.id, [field]: to });
        expect(answer).toMatchObject({ message: text.saved, record: { [field]: to } });
        const row = s.rowOf(record.id)!;
        expect(row[field]).toBe(to);
        expect(row.updatedAt!.getTime()).toBeGreaterThan(record.createdAt.getTime());
        expect(logged('Edit')).toContain(
          `Edited ${noun} ${businessId(record)} (${record.name}): ${label} ${from} → ${to}`,
        );
      }
    });

    it(`refuses taking another ${noun}’s id, case-insensitively and trimmed (409), but allows changing its own case`, async () => {
      const a = await s.add({ [idKey]: 'TAKEN-1' });
      const b = await s.add();
      for (const [editor, id] of [
        [s.admin, ' taken-1 '],
        [s.manager, ' taken-1'],
      ] as const) {
        await expectTrpcError(
          routerOf(editor).update({ ...b, id: b.id, [idKey]: id }),
          'CONFLICT',
          text.duplicateId,
        );
      }
      expect(s.rowOf(b.id)).toEqual(b);
      const own = await routerOf(s.admin).update({ ...a, id: a.id, [idKey]: 'taken-1' });
      expect(own).toMatchObject({ record: { [idKey]: 'taken-1' } });
    });

    it('checks the same messages as adding', async () => {
      const record = await s.add();
      await expectTrpcError(
        routerOf(s.admin).update({ ...record, id: record.id, name: ' ' }),
        'BAD_REQUEST',
        text.required,
      );
      await expectTrpcError(
        routerOf(s.admin).update({ ...record, id: record.id, [idKey]: '' }),
        'BAD_REQUEST',
        text.required,
      );
      const res = await s.rest('PUT', `${path}/${record.id}`, s.admin.token, { [idKey]: '', name: 'X' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: text.required });
      expect(s.rowOf(record.id)).toEqual(record);
    });

    it(`answers 404 for an unknown ${noun}`, async () => {
      await expectTrpcError(
        routerOf(s.admin).update({ id: 999_999, [idKey]: 'NOPE-1', name: 'Nope' }),
        'NOT_FOUND',
        text.notFound,
      );
      const res = await s.rest('PUT', `${path}/NOPE-404`, s.admin.token, { [idKey]: 'NOPE-1', name: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: text.notFound });
    });

    own.editing?.(s);
  });

  describe(`deleting a ${noun}`, () => {
    it('deletes for an admin or a manager, logs and answers the deleted message', async () => {
      for (const remover of [s.admin, s.manager]) {
        const record = await s.add();
        await expect(routerOf(remover).delete({ id: record.id })).resolves.toEqual({ message: text.deleted });
        expect(s.rowOf(record.id)).toBeUndefined();
        expect(logged('Delete')).toContain(`Deleted ${noun} ${businessId(record)} (${record.name})`);
      }
    });

    it(`answers 404 for an unknown ${noun}`, async () => {
      await expectTrpcError(routerOf(s.admin).delete({ id: 999_999 }), 'NOT_FOUND', text.notFound);
      expect((await s.rest('DELETE', `${path}/NOPE-404`, s.admin.token)).statusCode).toBe(404);
      expect((await s.rest('DELETE', `${path}/0`, s.admin.token)).statusCode).toBe(404);
    });

    own.deleting?.(s);
  });

  describe('staff edits and deletes become action requests', () => {
    it('holds an edit (tRPC or REST): nothing changes, the answer says so, and the request reads the field changes', async () => {
      const sends = {
        tRPC: async (record: Row<T>) =>
          routerOf(s.staff).update({ ...record, id: record.id, ...c.held.after }),
        REST: async (record: Row<T>) => {
          const res = await s.rest('PUT', `${path}/${businessId(record)}`, s.staff.token, {
            ...fieldsOf(record),
            ...c.held.after,
          });
          expect(res.statusCode).toBe(200);
          return res.json();
        },
      };
      for (const send of Object.values(sends)) {
        const record = await s.add(c.held.before);
        expect(await send(record)).toEqual(sentForApproval);
        expect(s.rowOf(record.id)).toEqual(record);
        const request = s.requestFor(businessId(record), 'update');
        expect(request).toMatchObject({ requestType: 'update', status: 'pending', requestedBy: s.staff.id });
        expect(JSON.parse(request.details)).toEqual(c.held.details);
        const listed = (await s.manager.api.actionRequests.list()).filter((r) => r.id === request.id);
        expect(listed).toMatchObject([{ module: c.module, requestType: 'update' }]);
      }
    });

    it('approval applies the edit; rejection (by a manager or an admin) leaves the record unchanged', async () => {
      const approved = await s.add(c.held.before);
      const rejected = [await s.add(c.held.before), await s.add(c.held.before)];
      for (const record of [approved, ...rejected]) {
        await routerOf(s.staff).update({ ...record, id: record.id, ...c.held.after });
      }
      expect(s.rowOf(approved.id)).toEqual(approved);
      await s.manager.api.actionRequests.approve({ id: s.requestFor(businessId(approved), 'update').id });
      await s.manager.api.actionRequests.reject({ id: s.requestFor(businessId(rejected[0]!), 'update').id });
      await s.admin.api.actionRequests.reject({ id: s.requestFor(businessId(rejected[1]!), 'update').id });
      expect(s.rowOf(approved.id)).toMatchObject(c.held.after);
      for (const record of rejected) expect(s.rowOf(record.id)).toEqual(record);
    });

    it(`a held delete (REST or tRPC) removes the ${noun} only when approved, and not when rejected`, async () => {
      const removed = await s.add();
      const kept = await s.add();
      const res = await s.rest('DELETE', `${path}/${businessId(removed)}`, s.staff.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(sentForApproval);
      await expect(routerOf(s.staff).delete({ id: kept.id })).resolves.toEqual(sentForApproval);
      expect(s.rowOf(removed.id)).toBeDefined();
      expect(s.rowOf(kept.id)).toBeDefined();
      const request = s.requestFor(businessId(removed), 'delete');
      expect(JSON.parse(request.details)).toMatchObject({
        [c.idLabel]: businessId(removed),
        Name: removed.name,
      });
      await s.manager.api.actionRequests.reject({ id: s.requestFor(businessId(kept), 'delete').id });
      await s.manager.api.actionRequests.approve({ id: request.id });
      expect(s.rowOf(kept.id)).toEqual(kept);
      expect(s.rowOf(removed.id)).toBeUndefined();
    });

    it('approval re-checks the data as it is then: an id taken meanwhile is 409 and nothing changes', async () => {
      const record = await s.add();
      await routerOf(s.staff).update({ ...record, id: record.id, [idKey]: 'LATER-1' });
      await s.add({ [idKey]: 'later-1' });
      const request = s.requestFor(businessId(record), 'update');
      await expectTrpcError(
        s.manager.api.actionRequests.approve({ id: request.id }),
        'CONFLICT',
        text.duplicateId,
      );
      expect(s.rowOf(record.id)).toEqual(record);
      expect(
        s.shop.db.select().from(actionRequests).where(eq(actionRequests.id, request.id)).get()?.status,
      ).toBe('pending');
    });

    it(`approval of a change to a ${noun} deleted meanwhile is 404`, async () => {
      const record = await s.add();
      await routerOf(s.staff).update({ ...record, id: record.id, name: 'Too late' });
      await routerOf(s.admin).delete({ id: record.id });
      await expectTrpcError(
        s.manager.api.actionRequests.approve({ id: s.requestFor(businessId(record), 'update').id }),
        'NOT_FOUND',
        text.notFound,
      );
    });

    it('a staff edit that would take a used id is refused at once, not held', async () => {
      await s.add({ [idKey]: 'HELD-TAKEN' });
      const record = await s.add();
      await expectTrpcError(
        routerOf(s.staff).update({ ...record, id: record.id, [idKey]: 'held-taken' }),
        'CONFLICT',
        text.duplicateId,
      );
      expect(
        s.shop.db
          .select()
          .from(actionRequests)
          .where(eq(actionRequests.targetId, businessId(record)))
          .all(),
      ).toEqual([]);
    });
  });

  describe(`the ${noun} list`, () => {
    const { size } = c.list;
    const pages = Math.ceil(size / 10);
    const l = {} as SeededList;
    beforeAll(async () => {
      l.shop = await testApp();
      const session = await l.shop.login(ADMIN.email, ADMIN.password);
      l.api = l.shop.caller(session.accessToken);
      l.token = session.accessToken;
      l.get = (url) => rest(l.shop, 'GET', url, l.token);
      for (let i = 0; i < size; i++) await c.router(l.api).add(c.list.seed(i));
      // Distinct times, in an order unlike the insertion order, so time sorts can be told apart.
      for (const row of l.shop.db.select().from(c.table).all()) {
        l.shop.db
          .update(c.table)
          .set({
            createdAt: new Date(Date.UTC(2026, 0, 1) + ((row.id * 7) % size) * 60_000),
            updatedAt: new Date(Date.UTC(2026, 1, 1) + ((row.id * 3) % size) * 60_000),
          } as Partial<Row<T>> as never) // both tables have these columns; drizzle cannot see it through T
          .where(eq(c.table.id, row.id))
          .run();
      }
    });
    afterAll(() => l.shop?.close());
    const list = () => c.router(l.api);

    it('pages ten at a time with exact totals', async () => {
      const first = await list().list({});
      expect(first).toMatchObject({ total: size, page: 1, limit: 10, totalPages: pages });
      expect(first.rows).toHaveLength(10);
      const last = await list().list({ page: pages });
      expect(last.rows).toHaveLength(size - (pages - 1) * 10);
      expect(await list().list({ page: pages + 1 })).toMatchObject({
        rows: [],
        total: size,
        totalPages: pages,
      });
      const all: number[] = [];
      for (let page = 1; page <= pages; page++)
        all.push(...(await list().list({ page })).rows.map((r) => r.id));
      expect(new Set(all).size).toBe(size);
      expect(await list().list({ limit: 1000 })).toMatchObject({ total: size, totalPages: 1 });
      await expectTrpcError(list().list({ limit: 1001 }), 'BAD_REQUEST');
      await expectTrpcError(list().list({ page: 0 }), 'BAD_REQUEST');
    });

    it('lists newest first without a sort', async () => {
      const { rows } = await list().list({ limit: 100 });
      const times = rows.map((r) => r.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    const key = (v: unknown) => (v instanceof Date ? v.getTime() : String(v).toLowerCase());
    it.each(c.sortFields.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
      'sorts by %s %s (text ignoring case), ties by record id',
      async (field, order) => {
        const { rows } = await list().list({ limit: 100, field, order });
        const value = (r: Row<T>) => key((r as Record<string, unknown>)[field]);
        const expected = [...rows].sort((a, b) => {
          const x = value(a);
          const y = value(b);
          const cmp = x < y ? -1 : x > y ? 1 : a.id - b.id;
          return order === 'asc' ? cmp : -cmp;
        });
        expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        expect(rows).toHaveLength(size);
      },
    );

    it('refuses an unknown sort field or order with 400 naming the sortable fields', async () => {
      for (const field of ['password', 'id']) {
        await expectTrpcError(
          list().list({ field }),
          'BAD_REQUEST',
          `Cannot sort by that field. Sortable fields: ${c.sortFields.join(', ')}.`,
        );
      }
      for (const field of ['id;drop', 'supplier_id%20desc', 'customer_id%20desc']) {
        const res = await l.get(`${path}?field=${field}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^Cannot sort by that field/);
      }
      expect((await l.get(`${path}?field=name&order=sideways`)).statusCode).toBe(400);
    });

    it('refuses an unknown search field with 400', async () => {
      await expectTrpcError(list().list({ searchField: 'createdAt' }), 'BAD_REQUEST');
    });

    it('takes SQL metacharacters in the search literally', async () => {
      const table = `${noun}s`;
      const odd = ['100% Pure', 'under_score', `O'Brien; drop table ${table}; --`, 'back\\slash'];
      const robert = `Robert'); DROP TABLE ${table}; --`;
      for (const [i, name] of [...odd, robert].entries()) {
        await list().add({ [idKey]: `META-${i + 1}`, name });
      }
      const names = async (search: string) =>
        (await list().list({ search, searchField: 'name', limit: 100 })).rows.map((r) => r.name);
      expect(await names('%')).toEqual(['100% Pure']);
      expect(await names('_')).toEqual(['under_score']);
      expect(await names(`'; drop table ${table}; --`)).toEqual([]);
      expect(await names(`O'Brien; drop table ${table}; --`)).toEqual([`O'Brien; drop table ${table}; --`]);
      expect(await names(`'); DROP TABLE ${table}; --`)).toEqual([robert]);
      expect(await names('\\')).toEqual(['back\\slash']);
      // Across every field too, and over REST.
      const ids = async (search: string) =>
        (await list().list({ search, limit: 100 })).rows.map((r) => r[idKey]);
      expect(await ids('%')).toEqual(['META-1']);
      expect(await ids('_')).toEqual(['META-2']);
      const res = await l.get(`${path}?search=${encodeURIComponent(`'; drop table ${table}; --`)}`);
      expect(res.statusCode).toBe(200);
      expect(c.restRows(res.json())).toEqual([]);
      expect(await l.shop.db.$count(c.table)).toBe(size + 5);
      // By business id, whatever its case.
      for (const id of ['META-1', 'meta-2', 'Meta-3', 'META-4', 'meta-5']) await list().delete({ id });
      expect(await l.shop.db.$count(c.table)).toBe(size);
    });

    own.list?.(l);
  });

  describe('the REST writes', () => {
    it(`POST answers 201 with the message and the ${noun}; PUT and DELETE take the _id or the ${idKey}`, async () => {
      // The first optional field given (as the trimmed example has it), the second left out.
      const [given, blank] = c.optional as [string, string];
      const value = c.trimmed.saved[given];
      const created = await s.rest('POST', path, s.admin.token, {
        [idKey]: 'REST-1',
        name: 'Rest Record',
        [given]: value,
      });
      expect(created.statusCode).toBe(201);
      const { message, [noun]: record } = created.json();
      expect(message).toBe(text.saved);
      expect(record).toMatchObject({
        _id: expect.any(Number),
        [idKey]: 'REST-1',
        name: 'Rest Record',
        [given]: value,
        [blank]: '',
      });
      expect(record).not.toHaveProperty('id');

      const byId = await s.rest('PUT', `${path}/${record._id}`, s.admin.token, {
        [idKey]: 'REST-1',
        name: 'Rest Record 2',
      });
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        message: text.saved,
        [noun]: { name: 'Rest Record 2', [given]: '' },
      });
      const byCode = await s.rest('PUT', `${path}/rest-1`, s.admin.token, {
        [idKey]: 'REST-1',
        name: 'Rest Record 3',
      });
      expect(byCode.json()[noun].name).toBe('Rest Record 3');

      const held = await s.rest('PUT', `${path}/REST-1`, s.staff.token, { [idKey]: 'REST-1', name: 'Nope' });
      expect(held.json()).toEqual(sentForApproval);

      const gone = await s.rest('DELETE', `${path}/rest-1`, s.admin.token);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ message: text.deleted });
      expect(s.rowOf(record._id)).toBeUndefined();
    });
  });

  describe('roles', () => {
    it('lets every role of the menu (admin, owner, manager, staff) use the screen', async () => {
      for (const role of ['owner', 'manager', 'staff'] as const) {
        const { api } = await s.shop.signedIn(role);
        await expect(c.router(api).list({})).resolves.toMatchObject({ page: 1 });
      }
    });

    it('refuses an account without a role (403) and a caller without a token (401)', async () => {
      const none = await s.shop.signedIn(null);
      await expectTrpcError(c.router(none.api).list({}), 'FORBIDDEN', AUTH_TEXT.noRole);
      await expectTrpcError(
        c.router(none.api).add({ [idKey]: 'NONE-1', name: 'None' }),
        'FORBIDDEN',
        AUTH_TEXT.noRole,
      );
      const before = await s.count();
      const body = { [idKey]: 'NONE-2', name: 'N' };
      expect((await s.rest('POST', path, none.accessToken, body)).statusCode).toBe(403);
      expect((await s.rest('GET', path)).statusCode).toBe(401);
      expect((await s.rest('PUT', `${path}/1`, undefined, body)).statusCode).toBe(401);
      expect((await s.rest('DELETE', `${path}/1`)).statusCode).toBe(401);
      expect(await s.count()).toBe(before);
    });
  });

  return s;
}
