import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakes,
  customers,
  inventoryItems,
  passwordResetRequests,
  purchaseOrderLines,
  purchaseOrders,
  registrationRequests,
  sales,
  shiftCash,
  shifts,
  suppliers,
  users,
} from '../../server/db/schema';
import { ACCESS, type AccessRule, can, ROLES, type Role, rankOf } from '../../shared/roles';
import { ACCOUNT_TEXT } from '../../shared/texts/accounts';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { AUTH_TEXT, REQUEST_TEXT } from '../../shared/texts/auth';
import { SETTINGS_LISTS } from '../../shared/texts/settings';
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { ADMIN, type Session, type TestShop, testApp } from '../helpers/app';
import {
  PROCEDURE_EXCEPTIONS,
  procedureRule,
  REST_WITHOUT_PROCEDURE,
  ROUTER_ACCESS,
  type RouteAccess,
} from '../helpers/authzTable';
import { takeOrder } from '../helpers/cakeOrders';
import { expectTrpcError } from '../helpers/errors';
import { type Method, rest } from '../helpers/rest';
import { apiRoutes, PROCEDURES, type ProcedureCall, procedureCalls, urlOf } from '../helpers/routes';

// The authorisation matrix: every REST route and every tRPC procedure, called over HTTP
// by anonymous, an account with no role yet, staff, manager, owner and admin, must answer
// as tests/helpers/authzTable.ts and shared/roles.ts say. A REST route answers under the
// rule of the procedure it is seen to call (the table lists only the routes that call none). Then the records that belong to
// one user (a cashier's shift, an account, a reset request, a staff's held change, a
// session) are tried by others: refused, and the row read back unchanged.

// Built before the tests are collected: the app's own routes are the cases.
const shop: TestShop = await testApp();
const ROUTES = apiRoutes(shop.app).map((r) => `${r.method} ${r.url}`);

/** Who calls: `role` undefined is anonymous, null an approved account with no role yet. */
interface Caller {
  who: string;
  role: Role | null | undefined;
  token?: string;
}
const callers: Caller[] = [];
const signedIn: Partial<Record<Role, Session>> = {};

/** Records the placeholder ids point at, so allowed calls get past validation. */
const ids = {
  /** One entry of each settings list, by its name in the REST path. */
  lists: {} as Record<string, number>,
  supplier: 0,
  customer: 0,
  item: 0,
  cake: 0,
  sale: 0,
  shift: 0,
  held: 0,
  registration: 0,
  reset: 0,
  bystander: 0,
  purchaseOrder: 0,
  cakeOrder: 0,
};

beforeAll(async () => {
  callers.push({ who: 'anonymous', role: undefined });
  callers.push({ who: 'no role', role: null, token: (await shop.signedIn(null)).accessToken });
  for (const role of ROLES) {
    const session = await shop.signedIn(role);
    signedIn[role] = session;
    callers.push({ who: role, role, token: session.accessToken });
  }

  const db = shop.db;
  for (const list of SETTINGS_LISTS) {
    const entry = { name: `Matrix ${list}`, type: 'inventory' };
    const res = await rest(shop, 'POST', `/api/settings/${list}`, signedIn.admin!.accessToken, entry);
    ids.lists[list] = res.json().record._id;
  }
  ids.supplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-M1', name: 'Matrix Mill' })
    .returning()
    .get().id;
  ids.customer = db
    .insert(customers)
    .values({ customerId: 'CUST-M1', name: 'Matrix Buyer' })
    .returning()
    .get().id;
  ids.item = db
    .insert(inventoryItems)
    .values({ itemId: 'INV-M1', name: 'Matrix Flour', stock: 100_000, unitPrice: 5000 })
    .returning()
    .get().id;
  // A Draft of its own supplier and item, so deleting the matrix's supplier and item stays possible.
  const poSupplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-M2', name: 'Matrix Dairy' })
    .returning()
    .get();
  const poItem = db
    .insert(inventoryItems)
    .values({ itemId: 'INV-M2', name: 'Matrix Butter' })
    .returning()
    .get();
  ids.purchaseOrder = db
    .insert(purchaseOrders)
    .values({ poNumber: 'PO-000001', supplierId: poSupplier.id })
    .returning()
    .get().id;
  db.insert(purchaseOrderLines)
    .values({ purchaseOrderId: ids.purchaseOrder, itemId: poItem.id, quantity: 1000, unitCost: 5000 })
    .run();
  ids.cake = db
    .insert(cakes)
    .values({ cakeId: 'CK-M1', name: 'Matrix Cake', stock: 10, price: 90000 })
    .returning()
    .get().id;

  // A cashier of their own: a shift, a sale and a held change that are theirs.
  const clerk = await shop.signedIn('staff');
  ids.shift = (await clerk.api.shifts.open({ openingCash: 0 })).shift.id;
  ids.sale = (await sell(clerk)).sale.id;
  await clerk.api.customers.update({ id: ids.customer, customerId: 'CUST-M1', name: 'Renamed' } as never);
  ids.held = db.select().from(actionRequests).get()!.id;
  ids.cakeOrder = (await takeOrder(clerk)).order.id;

  const bystander = await shop.addUser('staff');
  ids.bystander = bystander.id;
  ids.registration = db
    .insert(registrationRequests)
    .values({ email: 'matrix-applicant@bakeshop.test', passwordHash: 'x' })
    .returning()
    .get().id;
  ids.reset = db
    .insert(passwordResetRequests)
    .values({ email: bystander.email, userId: bystander.id })
    .returning()
    .get().id;

  // Which procedure each REST route calls, seen on an anonymous call (refused, so it writes nothing).
  for (const route of ROUTES) seen(route, (await procedureCalls(() => overRest(route)))[1]);
});
afterAll(() => shop.close());

