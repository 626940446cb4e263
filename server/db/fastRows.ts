import type Database from 'better-sqlite3';
import { Column, fillPlaceholders, is, SQL } from 'drizzle-orm';

// drizzle maps every row of a select through a generic walk: for each value it checks what
// the field is, iterates its path and keeps a map of joins to null. On the short reads that
// are asked most (a page of items, the readings) that walk was about a tenth of the request's
// CPU (docs/decisions.md, "Where a read's time goes"). For a flat select (each field a column
// or an SQL expression at the top level) the same result is one object literal per row,
// each value through the same decoder. A property test (tests/api/fast-rows.test.ts) holds
// the two to the same rows; anything else keeps drizzle's own mapping.

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle's prepared better-sqlite3 query this reads (drizzle-orm 0.45). */
interface PreparedSelect {
  fields?: SelectedField[];
  customResultMapper?: unknown;
  stmt?: Database.Statement;
  query?: { params: unknown[] };
  all: (values?: Record<string, unknown>) => unknown[];
  get: (values?: Record<string, unknown>) => unknown;
}

/** An SQL expression's decoder (its mapWith, or none): internal to drizzle, read as mapResultRow reads it. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

type RowMapper = (row: unknown[]) => Record<string, unknown>;

/** What drizzle's mapResultRow makes of a raw row of `fields`, or null when the select is not flat. */
function rowMapper(fields: readonly SelectedField[]): RowMapper | null {
  const decoders: Decoder[] = [];
  const keys: string[] = [];
  for (const { path, field } of fields) {
    const [key] = path;
    if (path.length !== 1 || key === undefined || key === '__proto__') return null;
    if (is(field, Column)) decoders.push(field);
    else if (is(field, SQL)) decoders.push(decoderOf(field));
    else if (is(field, SQL.Aliased)) decoders.push(decoderOf(field.sql));
    else return null;
    keys.push(key);
  }
  // One object literal: every row gets the same shape from the start.
  const values = keys.map(
    (key, i) => `${JSON.stringify(key)}: row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}])`,
  );
  return new Function('d', `return function mapRow(row) { return { ${values.join(', ')} }; };`)(decoders);
}

/**
 * `statement` (a drizzle prepared query) with its all() and get() mapping rows directly when
 * its select is flat; anything else is returned as it is. The shop's drizzle has no query
 * logger, so none is called here.
 */
export function withFastRows<Statement>(statement: Statement): Statement {
  const s = statement as unknown as PreparedSelect;
  if (typeof s !== 'object' || s === null || !Array.isArray(s.fields) || s.customResultMapper)
    return statement;
  const { stmt, query } = s;
  const map = rowMapper(s.fields);
  if (!map || !stmt || !query || !stmt.reader) return statement;
  s.all = (values) =>
    (stmt.raw(true).all(...fillPlaceholders(query.params, values ?? {})) as unknown[][]).map(map);
  s.get = (values) => {
    const row = stmt.raw(true).get(...fillPlaceholders(query.params, values ?? {})) as unknown[] | undefined;
    return row === undefined ? undefined : map(row);
  };
  return statement;
}
