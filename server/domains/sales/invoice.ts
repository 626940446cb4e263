import type { Tx } from '../../db/open';
import { appendJournal } from '../journal/chain';
import { blockInvoice } from '../terminals/blocks';
import { issueInvoice, terminalFor } from '../terminals/service';
import type { Sale } from './records';

// A sale's invoice (docs/decisions.md, BIR records): the next number of the terminal it is
// made at, taken in the sale's transaction, and the sale's row in the journal.

/**
 * A sale's number: the one its device took from a block of the terminal (docs/decisions.md,
 * Selling offline), else the terminal's next.
 */
export function numberSale(
  tx: Tx,
  asked: { terminalId: number | null | undefined; invoiceSeq?: number | null },
  shiftId: number | null,
  total: number,
) {
  return asked.invoiceSeq != null && asked.terminalId != null
    ? blockInvoice(tx, asked.terminalId, asked.invoiceSeq, total)
    : invoiceFor(tx, asked.terminalId, shiftId, total);
}

/** The terminal (asked for, else the shift's, else the first) and its next invoice number. */
function invoiceFor(tx: Tx, terminalRef: number | null | undefined, shiftId: number | null, total: number) {
  const terminal = terminalFor(tx, terminalRef, shiftId);
  return issueInvoice(tx, terminal.id, total);
}

/** The sale as made, appended to the journal under its invoice number. */
export function journalSale(tx: Tx, sale: Sale, now: Date): void {
  appendJournal(
    tx,
    {
      terminalId: sale.terminalId,
      kind: 'sale',
      documentNumber: sale.invoiceNumber ?? sale.saleId,
      amount: sale.totalAmount,
      document: sale,
    },
    now,
  );
}
