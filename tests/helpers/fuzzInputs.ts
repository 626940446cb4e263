import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import fc from 'fast-check';
import type { z } from 'zod';

// What tests/api/fuzz.test.ts feeds the server: hostile strings and numbers, wrong types,
// prototype keys, superjson's NaN / Infinity / BigInt / invalid Dates, and the checks it
// makes of the answers (readable messages) and of the data (a digest of every table).

/** Fixed, so a failure names an input that fails again on the next run. */
const FUZZ_SEED = 20_260_611;

/** A fixed sample of `arbitrary`: the same values on every run. */
export function sampled<T>(arbitrary: fc.Arbitrary<T>, runs: number, seed = FUZZ_SEED): T[] {
  return fc.sample(arbitrary, { seed, numRuns: runs });
}

const SQL_STRINGS = [
  "' OR 1=1 --",
  '1; DROP TABLE items',
  "'; DROP TABLE inventory_items; --",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM users --",
] as const;
const HTML_STRINGS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '&lt;b&gt;'] as const;
/** Strings that mean something to a shell, a path, a template or a spreadsheet. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point.
const OTHER_HOSTILE = ['../../etc/passwd', '%00', '${7*7}', '{{7*7}}', '=1+1', '@SUM(A1)'] as const;
export const HOSTILE_STRINGS: readonly string[] = [...SQL_STRINGS, ...HTML_STRINGS, ...OTHER_HOSTILE];

/** 100 kB of text: far above every field's limit, far below the body limit. */
export const BIG_TEXT = 'x'.repeat(100_000);

/** Date texts that are not a calendar date the shop accepts. */
export const BAD_DATES = [
  '0000-00-00',
  '9999-99-99',
  '+275760-09-13',
  '2026-02-30',
  '2026-13-01',
  'not a date',
  '2026-01-01T00:00:00Z',
  "2026-01-01' OR 1=1 --",
  '1899-12-31',
] as const;

/** Ids that name no row: negative, zero, fractional, huge, not numbers, path and SQL tricks. */
export const HOSTILE_IDS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'null',
  '[]',
  '{}',
  ' ',
  '../',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '__proto__',
  'constructor',
  'prototype',
  '１２',
  'x'.repeat(4000),
  ...SQL_STRINGS,
  ...HTML_STRINGS,
];

// ---------------------------------------------------------------------------------------
// superjson on the wire, written out by hand so it can carry what superjson itself will
// not serialize: an invalid Date ("not a date" sent as a Date) and odd meta.

/** A Date on the wire whose text is `text` (superjson makes it `new Date(text)`: maybe Invalid Date). */
export class WireDate {
  constructor(readonly text: string) {}
}

type MetaValues = Record<string, [string]>;

function escapeKey(key: string): string {
  return key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
}

