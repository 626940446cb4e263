import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { blob, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withFastRows } from '../../server/db/fastRows';

// A flat select's rows mapped directly (server/db/fastRows.ts) must be exactly what
// drizzle's own mapping makes of them: both run here on the same random rows, over every
// kind of column the shop's tables use and SQL expressions with and without mapWith.

const things = sqliteTable('things', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  count: integer('count'),
  yes: integer('yes', { mode: 'boolean' }),
  at: integer('at', { mode: 'timestamp_ms' }),
  day: integer('day', { mode: 'timestamp' }),
  name: text('name'),
  kind: text('kind', { enum: ['cake', 'item'] }),
  extra: text('extra', { mode: 'json' }).$type<{ n: number } | string[]>(),
  price: real('price'),
  bytes: blob('bytes', { mode: 'buffer' }),
});

function shop() {
  const sqlite = new Database(':memory:');
  sqlite.exec(`create table things (id integer primary key autoincrement, count integer, yes integer,
    at integer, day integer, name text, kind text, extra text, price real, bytes blob)`);
  return drizzle(sqlite);
}

const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const row = fc.record({
  count: maybe(fc.integer({ min: -1e9, max: 1e9 })),
  yes: maybe(fc.boolean()),
  at: maybe(fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms))),
  day: maybe(fc.integer({ min: 0, max: 4e9 }).map((s) => new Date(s * 1000))),
  name: maybe(fc.string({ maxLength: 12 })),
  kind: maybe(fc.constantFrom('cake' as const, 'item' as const)),
  extra: maybe(
    fc.oneof(
      fc.integer().map((n) => ({ n })),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
    ),
  ),
  price: maybe(fc.double({ noNaN: true, noDefaultInfinity: true })),
  bytes: maybe(fc.uint8Array({ maxLength: 8 }).map((a) => Buffer.from(a))),
});

/** The selects compared: every column, expressions, an alias; each prepared twice. */
function selects(db: ReturnType<typeof shop>) {
  const t = things;
  const flat = () =>
    db
      .select({
        id: t.id,
        count: t.count,
        yes: t.yes,
        at: t.at,
        day: t.day,
        name: t.name,
        kind: t.kind,
        extra: t.extra,
        price: t.price,
        bytes: t.bytes,
        doubled: sql<number>`${t.count} * 2`.mapWith(Number),
        asText: sql<string>`cast(${t.count} as text)`,
        named: sql<string>`upper(${t.name})`.as('named'),
        when: sql<Date>`${t.at}`.mapWith(t.at),
      })
      .from(t)
      .where(sql`${t.id} >= ${sql.placeholder('from')}`)
      .orderBy(t.id);
  return { flat };
}

describe('rows mapped without drizzle’s walk (server/db/fastRows.ts)', () => {
  it('gives the same rows as drizzle for any rows of any column kind', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), fc.integer({ min: 0, max: 4 }), (rows, from) => {
        const db = shop();
        try {
          for (const r of rows) db.insert(things).values(r).run();
          const { flat } = selects(db);
          const drizzles = flat().prepare();
          const fast = withFastRows(flat().prepare());
          expect(Object.hasOwn(fast, 'all')).toBe(true);
          expect(fast.all({ from })).toEqual(drizzles.all({ from }));
          expect(fast.get({ from })).toEqual(drizzles.get({ from }));
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a select with nested objects, or with no fields, to drizzle', () => {
    const db = shop();
    try {
      const nested = withFastRows(db.select({ thing: things, n: sql<number>`1` }).from(things).prepare());
      expect(Object.hasOwn(nested, 'all')).toBe(false);
      const insert = withFastRows(db.insert(things).values({ name: 'x' }).prepare());
      expect(Object.hasOwn(insert, 'all')).toBe(false);
      const whole = withFastRows(db.select().from(things).prepare());
      // A whole-table select is flat (its columns at the top level): mapped directly.
      expect(Object.hasOwn(whole, 'all')).toBe(true);
    } finally {
      db.$client.close();
    }
  });
});
