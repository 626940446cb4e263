import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, cakeSizes, cakes, categories, inventoryItems, units } from '../../server/db/schema';
import { conflictOnConstraint } from '../../server/lib/errors';
import { DEFAULT_SHOP_NAME } from '../../shared/constants';
import { ROLES, type Role } from '../../shared/roles';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { NAME_MAX } from '../../shared/texts/fields';
import { SETTINGS_TEXT } from '../../shared/texts/settings';
import { ADMIN, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// Settings: cake sizes, categories
// and units of measure. Lists are open to every role, changes to admin and owner; names are
// unique case-insensitively (per type for categories); entries in use refuse deletion.

let shop: TestShop;
const tokens = {} as Record<Role | 'none', string>;
beforeAll(async () => {
  shop = await testApp();
  tokens.admin = (await shop.login(ADMIN.email, ADMIN.password)).accessToken;
  for (const role of ROLES.filter((r) => r !== 'admin'))
    tokens[role] = (await shop.signedIn(role)).accessToken;
  tokens.none = (await shop.signedIn(null)).accessToken;
});
afterAll(() => shop.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One REST call; a body is sent as JSON (or as the raw text given) only when present. */
function rest(method: Method, url: string, token: string | undefined, body?: unknown) {
  return shop.app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const asAdmin = (method: Method, url: string, body?: unknown) => rest(method, url, tokens.admin, body);

/** A settings answer that must be refused: its status and its `{error}` text, nothing else. */
async function refused(res: Awaited<ReturnType<typeof rest>>, status: number, error: string): Promise<void> {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
}

const countRows = (table: typeof cakeSizes | typeof units | typeof categories) => shop.db.$count(table);

async function addSize(name: string): Promise<number> {
  const res = await asAdmin('POST', '/api/settings/size', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().record._id;
}

async function addCategory(name: string, type: 'inventory' | 'cake'): Promise<number> {
  const res = await asAdmin('POST', '/api/settings/category', { name, type });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().record._id;
}

async function addUnit(name: string): Promise<number> {
  const res = await asAdmin('POST', '/api/settings/uom', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().record._id;
}

let seq = 0;
/** Inventory items and cakes that point at settings entries (the inventory screen's own work). */
function addItems(n: number, refs: { categoryId?: number; unitId?: number }) {
  for (let i = 0; i < n; i++) {
    seq++;
    shop.db
      .insert(inventoryItems)
      .values({ itemId: `INV-9${String(seq).padStart(5, '0')}`, name: `Item ${seq}`, ...refs })
      .run();
  }
}
function addCakes(n: number, refs: { categoryId?: number; sizeId?: number }) {
  for (let i = 0; i < n; i++) {
    seq++;
    shop.db
      .insert(cakes)
      .values({ cakeId: `CK-9${String(seq).padStart(5, '0')}`, name: `Cake ${seq}`, ...refs })
      .run();
  }
}

describe('the lists', () => {
  it('come with the eight seeded units of measure', async () => {
    const res = await rest('GET', '/api/settings/uom', tokens.staff);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: number; name: string; createdAt: string }[];
    expect(list.map((u) => u.name).sort()).toEqual(
      ['L', 'box', 'g', 'kg', 'mL', 'pack', 'pc', 'tray'].sort(),
    );
    for (const unit of list) {
      expect(unit).toEqual({ _id: expect.any(Number), name: unit.name, createdAt: expect.any(String) });
      expect(Number.isNaN(Date.parse(unit.createdAt))).toBe(false);
    }
  });

  it('answer sizes and categories with _id, name, (type) and createdAt, sorted by name', async () => {
    await addSize('Round 8"');
    await addSize('bento');
    await addCategory('Pastry Tools', 'inventory');
    await addCategory('Birthday', 'cake');
    const sizes = (await rest('GET', '/api/settings/size', tokens.manager)).json();
    const names = sizes.map((s: { name: string }) => s.name);
    expect(names.indexOf('bento')).toBeLessThan(names.indexOf('Round 8"'));
    expect(sizes.find((s: { name: string }) => s.name === 'bento')).toEqual({
      _id: expect.any(Number),
      name: 'bento',
      createdAt: expect.any(String),
    });
    const all = (await rest('GET', '/api/settings/category', tokens.staff)).json();
    expect(all).toEqual(
      expect.arrayContaining([
        { _id: expect.any(Number), name: 'Pastry Tools', type: 'inventory', createdAt: expect.any(String) },
        { _id: expect.any(Number), name: 'Birthday', type: 'cake', createdAt: expect.any(String) },
      ]),
    );
  });

  it('filter categories by ?type=inventory|cake and refuse any other type with 400', async () => {
    await addCategory('Molds', 'inventory');
    await addCategory('Wedding', 'cake');
    const inventory = (await rest('GET', '/api/settings/category?type=inventory', tokens.staff)).json();
    const cake = (await rest('GET', '/api/settings/category?type=cake', tokens.staff)).json();
    expect(inventory.map((c: { name: string }) => c.name)).toContain('Molds');
    expect(inventory.every((c: { type: string }) => c.type === 'inventory')).toBe(true);
    expect(cake.map((c: { name: string }) => c.name)).toContain('Wedding');
    expect(cake.every((c: { type: string }) => c.type === 'cake')).toBe(true);
    const both = (await rest('GET', '/api/settings/category?type=', tokens.staff)).json();
    expect(both.length).toBe(inventory.length + cake.length);
    await refused(
      await rest('GET', '/api/settings/category?type=pastry', tokens.staff),
      400,
      SETTINGS_TEXT.badTypeFilter,
    );
  });
});

describe('who may do what', () => {
  it.each(ROLES)('%s may read every list (the forms need them)', async (role) => {
    for (const list of ['size', 'category', 'uom']) {
      const res = await rest('GET', `/api/settings/${list}`, tokens[role]);
      expect(res.statusCode, `${role} GET ${list}`).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    const api = shop.caller(tokens[role]).settings;
    expect((await api.units.list()).length).toBeGreaterThanOrEqual(8);
    expect(await api.sizes.list()).toEqual(expect.any(Array));
    expect(await api.categories.list({})).toEqual(expect.any(Array));
  });

  it('an account without a role, or no token, reads nothing', async () => {
    await refused(await rest('GET', '/api/settings/uom', tokens.none), 403, AUTH_TEXT.noRole);
    const anonymous = await rest('GET', '/api/settings/size', undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: expect.any(String) });
  });

  it.each(['manager', 'staff'] as const)(
    '%s may not add, edit or delete, and nothing changes',
    async (role) => {
      const sizeId = await addSize(`Guarded ${role}`);
      const before = await Promise.all([countRows(cakeSizes), countRows(categories), countRows(units)]);
      const token = tokens[role];
      const calls: [Method, string, unknown][] = [
        ['POST', '/api/settings/size', { name: 'Sheet' }],
        ['POST', '/api/settings/category', { name: 'Sprinkles', type: 'inventory' }],
        ['POST', '/api/settings/uom', { name: 'sack' }],
        ['PUT', `/api/settings/size/${sizeId}`, { name: 'Renamed' }],
        ['PUT', '/api/settings/uom/1', { name: 'kilo' }],
        ['DELETE', `/api/settings/size/${sizeId}`, undefined],
        ['DELETE', '/api/settings/uom/1', undefined],
      ];
      for (const [method, url, body] of calls) {
        await refused(await rest(method, url, token, body), 403, AUTH_TEXT.forbidden);
      }
      await expectTrpcError(
        shop.caller(token).settings.categories.add({ name: 'Sprinkles', type: 'inventory' }),
        'FORBIDDEN',
        AUTH_TEXT.forbidden,
      );
      expect(await Promise.all([countRows(cakeSizes), countRows(categories), countRows(units)])).toEqual(
        before,
      );
      expect(shop.db.select().from(cakeSizes).where(eq(cakeSizes.id, sizeId)).get()?.name).toBe(
        `Guarded ${role}`,
      );
    },
  );

  it('owner may add, edit and delete', async () => {
    const token = tokens.owner;
    const added = await rest('POST', '/api/settings/uom', token, { name: 'sack' });
    expect(added.statusCode).toBe(201);
    const id = added.json().record._id;
    expect((await rest('PUT', `/api/settings/uom/${id}`, token, { name: 'sacks' })).statusCode).toBe(200);
    expect((await rest('DELETE', `/api/settings/uom/${id}`, token)).statusCode).toBe(200);
  });
});

describe('adding, editing and deleting', () => {
  it('adds a size with a trimmed name, answering 201 with the message and the record, and logs it', async () => {
    const res = await asAdmin('POST', '/api/settings/size', { name: '   6-inch round  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: SETTINGS_TEXT.added('size', '6-inch round'),
      record: { _id: expect.any(Number), name: '6-inch round', createdAt: expect.any(String) },
    });
    const log = shop.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.module, 'Settings'), eq(activityLogs.action, 'Add Cake Size')))
      .all();
    expect(log.map((l) => l.description)).toContain('Added cake size "6-inch round"');
  });

  it('edits a category name and type, answering the message and the record', async () => {
    const id = await addCategory('Toppers', 'inventory');
    const res = await asAdmin('PUT', `/api/settings/category/${id}`, { name: 'Cake Toppers', type: 'cake' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: SETTINGS_TEXT.updated('category', 'Cake Toppers'),
      record: { _id: id, name: 'Cake Toppers', type: 'cake', createdAt: expect.any(String) },
    });
    expect(shop.db.select().from(categories).where(eq(categories.id, id)).get()).toMatchObject({
      name: 'Cake Toppers',
      type: 'cake',
    });
    const log = shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Edit Category')).all();
    expect(log.map((l) => l.description)).toContain(
      'Edited inventory category "Toppers": name "Toppers" to "Cake Toppers", type inventory to cake',
    );
  });

  it('renames a unit and deletes an unused one, through tRPC too', async () => {
    const api = shop.caller(tokens.admin).settings.units;
    const { record } = await api.add({ name: 'dozen' });
    const renamed = await api.update({ id: record.id, name: 'Dozen' });
    expect(renamed.record.name).toBe('Dozen');
    expect(await api.delete({ id: record.id })).toEqual({
      message: SETTINGS_TEXT.deleted('uom', 'Dozen'),
    });
    expect(shop.db.select().from(units).where(eq(units.id, record.id)).get()).toBeUndefined();
    const deletions = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Delete Unit of Measure'))
      .all();
    expect(deletions.map((l) => l.description)).toContain('Deleted unit of measure "Dozen"');
  });

  it('deletes an unused size and category over REST with {message}', async () => {
    const size = await addSize('Mini');
    const category = await addCategory('Seasonal', 'cake');
    const sizeRes = await asAdmin('DELETE', `/api/settings/size/${size}`);
    expect({ status: sizeRes.statusCode, body: sizeRes.json() }).toEqual({
      status: 200,
      body: { message: SETTINGS_TEXT.deleted('size', 'Mini') },
    });
    const catRes = await asAdmin('DELETE', `/api/settings/category/${category}`);
    expect(catRes.json()).toEqual({ message: SETTINGS_TEXT.deleted('category', 'Seasonal') });
    expect(shop.db.select().from(cakeSizes).where(eq(cakeSizes.id, size)).get()).toBeUndefined();
  });
});

describe('every bad input is a 400 with a message, and nothing is written', () => {
  const LISTS = ['size', 'category', 'uom'] as const;
  const withType = (list: string, body: Record<string, unknown>) =>
    list === 'category' ? { type: 'inventory', ...body } : body;

  it.each(LISTS)('%s: a missing, blank or non-text name asks for a name', async (list) => {
    const id =
      list === 'size'
        ? await addSize('Blank test')
        : list === 'uom'
          ? await addUnit('blank-test')
          : await addCategory('Blank test', 'cake');
    const before = await Promise.all([countRows(cakeSizes), countRows(categories), countRows(units)]);
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { name: null }, { name: ['x'] }]) {
      await refused(
        await asAdmin('POST', `/api/settings/${list}`, withType(list, body)),
        400,
        SETTINGS_TEXT.nameRequired,
      );
      await refused(
        await asAdmin('PUT', `/api/settings/${list}/${id}`, withType(list, body)),
        400,
        SETTINGS_TEXT.nameRequired,
      );
    }
    // Bodies that are not an object carry no name either.
    for (const raw of ['null', '[]', '"8 inch"', '7']) {
      await refused(await asAdmin('POST', `/api/settings/${list}`, raw), 400, SETTINGS_TEXT.nameRequired);
    }
    expect(await Promise.all([countRows(cakeSizes), countRows(categories), countRows(units)])).toEqual(
      before,
    );
  });

  it.each(LISTS)('%s: a name over the limit or over two lines is refused', async (list) => {
    await refused(
      await asAdmin('POST', `/api/settings/${list}`, withType(list, { name: 'x'.repeat(NAME_MAX + 1) })),
      400,
      SETTINGS_TEXT.nameTooLong,
    );
    await refused(
      await asAdmin('POST', `/api/settings/${list}`, withType(list, { name: 'two\nlines' })),
      400,
      SETTINGS_TEXT.nameOneLine,
    );
    // Exactly the limit is fine.
    const res = await asAdmin(
      'POST',
      `/api/settings/${list}`,
      withType(list, { name: 'y'.repeat(NAME_MAX) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('a category without a type, or with another type, says to select one', async () => {
    const id = await addCategory('Type test', 'inventory');
    const before = await countRows(categories);
    for (const type of [undefined, '', '  ', 'pastry', 7, null]) {
      await refused(
        await asAdmin('POST', '/api/settings/category', { name: 'Frosting', type }),
        400,
        SETTINGS_TEXT.typeRequired,
      );
      await refused(
        await asAdmin('PUT', `/api/settings/category/${id}`, { name: 'Frosting', type }),
        400,
        SETTINGS_TEXT.typeRequired,
      );
    }
    expect(await countRows(categories)).toBe(before);
    // Case and spaces around a valid type do not matter.
    const res = await asAdmin('POST', '/api/settings/category', { name: 'Frosting', type: ' Cake ' });
    expect(res.json().record.type).toBe('cake');
  });

  it('an id that is not a positive whole number is 400; an unknown id is 404', async () => {
    for (const list of LISTS) {
      for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
        await refused(
          await asAdmin('PUT', `/api/settings/${list}/${id}`, withType(list, { name: 'Anything' })),
          400,
          SETTINGS_TEXT.badId,
        );
        await refused(await asAdmin('DELETE', `/api/settings/${list}/${id}`), 400, SETTINGS_TEXT.badId);
      }
      await refused(
        await asAdmin('PUT', `/api/settings/${list}/987654`, withType(list, { name: 'Anything' })),
        404,
        SETTINGS_TEXT.notFound(list),
      );
      await refused(
        await asAdmin('DELETE', `/api/settings/${list}/987654`),
        404,
        SETTINGS_TEXT.notFound(list),
      );
    }
    await expectTrpcError(
      shop.caller(tokens.admin).settings.sizes.delete({ id: 987654 }),
      'NOT_FOUND',
      SETTINGS_TEXT.notFound('size'),
    );
  });

  it('malformed JSON is 400 and an unknown settings route is 404, both as {error}', async () => {
    const broken = await asAdmin('POST', '/api/settings/size', '{"name": "8 inch", ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: expect.any(String) });
    const unknown = await asAdmin('GET', '/api/settings/no-such-list');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.stringContaining('/api/settings/no-such-list') });
  });

  it('a refused change writes no activity-log row', async () => {
    const before = await shop.db.$count(activityLogs);
    await asAdmin('POST', '/api/settings/size', { name: '' });
    await asAdmin('POST', '/api/settings/uom', { name: 'KG' });
    await asAdmin('DELETE', '/api/settings/size/987654');
    expect(await shop.db.$count(activityLogs)).toBe(before);
  });
});

describe('names are unique, case-insensitively', () => {
  it('refuses a second size or unit of the same name in any case, with 409', async () => {
    await addSize('Square 10"');
    for (const name of ['square 10"', '  SQUARE 10"  ']) {
      await refused(
        await asAdmin('POST', '/api/settings/size', { name }),
        409,
        SETTINGS_TEXT.duplicate('size', name.trim()),
      );
    }
    // kg is seeded.
    await refused(
      await asAdmin('POST', '/api/settings/uom', { name: 'KG' }),
      409,
      SETTINGS_TEXT.duplicate('uom', 'KG'),
    );
    expect(
      shop.db
        .select()
        .from(units)
        .all()
        .filter((u) => u.name.toLowerCase() === 'kg'),
    ).toHaveLength(1);
  });

  it('keeps category names unique within their type only', async () => {
    await addCategory('Chocolate', 'inventory');
    await refused(
      await asAdmin('POST', '/api/settings/category', { name: 'CHOCOLATE', type: 'inventory' }),
      409,
      SETTINGS_TEXT.duplicate('category', 'CHOCOLATE', 'inventory'),
    );
    // The same name as a cake category is another entry.
    const cake = await asAdmin('POST', '/api/settings/category', { name: 'chocolate', type: 'cake' });
    expect(cake.statusCode).toBe(201);
    // Moving one onto the other's type clashes.
    await refused(
      await asAdmin('PUT', `/api/settings/category/${cake.json().record._id}`, {
        name: 'Chocolate',
        type: 'inventory',
      }),
      409,
      SETTINGS_TEXT.duplicate('category', 'Chocolate', 'inventory'),
    );
  });

  it('refuses renaming onto another entry, but lets an entry change its own case', async () => {
    const a = await addSize('Tier 2');
    await addSize('Tier 3');
    await refused(
      await asAdmin('PUT', `/api/settings/size/${a}`, { name: 'tier 3' }),
      409,
      SETTINGS_TEXT.duplicate('size', 'tier 3'),
    );
    const own = await asAdmin('PUT', `/api/settings/size/${a}`, { name: 'TIER 2' });
    expect(own.statusCode).toBe(200);
    expect(own.json().record.name).toBe('TIER 2');
    await expectTrpcError(
      shop.caller(tokens.admin).settings.units.update({ id: 2, name: 'Kg' }),
      'CONFLICT',
      SETTINGS_TEXT.duplicate('uom', 'Kg'),
    );
  });
});

describe('entries in use cannot be deleted', () => {
  it('a unit used by 3 items answers 409 with the count and stays', async () => {
    const unit = await addUnit('jar');
    addItems(3, { unitId: unit });
    await refused(
      await asAdmin('DELETE', `/api/settings/uom/${unit}`),
      409,
      'Cannot delete "jar": 3 items use it.',
    );
    expect(SETTINGS_TEXT.inUse('jar', { items: 3, cakes: 0 })).toBe('Cannot delete "jar": 3 items use it.');
    expect(shop.db.select().from(units).where(eq(units.id, unit)).get()?.name).toBe('jar');
  });

  it('a size used by one cake says so; once the cake goes, the size can go', async () => {
    const size = await addSize('Half sheet');
    addCakes(1, { sizeId: size });
    await refused(
      await asAdmin('DELETE', `/api/settings/size/${size}`),
      409,
      'Cannot delete "Half sheet": 1 cake uses it.',
    );
    shop.db.delete(cakes).where(eq(cakes.sizeId, size)).run();
    expect((await asAdmin('DELETE', `/api/settings/size/${size}`)).statusCode).toBe(200);
  });

  it('a category counts both the items and the cakes that use it', async () => {
    const category = await addCategory('Flour', 'inventory');
    addItems(2, { categoryId: category });
    addCakes(1, { categoryId: category });
    await refused(
      await asAdmin('DELETE', `/api/settings/category/${category}`),
      409,
      'Cannot delete "Flour": 2 items and 1 cake use it.',
    );
    await expectTrpcError(
      shop.caller(tokens.owner).settings.categories.delete({ id: category }),
      'CONFLICT',
      'Cannot delete "Flour": 2 items and 1 cake use it.',
    );
    expect(shop.db.select().from(categories).where(eq(categories.id, category)).get()).toBeDefined();
  });

  it('a category in use keeps its type but may be renamed', async () => {
    const category = await addCategory('Sugar', 'inventory');
    addItems(4, { categoryId: category });
    await refused(
      await asAdmin('PUT', `/api/settings/category/${category}`, { name: 'Sugar', type: 'cake' }),
      409,
      'Cannot change the type of "Sugar": 4 items use it.',
    );
    const renamed = await asAdmin('PUT', `/api/settings/category/${category}`, {
      name: 'Sugars',
      type: 'inventory',
    });
    expect(renamed.statusCode).toBe(200);
    expect(shop.db.select().from(categories).where(eq(categories.id, category)).get()).toMatchObject({
      name: 'Sugars',
      type: 'inventory',
    });
  });
});

describe('the shop profile', () => {
  it('is public and carries the default name and a blank BIR permit number until set', async () => {
    const profile = await shop.caller().settings.shopProfile();
    expect(profile).toEqual({
      businessName: DEFAULT_SHOP_NAME,
      address: '',
      contact: '',
      tin: '',
      birPermitNumber: '',
    });
  });
});

describe('conflictOnConstraint: the indexes behind the service checks', () => {
  // A writer the service's own checks cannot see (another process, a hand-run script) is
  // still refused by the unique index or the foreign key: 409 with the message, never 500.
  const duplicate = () => 'That name is taken.';
  const stillUsed = () => 'That entry is in use.';

  it('answers a unique index refusal as 409 with the duplicate message', () => {
    shop.db.insert(units).values({ name: 'crate' }).run();
    const again = () =>
      conflictOnConstraint(() => shop.db.insert(units).values({ name: 'crate' }).run(), duplicate, stillUsed);
    expect(again).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'That name is taken.' }));
    expect(shop.db.select().from(units).where(eq(units.name, 'crate')).all()).toHaveLength(1);
  });

  it('answers a foreign key refusal as 409 with the in-use message, and lets other errors through', () => {
    const tin = shop.db.insert(units).values({ name: 'tin' }).returning().get();
    shop.db.insert(inventoryItems).values({ itemId: 'INV-FK-1', name: 'Tinned Cream', unitId: tin.id }).run();
    const remove = () =>
      conflictOnConstraint(
        () => shop.db.delete(units).where(eq(units.id, tin.id)).run(),
        duplicate,
        stillUsed,
      );
    expect(remove).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'That entry is in use.' }));
    expect(shop.db.select().from(units).where(eq(units.id, tin.id)).get()).toBeDefined();
    const broken = new Error('disk I/O error');
    expect(() =>
      conflictOnConstraint(
        () => {
          throw broken;
        },
        duplicate,
        stillUsed,
      ),
    ).toThrow(broken);
  });
});