/** A cash sale of one of `item` (the Matrix Flour unless told). */
function sell(s: Session, item = ids.item) {
  return s.api.sales.checkout({
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    lines: [{ kind: 'item', id: item, quantity: 1 }],
  } as never);
}

// ---- What a caller is told, in the matrix's words ----------------------------------

/** What the table says this caller must get: refused by sign-in or role, or let through. */
function expected(access: RouteAccess, caller: Caller): string {
  if (access === 'notFound') return 'not found';
  if (access === 'public') return 'passes';
  if (caller.role === undefined) return 'sign in';
  if (access === 'signedIn' || access === 'passwordReset') return 'passes';
  if (caller.role === null) return 'no role';
  return can(caller.role, access) ? 'passes' : 'forbidden';
}

/** What the app did. A 400/404/409 or a 403 of a service rule (not yours, outranked) passed the role check. */
function outcome(res: LightMyRequestResponse, access: RouteAccess): string {
  const status = res.statusCode;
  const message = messageOf(res);
  if (access === 'notFound' && status === 404) return 'not found';
  if (status === 401) return 'sign in';
  if (status === 403 && message === AUTH_TEXT.noRole) return 'no role';
  if (status === 403 && message === AUTH_TEXT.forbidden) return 'forbidden';
  // A server failure never counts as passing; nor does anything but 404 on a catch-all.
  if (status >= 500 || access === 'notFound') return `${status}: ${message}`;
  return 'passes';
}

/** The message of an error answer: REST {message}, settings {error}, tRPC {error: {json: {message}}}. */
function messageOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  try {
    const body = res.json();
    return body?.error?.json?.message ?? body?.message ?? body?.error;
  } catch {
    return res.body;
  }
}

// ---- The placeholders --------------------------------------------------------------

/** Which record a route's `:id` names, by the start of its URL. */
const ID_OF: [prefix: string, id: () => number][] = [
  ['/api/request/', () => ids.registration],
  ['/api/resetRequest/', () => ids.reset],
  ['/api/user/', () => ids.bystander],
  ['/api/actionRequest/', () => ids.held],
  ['/api/suppliers/', () => ids.supplier],
  ['/api/customers/', () => ids.customer],
  ['/api/inventory/', () => ids.item],
  ['/api/pricing/', () => ids.item],
  ['/api/cake/', () => ids.cake],
  ['/api/sales/', () => ids.sale],
  ['/api/shifts/', () => ids.shift],
  ['/api/purchase-orders/', () => ids.purchaseOrder],
  ['/api/cake-orders/', () => ids.cakeOrder],
  // The terminal every shop starts with, and its printer.
  ['/api/terminals/', () => 1],
  ['/api/printers/', () => 1],
  ...SETTINGS_LISTS.map((list): [string, () => number] => [`/api/settings/${list}/`, () => ids.lists[list]!]),
];

function fill(url: string, param: string): string {
  if (param === '*') return 'nothing-here';
  if (param === 'area') return 'inventory';
  if (param === 'kind') return 'item';
  // A supplier's business id: the Draft's supplier, whose unstocked butter is suggested.
  if (param === 'supplierId') return 'SUP-M2';
  const match = ID_OF.find(([prefix]) => url.startsWith(prefix));
  if (!match) throw new Error(`${url}: say which record its :${param} names (ID_OF)`);
  return String(match[1]());
}

/**
 * A procedure's input where more than the record its REST twin names is needed. The others
 * that take an id get the one their twin's `:id` was filled with (ID_OF), as seen below.
 */
const INPUT_OF: Record<string, () => unknown> = {
  'shifts.cash': () => ({ id: ids.shift, type: 'in', amount: 100, reason: 'matrix' }),
  'pricing.setPrice': () => ({ kind: 'item', id: ids.item, price: 6000 }),
  'reorder.draft': () => ({ supplierId: 'SUP-M2' }),
};

