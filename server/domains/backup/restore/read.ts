import { type BackupArea, RESTORE_MAX_BYTES } from '../../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../../shared/texts/backup';
import { fail } from '../../../lib/errors';
import { type Cell, readWorkbook, WorkbookRefused, type WorkbookRow } from './workbook';

// Reading an uploaded backup: the area's sheets with the header row its backup writes,
// each later row as {field: value}. Only values: a formula, an error cell or a rich value
// is a problem of that row (the restore names it), never code to run.

export type { Cell };

export interface SheetRow {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  cells: Record<string, Cell>;
}

export type Book = Record<string, SheetRow[]>;

/**
 * The sheets an area's workbook must hold, and the fields each must have. A name ending
 * in '?' may be missing (a column or sheet added since older backups were made): its
 * cells read as blank.
 */
export type Layout = Record<string, readonly string[]>;

const bare = (name: string) => name.replace(/\?$/, '');
const optional = (name: string) => name.endsWith('?');

/**
 * The workbook's rows for the sheets in `layout`. Refuses with 400 a file that is not a
 * workbook, or not this area's (a sheet or a field missing), or holds no rows.
 */
export async function readBackup(file: Uint8Array, area: BackupArea, layout: Layout): Promise<Book> {
  if (file.byteLength > RESTORE_MAX_BYTES) throw fail.badRequest(BACKUP_TEXT.tooLarge);
  const book: Book = {};
  let sheets: Map<string, WorkbookRow[]>;
  try {
    sheets = await readWorkbook(file, Object.keys(layout).map(bare));
  } catch (error) {
    if (!(error instanceof WorkbookRefused)) throw error;
    if (error.kind === 'tooLarge') throw fail.tooLarge(BACKUP_TEXT.inflatesTooLarge);
    if (error.kind === 'tooManyRows') throw fail.tooLarge(BACKUP_TEXT.tooManyRows);
    throw fail.badRequest(BACKUP_TEXT.notWorkbook);
  }
  for (const [name, sheetRows] of sheets) {
    const fields = (layout[name] ?? layout[`${name}?`] ?? []).map(bare);
    const [first, ...rest] = sheetRows.filter((row) =>
      row.values.some((cell) => cell !== null && cell !== undefined),
    );
    const header = (first?.values ?? []).map((v) => (typeof v === 'string' ? v.trim() : ''));
    const rows: SheetRow[] = [];
    for (const row of rest) {
      const cells: Record<string, Cell> = {};
      let blank = true;
      for (const field of fields) cells[field] = null;
      header.forEach((field, n) => {
        if (!fields.includes(field)) return;
        const cell = row.values[n] ?? null;
        cells[field] = cell;
        if (cell !== null) blank = false;
      });
      if (!blank) rows.push({ row: row.number, cells });
    }
    const wanted = layout[name] ?? layout[`${name}?`] ?? [];
    const missing = wanted.filter((f) => !optional(f) && !header.includes(bare(f)));
    if (missing.length > 0)
      throw fail.badRequest(
        BACKUP_TEXT.wrongArea(area, `its ${name} sheet has no ${missing.join(', ')} column`),
      );
    book[name] = rows;
  }
  for (const name of Object.keys(layout).filter(optional)) book[bare(name)] ??= [];
  const absent = Object.keys(layout).filter((name) => !book[bare(name)]);
  if (absent.length > 0)
    throw fail.badRequest(BACKUP_TEXT.wrongArea(area, `it has no ${absent.join(' or ')} sheet`));
  if (Object.values(book).every((rows) => rows.length === 0)) throw fail.badRequest(BACKUP_TEXT.empty);
  return book;
}
