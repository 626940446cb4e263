import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { toCentavos } from '../../../../shared/money';
import { toMilli } from '../../../../shared/quantity';
import type { RejectedRow, RestoreOutcome } from '../../../../shared/schemas/backup';
import { isStoredText } from '../../../../shared/schemas/text';
import { STORED_TEXT } from '../../../../shared/texts/storedText';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { users } from '../../../db/schema';
import type { Cell, SheetRow } from './read';

// The cell readers every area's rows use: the backup writes pesos, ISO instants and
// text; a person who edited the file in Excel may have turned text into numbers.

/**
 * Text as written; a number Excel made of an id ("1001") is read back as its digits. Held
 * to the rule of every stored text, whatever field it fills: one line, nothing hidden.
 */
export const cellText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === null ? '' : v),
  z.string({ error: 'must be text' }).refine(isStoredText, STORED_TEXT.cell),
);

/** A text cell read with a form field's own schema (its default for a missing value never applies). */
export const textCell = <T extends z.ZodType<string, string | undefined>>(field: T) =>
  cellText.pipe(field as unknown as z.ZodType<z.output<T>, string>);

/** Blank cells are null. */
export const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? null : v), z.union([z.null(), schema]));

const numeric = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;

/** Pesos with at most two decimals, as centavos. */
export const pesosCell = z.preprocess(
  numeric,
  z
    .number({ error: 'must be an amount in pesos' })
    .refine(
      (n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      'must be pesos with at most two decimals',
    )
    .transform(toCentavos),
);

export const numberCell = z.preprocess(numeric, z.number({ error: 'must be a number' }));

/** A quantity in units with at most three decimals, as thousandths (shared/quantity.ts). */
export const quantityCell = numberCell.pipe(
  z.number().transform((n, ctx) => {
    const milli = toMilli(n);
    if (milli === null) ctx.addIssue({ code: 'custom', message: 'must have at most three decimals' });
    return milli ?? 0;
  }),
);

/** yes or no as a boolean; a blank cell is `blank` (a column older backups lack). */
export const yesNoCell = (blank: boolean) =>
  orNull(cellText.pipe(z.enum(['yes', 'no'], { error: 'must be yes or no' }))).transform((v) =>
    v === null ? blank : v === 'yes',
  );

/** An instant as the backup writes it (ISO 8601 with its offset). */
export const instantCell = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v),
  z
    .date({ error: 'must be a date and time like 2026-11-20T01:30:00.000Z' })
    .refine((d) => !Number.isNaN(d.getTime()), {
      message: 'must be a date and time like 2026-11-20T01:30:00.000Z',
    }),
);

