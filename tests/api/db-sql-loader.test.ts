import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { applySqlFiles, expandMacros, statementsOf } from '../../server/db/sqlFiles';

// The loader runs a SQL file again only when its text changed or one of its objects is
// missing, and a file that fails changes nothing.

const dir = mkdtempSync(path.join(tmpdir(), 'shop-sql-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COUNTING = `-- Counts the rows of lines.
CREATE TABLE IF NOT EXISTS line_count (n integer NOT NULL);
INSERT INTO line_count SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM line_count);
DROP TRIGGER IF EXISTS lines_counted;
CREATE TRIGGER lines_counted AFTER INSERT ON lines BEGIN
  UPDATE line_count SET n = n + 1;
END;
`;

let sqlite: Database.Database;
let folder: string;
const write = (text: string) => writeFileSync(path.join(folder, 'counting.sql'), text);
const triggerText = () =>
  sqlite
    .prepare("select sql from sqlite_master where type = 'trigger' and name = 'lines_counted'")
    .pluck()
    .get();

beforeEach(() => {
  folder = mkdtempSync(path.join(dir, 'sql-'));
  sqlite = new Database(path.join(folder, 'shop.db'));
  sqlite.exec('CREATE TABLE lines (id integer PRIMARY KEY, at integer)');
  write(COUNTING);
});

describe('the SQL file loader', () => {
  it('runs a new file, skips it unchanged, and runs it again when its text changes', () => {
    expect(applySqlFiles(sqlite, folder)).toEqual(['counting.sql']);
    expect(sqlite.prepare('select file, hash from __sql_files').all()).toEqual([
      { file: 'counting.sql', hash: createHash('sha256').update(COUNTING).digest('hex') },
    ]);
    sqlite.exec('INSERT INTO lines (id) VALUES (1)');

    expect(applySqlFiles(sqlite, folder)).toEqual([]);
    // Skipped, not run again: a run would not have changed it either, so prove it by a trigger
    // changed behind the loader's back that stays as it was.
    sqlite.exec('DROP TRIGGER lines_counted');
    sqlite.exec(
      'CREATE TRIGGER lines_counted AFTER INSERT ON lines BEGIN UPDATE line_count SET n = n + 10; END',
    );
    expect(applySqlFiles(sqlite, folder)).toEqual([]);
    expect(triggerText()).toContain('n + 10');

    write(COUNTING.replace('n = n + 1', 'n = n + 2'));
    expect(applySqlFiles(sqlite, folder)).toEqual(['counting.sql']);
    expect(triggerText()).toContain('n = n + 2');
    sqlite.exec('INSERT INTO lines (id) VALUES (2)');
    // The file's table and its row were kept: 1 from the first trigger, 2 from the new one.
    expect(sqlite.prepare('select n from line_count').pluck().all()).toEqual([3]);
  });

  it('runs an unchanged file again when one of its objects is missing', () => {
    applySqlFiles(sqlite, folder);
    // A migration rebuilding the table drops its triggers.
    sqlite.exec('DROP TABLE lines; CREATE TABLE lines (id integer PRIMARY KEY, at integer)');
    expect(triggerText()).toBeUndefined();
    expect(applySqlFiles(sqlite, folder)).toEqual(['counting.sql']);
    expect(triggerText()).toContain('n = n + 1');
  });

  it('changes nothing when a file fails, and tries it again next time', () => {
    applySqlFiles(sqlite, folder);
    const hash = sqlite.prepare('select hash from __sql_files').pluck().get();
    write(`${COUNTING.replace('n = n + 1', 'n = n + 2')}SELECT * FROM nowhere;\n`);
    expect(() => applySqlFiles(sqlite, folder)).toThrow(/no such table: nowhere/);
    expect(triggerText()).toContain('n = n + 1');
    expect(sqlite.prepare('select hash from __sql_files').pluck().get()).toBe(hash);
    write(COUNTING.replace('n = n + 1', 'n = n + 2'));
    expect(applySqlFiles(sqlite, folder)).toEqual(['counting.sql']);
  });

  it('writes the Manila day of a timestamp where a file says manila_day(...)', () => {
    write(`CREATE VIEW line_days AS SELECT id, manila_day(at) AS day FROM lines;`);
    applySqlFiles(sqlite, folder);
    const view = sqlite.prepare("select sql from sqlite_master where name = 'line_days'").pluck().get();
    expect(view).toBe(
      "CREATE VIEW line_days AS SELECT id, date(at / 1000 + 28800, 'unixepoch') AS day FROM lines",
    );
    sqlite
      .prepare('INSERT INTO lines (id, at) VALUES (?, ?), (?, ?)')
      .run(1, Date.parse('2026-05-01T15:59:59Z'), 2, Date.parse('2026-05-01T16:00:00Z'));
    expect(sqlite.prepare('select day from line_days order by id').pluck().all()).toEqual([
      '2026-05-01',
      '2026-05-02',
    ]);
    expect(expandMacros('manila_day( new.sold_at )')).toBe("date(new.sold_at / 1000 + 28800, 'unixepoch')");
    // Left unexpanded, it would fail only when a trigger fires; refused at start instead.
    expect(() => expandMacros('manila_day(coalesce(a, b))')).toThrow(/manila_day/);
  });

  it('splits a script where SQLite would, not inside a trigger, a CASE, a text or a comment', () => {
    const script = `-- one; two
      CREATE TRIGGER t AFTER INSERT ON lines BEGIN
        UPDATE lines SET at = CASE WHEN new.at IS NULL THEN 0 ELSE new.at END;
        INSERT INTO notes VALUES ('a; b', "c;d"); /* e; f */
      END;
      DROP VIEW IF EXISTS v; SELECT 'it''s; fine'`;
    expect(statementsOf(script).map((s) => s.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'CREATE TRIGGER',
      'DROP VIEW',
      "SELECT 'it''s;",
    ]);
    expect(statementsOf(script)[0]).toMatch(/^CREATE TRIGGER t[\s\S]*\bEND$/);
  });
});
