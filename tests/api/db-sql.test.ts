import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDb } from '../../server/db/open';
import { readSqlFiles, SQL_FOLDER, type SqlFile } from '../../server/db/sqlFiles';

// The triggers, views and virtual tables live in server/db/sql, one file per concern; the
// numbered migrations only create tables and fill them. These tests hold the two together.

const dir = mkdtempSync(path.join(tmpdir(), 'shop-sql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = () => path.join(dir, `shop-${++n}.db`);

/** SQL text as written or as SQLite keeps it, compared without comments, quotes or layout. */
function normalised(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\bIF\s+NOT\s+EXISTS\s+/i, '')
    .replace(/[`"]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim();
}

/** What the hand-written SQL leaves in a database: triggers, views, virtual tables. */
function handWritten(sqlite: Database.Database): Map<string, string> {
  const rows = sqlite
    .prepare(
      `select type, name, sql from sqlite_master
       where type in ('trigger', 'view') or (type = 'table' and sql like 'CREATE VIRTUAL TABLE%')`,
    )
    .all() as { type: string; name: string; sql: string }[];
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, normalised(r.sql)]));
}

/**
 * How a database's hand-written SQL differs from the files, both ways: an object in a file
 * but missing or different in the database, and a trigger, view or virtual table in the
 * database that no file defines.
 */
function differences(sqlite: Database.Database, files: SqlFile[]): string[] {
  const inDb = handWritten(sqlite);
  const sqlOf = sqlite.prepare('select sql from sqlite_master where type = ? and name = ?').pluck();
  const problems: string[] = [];
  const defined = new Set<string>();
  for (const file of files)
    for (const object of file.objects) {
      const key = `${object.type} ${object.name}`;
      defined.add(key);
      const actual = sqlOf.get(object.type, object.name) as string | undefined;
      if (actual === undefined) problems.push(`${key}: in ${file.file}, not in the database`);
      else if (normalised(actual) !== normalised(object.sql))
        problems.push(`${key}: the database's text differs from ${file.file}`);
    }
  for (const key of inDb.keys())
    if (!defined.has(key)) problems.push(`${key}: in the database, in no file of server/db/sql`);
  return problems.sort();
}

/** A database's schema: sqlite_master normalised, and every table's columns. */
function schemaOf(sqlite: Database.Database) {
  const rows = sqlite
    .prepare(
      "select type, name, tbl_name, sql from sqlite_master where tbl_name <> '__sql_files' order by type, name",
    )
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
  const master = rows.map((r) => ({ ...r, sql: r.sql === null ? null : normalised(r.sql) }));
  const columns = Object.fromEntries(
    rows.filter((r) => r.type === 'table').map((r) => [r.name, sqlite.pragma(`table_xinfo("${r.name}")`)]),
  );
  return { master, columns };
}

/** The items whose id or name holds `text`, by the search index. */
const found = (sqlite: Database.Database, text: string) =>
  sqlite
    .prepare('SELECT rowid FROM inventory_search WHERE inventory_search MATCH ?')
    .pluck()
    .all(`"${text}"`);

/** A copy of the SQL files with one text replaced in one file, for the tests' own failures. */
function changedCopy(file: string, from: string, to: string): string {
  const folder = mkdtempSync(path.join(dir, 'sql-'));
  cpSync(SQL_FOLDER, folder, { recursive: true });
  const text = readFileSync(path.join(folder, file), 'utf8');
  expect(text).toContain(from);
  writeFileSync(path.join(folder, file), text.replace(from, to));
  return folder;
}

describe('the SQL files and a freshly migrated database', () => {
  it('agree on every trigger, view and virtual table, by name and text', () => {
    const db = openDb(freshFile());
    const files = readSqlFiles();
    expect(files.flatMap((f) => f.objects).filter((o) => o.type === 'trigger')).toHaveLength(24);
    expect(differences(db.$client, files)).toEqual([]);
    // They ran at start, each recorded with its hash.
    expect(db.$client.prepare('select file, hash from __sql_files order by file').all()).toEqual(
      files.map(({ file, hash }) => ({ file, hash })),
    );

    // The check itself: a trigger lost (as a table rebuild loses them), one no file defines,
    // and a file whose text the database does not have, each fail it.
    db.$client.exec('DROP TRIGGER units_rename');
    db.$client.exec('CREATE TRIGGER stray AFTER INSERT ON units BEGIN SELECT 1; END');
    const edited = readSqlFiles(
      changedCopy('activity-by-day.sql', 'entries = entries - 1', 'entries = entries - 2'),
    );
    expect(differences(db.$client, edited)).toEqual([
      "trigger activity_by_day_delete: the database's text differs from activity-by-day.sql",
      'trigger stray: in the database, in no file of server/db/sql',
      'trigger units_rename: in inventory-sort-keys.sql, not in the database',
    ]);
    db.$client.close();
  });

  it('are declared in the table files of the tables their triggers write', () => {
    const tablesFolder = path.resolve(import.meta.dirname, '../../server/db/tables');
    const tableFiles = readdirSync(tablesFolder).map((f) => readFileSync(path.join(tablesFolder, f), 'utf8'));
    const problems = new Set<string>();
    const files = readSqlFiles();
    const madeHere = new Set(files.flatMap((f) => f.objects.map((o) => o.name)));
    const written = /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+(\w+)|\bUPDATE\s+(\w+)\s+SET\b/gi;
    for (const file of files)
      for (const object of file.objects.filter((o) => o.type === 'trigger'))
        for (const [, into, updated] of object.sql.matchAll(written)) {
          const table = into ?? updated ?? '';
          if (madeHere.has(table)) continue;
          const declaring = tableFiles.find((text) => new RegExp(`sqliteTable\\(\\s*'${table}'`).test(text));
          if (!declaring?.includes(`server/db/sql/${file.file}`))
            problems.add(`${table} does not point to server/db/sql/${file.file}`);
        }
    expect([...problems]).toEqual([]);
  });
});

describe('a database migrated the old way and one migrated the new way', () => {
  it('end with the same schema', () => {
    // The old way: the numbered migrations alone, as a shop's database was at the last release.
    const oldFile = freshFile();
    const old = openDb(oldFile, MIGRATIONS_FOLDER, null);
    const fresh = openDb(freshFile());
    old.$client.exec("INSERT INTO inventory_items (item_id, name) VALUES ('INV-000001', 'Bread Flour')");
    old.$client.close();
    const before = schemaOf(fresh.$client);

    // That shop opened by this release: the files run once, leaving what a new shop has.
    const upgraded = openDb(oldFile);
    expect(schemaOf(upgraded.$client)).toEqual(before);
    expect(handWritten(upgraded.$client)).toEqual(handWritten(fresh.$client));
    expect(differences(upgraded.$client, readSqlFiles())).toEqual([]);
    expect(found(upgraded.$client, 'lour')).toEqual([1]);
    // The search index, made again from the items if it goes missing.
    upgraded.$client.exec('DROP TABLE inventory_search');
    upgraded.$client.close();
    const reopened = openDb(oldFile);
    expect(found(reopened.$client, 'lour')).toEqual([1]);
    expect(schemaOf(reopened.$client)).toEqual(before);
    reopened.$client.close();

    // The check itself: a file that no longer says what the migrations left fails it.
    const changed = openDb(
      freshFile(),
      MIGRATIONS_FOLDER,
      changedCopy('report-rollups.sql', 'new.subtotal - new.discount_amount', 'new.subtotal'),
    );
    expect(schemaOf(changed.$client)).not.toEqual(before);
    changed.$client.close();
    fresh.$client.close();
  });
});