/** A row read with `schema`, or the first reason it cannot be: "purchasePrice: must be …". */
export function readRow<T extends z.ZodType>(
  schema: T,
  { cells }: SheetRow,
): { value: z.infer<T> } | { reason: string } {
  for (const [field, cell] of Object.entries(cells) as [string, Cell][]) {
    if (cell && typeof cell === 'object') return { reason: `${field}: ${cell.problem}` };
  }
  const parsed = schema.safeParse(cells);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  return { reason: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'cannot be read'}` };
}

/** The fields whose values differ (dates by their instant). */
export function changedFields<T extends object>(before: T, after: Partial<T>): string[] {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date || b instanceof Date
      ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
      : (a ?? null) === (b ?? null);
  return (Object.keys(after) as (keyof T)[]).filter((k) => !same(before[k], after[k])).map(String);
}

/** The running count of a restore: rows added, updated, unchanged and refused. */
export class Tally implements Omit<RestoreOutcome, 'applied'> {
  added = 0;
  updated = 0;
  unchanged = 0;
  rejected: RejectedRow[] = [];
  constructor(private readonly sheet: string) {}
  reject(row: number, reason: string, sheet = this.sheet) {
    this.rejected.push({ sheet, row, reason });
  }
}

/**
 * Case folded as SQLite's lower() folds it, A-Z only, which is how the unique indexes on
 * lower(...) compare: "Ñ" and "ñ" are two ids there, so they are two here.
 */
export const foldCase = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** Each business id once per file, case-insensitively, like the database's unique indexes. */
function firstSeen() {
  const seen = new Map<string, number>();
  return (id: string, row: number): number | null => {
    const key = foldCase(id);
    const earlier = seen.get(key);
    if (earlier !== undefined) return earlier;
    seen.set(key, row);
    return null;
  };
}

/**
 * A sheet's rows that read with `schema` and whose business id `idField` was on no earlier
 * row; each other row is refused with its reason.
 */
export function* checkedRows<T extends z.ZodType>(
  rows: readonly SheetRow[],
  schema: T,
  idField: keyof z.infer<T> & string,
  tally: Tally,
  sheet?: string,
): Generator<{ row: number; value: z.infer<T> }> {
  const seen = firstSeen();
  for (const row of rows) {
    const read = readRow(schema, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, sheet);
      continue;
    }
    const id = String(read.value[idField]);
    const earlier = seen(id, row.row);
    if (earlier !== null) tally.reject(row.row, `${idField} ${id} is also on row ${earlier}.`, sheet);
    else yield { row: row.row, value: read.value };
  }
}

/**
 * Prepared statements for one table's rows by business id: find (case-insensitively, on
 * the unique index), insert and update all of `fields`. A restore runs them once per
 * row, tens of thousands of times, where building each query anew cost most of the time.
 */
export function tableWriter<Row extends { id: number }>(
  tx: Tx,
  name: string,
  table: SQLiteTable & { id: AnySQLiteColumn },
  businessId: AnySQLiteColumn,
  fields: readonly string[],
  /** How the business id's unique index compares: sale ids are upper-case, the others any case. */
  compare: 'any-case' | 'exact' = 'any-case',
) {
  const key = `restore.${name}`;
  const exact = compare === 'exact';
  // Raw placeholders, values converted here: drizzle's own would run the column's encoder
  // on null too (a blank updatedAt), which fails.
  const raw = Object.fromEntries(fields.map((f) => [f, sql`${sql.placeholder(f)}`]));
  const bind = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        v instanceof Date ? v.getTime() : typeof v === 'boolean' ? Number(v) : v,
      ]),
    );
  const find = prepared(tx, `${key}.find`, () =>
    tx
      .select()
      .from(table)
      .where(
        exact
          ? eq(businessId, sql.placeholder('key'))
          : eq(sql`lower(${businessId})`, sql`lower(${sql.placeholder('key')})`),
      )
      .prepare(),
  );
  const insert = prepared(tx, `${key}.insert`, () =>
    tx
      .insert(table)
      .values(raw as never)
      .returning({ id: table.id })
      .prepare(),
  );
  const update = prepared(tx, `${key}.update`, () =>
    tx
      .update(table)
      .set(raw as never)
      .where(eq(table.id, sql.placeholder('id')))
      .prepare(),
  );
  return {
    find: (id: string) => find.get({ key: id }) as Row | undefined,
    insert: (values: Record<string, unknown>) => (insert.get(bind(values)) as { id: number }).id,
    update: (id: number, values: Record<string, unknown>) => update.run({ ...bind(values), id }),
  };
}

/** A lookup run once per distinct key during one restore (a category, a supplier, an email). */
function remembered<T>(look: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    const k = foldCase(key);
    if (!known.has(k)) known.set(k, look(key));
    return known.get(k) as T;
  };
}

/**
 * A record's database id by its name or business id, compared as its unique index compares
 * (SQLite's lower() on both sides); undefined when none is on file.
 */
export function idLookup(
  tx: Tx,
  table: SQLiteTable & { id: AnySQLiteColumn },
  column: AnySQLiteColumn,
  where?: SQL,
): (key: string) => number | undefined {
  return remembered(
    (key) =>
      tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(sql`lower(${column})`, sql`lower(${key})`), where))
        .get()?.id as number | undefined,
  );
}

/** An account's id by email (stored lower-case); null for a blank cell or an account no longer here. */
export function userLookup(tx: Tx): (email: string | null) => number | null {
  const byEmail = remembered(
    (email) =>
      tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get()?.id ?? null,
  );
  return (email) => (email ? byEmail(email) : null);
}
