import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRequests,
  cakes,
  customers,
  inventoryItems,
  passwordResetRequests,
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
import { SHIFT_TEXT } from '../../shared/texts/shifts';
import { ADMIN, type Session, type TestShop, testApp } from '../helpers/app';
import {
  PROCEDURE_EXCEPTIONS,
  procedureRule,
  REST_WITHOUT_PROCEDURE,
  ROUTER_ACCESS,
  type RouteAccess,
} from '../helpers/authzTable';
import { expectTrpcError } from '../helpers/errors';
import { toWire } from '../helpers/fuzzInputs';
import { type MatrixShop, NOT_REACHED, type RestCall, seedMatrixShop } from '../helpers/matrixShop';
import { type Method, rest } from '../helpers/rest';
import { apiRoutes, PROCEDURES, type ProcedureCall, procedureCalls, urlOf } from '../helpers/routes';

// The authorisation matrix: every REST route and every tRPC procedure, called over HTTP
// by anonymous, an account with no role yet, staff, manager, owner and admin, must answer
// as tests/helpers/authzTable.ts and shared/roles.ts say. A REST route answers under the
// rule of the procedure it is seen to call (the table lists only the routes that call none).
// Each is called on real records with a valid body or input (tests/helpers/matrixShop.ts),
// and at least one allowed caller must get through to the handler (a 2xx), so a refusal
// is never a placeholder's 404 or a validation 400 passing for "let through". Then the
// records that belong to one user (a cashier's shift, an account, a reset request, a
// staff's held change, a session) are tried by others: refused, and the row read back unchanged.

// Built before the tests are collected: the app's own routes are the cases.
const shop: TestShop = await testApp();
const ROUTES = apiRoutes(shop.app).map((r) => `${r.method} ${r.url}`);

/** Who calls: `role` undefined is anonymous, null an approved account with no role yet. */
interface Caller {
  who: string;
  role: Role | null | undefined;
  token?: string;
  /** Their own account's id (a new password is only ever one's own). */
  userId?: number;
}
const callers: Caller[] = [];
const signedIn: Partial<Record<Role, Session>> = {};
/** The records every route and procedure is called on, and the call each gets (tests/helpers/matrixShop.ts). */
let matrix: MatrixShop;

beforeAll(async () => {
  callers.push({ who: 'anonymous', role: undefined });
  const noRole = await shop.signedIn(null);
  callers.push({ who: 'no role', role: null, token: noRole.accessToken, userId: noRole.user.id });
  for (const role of ROLES) {
    const session = await shop.signedIn(role);
    signedIn[role] = session;
    callers.push({ who: role, role, token: session.accessToken, userId: session.user.id });
  }
  matrix = await seedMatrixShop(shop, await shop.adminSession());

  // Which procedure each REST route calls, seen on an anonymous call (refused, so it writes
  // nothing, but for the public routes).
  for (const route of ROUTES) seen(route, (await procedureCalls(() => overRest(route, callers[0]!)))[1]);
});
afterAll(async () => {
  await matrix?.close();
  await shop.close();
});

/** A cash sale of one of `item`. */
function sell(s: Session, item: number) {
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

// ---- The calls -----------------------------------------------------------------------

/**
 * A procedure's input: the one tests/helpers/matrixShop.ts writes, else an empty one (which
 * only a procedure that needs nothing takes: never a made-up id that may name a record).
 */
async function inputOf(path: string, caller: Caller): Promise<unknown> {
  const written = matrix.trpc[path];
  return written ? written(caller) : {};
}

// ---- Which procedure a REST route calls ---------------------------------------------

/** The procedure each REST route was seen to call. */
const twinOf = new Map<string, string>();

/** Notes the procedures `route` was seen calling; it must call one only. */
function seen(route: string, calls: ProcedureCall[]) {
  for (const { path } of calls) {
    const twin = twinOf.get(route);
    if (twin && twin !== path && procedureRule(twin, typeOf(twin)) !== procedureRule(path, typeOf(path)))
      throw new Error(`${route} calls both ${twin} and ${path}, under different rules`);
    if (!twin) twinOf.set(route, path);
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
      `${route} was not seen calling a procedure of the app router: give its rule in REST_WITHOUT_PROCEDURE (tests/helpers/authzTable.ts), or its :params in tests/helpers/matrixShop.ts`,
    );
  const rule = procedureRule(twin, typeOf(twin));
  if (!rule) throw new Error(`${route} calls ${twin}, whose router has no rule in ROUTER_ACCESS`);
  return rule;
}

let nextAddress = 0;
/** Each call from a device of its own: the public requests are throttled per address. */
const anAddress = () => `10.2.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

/** A procedure over /trpc as a client sends it: superjson, GET ?input= for queries, POST for mutations. */
async function overTrpc(path: string, type: string, caller: Caller) {
  const input = await inputOf(path, caller);
  const auth = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(toWire(input)))}`;
    return shop.app.inject({
      method: 'GET',
      url: `/trpc/${path}${query}`,
      headers: auth,
      remoteAddress: anAddress(),
    });
  }
  return shop.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    remoteAddress: anAddress(),
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(toWire(input)),
  });
}

