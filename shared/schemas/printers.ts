import { z } from 'zod';
import { TERMINAL_TEXT } from '../texts/bir';
import {
  CHARS_MAX,
  CHARS_MAX_58,
  CHARS_MIN,
  CHARS_PER_LINE,
  DRAWER_REASON_MAX,
  HOST_MAX,
  PAPER_WIDTHS,
  PRINT_DOCUMENTS,
  PRINTER_PORT,
  PRINTERS_TEXT as T,
} from '../texts/printers';
import { recordId } from './ids';
import { terminalRef } from './terminals';
import { storedText } from './text';

// A terminal's receipt printer as Settings saves it, and the printing and drawer requests
// (docs/decisions.md, Printing).

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** One label of a network name: letters, digits and inner dashes, at most 63. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ipv6 = z.ipv6();

/** A network name (printer.local, epson-tm) whose last label is not all digits (that is an IPv4 gone wrong). */
function isHostname(host: string): boolean {
  const labels = host.replace(/\.$/, '').split('.');
  return labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

/** Whether `host` is an IPv4 or IPv6 address or a network name (an IPv6 address may come in brackets). */
function isPrinterHost(host: string): boolean {
  return IPV4.test(host) || ipv6.safeParse(host).success || isHostname(host);
}

const printerHost = z
  .string({ error: T.hostRequired })
  .trim()
  .min(1, T.hostRequired)
  .max(HOST_MAX, T.hostFormat)
  .transform((host) => host.replace(/^\[(.*)\]$/, '$1'))
  .refine(isPrinterHost, T.hostFormat);

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const yesNo = (label: string) => z.boolean({ error: T.yesNo(label) }).default(false);

const printerFields = z.object({
  terminalId: recordId(TERMINAL_TEXT.notFound),
  host: printerHost,
  port: whole(T.portRange, 1, 65_535).default(PRINTER_PORT),
  paperWidth: z.literal(PAPER_WIDTHS, { error: T.paperWidthChoice }).default(80),
  /** Left out: the paper's usual count (32 on 58 mm, 48 on 80 mm). */
  charsPerLine: whole(T.charsRange, CHARS_MIN, CHARS_MAX).optional(),
  autoPrint: yesNo(T.autoPrint),
  openDrawer: yesNo(T.openDrawer),
});

/** A terminal's printer: where it is, its paper, and whether it prints and opens the drawer by itself. */
export const printerInput = printerFields
  .refine((p) => p.paperWidth !== 58 || (p.charsPerLine ?? 0) <= CHARS_MAX_58, {
    message: T.chars58,
    path: ['charsPerLine'],
  })
  .transform((p) => ({ ...p, charsPerLine: p.charsPerLine ?? CHARS_PER_LINE[p.paperWidth] }));
export type PrinterInput = z.output<typeof printerInput>;

/** A terminal, by its id (a path's text too). */
export const terminalIdInput = z.object({ terminalId: recordId(TERMINAL_TEXT.notFound) });

/** A record to print: a database id, or a business id (SALE-…, ORD-000001). */
const documentRef = z.union(
  [
    recordId(T.documentNotFound),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{1,10}-[A-Za-z0-9]{1,20}$/),
  ],
  { error: T.documentNotFound },
);

/**
 * A document printed at a terminal (null: this cashier's shift's, else the first). `original`
 * asks for a sale's first print (its automatic print failed); the server prints a reprint
 * once the receipt has been reprinted.
 */
export const printInput = z.object({
  document: z.enum(PRINT_DOCUMENTS, { error: T.unknownDocument }),
  id: documentRef,
  terminalId: terminalRef,
  original: z.boolean({ error: T.yesNo('original') }).default(false),
});
export type PrintInput = z.output<typeof printInput>;

/** A manager's "Open drawer": where, and why (kept in the Activity Log). */
export const openDrawerInput = z.object({
  terminalId: terminalRef,
  reason: z
    .string({ error: T.drawerReasonRequired })
    .trim()
    .min(1, T.drawerReasonRequired)
    .max(DRAWER_REASON_MAX, T.drawerReasonTooLong)
    .check(storedText('The reason')),
});
