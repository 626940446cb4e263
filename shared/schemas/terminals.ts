import { z } from 'zod';
import { INVOICE_PREFIX, TERMINAL_NAME_MAX, TERMINAL_TEXT } from '../texts/bir';
import { optionalRef, optionalText, recordId } from './fields';
import { storedText } from './text';

/** A terminal as Settings saves it: its name and its BIR registration. */
export const terminalInput = z.object({
  name: z
    .string({ error: TERMINAL_TEXT.nameRequired })
    .trim()
    .min(1, TERMINAL_TEXT.nameRequired)
    .max(TERMINAL_NAME_MAX, TERMINAL_TEXT.nameTooLong)
    .check(storedText('Terminal name')),
  min: optionalText('MIN', 40),
  serialNumber: optionalText('Serial number', 60),
  permitNumber: optionalText('Permit number', 60),
  invoicePrefix: z
    .string({ error: TERMINAL_TEXT.prefixRequired })
    .trim()
    .min(1, TERMINAL_TEXT.prefixRequired)
    .transform((prefix) => prefix.toUpperCase())
    .pipe(z.string().regex(INVOICE_PREFIX, TERMINAL_TEXT.prefixFormat)),
});
export type TerminalInput = z.infer<typeof terminalInput>;

export const terminalUpdateInput = terminalInput.extend({ id: recordId(TERMINAL_TEXT.notFound) });

/** Where a sale, refund, shift or reading happens: absent, the till's shift's, else the first. */
export const terminalRef = optionalRef(TERMINAL_TEXT.notFound).default(null);