// ---- Which procedure a REST route calls ---------------------------------------------

/** The procedure each REST route was seen to call. */
const twinOf = new Map<string, string>();
/** The record a procedure's REST twin named, as that procedure's input over /trpc. */
const idInput = new Map<string, { id: unknown }>();

/** Notes the procedures `route` was seen calling; it must call one only. */
function seen(route: string, calls: ProcedureCall[]) {
  for (const { path, input } of calls) {
    const twin = twinOf.get(route);
    if (twin && twin !== path && procedureRule(twin, typeOf(twin)) !== procedureRule(path, typeOf(path)))
      throw new Error(`${route} calls both ${twin} and ${path}, under different rules`);
    if (!twin) twinOf.set(route, path);
    const id = (input as { id?: unknown } | undefined)?.id;
    // REST hands the id over as the path's text; /trpc clients send a number.
    const asSent = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    if (route.includes('/:id') && id !== undefined && !idInput.has(path)) idInput.set(path, { id: asSent });
  }
}

const typeOf = (path: string) => PROCEDURES.find((p) => p.path === path)?.type ?? 'query';

/** The rule `route` must answer under: its procedure's, or the one listed for a route that calls none. */
function routeRule(route: string): RouteAccess {
  const twin = twinOf.get(route);
  const listed = REST_WITHOUT_PROCEDURE[route];
  if (listed && twin)
    throw new Error(
      `${route} calls ${twin}: take it out of REST_WITHOUT_PROCEDURE in tests/helpers/authzTable.ts`,
    );
  if (listed) return listed;
  if (!twin)
    throw new Error(
      `${route} was not seen calling a procedure of the app router: give its rule in REST_WITHOUT_PROCEDURE (tests/helpers/authzTable.ts), or its :param a record in ID_OF`,
    );
  const rule = procedureRule(twin, typeOf(twin));
  if (!rule) throw new Error(`${route} calls ${twin}, whose router has no rule in ROUTER_ACCESS`);
  return rule;
}

/** A procedure over /trpc as a client sends it: superjson, GET ?input= for queries, POST for mutations. */
function overTrpc(path: string, type: string, input: unknown, token?: string) {
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return shop.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers: auth });
  }
  return shop.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  });
}

/** A REST route as a client calls it: a JSON object body (or `body`) where the method carries one (QUERY must). */
function overRest(key: string, token?: string, body = '{}') {
  const [method, url] = key.split(' ') as [string, string];
  const filled = urlOf({ method, url }, (param) => fill(url, param));
  const withBody = ['POST', 'PUT', 'PATCH', 'QUERY'].includes(method);
  return shop.app.inject({
    method: method as 'GET',
    url: filled,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    payload: withBody ? body : undefined,
  });
}

// ---- The table against the app -----------------------------------------------------

const TABLE_RULES = new Set<string>([...Object.keys(ACCESS), 'public', 'signedIn', 'passwordReset']);

describe('the authorisation table', () => {
  it('lists as calling no procedure only REST routes of the app', () => {
    const gone = Object.keys(REST_WITHOUT_PROCEDURE).filter((route) => !ROUTES.includes(route));
    expect(gone, 'take these out of REST_WITHOUT_PROCEDURE in tests/helpers/authzTable.ts').toEqual([]);
  });

  it('gives every router of the app a rule, and names only procedures of the app as exceptions', () => {
    const routers = new Set(PROCEDURES.map((p) => p.path.split('.')[0]));
    const ruleless = [...routers].filter(
      (r) =>
        !(r! in ROUTER_ACCESS) &&
        PROCEDURES.some((p) => p.path.startsWith(`${r}.`) && !(p.path in PROCEDURE_EXCEPTIONS)),
    );
    expect(ruleless, 'give these routers a rule in ROUTER_ACCESS (tests/helpers/authzTable.ts)').toEqual([]);
    expect(
      Object.keys(ROUTER_ACCESS).filter((r) => !routers.has(r)),
      'routers that are gone',
    ).toEqual([]);
    const paths = PROCEDURES.map((p) => p.path);
    expect(
      Object.keys(PROCEDURE_EXCEPTIONS).filter((p) => !paths.includes(p)),
      'exceptions that are gone',
    ).toEqual([]);
  });

  it('uses only the rules of shared/roles.ts', () => {
    const named = [
      ...Object.values(REST_WITHOUT_PROCEDURE),
      ...Object.values(ROUTER_ACCESS).flatMap((rule) =>
        typeof rule === 'object' ? Object.values(rule) : [rule],
      ),
      ...Object.values(PROCEDURE_EXCEPTIONS),
    ];
    expect(named.filter((rule) => rule !== 'notFound' && !TABLE_RULES.has(rule))).toEqual([]);
  });

  it('is what each procedure declares', () => {
    const declared = Object.fromEntries(PROCEDURES.map((p) => [p.path, p.access]));
    const table = Object.fromEntries(PROCEDURES.map((p) => [p.path, procedureRule(p.path, p.type)]));
    expect(declared, 'a procedure declares another rule than tests/helpers/authzTable.ts gives it').toEqual(
      table,
    );
  });

  it('finds the procedure of every REST route, or lists the route as calling none', () => {
    const unknown = ROUTES.filter((route) => !twinOf.has(route) && !(route in REST_WITHOUT_PROCEDURE));
    expect(unknown, 'give these a rule in REST_WITHOUT_PROCEDURE (tests/helpers/authzTable.ts)').toEqual([]);
  });
});

