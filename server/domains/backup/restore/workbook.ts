import { createInflateRaw } from 'node:zlib';

// The workbook reader a restore uses: an .xlsx is a zip of XML parts, and a restore needs
// only a few of them (the sheet list, shared strings, number formats and the area's sheets).
// Each part's size is checked before it is inflated, and inflating stops at the size it
// declared, so a small file that inflates to gigabytes (an image, or a sheet padded out)
// is refused without ever being held. Rows stream out of the sheet XML a chunk at a time.
// Why not exceljs: it inflated every entry whole into memory (see docs/decisions.md).

/** Why a workbook is refused: `tooLarge` answers 413, the others 400. */
export class WorkbookRefused extends Error {
  constructor(
    readonly kind: 'notWorkbook' | 'tooLarge' | 'tooManyRows',
    message = kind,
  ) {
    super(message);
  }
}

const WORKBOOK_LIMITS = {
  /** What all the parts declare they inflate to, read or not (an image counts too). */
  totalBytes: 512 * 1024 * 1024,
  /** The inflated size of any one part read. */
  partBytes: 256 * 1024 * 1024,
  /** Shared strings are held whole (cells point into them). */
  sharedStringBytes: 64 * 1024 * 1024,
  /** Rows over all the sheets read (see docs/decisions.md, "Restore limits"). */
  rows: 200_000,
};

/** A cell as the restore reads it; `problem` says why a cell cannot be read as a value. */
export type Cell = string | number | boolean | null | { problem: string };

export interface WorkbookRow {
  /** The row number the spreadsheet shows. */
  number: number;
  /** Cells by column number (A = 1), as exceljs gave them. */
  values: Cell[];
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const notWorkbook = () => new WorkbookRefused('notWorkbook');

function entries(zip: Buffer): Map<string, Entry> {
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 65_557); at--)
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw notWorkbook();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const found = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw notWorkbook();
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    found.set(entry.name, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** An entry's text, a chunk at a time, never more than it declared nor more than `limit`. */
async function* partText(zip: Buffer, entry: Entry, limit: number): AsyncGenerator<string> {
  // 0xffffffff is a ZIP64 size: no backup is that large.
  if (entry.size > limit || entry.size === 0xffffffff) throw new WorkbookRefused('tooLarge');
  if (entry.flags & 1) throw notWorkbook(); // encrypted
  const local = entry.localOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw notWorkbook();
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    yield decoder.decode(data.subarray(0, entry.size));
    return;
  }
  if (entry.method !== 8) throw notWorkbook();
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  inflate.end(data);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      // A part inflating past its declared size lied about it: refuse before holding more.
      if (total > entry.size) throw new WorkbookRefused('tooLarge');
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    if (error instanceof WorkbookRefused) throw error;
    throw notWorkbook();
  } finally {
    inflate.destroy();
  }
  yield decoder.decode();
}

async function wholePart(zip: Buffer, entry: Entry | undefined, limit: number): Promise<string> {
  if (!entry) return '';
  let text = '';
  for await (const piece of partText(zip, entry, limit)) text += piece;
  return text;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeXml(match[1] as string) : undefined;
}

/** The texts of every <t> inside a string item or an inline string (rich text runs joined). */
function textsOf(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g))
    text += unescapeXml(match[1] as string);
  return text;
}

/** Excel's built-in date formats and custom ones made of date or time parts. */
function isDateFormat(id: number, code: string | undefined): boolean {
  if ((id >= 14 && id <= 22) || (id >= 45 && id <= 47)) return true;
  if (!code) return false;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

function dateStyles(styles: string): boolean[] {
  const custom = new Map<number, string>();
  for (const match of styles.matchAll(/<numFmt\s[^>]*>/g)) {
    const id = Number(attribute(match[0], 'numFmtId'));
    custom.set(id, attribute(match[0], 'formatCode') ?? '');
  }
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\s[^>]*>/g)].map((match) => {
    const id = Number(attribute(match[0], 'numFmtId') ?? 0);
    return isDateFormat(id, custom.get(id));
  });
}

