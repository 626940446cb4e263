import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/appRouter';

// Answers go out without superjson's walk when they hold nothing but JSON and Dates
// (server/trpc/wire.ts). The wire must be exactly superjson's, and so what a client reads back.

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

  it('writes exactly the wire superjson writes, for any value', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(serialize(v)).toEqual(superjson.serialize(v));
      }),
      { numRuns: 1000, seed: 20261206 },
    );
  });

  it('sends plain JSON as it is, Dates as superjson annotates them, and the rest through superjson', () => {
    const rows = [{ id: 1, name: 'Bread Flour', price: 16000, eligible: false, category: null }];
    expect(serialize(rows)).toEqual({ json: rows });
    const dated = {
      rows: [{ id: 1, 'created.at': new Date(0), nested: { when: new Date(1) } }],
      at: new Date(2),
    };
    expect(serialize(dated)).toEqual({
      json: {
        rows: [
          { id: 1, 'created.at': '1970-01-01T00:00:00.000Z', nested: { when: '1970-01-01T00:00:00.001Z' } },
        ],
        at: '1970-01-01T00:00:00.002Z',
      },
      meta: {
        values: { 'rows.0.created\\.at': ['Date'], 'rows.0.nested.when': ['Date'], at: ['Date'] },
        v: 1,
      },
    });
    // The answer itself is left as it was: only the copy on the wire holds strings.
    expect(dated.at).toBeInstanceOf(Date);
    const shared = { x: 1 };
    for (const odd of [
      new Date(0),
      { at: new Date(Number.NaN) },
      [1, undefined],
      { n: Number.NaN },
      { n: -0 },
      { n: 10n },
      new Map(),
      new Array(2).fill(1, 1),
      { a: shared, b: shared },
    ]) {
      expect(serialize(odd), String(odd)).toEqual(superjson.serialize(odd));
    }
  });

  it('gives a cycle to superjson rather than hang on it', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(serialize(cycle)).toEqual(superjson.serialize(cycle));
  });
});
