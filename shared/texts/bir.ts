// The BIR records' strings and numbers: terminals, invoice and refund numbers, the journal
// (docs/decisions.md, BIR records).
import { formatCount } from '../digits';

/** Invoice and refund numbers: the terminal's prefix and nine digits. */
const INVOICE_DIGITS = 9;
const digits = (n: number) => String(n).padStart(INVOICE_DIGITS, '0');
export const invoiceNumber = (prefix: string, n: number) => `${prefix}${digits(n)}`;
/** A refund's number: the terminal's prefix, R, and nine digits of its own series. */
export const refundNumber = (prefix: string, n: number) => `${prefix}R${digits(n)}`;

/** Letters, digits and dashes: printed at the head of every invoice number. */
export const INVOICE_PREFIX = /^[A-Z0-9][A-Z0-9-]{0,9}$/;
export const TERMINAL_NAME_MAX = 40;

export const TERMINAL_TEXT = {
  created: (name: string) => `Terminal "${name}" added.`,
  updated: (name: string) => `Terminal "${name}" saved.`,
  notFound: 'That terminal does not exist.',
  nameRequired: 'Terminal name is required.',
  nameTooLong: `Terminal name must be at most ${TERMINAL_NAME_MAX} characters.`,
  nameTaken: (name: string) => `A terminal named "${name}" already exists.`,
  prefixRequired: 'Invoice prefix is required.',
  prefixFormat:
    'Invoice prefix must be 1 to 10 capital letters, digits or dashes, starting with a letter or digit.',
  prefixTaken: (prefix: string) => `Another terminal already uses the invoice prefix ${prefix}.`,
  /** P and P + R: one's invoice numbers would be the other's refund numbers. */
  prefixClash: (prefix: string, other: string) =>
    `The invoice prefix ${prefix} would give numbers like those of the terminal prefixed ${other} (its refunds add R): choose another.`,
  prefixLocked: (name: string) =>
    `Terminal "${name}" has issued invoices: its invoice prefix can no longer change.`,
  /** The counter on a device that has not chosen its terminal. */
  choose: 'Choose this device’s terminal',
  chosen: (name: string) => `This device is terminal "${name}".`,
} as const;

export const JOURNAL_TEXT = {
  about:
    'Every sale, refund, reprint, reading and change to a terminal is written to the journal as it happens, each row sealed with the one before it. Verify it to see that no row was changed or taken out.',
  ok: (rows: number) => `The journal's ${formatCount(rows)} rows verify: none was changed or taken out.`,
  broken: (sequence: number) =>
    `The journal does not verify from row ${formatCount(sequence)}: that row was changed or a row before it taken out.`,
  verifyFailed: 'The journal could not be checked. Please try again.',
  exportFailed: 'The journal could not be exported. Please try again.',
} as const;