// ---- Every route and procedure, as every caller -------------------------------------

/** Calls `route` as each caller, noting the procedure it reaches, and answers what each got. */
async function asEachCaller(route: string, body?: string) {
  const answers: [Caller, LightMyRequestResponse][] = [];
  for (const caller of callers) {
    const [res, calls] = await procedureCalls(() => overRest(route, caller.token, body));
    seen(route, calls);
    answers.push([caller, res]);
  }
  const access = routeRule(route);
  const want: Record<string, string> = {};
  const got: Record<string, string> = {};
  for (const [caller, res] of answers) {
    want[caller.who] = expected(access, caller);
    got[caller.who] = outcome(res, access);
  }
  return { want, got };
}

describe('every REST route, as each caller', () => {
  it.each(ROUTES)('%s', async (route) => {
    const { want, got } = await asEachCaller(route);
    expect(got).toEqual(want);
  });

  // Found by this matrix: routes that translate their body (server/transport/restShapes.ts bodyOf) used to
  // refuse a body that is not a JSON object (400) before the procedure checked the caller.
  // server/trpc/procedures.ts admitTo checks the caller first on those routes.
  const withBody = ROUTES.filter((route) => /^(POST|PUT|PATCH) /.test(route));
  it.each(withBody)('%s with a body that is not a JSON object', async (route) => {
    const { want, got } = await asEachCaller(route, '[1]');
    expect(got).toEqual(want);
  });
});

describe('every tRPC procedure over /trpc, as each caller', () => {
  it.each(PROCEDURES.map((p) => [p.path, p.type] as const))('%s', async (path, type) => {
    const access = procedureRule(path, type);
    if (!access)
      throw new Error(`${path}: its router has no rule in ROUTER_ACCESS (tests/helpers/authzTable.ts)`);
    const input = INPUT_OF[path]?.() ?? idInput.get(path);
    const want: Record<string, string> = {};
    const got: Record<string, string> = {};
    for (const caller of callers) {
      const res = await overTrpc(path, type, input, caller.token);
      want[caller.who] = expected(access, caller);
      got[caller.who] = outcome(res, access);
    }
    expect(got).toEqual(want);
  });
});

// ---- Records that belong to someone -------------------------------------------------

type Res = LightMyRequestResponse;

/** One call refused through both twins with 403 and this message. */
async function refusedBoth(viaTrpc: () => Promise<unknown>, viaRest: () => Promise<Res>, message: string) {
  await expectTrpcError(viaTrpc(), 'FORBIDDEN', message);
  const res = await viaRest();
  expect(res.statusCode, res.body).toBe(403);
  expect(messageOf(res)).toBe(message);
}

const userRow = (id: number) => shop.db.select().from(users).where(eq(users.id, id)).get()!;
const tokenOf = (role: Role) => signedIn[role]!.accessToken;
const apiOf = (role: Role) => signedIn[role]!.api;
const rolesWith = (rule: AccessRule) => ROLES.filter((r) => can(r, rule));