/** The superjson body of `value`: {json, meta?}. */
export function toWire(value: unknown): { json: unknown; meta?: { values: unknown } } {
  const values: MetaValues = {};
  let root: [string] | undefined;
  const mark = (path: string[], type: string) => {
    if (path.length === 0) root = [type];
    else values[path.map(escapeKey).join('.')] = [type];
  };
  /** A value superjson writes as text with its type in meta, or undefined for plain JSON. */
  const special = (v: unknown): [string, unknown] | undefined => {
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return ['number', 'NaN'];
      if (v === Number.POSITIVE_INFINITY) return ['number', 'Infinity'];
      if (v === Number.NEGATIVE_INFINITY) return ['number', '-Infinity'];
      if (Object.is(v, -0)) return ['number', '-0'];
      return undefined;
    }
    if (typeof v === 'bigint') return ['bigint', v.toString()];
    if (v === undefined) return ['undefined', null];
    if (v instanceof WireDate) return ['Date', v.text];
    if (v instanceof Date) return ['Date', v.toISOString()];
    return undefined;
  };
  const walk = (v: unknown, path: string[]): unknown => {
    const typed = special(v);
    if (typed) {
      mark(path, typed[0]);
      return typed[1];
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, String(i)]));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v)) {
        // An own "__proto__" key (as JSON.parse makes one) stays an own key.
        Object.defineProperty(out, key, {
          value: walk((v as Record<string, unknown>)[key], [...path, key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  const json = walk(value, []);
  if (root) return { json, meta: { values: root } };
  return Object.keys(values).length > 0 ? { json, meta: { values } } : { json };
}

/** An object with an own `__proto__` key, as a parsed JSON body has. */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

// ---------------------------------------------------------------------------------------
// The fields of a zod input, and values each kind of field must refuse.

export type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'id' | 'instant' | 'other';

export interface Field {
  /** Where the field sits in the input: ['changes', 'stock'], ['lines', '0', 'quantity']. */
  path: string[];
  kind: Kind;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, preprocess and transform wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    )
      s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') {
      const inner = defOf(def.in);
      // preprocess: (transform -> schema); a schema piped into another: the first reads the input.
      s = (inner.type === 'transform' ? def.out : def.in) as z.ZodType;
    } else return s;
  }
  return s;
}

function kindOf(schema: z.ZodType): Kind {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'object':
    case 'array':
      return def.type;
    case 'literal':
      return typeof (def.values as unknown[])[0] === 'number' ? 'number' : 'enum';
    case 'union': {
      // A Date or its ISO text with an offset (a cake order's pickupAt).
      if ((def.options as z.ZodType[]).some((o) => defOf(unwrap(o)).type === 'date')) return 'instant';
      const kinds = new Set((def.options as z.ZodType[]).map(kindOf).filter((k) => k !== 'other' || false));
      kinds.delete('other');
      if (kinds.has('number') && kinds.has('string')) return 'id';
      if (kinds.size === 1) return [...kinds][0] as Kind;
      return kinds.has('number') ? 'number' : kinds.has('string') ? 'string' : 'other';
    }
    default:
      return 'other';
  }
}

/** The schema of a union that is an object or an array (a nullable ref is not). */
function containerOf(schema: z.ZodType): z.ZodType | undefined {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object' || def.type === 'array') return s;
  if (def.type === 'union')
    for (const option of def.options as z.ZodType[]) {
      const found = containerOf(option);
      if (found) return found;
    }
  return undefined;
}

/**
 * Every field of an input schema, nested objects and the first element of arrays of
 * objects included (as far as `example` has them, so each path exists in a valid input).
 */
export function fieldsOf(schema: z.ZodType, example: unknown, path: string[] = []): Field[] {
  const s = containerOf(schema);
  if (!s) return [];
  const def = defOf(s);
  const out: Field[] = [];
  if (def.type === 'object' && example && typeof example === 'object' && !Array.isArray(example)) {
    for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      out.push({ path: [...path, key], kind: kindOf(child) });
      const value = (example as Record<string, unknown>)[key];
      if (value && typeof value === 'object') out.push(...fieldsOf(child, value, [...path, key]));
    }
  }
  if (def.type === 'array' && Array.isArray(example) && example.length > 0) {
    out.push(...fieldsOf(def.element as z.ZodType, example[0], [...path, '0']));
  }
  return out;
}

/**
 * An input made from `schema`'s shape alone: required fields only, a word for text, 1 for a
 * number, the first option of a choice. Refinements it cannot see may refuse it, so the
 * caller checks it with the schema; where it is refused, a hand-written input is needed.
 */