/**
 * A REST route as a client calls it, with the params, query and body tests/helpers/matrixShop.ts
 * gives it: a JSON object body (`{}` when none is given, or `body`) where the method carries one
 * (QUERY must).
 */
async function overRest(key: string, caller: Caller, body?: string) {
  const [method, url] = key.split(' ') as [string, string];
  const call: RestCall = (await matrix.rest[key]?.(caller)) ?? {};
  const filled = urlOf({ method, url }, (param) => {
    const value = call.params?.[param] ?? (param === '*' ? 'nothing-here' : undefined);
    if (value === undefined)
      throw new Error(`${key}: say which record its :${param} names (tests/helpers/matrixShop.ts)`);
    return String(value);
  });
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  const withBody = ['POST', 'PUT', 'PATCH', 'QUERY'].includes(method);
  const file = body === undefined ? call.file : undefined;
  return shop.app.inject({
    method: method as 'GET',
    url: `${filled}${query}`,
    remoteAddress: anAddress(),
    headers: {
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(withBody ? { 'content-type': file?.type ?? 'application/json' } : {}),
    },
    payload: withBody ? (file?.data ?? body ?? JSON.stringify(call.body ?? {})) : undefined,
  });
}

// ---- Whether an allowed caller got through ------------------------------------------

/**
 * What is wrong, if anything, with what the allowed callers of `name` got: at least one must
 * get a 2xx (past validation and the id lookup, to the handler with a real record), unless
 * NOT_REACHED names the status they get instead and why.
 */
function notReached(name: string, access: RouteAccess, answers: [Caller, LightMyRequestResponse][]) {
  if (access === 'notFound') return undefined;
  const allowed = answers.filter(([caller]) => expected(access, caller) === 'passes');
  const got = allowed
    .map(([c, res]) => `${c.who} ${res.statusCode}${res.statusCode >= 400 ? ` "${messageOf(res)}"` : ''}`)
    .join('; ');
  const through = allowed.some(([, res]) => res.statusCode >= 200 && res.statusCode < 300);
  const excused = NOT_REACHED[name];
  if (excused && through) return `${name} now gets through (${got}): take it out of NOT_REACHED`;
  if (excused && !allowed.some(([, res]) => res.statusCode === excused.status))
    return `${name}: NOT_REACHED says ${excused.status} (${excused.why}), but the allowed callers got ${got}`;
  if (!excused && !through)
    return `${name}: no allowed caller got past validation and the id lookup (${got}). Give it a valid call on records of its own in tests/helpers/matrixShop.ts, or list it in NOT_REACHED with why`;
  return undefined;
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

  it('writes calls and excuses for routes and procedures of the app only', () => {
    const paths = PROCEDURES.map((p) => p.path);
    expect(
      Object.keys(matrix.rest).filter((route) => !ROUTES.includes(route)),
      'routes that are gone: take them out of restCalls in tests/helpers/matrixShop.ts',
    ).toEqual([]);
    expect(
      Object.keys(matrix.trpc).filter((path) => !paths.includes(path)),
      'procedures that are gone: take them out of procedureInputs in tests/helpers/matrixShop.ts',
    ).toEqual([]);
    expect(
      Object.keys(NOT_REACHED).filter((name) => !ROUTES.includes(name) && !paths.includes(name)),
      'take these out of NOT_REACHED in tests/helpers/matrixShop.ts',
    ).toEqual([]);
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
    const [res, calls] = await procedureCalls(() => overRest(route, caller, body));
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
  return { want, got, reached: notReached(route, access, answers) };
}

describe('every REST route, as each caller', () => {
  it.each(ROUTES)('%s', async (route) => {
    const { want, got, reached } = await asEachCaller(route);
    expect(got).toEqual(want);
    expect(reached).toBeUndefined();
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
    const answers: [Caller, LightMyRequestResponse][] = [];
    const want: Record<string, string> = {};
    const got: Record<string, string> = {};
    for (const caller of callers) {
      const res = await overTrpc(path, type, caller);
      answers.push([caller, res]);
      want[caller.who] = expected(access, caller);
      got[caller.who] = outcome(res, access);
    }
    expect(got).toEqual(want);
    expect(notReached(path, access, answers)).toBeUndefined();
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