describe("a cashier's shift", () => {
  const shiftRow = (id: number) => shop.db.select().from(shifts).where(eq(shifts.id, id)).get()!;
  const cashRows = (id: number) => shop.db.$count(shiftCash, eq(shiftCash.shiftId, id));
  const cashIn = { type: 'in', amount: 1000, reason: 'coins from the bank' } as const;

  it('is read and topped up by its cashier and the roles that oversee shifts, no one else', async () => {
    const cashier = await shop.signedIn('staff');
    const { shift } = await cashier.api.shifts.open({ openingCash: 50000 });
    await expect(cashier.api.shifts.reading({ id: shift.id })).resolves.toMatchObject({ shiftId: shift.id });
    for (const role of ROLES) {
      const reading = () => rest(shop, 'GET', `/api/shifts/${shift.id}/reading`, tokenOf(role));
      const cash = () =>
        rest(shop, 'POST', `/api/shifts/${shift.id}/cash`, tokenOf(role), { ...cashIn, amount: 10 });
      const before = await cashRows(shift.id);
      if (can(role, 'shiftsOversee')) {
        await expect(apiOf(role).shifts.reading({ id: shift.id })).resolves.toMatchObject({
          shiftId: shift.id,
        });
        expect((await reading()).statusCode).toBe(200);
        await apiOf(role).shifts.cash({ id: shift.id, ...cashIn });
        expect((await cash()).statusCode).toBe(200);
        expect(await cashRows(shift.id)).toBe(before + 2);
      } else {
        await refusedBoth(() => apiOf(role).shifts.reading({ id: shift.id }), reading, SHIFT_TEXT.notYours);
        await refusedBoth(
          () => apiOf(role).shifts.cash({ id: shift.id, ...cashIn }),
          cash,
          SHIFT_TEXT.notYours,
        );
        expect(await cashRows(shift.id)).toBe(before);
      }
    }
  });

  it("is in another's list of shifts only for the roles that oversee shifts", async () => {
    const cashier = await shop.signedIn('staff');
    const { shift } = await cashier.api.shifts.open({ openingCash: 0 });
    for (const role of ROLES) {
      const viaTrpc = (await apiOf(role).shifts.list({})).map((r) => r.shiftId);
      const viaRest = (await rest(shop, 'GET', '/api/shifts', tokenOf(role))).json() as { shiftId: number }[];
      const sees = can(role, 'shiftsOversee');
      expect(viaTrpc.includes(shift.id), `${role} over tRPC`).toBe(sees);
      expect(
        viaRest.some((r) => r.shiftId === shift.id),
        `${role} over REST`,
      ).toBe(sees);
    }
  });

  it('is closed by its cashier or a role that oversees shifts; a refused close leaves it open', async () => {
    const cashier = await shop.signedIn('staff');
    for (const role of ROLES) {
      const { shift } = await cashier.api.shifts.open({ openingCash: 0 });
      const close = () =>
        rest(shop, 'POST', `/api/shifts/${shift.id}/close`, tokenOf(role), { countedCash: 0 });
      if (can(role, 'shiftsOversee')) {
        expect((await close()).statusCode).toBe(200);
        expect(shiftRow(shift.id).closedAt).not.toBeNull();
        const next = (await cashier.api.shifts.open({ openingCash: 0 })).shift;
        await apiOf(role).shifts.close({ id: next.id, countedCash: 0 });
        expect(shiftRow(next.id).closedAt).not.toBeNull();
      } else {
        const before = shiftRow(shift.id);
        await refusedBoth(
          () => apiOf(role).shifts.close({ id: shift.id, countedCash: 0 }),
          close,
          SHIFT_TEXT.notYours,
        );
        expect(shiftRow(shift.id)).toEqual(before);
        await cashier.api.shifts.close({ id: shift.id, countedCash: 0 });
      }
    }
  });
});