function columnOf(ref: string | undefined, fallback: number): number {
  const letters = ref ? /^[A-Z]+/.exec(ref)?.[0] : undefined;
  if (!letters) return fallback;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

interface Context {
  shared: string[];
  dates: boolean[];
  date1904: boolean;
}

function cellValue(open: string, inner: string, ctx: Context): Cell {
  if (/<f[\s>/]/.test(inner)) return { problem: 'holds a formula; only values restore' };
  const type = attribute(open, 't') ?? 'n';
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  let value: Cell;
  if (type === 'inlineStr') value = textsOf(inner);
  else if (type === 's') value = ctx.shared[Number(v)] ?? null;
  else if (type === 'str') value = v === undefined ? null : unescapeXml(v);
  else if (type === 'b') value = v === '1';
  else if (type === 'e') return { problem: `holds an error (${v === undefined ? '' : unescapeXml(v)})` };
  else if (v === undefined) return null;
  else {
    const number = Number(v);
    if (!Number.isFinite(number)) return { problem: 'holds something that is not a value' };
    const style = Number(attribute(open, 's') ?? 0);
    if (!ctx.dates[style]) return number;
    // A date cell: Excel's serial day number, read as UTC as exceljs did.
    const days = number + (ctx.date1904 ? 1462 : 0) - 25_569;
    return new Date(Math.round(days * 86_400_000)).toISOString();
  }
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

function rowOf(xml: string, fallback: number, ctx: Context): WorkbookRow {
  const open = /^<row\b[^>]*>/.exec(xml)?.[0] ?? '';
  const number = Number(attribute(open, 'r') ?? fallback);
  const values: Cell[] = [];
  let column = 0;
  for (const match of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    column = columnOf(attribute(`<c${match[1]}>`, 'r'), column + 1);
    values[column] = cellValue(`<c${match[1]}>`, match[2] ?? '', ctx);
  }
  return { number, values };
}

/**
 * The rows of the named sheets, read from the workbook's bytes; sheets not in `names` are
 * not inflated at all. Refuses what is not a workbook, a part over its size, more rows than
 * the limit.
 */
export async function readWorkbook(
  file: Uint8Array,
  names: readonly string[],
  limits = WORKBOOK_LIMITS,
): Promise<Map<string, WorkbookRow[]>> {
  const zip = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (zip.length < 22) throw notWorkbook();
  const parts = entries(zip);
  let declared = 0;
  for (const entry of parts.values()) declared += entry.size;
  if (declared > limits.totalBytes) throw new WorkbookRefused('tooLarge');
  const workbookXml = await wholePart(zip, parts.get('xl/workbook.xml'), limits.sharedStringBytes);
  if (!workbookXml) throw notWorkbook();
  const rels = await wholePart(zip, parts.get('xl/_rels/workbook.xml.rels'), limits.sharedStringBytes);
  const targets = new Map<string, string>();
  for (const match of rels.matchAll(/<Relationship\s[^>]*>/g)) {
    const id = attribute(match[0], 'Id');
    const target = attribute(match[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const sharedXml = await wholePart(zip, parts.get('xl/sharedStrings.xml'), limits.sharedStringBytes);
  const ctx: Context = {
    shared: [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textsOf(m[1] as string)),
    dates: dateStyles(await wholePart(zip, parts.get('xl/styles.xml'), limits.sharedStringBytes)),
    date1904: /<workbookPr\b[^>]*date1904="(1|true)"/.test(workbookXml),
  };
  const sheets = new Map<string, WorkbookRow[]>();
  let rowsRead = 0;
  for (const match of workbookXml.matchAll(/<sheet\s[^>]*>/g)) {
    const name = attribute(match[0], 'name');
    const target = targets.get(attribute(match[0], 'r:id') ?? '');
    if (!name || !names.includes(name) || sheets.has(name)) continue;
    const entry = target ? parts.get(target) : undefined;
    if (!entry) throw notWorkbook();
    const rows: WorkbookRow[] = [];
    let carry = '';
    for await (const piece of partText(zip, entry, limits.partBytes)) {
      carry += piece;
      let cut = 0;
      for (const row of carry.matchAll(/<row\b[^>]*?(?:\/>|>[\s\S]*?<\/row>)/g)) {
        cut = (row.index ?? 0) + row[0].length;
        if (row[0].endsWith('/>')) continue;
        if (++rowsRead > limits.rows) throw new WorkbookRefused('tooManyRows');
        rows.push(rowOf(row[0], rows.length + 1, ctx));
      }
      carry = carry.slice(cut);
      // Text between rows (or a sheet padded out with no rows) is not kept beyond a row's start.
      const next = carry.indexOf('<row');
      carry = next >= 0 ? carry.slice(next) : carry.slice(-4);
    }
    sheets.set(name, rows);
  }
  return sheets;
}
