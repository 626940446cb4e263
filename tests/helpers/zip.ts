import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { INVENTORY_LAYOUT } from '../../server/domains/backup/restore/inventory';

// Hand-made zips for the restore's limits: a workbook built from raw XML parts, and an
// entry appended to a real one (an "image" that inflates to far more than it weighs).

export interface ZipPart {
  name: string;
  /** Deflated bytes and the size they inflate to; `declared` may lie about it. */
  deflated: Buffer;
  size: number;
  declared?: number;
  crc?: number;
}

const part = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

function local(p: ZipPart) {
  const name = Buffer.from(p.name, 'utf8');
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(20, 4);
  head.writeUInt16LE(8, 8);
  head.writeUInt32LE(p.crc ?? 0, 14);
  head.writeUInt32LE(p.deflated.length, 18);
  head.writeUInt32LE(p.declared ?? p.size, 22);
  head.writeUInt16LE(name.length, 26);
  return Buffer.concat([head, name, p.deflated]);
}

function central(p: ZipPart, offset: number) {
  const name = Buffer.from(p.name, 'utf8');
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(20, 4);
  head.writeUInt16LE(20, 6);
  head.writeUInt16LE(8, 10);
  head.writeUInt32LE(p.crc ?? 0, 16);
  head.writeUInt32LE(p.deflated.length, 20);
  head.writeUInt32LE(p.declared ?? p.size, 24);
  head.writeUInt16LE(name.length, 28);
  head.writeUInt32LE(offset, 42);
  return Buffer.concat([head, name]);
}

function end(count: number, size: number, offset: number) {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(size, 12);
  eocd.writeUInt32LE(offset, 16);
  return eocd;
}

function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const entry = local(p);
    centrals.push(central(p, offset));
    locals.push(entry);
    offset += entry.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, end(parts.length, directory.length, offset)]);
}

/** `zip` with one more entry, put before its central directory. */
export function withPart(zip: Buffer, extra: ZipPart): Buffer {
  const at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(at + 10);
  const directorySize = zip.readUInt32LE(at + 12);
  const directoryAt = zip.readUInt32LE(at + 16);
  const entry = local(extra);
  const added = central(extra, directoryAt);
  return Buffer.concat([
    zip.subarray(0, directoryAt),
    entry,
    zip.subarray(directoryAt, directoryAt + directorySize),
    added,
    end(count + 1, directorySize + added.length, directoryAt + entry.length),
  ]);
}

/** `bytes` zero bytes, deflated a mebibyte at a time (1 GiB weighs about 1 MB). */
export async function deflatedZeros(bytes: number): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const zero = Buffer.alloc(1 << 20);
  for (let done = 0; done < bytes; done += zero.length)
    if (!deflate.write(zero.subarray(0, Math.min(zero.length, bytes - done))))
      await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await new Promise((resolve) => deflate.once('end', resolve));
  return { name: 'xl/media/image1.png', deflated: Buffer.concat(out), size: bytes };
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A workbook of one sheet `name` from rows of text and numbers, as a spreadsheet program writes it. */
export function workbookOf(
  name: string,
  rows: (string | number | null)[][],
  sheet?: Partial<ZipPart>,
): Buffer {
  const column = (n: number): string =>
    (n < 26 ? '' : column(Math.floor(n / 26) - 1)) + String.fromCharCode(65 + (n % 26));
  const cells = (row: (string | number | null)[], r: number) =>
    row
      .map((v, n) =>
        v === null
          ? ''
          : typeof v === 'number'
            ? `<c r="${column(n)}${r}"><v>${v}</v></c>`
            : `<c r="${column(n)}${r}" t="inlineStr"><is><t>${xmlText(v)}</t></is></c>`,
      )
      .join('');
  const sheetXml = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((row, n) => `<row r="${n + 1}">${cells(row, n + 1)}</row>`)
    .join('')}</sheetData></worksheet>`;
  return zipOf([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    { ...part('xl/worksheets/sheet1.xml', sheetXml), ...sheet },
  ]);
}

/**
 * An inventory workbook of `count` new items (INV-{from}, INV-{from + 1}, …) with the columns
 * an inventory backup has, as a spreadsheet program writes it: for big restores.
 */
export function inventoryWorkbook(count: number, from: number, sheet?: Partial<ZipPart>): Buffer {
  const header = INVENTORY_LAYOUT.inventory.map((field) => field.replace(/\?$/, ''));
  const at = '2026-11-20T01:30:00.000Z';
  const item = (n: number): Record<string, string | number> => ({
    itemId: `INV-${from + n}`,
    name: `Restored Item ${n}`,
    stock: 5,
    purchasePrice: 10,
    unitPrice: 20,
    amount: 1,
    restockThreshold: 0,
    createdAt: at,
    updatedAt: at,
  });
  const rows: (string | number | null)[][] = [header];
  for (let n = 0; n < count; n++) {
    const values = item(n);
    rows.push(header.map((field) => values[field] ?? null));
  }
  return workbookOf('inventory', rows, sheet);
}
