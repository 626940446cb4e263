import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/appRouter';
import {
  allow,
  contextFrom,
  createCallerFactory,
  KNOWN_ACCESS,
  type Meta,
  router,
} from '../../server/trpc/procedures';
import {
  ACCESS,
  type AccessRule,
  can,
  NAVIGATION,
  navigationFor,
  RANK,
  ROLES,
  rankOf,
  ruleForPath,
} from '../../shared/roles';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';
import { MANAGER_MENU, STAFF_MENU } from '../helpers/menus';

type AnyProcedure = { _def: { meta?: Meta; type: string } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);

/** Calls a procedure over /trpc as a client holding `token` would, with an empty input. */
function overHttp(shop: TestShop, path: string, procedure: AnyProcedure, token: string) {
  const query = procedure._def.type === 'query';
  return shop.app.inject({
    method: query ? 'GET' : 'POST',
    url: `/trpc/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: query ? undefined : '{}',
  });
}

describe('every procedure declares its role rule', () => {
  it('has procedures to check', () => {
    expect(procedures.length).toBeGreaterThan(5);
  });

  it.each(procedures)('%s names a known rule', (_path, procedure) => {
    const access = procedure._def.meta?.access;
    expect(access, 'build procedures from publicProcedure, signedInProcedure or allow(rule)').toBeDefined();
    expect(KNOWN_ACCESS.has(access as string)).toBe(true);
  });

  it('refuses a procedure of the app router to every role the table does not allow', async () => {
    const shop = await testApp();
    try {
      const tokens = new Map<string, string>();
      for (const role of ROLES) tokens.set(role, (await shop.signedIn(role)).accessToken);
      for (const [path, procedure] of procedures) {
        const access = procedure._def.meta?.access as string;
        if (!(access in ACCESS)) continue;
        for (const role of ROLES.filter((r) => !can(r, access as AccessRule))) {
          const res = await overHttp(shop, path, procedure, tokens.get(role)!);
          expect(res.statusCode, `${role} calling ${path}`).toBe(403);
        }
      }
    } finally {
      await shop.close();
    }
  });
});

describe('a must-reset token', () => {
  it('is refused with 403 by every procedure but the reset call and the public ones', async () => {
    const shop = await testApp();
    try {
      const user = await shop.addUser('admin', { needsPasswordReset: true });
      const { accessToken } = await shop.login(user.email);
      const guarded = procedures.filter(
        ([, p]) => !['public', 'passwordReset'].includes(p._def.meta?.access as string),
      );
      expect(guarded.length).toBeGreaterThan(0);
      for (const [path, procedure] of guarded) {
        const res = await overHttp(shop, path, procedure, accessToken);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().error.json.message).toBe(AUTH_TEXT.mustReset);
      }
    } finally {
      await shop.close();
    }
  });
});

describe('allow(rule) middleware', () => {
  // A router of one procedure per rule, so the middleware is checked for every rule in the table.
  const probe = router(
    Object.fromEntries(
      (Object.keys(ACCESS) as AccessRule[]).map((rule) => [rule, allow(rule).query(() => 'ok')]),
    ) as Record<AccessRule, ReturnType<ReturnType<typeof allow>['query']>>,
  );
  const makeProbe = createCallerFactory(probe);
  let shop: TestShop;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    shop = await testApp();
    for (const role of [...ROLES, null]) tokens[role ?? 'none'] = (await shop.signedIn(role)).accessToken;
  });
  afterAll(() => shop.close());

  const asRole = (role: string) =>
    makeProbe(
      contextFrom(
        { db: shop.db, config: shop.config },
        { ip: '10.0.0.1', headers: { authorization: `Bearer ${tokens[role]}` } },
      ),
    );

  it.each(Object.keys(ACCESS) as AccessRule[])('%s admits exactly the roles of the table', async (rule) => {
    for (const role of ROLES) {
      const call = (asRole(role) as unknown as Record<string, () => Promise<string>>)[rule]!();
      if (can(role, rule)) await expect(call).resolves.toBe('ok');
      else await expectTrpcError(call, 'FORBIDDEN', AUTH_TEXT.forbidden);
    }
  });

  it('refuses an account with no role yet, saying an admin must assign one', async () => {
    await expectTrpcError(
      (asRole('none') as unknown as Record<string, () => Promise<string>>).dashboard!(),
      'FORBIDDEN',
      AUTH_TEXT.noRole,
    );
  });

  it('answers 401 without a token', async () => {
    const anonymous = makeProbe(
      contextFrom({ db: shop.db, config: shop.config }, { ip: '10.0.0.1', headers: {} }),
    );
    await expectTrpcError(
      (anonymous as unknown as Record<string, () => Promise<string>>).inventory!(),
      'UNAUTHORIZED',
    );
  });
});

describe('the role table', () => {
  const role = fc.constantFrom(...ROLES);
  const rule = fc.constantFrom(...(Object.keys(ACCESS) as AccessRule[]));

  it('gives each role its menu', () => {
    const labels = (r: (typeof ROLES)[number]) => navigationFor(r).map((e) => e.label);
    expect(labels('admin')).toEqual(NAVIGATION.map((e) => e.label));
    expect(labels('owner')).toEqual(NAVIGATION.map((e) => e.label));
    expect(labels('manager')).toEqual(MANAGER_MENU);
    expect(labels('staff')).toEqual(STAFF_MENU);
    expect(navigationFor(null).map((e) => e.label)).toEqual(['Dashboard']);
  });

  it('sends staff away from the admin screens', () => {
    for (const path of [
      '/user-management',
      '/activity-log',
      '/sales-report',
      '/backuprestore',
      '/settings',
    ]) {
      expect(can('staff', ruleForPath(path)!)).toBe(false);
    }
  });

  it('is monotone: whatever a role may do, every higher role may too', () => {
    fc.assert(
      fc.property(role, role, rule, (a, b, r) => {
        if (RANK[a] >= RANK[b] && can(b, r)) return can(a, r);
        return true;
      }),
    );
  });

  it('ranks admin > owner > manager > staff > none', () => {
    expect([...ROLES, null].map(rankOf)).toEqual([4, 3, 2, 1, 0]);
    fc.assert(fc.property(rule, (r) => !can(null, r)));
  });

  it('shows each menu entry only to roles that pass its rule', () => {
    fc.assert(fc.property(role, (r) => navigationFor(r).every((e) => can(r, e.rule))));
  });
});
