import { initTRPC } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allow,
  type Context,
  contextFrom,
  createCallerFactory,
  publicProcedure,
  router,
  signedInProcedure,
} from '../../server/trpc/procedures';
import { restCallers } from '../../server/trpc/restCaller';
import { ROLES } from '../../shared/roles';
import { type TestShop, testApp } from '../helpers/app';

// The REST routes' caller (server/trpc/restCaller.ts) must settle every call exactly as
// tRPC's own caller does: the same role rule, input schema and answer, each caller with
// its own context.

// A procedure whose first middleware answers nothing (none of the app's bases does that).
const bare = initTRPC.context<Context>().create();
const answersNothing = bare.procedure.use(async () => undefined as never).query(() => 'never');

const probe = router({
  role: signedInProcedure.query(({ ctx }) => ctx.viewer.user.role),
  double: allow('inventory')
    .input(z.object({ n: z.number().int() }))
    .query(({ input }) => input.n * 2),
  save: allow('settings')
    .input(z.object({ name: z.string().min(1, 'Name is required.') }))
    .mutation(({ input, ctx }) => `${ctx.viewer.user.role} saved ${input.name}`),
  // A middleware of its own adding to the context, two input schemas merged, a resolver
  // that throws, a middleware that answers nothing after the app's own.
  chained: publicProcedure
    .use(({ ctx, next }) => next({ ctx: { tag: `${ctx.ip}!` } }))
    .input(z.object({ n: z.number() }))
    .input(z.object({ m: z.number().optional() }))
    .query(({ ctx, input }) => `${ctx.tag} from ${ctx.ip}: ${input.n} ${input.m}`),
  broken: signedInProcedure.mutation((): string => {
    throw new Error('The oven is off.');
  }),
  silent: publicProcedure.use(async () => undefined as never).query(() => 'never'),
  answersNothing,
  inner: router({
    ping: publicProcedure.query(({ ctx }) => `pong from ${ctx.ip}`),
    twice: allow('inventory')
      .input(z.object({ n: z.number() }))
      .query(({ input }) => input.n * 2),
  }),
});
type Probe = {
  role(): Promise<unknown>;
  double(input: unknown): Promise<unknown>;
  save(input: unknown): Promise<unknown>;
  chained(input: unknown): Promise<unknown>;
  broken(): Promise<unknown>;
  silent(): Promise<unknown>;
  answersNothing(): Promise<unknown>;
  inner: { ping(): Promise<unknown>; twice(input: unknown): Promise<unknown> };
};

const viaTrpc = createCallerFactory(probe);
const viaRest = restCallers(probe);

/** How a call settled: its answer, or its error's code and message. */
const settled = (call: () => Promise<unknown>) =>
  call().then(
    (value) => ({ value }),
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

describe('the REST routes call procedures as tRPC does', () => {
  let shop: TestShop;
  const tokens: Record<string, string | undefined> = { anonymous: undefined };

  beforeAll(async () => {
    shop = await testApp();
    for (const role of [...ROLES, null]) tokens[role ?? 'none'] = (await shop.signedIn(role)).accessToken;
  });
  afterAll(() => shop.close());

  const contextOf = (who: string, ip = '10.0.0.1') =>
    contextFrom(
      { db: shop.db, config: shop.config },
      { ip, headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {} },
    );

  const calls: [string, (api: Probe) => Promise<unknown>][] = [
    ['role', (api) => api.role()],
    ['double 21', (api) => api.double({ n: 21 })],
    ['double 1.5 (refused by the schema)', (api) => api.double({ n: 1.5 })],
    ['double without input', (api) => api.double(undefined)],
    ['save', (api) => api.save({ name: 'Flour' })],
    ['save a blank name', (api) => api.save({ name: '' })],
    ['chained', (api) => api.chained({ n: 1, m: 2 })],
    ['chained without m', (api) => api.chained({ n: 1 })],
    ['chained refused by its first schema', (api) => api.chained({ m: 2 })],
    ['broken', (api) => api.broken()],
    ['silent', (api) => api.silent()],
    ['answers nothing', (api) => api.answersNothing()],
    ['inner ping', (api) => api.inner.ping()],
    ['inner twice', (api) => api.inner.twice({ n: 4 })],
    ['inner twice of text', (api) => api.inner.twice({ n: 'four' })],
  ];

  it('settles every call of every caller the same way', async () => {
    let answered = 0;
    let refused = 0;
    for (const who of Object.keys(tokens)) {
      for (const [name, run] of calls) {
        const expected = await settled(() => run(viaTrpc(contextOf(who)) as unknown as Probe));
        const actual = await settled(() => run(viaRest(contextOf(who)) as unknown as Probe));
        expect(actual, `${name} as ${who}`).toEqual(expected);
        if ('value' in expected) answered++;
        else refused++;
      }
    }
    // Both kinds were compared: answers and the role, input and sign-in refusals.
    expect(answered).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });

  it('gives each caller its own context, also once a procedure is taken from it', async () => {
    const owner = viaRest(contextOf('owner', '10.0.0.7')) as unknown as Probe;
    const staff = viaRest(contextOf('staff', '10.0.0.8')) as unknown as Probe;
    const ownerRole = owner.role;
    const staffPing = staff.inner.ping;
    expect(await staff.role()).toBe('staff');
    expect(await ownerRole()).toBe('owner');
    expect(await staffPing()).toBe('pong from 10.0.0.8');
    expect(await owner.inner.ping()).toBe('pong from 10.0.0.7');
  });
});
