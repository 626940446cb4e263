import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MANILA_OFFSET_MS } from '../../shared/time';

// Spreadsheets the shop downloads (the sales report's export, the backups), written as a
// stream so a year of sales never sits in memory whole. Every text is written as a text
// cell, never as a formula, so a name like "=HYPERLINK(...)" stays the text it was.

export interface Column<Row> {
  header: string;
  width?: number;
  /** Excel's number format, e.g. '#,##0.00' for pesos. */
  numFmt?: string;
  /** A number format for this row's cell alone (a summary sheet's pesos beside its counts). */
  cellFormat?: (row: Row) => string | undefined;
  value: (row: Row) => string | number | Date | null;
}

export interface Sheet<Row> {
  name: string;
  columns: readonly Column<Row>[];
  /** Rows in chunks; each chunk is read synchronously, so the database is never held between them. */
  chunks: () => Iterable<readonly Row[]>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file a REST route sends to download: its content type, the name Save offers, the bytes. */
interface Download {
  type: string;
  filename: string;
  stream: Readable;
  /** Bytes, when known before sending (a file on disk). */
  size?: number;
}

/** How every REST route sends a file: one content type, one Content-Disposition, streamed. */
export function sendDownload(reply: FastifyReply, { type, filename, stream, size }: Download) {
  reply.header('content-type', type);
  if (size !== undefined) reply.header('content-length', size);
  return reply.header('content-disposition', `attachment; filename="${filename}"`).send(stream);
}

export function workbookStream(
  // biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
  sheets: readonly Sheet<any>[],
  options: { yieldBetweenChunks?: boolean; onClose?: () => void } = {},
): Readable {
  const stream = new PassThrough();
  const yieldBetween = options.yieldBetweenChunks ?? true;
  (async () => {
    // Loaded on the first download, not at start: exceljs alone adds most of a second to startup.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheet.name);
      worksheet.columns = sheet.columns.map((c, n) => ({
        header: c.header,
        key: String(n),
        width: c.width ?? 16,
        style: c.numFmt ? { numFmt: c.numFmt } : {},
      }));
      worksheet.getRow(1).font = { bold: true };
      for (const chunk of sheet.chunks()) {
        for (const row of chunk) {
          const added = worksheet.addRow(sheet.columns.map((c) => c.value(row)));
          sheet.columns.forEach((c, n) => {
            const format = c.cellFormat?.(row);
            if (format) added.getCell(n + 1).numFmt = format;
          });
          added.commit();
        }
        // Let the counter's requests run between chunks.
        if (yieldBetween) await new Promise((resolve) => setImmediate(resolve));
      }
      worksheet.commit();
    }
    await workbook.commit();
  })()
    .catch((error: unknown) => stream.destroy(error as Error))
    .finally(() => options.onClose?.());
  return stream;
}

/** Excel dates have no time zone: write the Manila wall-clock time. */
export const manilaCellDate = (at: Date) => new Date(at.getTime() + MANILA_OFFSET_MS);
export const PESO_FORMAT = '#,##0.00';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