describe('accounts', () => {
  const managers = rolesWith('userManagement');
  /** One account of each rank, roleless included, for the managers to try. */
  const targets: { label: string; id: number; role: Role | null }[] = [];
  beforeAll(async () => {
    for (const role of [...ROLES, null]) {
      const user = await shop.addUser(role);
      targets.push({ label: role ?? 'no role', id: user.id, role });
    }
  });

  it("are edited, deactivated and reactivated only below the actor's rank", async () => {
    for (const actor of managers) {
      for (const target of targets) {
        const before = userRow(target.id);
        const below = rankOf(target.role) < rankOf(actor);
        // Refused ones are offered no role at all, so the refusal is about the account, not the role.
        const role = below ? before.role : null;
        const edit = { id: target.id, username: `${before.username}x`, email: before.email, role };
        const editRest = (username: string) =>
          rest(shop, 'PUT', `/api/user/update/${target.id}`, tokenOf(actor), { ...edit, username });
        const status = (method: Method, verb: string) =>
          rest(shop, method, `/api/user/${verb}/${target.id}`, tokenOf(actor));
        if (below) {
          await apiOf(actor).users.update(edit);
          expect(userRow(target.id).username).toBe(edit.username);
          expect((await editRest(before.username)).statusCode).toBe(200);
          await apiOf(actor).users.deactivate({ id: target.id });
          expect(userRow(target.id).status).toBe('deactivated');
          expect((await status('POST', 'reactivate')).statusCode).toBe(200);
          expect((await status('PUT', 'deactivate')).statusCode).toBe(200);
          await apiOf(actor).users.reactivate({ id: target.id });
          expect(userRow(target.id)).toMatchObject({ username: before.username, status: 'active' });
        } else {
          const outranked = ACCOUNT_TEXT.outranked;
          await refusedBoth(
            () => apiOf(actor).users.update(edit),
            () => editRest(edit.username),
            outranked,
          );
          await refusedBoth(
            () => apiOf(actor).users.deactivate({ id: target.id }),
            () => status('PUT', 'deactivate'),
            outranked,
          );
          await refusedBoth(
            () => apiOf(actor).users.reactivate({ id: target.id }),
            () => status('POST', 'reactivate'),
            outranked,
          );
          expect(userRow(target.id), `${actor} on ${target.label}`).toEqual(before);
        }
      }
    }
  });

  it("get only roles below the actor's own", async () => {
    const target = targets.find((t) => t.role === null)!;
    for (const actor of managers) {
      for (const role of ROLES) {
        const before = userRow(target.id);
        const edit = { id: target.id, username: before.username, email: before.email, role };
        if (rankOf(role) < rankOf(actor)) {
          await apiOf(actor).users.update(edit);
          expect(userRow(target.id).role).toBe(role);
          const back = await rest(shop, 'PUT', `/api/user/update/${target.id}`, tokenOf(actor), {
            ...edit,
            role: null,
          });
          expect(back.statusCode).toBe(200);
          expect(userRow(target.id).role).toBeNull();
        } else {
          await refusedBoth(
            () => apiOf(actor).users.update(edit),
            () => rest(shop, 'PUT', `/api/user/update/${target.id}`, tokenOf(actor), edit),
            ACCOUNT_TEXT.roleTooHigh,
          );
          expect(userRow(target.id)).toEqual(before);
        }
      }
    }
  });

  it('are never their own user’s to edit or deactivate', async () => {
    for (const actor of managers) {
      const me = signedIn[actor]!.user.id;
      const before = userRow(me);
      const edit = { id: me, username: `${before.username}x`, email: before.email, role: null };
      await refusedBoth(
        () => apiOf(actor).users.update(edit),
        () => rest(shop, 'PUT', `/api/user/update/${me}`, tokenOf(actor), edit),
        ACCOUNT_TEXT.outranked,
      );
      await refusedBoth(
        () => apiOf(actor).users.deactivate({ id: me }),
        () => rest(shop, 'PUT', `/api/user/deactivate/${me}`, tokenOf(actor)),
        ACCOUNT_TEXT.notYourself,
      );
      expect(userRow(me)).toEqual(before);
    }
  });

  it('leave the system account alone, for every admin and for the system admin itself', async () => {
    const system = await shop.adminSession();
    const id = system.user.id;
    const before = userRow(id);
    // A role below every manager, so the refusal is about the account, not the role given.
    const edit = { id, username: 'taken-over', email: before.email, role: 'staff' as const };
    const actors = [...managers.map((role) => signedIn[role]!), system];
    for (const actor of actors) {
      await refusedBoth(
        () => actor.api.users.update(edit),
        () => rest(shop, 'PUT', `/api/user/update/${id}`, actor.accessToken, edit),
        ACCOUNT_TEXT.systemUntouchable,
      );
      await refusedBoth(
        () => actor.api.users.deactivate({ id }),
        () => rest(shop, 'PUT', `/api/user/deactivate/${id}`, actor.accessToken),
        actor === system ? ACCOUNT_TEXT.notYourself : ACCOUNT_TEXT.systemUntouchable,
      );
    }
    expect(userRow(id)).toEqual(before);
    expect(before.email).toBe(ADMIN.email);
  });
});

describe('password resets', () => {
  const reviewers = rolesWith('reviewPasswordResets');
  const requestRow = (id: number) =>
    shop.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.id, id)).get()!;
  const pending = (user: { id: number; email: string }) =>
    shop.db.insert(passwordResetRequests).values({ email: user.email, userId: user.id }).returning().get().id;

  it('are approved only for accounts below the reviewer (and by an admin for an admin), never the system account', async () => {
    const system = userRow((await shop.adminSession()).user.id);
    const accounts = [system];
    for (const role of [...ROLES, null]) accounts.push(await shop.addUser(role));
    for (const reviewer of reviewers) {
      for (const account of accounts) {
        const isSystem = account.id === system.id;
        const below = rankOf(account.role) < rankOf(reviewer);
        const allowed = !isSystem && (below || (account.role === 'admin' && reviewer === 'admin'));
        const [first, second] = [pending(account), pending(account)];
        const viaRest = () => rest(shop, 'PUT', `/api/resetRequest/${second}/approve`, tokenOf(reviewer));
        if (allowed) {
          const answer = await apiOf(reviewer).resetRequests.approve({ id: first });
          expect(answer.temporaryPassword).toEqual(expect.any(String));
          expect((await viaRest()).statusCode).toBe(200);
          expect(userRow(account.id).needsPasswordReset).toBe(true);
          expect([requestRow(first).status, requestRow(second).status]).toEqual(['approved', 'approved']);
        } else {
          const before = userRow(account.id);
          await refusedBoth(
            () => apiOf(reviewer).resetRequests.approve({ id: first }),
            viaRest,
            isSystem ? REQUEST_TEXT.resetSystemAccount : REQUEST_TEXT.resetOutranks,
          );
          expect(userRow(account.id), `${reviewer} resetting ${account.email}`).toEqual(before);
          expect([requestRow(first).status, requestRow(second).status]).toEqual(['pending', 'pending']);
        }
      }
    }
  });

  it("a must-reset session sets only its own account's password", async () => {
    const locked = await shop.addUser('staff', { needsPasswordReset: true });
    const { accessToken } = await shop.login(locked.email);
    const other = await shop.addUser('owner');
    const before = [userRow(locked.id), userRow(other.id)];
    const input = { userId: other.id, newPassword: 'chosen-by-someone-else' };
    await refusedBoth(
      () => shop.caller(accessToken).auth.setNewPassword(input),
      () => rest(shop, 'POST', '/api/resetRequest/reset-password', accessToken, input),
      AUTH_TEXT.newPasswordNotAllowed,
    );
    expect([userRow(locked.id), userRow(other.id)]).toEqual(before);
  });
});

