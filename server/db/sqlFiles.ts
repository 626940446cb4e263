import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { MANILA_OFFSET_MS } from '../../shared/time';
import { PROJECT_ROOT } from '../lib/projectRoot';

// The database's hand-written SQL (triggers, views, virtual tables and the tables drizzle
// does not declare), one file per concern in server/db/sql, each the current definition of
// its objects and safe to run again. They are applied after the numbered migrations, like
// Flyway's repeatable migrations: a file runs again when its text has changed since it last
// ran or when one of its objects is missing (a table rebuild in a migration drops the
// table's triggers). Backfills stay in numbered migrations. In the files, manila_day(col)
// stands for the Manila calendar date of a timestamp column (expandMacros).

/** Read from the project's folder, beside the code, as the migrations are. */
export const SQL_FOLDER = path.join(PROJECT_ROOT, 'server', 'db', 'sql');

/** Each file's hash when it last ran. */
const APPLIED_TABLE = '__sql_files';

/** `manila_day(at)`: the Manila calendar date (YYYY-MM-DD) of a millisecond timestamp column. */
export function expandMacros(text: string): string {
  const expanded = text.replace(
    /\bmanila_day\(([^()]+)\)/g,
    (_all, at: string) => `date(${at.trim()} / 1000 + ${MANILA_OFFSET_MS / 1000}, 'unixepoch')`,
  );
  // SQLite would take an unknown function in a trigger and fail only when the trigger fires.
  if (/\bmanila_day\s*\(/.test(expanded))
    throw new Error('manila_day() takes a column or a plain expression, without parentheses.');
  return expanded;
}

interface SqlObject {
  /** As sqlite_master names it: a virtual table is a 'table'. */
  type: 'trigger' | 'view' | 'table' | 'index';
  name: string;
  /** The CREATE statement as written, without its closing semicolon. */
  sql: string;
}

export interface SqlFile {
  file: string;
  /** The text with its macros expanded, as it runs. */
  text: string;
  hash: string;
  objects: SqlObject[];
}

/**
 * The statements of a script, each from its first keyword to its semicolon (comments between
 * statements left out). A semicolon inside a trigger's BEGIN ... END, a CASE ... END, a string
 * or a comment does not end a statement.
 */
export function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let start = -1;
  let depth = 0;
  let firstWord = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const two = text.slice(i, i + 2);
    if (two === '--') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (two === '/*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      if (start < 0) start = i;
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      // A doubled quote inside a quoted text is the quote itself.
      while (j < text.length && (text.charAt(j) !== close || text.charAt(j + 1) === close))
        j += text.charAt(j) === close ? 2 : 1;
      i = j + 1;
    } else if (/\w/.test(c)) {
      if (start < 0) start = i;
      let j = i;
      while (j < text.length && /\w/.test(text.charAt(j))) j++;
      const word = text.slice(i, j).toUpperCase();
      if (!firstWord) firstWord = word;
      else if (word === 'BEGIN' || word === 'CASE') depth++;
      else if (word === 'END') depth--;
      i = j;
    } else if (c === ';' && depth <= 0) {
      if (start >= 0) statements.push(text.slice(start, i).trim());
      start = -1;
      depth = 0;
      firstWord = '';
      i++;
    } else {
      if (start < 0 && !/\s/.test(c)) start = i;
      i++;
    }
  }
  if (start >= 0 && text.slice(start).trim()) statements.push(text.slice(start).trim());
  return statements;
}

const CREATE =
  /^CREATE\s+(?:TEMP(?:ORARY)?\s+)?(?:UNIQUE\s+)?(TRIGGER|VIEW|VIRTUAL\s+TABLE|TABLE|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"[]?(\w+)/i;

/** The objects a script creates. */
function objectsOf(text: string): SqlObject[] {
  const objects: SqlObject[] = [];
  for (const sql of statementsOf(text)) {
    const match = CREATE.exec(sql);
    if (!match) continue;
    const [, kind = '', name = ''] = match;
    const word = kind.toUpperCase();
    const type =
      word === 'TRIGGER' ? 'trigger' : word === 'VIEW' ? 'view' : word === 'INDEX' ? 'index' : 'table';
    objects.push({ type, name, sql });
  }
  return objects;
}

/** The folder's .sql files in name order, read and expanded. */
export function readSqlFiles(folder: string = SQL_FOLDER): SqlFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = expandMacros(readFileSync(path.join(folder, file), 'utf8'));
      const hash = createHash('sha256').update(text).digest('hex');
      return { file, text, hash, objects: objectsOf(text) };
    });
}

/**
 * Runs each file whose text changed since it last ran, or one of whose objects is missing,
 * and records its new hash; all in one transaction, so a failing file changes nothing (and
 * the server does not start). Returns the files it ran.
 */
export function applySqlFiles(sqlite: Database.Database, folder: string = SQL_FOLDER): string[] {
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS ${APPLIED_TABLE} (file text PRIMARY KEY, hash text NOT NULL, applied_at integer NOT NULL)`,
  );
  const appliedHash = sqlite.prepare(`SELECT hash FROM ${APPLIED_TABLE} WHERE file = ?`).pluck();
  const exists = sqlite.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').pluck();
  const record = sqlite.prepare(
    `INSERT INTO ${APPLIED_TABLE} (file, hash, applied_at) VALUES (?, ?, ?)
     ON CONFLICT (file) DO UPDATE SET hash = excluded.hash, applied_at = excluded.applied_at`,
  );
  const files = readSqlFiles(folder);
  const due = () =>
    files.filter(
      (f) => appliedHash.get(f.file) !== f.hash || !f.objects.every((o) => exists.get(o.type, o.name)),
    );
  if (due().length === 0) return [];
  return sqlite
    .transaction(() =>
      // Asked again inside: another connection may have run them meanwhile.
      due().map((file) => {
        sqlite.exec(file.text);
        record.run(file.file, file.hash, Date.now());
        return file.file;
      }),
    )
    .immediate();
}
