import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { FAST_SPREAD, TRPC_SPREAD, withFastSpread } from '../../scripts/build/objectSpread.mjs';

// The server's bundle swaps tRPC's object-spread helper for a quicker one
// (scripts/build/objectSpread.mjs). Both run here on the same random arguments, with the
// helpers tRPC's own file defines around it, and must leave the same object behind.

const dist = path.join(process.cwd(), 'node_modules', '@trpc', 'server', 'dist');
const file = readdirSync(dist).find((name) => /^getErrorShape-.*\.mjs$/.test(name)) as string;
const text = readFileSync(path.join(dist, file), 'utf8');
// Its Babel helpers: from _typeof up to the spread helper's end.
const start = text.indexOf('function _typeof(o)');
const end = text.indexOf(TRPC_SPREAD) + TRPC_SPREAD.length;
const helpers = text.slice(start, end);

type Spread = (target: object, ...sources: unknown[]) => object;
const spreadFrom = (source: string): Spread => new Function(`${source}\nreturn _objectSpread2;`)() as Spread;
const trpc = spreadFrom(helpers);
const fast = spreadFrom(withFastSpread(helpers, file));

/** What an object is, to compare: its prototype and each own key's descriptor, in order. */
function shape(value: object) {
  return {
    prototype: Object.getPrototypeOf(value),
    keys: Reflect.ownKeys(value).map((key) => {
      const d = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
      return { key, ...d, value: d.value };
    }),
  };
}

const SYMBOLS = [Symbol('a'), Symbol.for('b')];
const KEYS = ['a', 'b', 'ctx', 'input', '0', '7', '__proto__', 'constructor', 'toString', 'meta'];
const getter = () => 'from a getter';

type Prop = { key: string | symbol; kind: 'value' | 'getter' | 'hidden'; value: unknown };
const prop = (kinds: Prop['kind'][]) =>
  fc.record({
    key: fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom(...SYMBOLS), fc.string({ maxLength: 3 })),
    kind: fc.constantFrom(...kinds),
    value: fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.constant(null)),
  });

/** An object with `props`: data, accessors and (for spread arguments) non-enumerable ones. */
function build(props: Prop[]): object {
  const object: Record<string | symbol, unknown> = {};
  for (const p of props) {
    const descriptor: PropertyDescriptor =
      p.kind === 'getter'
        ? { get: getter, enumerable: true, configurable: true }
        : { value: p.value, enumerable: p.kind !== 'hidden', configurable: true, writable: true };
    Object.defineProperty(object, p.key, descriptor);
  }
  return object;
}

// Odd arguments are anything spread ({...x}); even ones are object literals as Babel split
// them off, so every property of theirs is enumerable.
const spreadArgument = fc.oneof(
  fc.array(prop(['value', 'getter', 'hidden']), { maxLength: 6 }).map(build),
  fc.constantFrom(null, undefined, 'text', 42),
);
const literalArgument = fc.array(prop(['value', 'getter']), { maxLength: 4 }).map(build);
const argumentsList = fc.array(fc.tuple(spreadArgument, literalArgument), { maxLength: 3 }).chain((pairs) =>
  fc.boolean().map((endsOdd) => {
    const flat = pairs.flat();
    return endsOdd ? flat : flat.slice(0, Math.max(0, flat.length - 1));
  }),
);

describe("the server bundle's object spread (scripts/build/objectSpread.mjs)", () => {
  it('finds the helper it replaces in the installed tRPC', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(text.includes(TRPC_SPREAD)).toBe(true);
    expect(withFastSpread(text, file)).toContain(FAST_SPREAD);
  });

  it("leaves the same object as tRPC's own helper for any arguments", () => {
    fc.assert(
      fc.property(fc.array(prop(['value']), { maxLength: 3 }), argumentsList, (start, args) => {
        const a = trpc(build(start), ...args);
        const b = fast(build(start), ...args);
        expect(shape(b)).toEqual(shape(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a tRPC whose helper reads otherwise', () => {
    expect(() => withFastSpread(text.replace(TRPC_SPREAD, ''), file)).toThrow(/is not the one/);
  });
});