describe("a staff member's change to a shared record", () => {
  /** Two of each record: one tried through tRPC, one through REST. */
  function records(tag: string) {
    const db = shop.db;
    return [1, 2].map((n) => ({
      customer: db
        .insert(customers)
        .values({ customerId: `CUST-${tag}${n}`, name: `Held Buyer ${tag}${n}` })
        .returning()
        .get(),
      supplier: db
        .insert(suppliers)
        .values({ supplierId: `SUP-${tag}${n}`, name: `Held Mill ${tag}${n}` })
        .returning()
        .get(),
      item: db
        .insert(inventoryItems)
        .values({ itemId: `INV-${tag}${n}`, name: `Held Sugar ${tag}${n}`, stock: 20_000, unitPrice: 3000 })
        .returning()
        .get(),
      cake: db
        .insert(cakes)
        .values({ cakeId: `CK-${tag}${n}`, name: `Held Cake ${tag}${n}`, stock: 3, price: 50000 })
        .returning()
        .get(),
    }));
  }
  const rowsOf = (r: ReturnType<typeof records>[number]) => ({
    customer: shop.db.select().from(customers).where(eq(customers.id, r.customer.id)).get(),
    supplier: shop.db.select().from(suppliers).where(eq(suppliers.id, r.supplier.id)).get(),
    item: shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, r.item.id)).get(),
    cake: shop.db.select().from(cakes).where(eq(cakes.id, r.cake.id)).get(),
  });
  const saleRow = (id: number) => shop.db.select().from(sales).where(eq(sales.id, id)).get()!;
  const held = () => shop.db.select().from(actionRequests).where(eq(actionRequests.status, 'pending')).all();
  const asked = { message: ACTION_REQUEST_TEXT.sentForApproval, requested: true };

  it('is held for approval and changes nothing: edits, deletes and refunds, through tRPC and REST', async () => {
    const staff = signedIn.staff!;
    const [a, b] = records('H') as [ReturnType<typeof records>[number], ReturnType<typeof records>[number]];
    const item = shop.db
      .insert(inventoryItems)
      .values({ itemId: 'INV-SOLD', name: 'Held Butter', stock: 5_000, unitPrice: 2000 })
      .returning()
      .get().id;
    const [saleA, saleB] = [
      (await sell(signedIn.manager!, item)).sale,
      (await sell(signedIn.manager!, item)).sale,
    ];
    const before = [rowsOf(a), rowsOf(b), saleRow(saleA.id), saleRow(saleB.id)];
    const heldBefore = held().length;

    await expect(
      staff.api.customers.update({
        id: a.customer.id,
        customerId: a.customer.customerId,
        name: 'X',
      } as never),
    ).resolves.toEqual(asked);
    await expect(
      staff.api.suppliers.update({
        id: a.supplier.id,
        supplierId: a.supplier.supplierId,
        name: 'X',
      } as never),
    ).resolves.toEqual(asked);
    await expect(staff.api.inventory.update({ id: a.item.id, changes: { name: 'X' } })).resolves.toEqual(
      asked,
    );
    for (const call of [
      staff.api.customers.delete({ id: a.customer.id } as never),
      staff.api.suppliers.delete({ id: a.supplier.id } as never),
      staff.api.inventory.delete({ id: a.item.id }),
      staff.api.cakes.delete({ id: a.cake.id }),
      staff.api.sales.refund({ id: saleA.id }),
    ])
      await expect(call).resolves.toEqual(asked);

    const t = staff.accessToken;
    for (const res of [
      await rest(shop, 'PUT', `/api/customers/${b.customer.id}`, t, {
        customerId: b.customer.customerId,
        name: 'X',
      }),
      await rest(shop, 'PUT', `/api/suppliers/${b.supplier.id}`, t, {
        supplierId: b.supplier.supplierId,
        name: 'X',
      }),
      await rest(shop, 'PUT', `/api/inventory/${b.item.id}`, t, { name: 'X' }),
      await rest(shop, 'DELETE', `/api/customers/${b.customer.id}`, t),
      await rest(shop, 'DELETE', `/api/suppliers/${b.supplier.id}`, t),
      await rest(shop, 'DELETE', `/api/inventory/${b.item.id}`, t),
      await rest(shop, 'DELETE', `/api/cake/${b.cake.id}`, t),
      await rest(shop, 'POST', `/api/sales/${saleB.id}/refund`, t, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(asked);
    }

    expect([rowsOf(a), rowsOf(b), saleRow(saleA.id), saleRow(saleB.id)]).toEqual(before);
    const mine = held().slice(heldBefore);
    expect(mine).toHaveLength(16);
    expect(mine.every((r) => r.requestedBy === staff.user.id)).toBe(true);
  });

  it('is approved or rejected only by a role that reviews action requests, never by the staff member who asked', async () => {
    const staff = signedIn.staff!;
    const [a] = records('R');
    await staff.api.customers.update({
      id: a!.customer.id,
      customerId: a!.customer.customerId,
      name: 'Y',
    } as never);
    const request = held().at(-1)!;
    const before = rowsOf(a!).customer;
    for (const role of ROLES.filter((r) => !can(r, 'reviewActionRequests'))) {
      await refusedBoth(
        () => apiOf(role).actionRequests.approve({ id: request.id }),
        () => rest(shop, 'POST', `/api/actionRequest/approve/${request.id}`, tokenOf(role)),
        AUTH_TEXT.forbidden,
      );
      await refusedBoth(
        () => apiOf(role).actionRequests.reject({ id: request.id }),
        () => rest(shop, 'DELETE', `/api/actionRequest/reject/${request.id}`, tokenOf(role)),
        AUTH_TEXT.forbidden,
      );
    }
    expect(held().at(-1)).toEqual(request);
    expect(rowsOf(a!).customer).toEqual(before);
    const reviewer = rolesWith('reviewActionRequests')[0]!;
    await apiOf(reviewer).actionRequests.approve({ id: request.id });
    expect(rowsOf(a!).customer?.name).toBe('Y');
  });
});

