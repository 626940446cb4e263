import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { inferRouterInputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { cakesRouter } from '../../server/domains/cakes/router';
import type { inventoryRouter } from '../../server/domains/inventory/router';
import type { salesRouter } from '../../server/domains/sales/router';
import { asSent, bodyOf, call, type Loose } from '../../server/transport/restShapes';
import { SETTINGS_LISTS } from '../../shared/texts/settings';
import { type TestShop, testApp } from '../helpers/app';
import { apiRoutes } from '../helpers/routes';

// The REST adapters (server/**/rest.ts) build each procedure's input as Loose<input>: the
// field names are the procedure's own, checked by tsc (npm test runs it before vitest), the
// values left for the schema. Each @ts-expect-error below is a drift the compiler must catch:
// if Loose stopped checking names, the directive would go unused and tsc would fail.

type Item = Loose<inferRouterInputs<typeof inventoryRouter>['add']>;
type Cake = Loose<inferRouterInputs<typeof cakesRouter>['add']>;
type Checkout = Loose<inferRouterInputs<typeof salesRouter>['checkout']>;

/** Only compiled, never run: what an adapter may and may not write. */
function adapters(
  body: Record<string, unknown>,
  add: (input: { name: string; stock?: number }) => Promise<1>,
) {
  const values: Item = { name: body.name, stock: 'twelve', barcode: 42 };
  // @ts-expect-error a misspelt field name
  const misspelt: Item = { name: body.name, stok: body.stock };
  // @ts-expect-error a required field left out
  const missing: Item = { stock: body.stock };
  const lines: Cake['ingredients'] = [{ itemId: 1, quantity: body.quantity }];
  // @ts-expect-error a misspelt field of a list's element
  const badLine: Cake['ingredients'] = [{ itemId: 1, quantty: body.quantity }];
  // @ts-expect-error an object or a list passed unread must say so with asSent
  const unread: Checkout['lines'] = body.items;
  const sent: Checkout['lines'] = asSent(body.items);
  const called = call(add, { name: body.name, stock: body.stock });
  // @ts-expect-error call checks the names against the procedure's input
  const calledBadly = call(add, { name: body.name, stocks: body.stock });
  return [values, misspelt, missing, lines, badLine, unread, sent, called, calledBadly];
}

const SERVER = join(__dirname, '../../server');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The REST side: every rest.ts, the files beside them named …Rest.ts, and the helpers in transport/restShapes.ts. */
const REST_FILES = filesUnder(SERVER).filter((file) => /(^|\/)(\w*Rest|rest|restShapes)\.ts$/.test(file));

describe('the REST adapters', () => {
  it('are the files this test reads', () => {
    expect(adapters).toBeTypeOf('function');
    const names = REST_FILES.map((file) => relative(SERVER, file));
    expect(names).toEqual(
      expect.arrayContaining([
        'transport/rest.ts',
        'transport/restShapes.ts',
        'domains/contacts/rest.ts',
        'domains/inventory/rest.ts',
        'domains/settings/rest.ts',
        'domains/backup/snapshotRest.ts',
        'domains/shifts/bookRest.ts',
      ]),
    );
  });

  it('never cast an input past its procedure (as never)', () => {
    const casts = REST_FILES.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, n) => (/\bas never\b/.test(line) ? [`${relative(SERVER, file)}:${n + 1}`] : [])),
    );
    expect(casts, 'build the input as Loose<…> and pass it with call()').toEqual([]);
  });

  it('read a body that is not a JSON object as no fields', () => {
    for (const body of [null, undefined, [], [{ name: 'x' }], 'name', 42, true])
      expect(bodyOf(body), JSON.stringify(body)).toEqual({});
    expect(bodyOf({ name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('the settings routes', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await testApp();
  });
  afterAll(() => shop.close());

  it('are one set per list of SETTINGS_LISTS, the cake order rules, and a catch-all', () => {
    const routes = apiRoutes(shop.app)
      .filter((r) => r.url.startsWith('/api/settings') && !['HEAD', 'OPTIONS'].includes(r.method))
      .filter((r) => r.url !== '/api/settings' && r.url !== '/api/settings/*')
      .map((r) => `${r.method} ${r.url}`);
    const expected = SETTINGS_LISTS.flatMap((list) => [
      `GET /api/settings/${list}`,
      `POST /api/settings/${list}`,
      `PUT /api/settings/${list}/:id`,
      `DELETE /api/settings/${list}/:id`,
    ]);
    // Not a list: the shop's cake order rules, read by all, set by admin and owner.
    expected.push('GET /api/settings/orders', 'PUT /api/settings/orders');
    expect(routes.sort()).toEqual(expected.sort());
  });

  it('answer any other path with 404 {error} naming the lists', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/settings/nothing' });
    expect(res.statusCode).toBe(404);
    // Every list by its REST name, in order: "size, category and uom" today.
    const names = `${SETTINGS_LISTS.slice(0, -1).join(', ')} and ${SETTINGS_LISTS.at(-1)}`;
    expect(res.json()).toEqual({
      error: `No such settings route: GET /api/settings/nothing. The lists are ${names}.`,
    });
  });
});
