import { centavosOf, pesosFromText, toPesos } from '../shared/money';
import { MONEY_TEXT } from '../shared/texts/catalogue';
import { fail } from './errors';

// Translating the legacy REST shapes (SPEC.md §7) at the boundary, and only there:
// pesos to centavos and back, form strings to numbers, {_id} objects to ids.
// A value that cannot be read is passed on unchanged so the schema refuses it with its message;
// money that is not two-decimal pesos is refused here (the schemas see only centavos), and the
// route's admitTo checks the caller first.

type Body = Record<string, unknown>;

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** The request body as an object; anything else (an array, null, a string) is a 400. */
export function bodyOf(body: unknown): Body {
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Body;
  throw fail.badRequest(NOT_AN_OBJECT);
}

/** One element of a list in a body (an ingredient line): an object, or empty so its schema names what is missing. */
export function entryOf(value: unknown): Body {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
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

/** A reference sent as an id, a numeric string or {_id}; blank means none. */
export function refIn(value: unknown): unknown {
  if (value && typeof value === 'object' && '_id' in value) return refIn((value as { _id: unknown })._id);
  if (value === '' || value === null) return null;
  return numberIn(value);
}

/** Copies only the keys the body actually carries, so a partial edit stays partial. */
export function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const pesos = toPesos;

/** A query-string flag: ?all=true. */
export function flag(value: unknown): boolean {
  return value === 'true' || value === '1';
}

/** A list's query string (page, limit, search, field, order) as the list procedures take it; they check it. */
export function listQuery(q: Record<string, string | undefined>, defaultLimit = 10) {
  return {
    page: (q.page ?? 1) as never,
    limit: (q.limit ?? defaultLimit) as never,
    search: q.search ?? '',
    ...(q.field ? { field: q.field as never, order: (q.order ?? 'asc') as never } : {}),
  };
}
