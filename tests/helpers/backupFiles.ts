import ExcelJS from 'exceljs';
import type { TestShop } from './app';

// Backup files over the REST routes, and edits to them as a person makes them in Excel.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/backup/{area}: the workbook's bytes (throws unless 200). */
export async function backupFile(shop: TestShop, area: string, token: string): Promise<Buffer> {
  const res = await shop.app.inject({
    method: 'GET',
    url: `/api/backup/${area}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`backup ${area}: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/** POST /api/backup/{area}/restore with the file as the body. */
export function restoreFile(shop: TestShop, area: string, file: Buffer, token: string, dryRun = false) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/backup/${area}/restore${dryRun ? '?dryRun=true' : ''}`,
    headers: { 'content-type': XLSX, authorization: `Bearer ${token}` },
    payload: file,
  });
}

/** The file with `edit` applied to its workbook. */
export async function edited(file: Buffer, edit: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  edit(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A sheet's cells by field name: read a row as an object, set a cell, add a row. */
export function byField(book: ExcelJS.Workbook, name: string) {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = (field: string) => {
    const n = header.indexOf(field);
    if (n < 1) throw new Error(`no column ${field} in ${name}`);
    return n;
  };
  return {
    sheet,
    get: (row: number) =>
      Object.fromEntries(header.slice(1).map((h, i) => [h, sheet.getRow(row).getCell(i + 1).value])),
    set: (row: number, field: string, value: ExcelJS.CellValue) => {
      sheet.getRow(row).getCell(col(field)).value = value;
    },
    add: (values: Record<string, ExcelJS.CellValue>) => {
      const row = sheet.addRow([]);
      for (const [field, value] of Object.entries(values)) row.getCell(col(field)).value = value;
      return row.number;
    },
  };
}