export function exampleOf(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(def.innerType as z.ZodType);
    case 'pipe': {
      const inner = defOf(def.in);
      return exampleOf((inner.type === 'transform' ? def.out : def.in) as z.ZodType);
    }
    case 'string':
      return 'Example';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [exampleOf(def.element as z.ZodType)];
    case 'union':
      for (const option of def.options as z.ZodType[]) {
        const value = exampleOf(option);
        if (option.safeParse(value).success) return value;
      }
      return undefined;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = exampleOf(child);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** A value and whether no field of that kind may ever accept it (false: the schema decides). */
export interface BadValue {
  label: string;
  value: unknown;
  never: boolean;
}

const never = (label: string, value: unknown): BadValue => ({ label, value, never: true });
const maybe = (label: string, value: unknown): BadValue => ({ label, value, never: false });

const NOT_NUMBERS: BadValue[] = [
  never('NaN', Number.NaN),
  never('Infinity', Number.POSITIVE_INFINITY),
  never('-Infinity', Number.NEGATIVE_INFINITY),
  never('1e308', 1e308),
  never('-1e308', -1e308),
  never('2^53+1', 2 ** 53 + 1),
  never('BigInt 2^64', 2n ** 64n),
  never('BigInt 1', 1n),
  never('Date "not a date"', new WireDate('not a date')),
  never('Date +275760-09-14', new WireDate('+275760-09-14T00:00:00.000Z')),
  never('Date year 275760', new Date(8.64e15)),
  never('Date 1970', new Date(0)),
  never('true', true),
  never('[1]', [1]),
  never('{}', {}),
  never('"abc"', 'abc'),
  never('"NaN"', 'NaN'),
  never('"Infinity"', 'Infinity'),
  never('"1e308"', '1e308'),
  never('SQL text', "1' OR 1=1 --"),
  maybe('null', null),
  maybe('-0', -0),
  maybe('-1', -1),
  maybe('0', 0),
  maybe('0.5', 0.5),
  maybe('1e-300', 1e-300),
  maybe('"12"', '12'),
];

const NOT_STRINGS: BadValue[] = [
  never('42', 42),
  never('true', true),
  never('{}', {}),
  never('["a"]', ['a']),
  never('NaN', Number.NaN),
  never('BigInt', 7n),
  never('Date', new Date(0)),
  never('100 kB text', BIG_TEXT),
  never('{$gt: ""}', { $gt: '' }),
  maybe('null', null),
  maybe('empty', ''),
  maybe('blank', '   '),
  ...BAD_DATES.map((d) => maybe(`date ${d}`, d)),
  ...HOSTILE_STRINGS.map((s) => maybe(s, s)),
  maybe('control characters', 'a\u0000b\u001bc'),
  maybe('bidi override', 'abc\u202edef'),
];

const NOT_BOOLEANS: BadValue[] = [
  never('"true"', 'true'),
  never('1', 1),
  never('0', 0),
  never('{}', {}),
  never('[]', []),
  never('NaN', Number.NaN),
  never('"yes"', 'yes'),
  maybe('null', null),
];

const NOT_OPTIONS: BadValue[] = [
  never('42', 42),
  never('{}', {}),
  never('[]', []),
  never('true', true),
  never('100 kB text', BIG_TEXT),
  never('__proto__', '__proto__'),
  never('constructor', 'constructor'),
  ...HOSTILE_STRINGS.map((s) => never(s, s)),
  maybe('null', null),
  maybe('empty', ''),
];

const NOT_OBJECTS: BadValue[] = [
  never('"text"', 'text'),
  never('42', 42),
  never('[]', []),
  never('true', true),
  never('NaN', Number.NaN),
  // A Date is an object to zod: an object whose fields all have defaults takes it as {}.
  maybe('Date', new Date(0)),
  maybe('null', null),
  maybe('{}', {}),
];

const NOT_ARRAYS: BadValue[] = [
  never('"text"', 'text'),
  never('42', 42),
  never('{}', {}),
  never('{0: …, length: 1}', { 0: {}, length: 1 }),
  never('true', true),
  never('[null]', [null]),
  never('[42]', [42]),
  never('["x"]', ['x']),
  maybe('null', null),
  maybe('[]', []),
];

const NOT_IDS: BadValue[] = [
  ...NOT_NUMBERS.filter((v) => v.label !== '"abc"' && v.label !== 'SQL text' && !v.label.startsWith('"')),
  maybe('"abc"', 'abc'),
  maybe('100 kB text', BIG_TEXT),
  ...HOSTILE_STRINGS.map((s) => maybe(s, s)),
];

/** Not an instant: a Date, or ISO text with its offset (the schema decides whether one is too early). */
const NOT_INSTANTS: BadValue[] = [
  never('Date "not a date"', new WireDate('not a date')),
  never('Date +275760-09-14', new WireDate('+275760-09-14T00:00:00.000Z')),
  never('42', 42),
  never('true', true),
  never('{}', {}),
  never('[]', []),
  never('NaN', Number.NaN),
  never('BigInt', 7n),
  never('text', 'next Saturday'),
  never('a date without a time', '2099-01-01'),
  never('a time without an offset', '2099-01-01T10:00:00'),
  never('100 kB text', BIG_TEXT),
  ...HOSTILE_STRINGS.map((s) => never(s, s)),
  maybe('null', null),
  maybe('empty', ''),
  maybe('Date 1970', new Date(0)),
  maybe('Date year 275760', new Date(8.64e15)),
];

/** The values a field of this kind is fed; `never` ones must be refused whatever the field. */
export function badValues(kind: Kind, element?: unknown): BadValue[] {
  switch (kind) {
    case 'number':
      return NOT_NUMBERS;
    case 'string':
      return NOT_STRINGS;
    case 'boolean':
      return NOT_BOOLEANS;
    case 'enum':
      return NOT_OPTIONS;
    case 'object':
      return NOT_OBJECTS;
    case 'array':
      return [
        ...NOT_ARRAYS,
        // Far more elements than any list takes (the largest cap is 200 sale lines).
        never(
          '1000 copies of an element',
          Array.from({ length: 1000 }, () => element ?? null),
        ),
      ];
    case 'id':
      return NOT_IDS;
    case 'instant':
      return NOT_INSTANTS;
    default:
      return [maybe('NaN', Number.NaN), maybe('"text"', 'text'), maybe('{}', {})];
  }
}

/** A deep copy of `input` with the value at `path` replaced. */
export function withValue(input: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(input)) {
    const copy = [...input];
    copy[Number(head)] = withValue(copy[Number(head)], rest, value);
    return copy;
  }
  const copy = { ...(input as Record<string, unknown>) };
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** The value at `path`. */
export function valueAt(input: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], input);
}

