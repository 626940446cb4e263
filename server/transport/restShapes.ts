import type { z } from 'zod';
import { centavosOf, pesosFromText, toPesos } from '../../shared/money';
import { fromMilli, toMilli } from '../../shared/quantity';
import type { listInput } from '../../shared/schemas/paging';
import { MONEY_TEXT } from '../../shared/texts/fields';
import { fail } from '../lib/errors';

// Translating the legacy REST shapes (docs/rules.md, REST contract) at the boundary, and only there:
// pesos to centavos and back, form strings to numbers, {_id} objects to ids.
// A value that cannot be read is passed on unchanged so the schema refuses it with its message;
// money that is not two-decimal pesos is refused here (the schemas see only centavos), and the
// route's admitTo checks the caller first.

type Body = Record<string, unknown>;

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** Whether a body or a list element is a JSON object (not null, an array or a string). */
export const isFields = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a request body, a query string or a list element; anything that is not a
 * JSON object carries none, so the schema names what is missing. The routes that must
 * refuse such a body outright (400) do it in their admitTo, after checking the caller.
 */
export function bodyOf(value: unknown): Body {
  return isFields(value) ? value : {};
}

/** A number from a number or a numeric form string; blank is "not given". */
export function numberIn(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/**
 * Pesos, a number or plain decimal text ("12.50"), to centavos; blank is "not given", and a
 * non-number non-text (true, {}) is left for the schema. A third decimal (12.345), hex,
 * an exponent or words are refused naming the field (400), never rounded or read as
 * something else; float noise like 0.1 + 0.2 is the two-decimal amount it stands for.
 */
export function pesosIn(value: unknown, label: string): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return value;
  const amount = typeof value === 'number' ? value : pesosFromText(value);
  const centavos = amount === null ? null : centavosOf(amount);
  if (centavos === null) throw fail.badRequest(MONEY_TEXT.pesos(label));
  return centavos;
}

/**
 * Units with up to three decimals (a number or numeric text) to thousandths; blank is "not
 * given". A fourth decimal (1.2345) is refused naming the field (400), never rounded; anything
 * not a number is left for the schema's message.
 */
export function quantityIn(value: unknown, message: string): unknown {
  const units = numberIn(value);
  if (typeof units !== 'number') return units;
  const milli = toMilli(units);
  if (milli === null) throw fail.badRequest(message);
  return milli;
}

/** Thousandths as the units REST shows: 2500 is 2.5. */
export const units = fromMilli;

/**
 * A record's id as a REST path gives it: digits name a record; anything else names none, so
 * it is 404 like every unknown id (docs/rules.md, Bad input), after the role check, not the
 * schema's 400.
 */
export function pathId(id: string): number {
  const n = /^\d+$/.test(id) ? Number(id) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : Number.MAX_SAFE_INTEGER;
}

/** A reference sent as an id, a numeric string or {_id}; blank means none. */
export function refIn(value: unknown): unknown {
  if (value && typeof value === 'object' && '_id' in value) return refIn((value as { _id: unknown })._id);
  if (value === '' || value === null) return null;
  return numberIn(value);
}

/**
 * Copies only the keys the body actually carries, so a partial edit stays partial. Its
 * values are unknown, so a key left out reads as the undefined the schema would see.
 */
export function present<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

export const pesos = toPesos;

/** A query-string flag: ?all=true. */
export function flag(value: unknown): boolean {
  return value === 'true' || value === '1';
}

/** A list's query string (page, limit, search, field, order) as the list procedures take it; they check it. */
export function listQuery(
  q: Record<string, string | undefined>,
  defaultLimit = 10,
): Loose<z.input<ReturnType<typeof listInput<string>>>> {
  return {
    page: q.page ?? 1,
    limit: q.limit ?? defaultLimit,
    search: q.search ?? '',
    ...(q.field ? { field: q.field, order: q.order ?? 'asc' } : {}),
  };
}

// ---- Typed adapters ------------------------------------------------------------------------

declare const sent: unique symbol;
/** A value passed on as the client sent it, where the input wants an object or a list. */
type AsSent = { readonly [sent]: true };

/** Marks a value passed on unread, for the procedure's schema to take or refuse. */
export const asSent = (value: unknown) => value as AsSent;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Uint8Array;

/** One field of a Loose input: any value for a plain one; for an object or a list, its own fields, or as sent. */
type LooseField<V> = unknown extends V
  ? unknown
  : [Exclude<V, Leaf>] extends [never]
    ? unknown
    : Loose<Exclude<V, Leaf>> | AsSent | null | undefined;

/**
 * A procedure's input as a REST adapter builds it: the same field names, nested objects and
 * lists included, each value unknown. A misspelt or renamed field fails to compile (object
 * literals get excess property checks), while a wrong value still reaches the schema, which
 * refuses it with its own message.
 */
export type Loose<T> = T extends readonly (infer E)[]
  ? [Exclude<E, Leaf>] extends [never]
    ? unknown
    : readonly LooseField<E>[]
  : T extends object
    ? { [K in keyof T]: LooseField<T[K]> }
    : unknown;

/**
 * Calls a procedure of a caller with an input built from a REST request: Loose checks the
 * field names, the schema the values; or a body or query string passed on whole (asSent),
 * where the REST names are the procedure's own. The cast here stands for the schema's check.
 */
export function call<In, Out>(
  procedure: (input: In) => Promise<Out>,
  input: Loose<NonNullable<In>> | AsSent,
): Promise<Out> {
  return procedure(input as In);
}
