import superjson from 'superjson';

// tRPC answers on the wire (docs/decisions.md, Where a read's time goes). superjson walks
// every value looking for what JSON cannot carry, and its walk cost more than the read behind
// most answers. Nearly all hold nothing but JSON and Dates (the rows' created and updated
// times), so those are written here in exactly superjson's form, and anything else is
// handed to superjson itself. tests/api/transformer.test.ts holds the two to the same wire.

/** Too deep to be one of the app's answers: superjson decides (a cycle never hangs this). */
const MAX_DEPTH = 64;
const GIVE_UP = Symbol('superjson decides');

/** superjson's path syntax: keys joined by dots, a dot or backslash in a key escaped. */
const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');

interface Walk {
  /** Where each Date was, in superjson's path syntax. */
  dates: Record<string, ['Date']>;
  found: boolean;
  /** Objects met so far: one met twice is a referential equality superjson records. */
  seen: Set<object>;
  path: string[];
}

/**
 * `value` with its Dates as ISO strings (a new object only where one was found), or
 * GIVE_UP for anything else JSON would lose or superjson would annotate.
 */
function encode(value: unknown, walk: Walk, depth: number): unknown {
  if (value === null) return value;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : GIVE_UP;
    case 'object': {
      if (depth === 0 || walk.seen.has(value)) return GIVE_UP;
      walk.seen.add(value);
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) return GIVE_UP;
        walk.found = true;
        walk.dates[walk.path.map(escapeKey).join('.')] = ['Date'];
        return value.toISOString();
      }
      if (Array.isArray(value)) {
        let copy: unknown[] | undefined;
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return GIVE_UP;
          walk.path.push(String(i));
          const item = encode(value[i], walk, depth - 1);
          walk.path.pop();
          if (item === GIVE_UP) return GIVE_UP;
          if (item !== value[i]) copy ??= value.slice();
          if (copy) copy[i] = item;
        }
        return copy ?? value;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return GIVE_UP;
      let copy: Record<string, unknown> | undefined;
      for (const key in value) {
        const field = (value as Record<string, unknown>)[key];
        walk.path.push(key);
        const encoded = encode(field, walk, depth - 1);
        walk.path.pop();
        if (encoded === GIVE_UP) return GIVE_UP;
        if (encoded !== field) copy ??= { ...(value as Record<string, unknown>) };
        if (copy) copy[key] = encoded;
      }
      return copy ?? value;
    }
    default:
      return GIVE_UP;
  }
}

/** An answer as superjson.serialize writes it, without its walk when JSON and Dates are all it holds. */
export function serializeAnswer(value: unknown): unknown {
  const walk: Walk = { dates: {}, found: false, seen: new Set(), path: [] };
  const json = encode(value, walk, MAX_DEPTH);
  if (json === GIVE_UP) return superjson.serialize(value);
  if (!walk.found) return { json };
  // A Date answered alone is annotated at the root, as superjson does.
  const values = value instanceof Date ? ['Date'] : walk.dates;
  return { json, meta: { values, v: 1 } };
}