describe('per-user state', () => {
  it("marking notifications seen touches only the caller's own mark", async () => {
    const [one, other] = [await shop.signedIn('staff'), await shop.signedIn('manager')];
    const before = userRow(other.user.id);
    await one.api.notifications.markSeen();
    expect(userRow(one.user.id).notificationsSeenAt).not.toBeNull();
    expect(userRow(other.user.id)).toEqual(before);
  });

  // A refresh token is a bearer secret: its holder may refresh it, so may end it. What
  // matters is that a logout ends that one session and nothing of anyone else's.
  it('a logout ends only the session of the refresh token presented', async () => {
    const owner = await shop.signedIn('staff');
    const ownerElsewhere = await shop.login(owner.user.email);
    const other = await shop.signedIn('staff');
    const me = (token: string) => rest(shop, 'GET', '/api/auth/me', token);

    // Someone else's bearer with a token of no session: nothing ends.
    await other.api.auth.logout({ refreshToken: 'not-a-refresh-token-of-anyone' });
    const res = await rest(shop, 'POST', '/api/auth/logout', other.accessToken, {
      refreshToken: 'not-a-refresh-token-either',
    });
    expect(res.statusCode).toBe(200);
    for (const token of [owner.accessToken, ownerElsewhere.accessToken, other.accessToken])
      expect((await me(token)).statusCode).toBe(200);

    // Its own token, through each twin: that session ends, the rest stay.
    await other.api.auth.logout({ refreshToken: other.refreshToken });
    expect((await me(other.accessToken)).statusCode).toBe(401);
    const viaRest = await rest(shop, 'POST', '/api/auth/logout', undefined, {
      refreshToken: ownerElsewhere.refreshToken,
    });
    expect(viaRest.statusCode).toBe(200);
    expect((await me(ownerElsewhere.accessToken)).statusCode).toBe(401);
    expect((await me(owner.accessToken)).statusCode).toBe(200);
  });

  it('the dashboard answers only the cards of the caller’s role', async () => {
    for (const role of ROLES) {
      const cards = (await rest(shop, 'GET', '/api/dashboard', tokenOf(role))).json();
      const viaTrpc = await apiOf(role).reports.dashboard();
      for (const fields of [Object.keys(cards), Object.keys(viaTrpc)]) {
        expect(fields.includes('salesToday'), `${role} salesToday`).toBe(can(role, 'dashboardFinance'));
        expect(fields.includes('activityLogsToday'), `${role} activityLogsToday`).toBe(
          can(role, 'salesReport'),
        );
      }
    }
  });
});
