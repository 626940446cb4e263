import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/appRouter';
import { plainJson } from '../../server/trpc/procedures';

// Answers go out without superjson's walk when they hold nothing but plain JSON
// (server/trpc/procedures.ts). What a client reads back must be exactly what superjson alone gives.

const { serialize } = (
  appRouter._def._config.transformer as { output: { serialize: (v: unknown) => unknown } }
).output;
const readBack = (wire: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(wire)));
const special = fc.oneof(
  fc.date({ noInvalidDate: false }),
  fc.constant(undefined),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  fc.bigInt(),
  fc.constant(new Map([['a', 1]])),
  fc.constant(new Set([1])),
);
/** JSON-like values, here and there holding something superjson must carry. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.jsonValue({ maxDepth: 2 }), special),
  tree: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('tree'), { maxKeys: 4 }),
  ),
})).tree;

describe('the tRPC answer transformer', () => {
  it('reads back exactly what superjson alone reads back, for any value', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(readBack(serialize(v))).toEqual(readBack(superjson.serialize(v)));
      }),
      { numRuns: 500, seed: 20261122 },
    );
  });

  it('sends plain JSON as it is, and hands everything else to superjson', () => {
    const rows = [{ id: 1, name: 'Bread Flour', price: 16000, eligible: false, category: null }];
    expect(serialize(rows)).toEqual({ json: rows });
    expect(plainJson(rows)).toBe(true);
    for (const odd of [
      { at: new Date(0) },
      [1, undefined],
      { n: Number.NaN },
      { n: -0 },
      { n: 10n },
      new Map(),
      new Array(2).fill(1, 1),
      { nested: { deeper: [{ when: new Date(0) }] } },
    ]) {
      expect(
        plainJson(odd),
        JSON.stringify(odd, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBe(false);
      expect(serialize(odd)).toEqual(superjson.serialize(odd));
    }
  });

  it('gives up on a value nested deeper than it looks (a cycle never hangs it)', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(plainJson(cycle)).toBe(false);
  });
});
