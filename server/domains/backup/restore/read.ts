import { BACKUP_TEXT, type BackupArea, RESTORE_MAX_BYTES } from '../../../../shared/schemas/backup';
import { fail } from '../../../errors';

// Reading an uploaded backup: the area's sheets with the header row its backup writes,
// each later row as {field: value}. Only values: a formula, an error cell or a rich value
// is a problem of that row (the restore names it), never code to run.

/** A cell as the restore reads it; `problem` says why a cell cannot be read as a value. */
export type Cell = string | number | boolean | null | { problem: string };

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

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value)
      return { problem: 'holds a formula; only values restore' };
    if ('error' in value) return { problem: `holds an error (${String(value.error)})` };
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part: { text?: string }) => part.text ?? '').join('');
    if ('text' in value) return String(value.text);
  }
  return { problem: 'holds something that is not a value' };
}

/**
 * The workbook's rows for the sheets in `layout`. Refuses with 400 a file that is not a
 * workbook, or not this area's (a sheet or a field missing), or holds no rows.
 */
export async function readBackup(file: Uint8Array, area: BackupArea, layout: Layout): Promise<Book> {
  if (file.byteLength > RESTORE_MAX_BYTES) throw fail.badRequest(BACKUP_TEXT.tooLarge);
  const book: Book = {};
  try {
    // The whole workbook is read first: the streaming reader named sheets only when the
    // workbook part came before them, which made a good file read as another area's now and then.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    for (const sheet of workbook.worksheets) {
      const name = sheet.name;
      const fields = (layout[name] ?? layout[`${name}?`])?.map(bare);
      if (!fields) continue;
      let header: string[] | null = null;
      const rows: SheetRow[] = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const values = Array.isArray(row.values) ? row.values : [];
        if (!header) {
          header = values.map((v) => (typeof v === 'string' ? v.trim() : ''));
          return;
        }
        const cells: Record<string, Cell> = {};
        let blank = true;
        for (const field of fields) cells[field] = null;
        header.forEach((field, n) => {
          if (!fields.includes(field)) return;
          const cell = cellOf(values[n]);
          cells[field] = cell;
          if (cell !== null) blank = false;
        });
        if (!blank) rows.push({ row: row.number, cells });
      });
      const wanted = layout[name] ?? layout[`${name}?`] ?? [];
      const seen = header as string[] | null;
      const missing = wanted.filter((f) => !optional(f) && !seen?.includes(f));
      if (missing.length > 0)
        throw fail.badRequest(
          BACKUP_TEXT.wrongArea(area, `its ${name} sheet has no ${missing.join(', ')} column`),
        );
      book[name] = rows;
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'TRPCError') throw error;
    throw fail.badRequest(BACKUP_TEXT.notWorkbook);
  }
  for (const name of Object.keys(layout).filter(optional)) book[bare(name)] ??= [];
  const absent = Object.keys(layout).filter((name) => !book[bare(name)]);
  if (absent.length > 0)
    throw fail.badRequest(BACKUP_TEXT.wrongArea(area, `it has no ${absent.join(' or ')} sheet`));
  if (Object.values(book).every((rows) => rows.length === 0)) throw fail.badRequest(BACKUP_TEXT.empty);
  return book;
}