// ---------------------------------------------------------------------------------------
// Answers and data.

const UNREADABLE = [
  // zod's own defaults: they name no field, so nobody can act on them.
  /^Invalid input/,
  /^Invalid (option|string|number|type|union|element|key|date|literal)/,
  /^Too (big|small)/,
  /^Unrecognized key/,
  // The engine's and the database's words.
  /Unexpected (end|token)/,
  /in JSON at position/,
  /^Expected (property|',')/,
  /Maximum call stack/,
  /Cannot read propert/,
  /is not a function/,
  /is not defined/,
  /SQLITE_/,
  /\n\s+at /,
];

/** Why `message` is not one a person can act on, or null when it is. */
export function unreadable(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  if (message.length > 600) return `a message of ${message.length} characters`;
  const hit = UNREADABLE.find((pattern) => pattern.test(message));
  return hit ? `an internal or generic message: ${JSON.stringify(message)}` : null;
}

/** One digest per table: a table's rows, in any order, hashed. */
export type Digest = Map<string, string>;

/**
 * Every table's digest, but those in `skip`. Virtual tables are read through their
 * shadow tables (inventory_search_data, ...), which are ordinary tables.
 */
export function digestOf(db: Database, skip: ReadonlySet<string>): Digest {
  const tables = db
    .prepare(
      "select name from sqlite_master where type = 'table' and sql not like 'CREATE VIRTUAL TABLE%' order by name",
    )
    .pluck()
    .all() as string[];
  const digest: Digest = new Map();
  for (const table of tables) {
    if (skip.has(table)) continue;
    const rows = db
      .prepare(`select * from "${table}"`)
      .raw()
      .all()
      .map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)))
      .sort();
    digest.set(table, createHash('sha256').update(rows.join('\n')).digest('hex'));
  }
  return digest;
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
