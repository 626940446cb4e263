// The soak's check of the BIR records (bench/soakCheck.ts; docs/decisions.md, Invoices and
// Selling offline): each terminal's invoice and refund numbers, the invoice blocks reserved
// for offline devices, and the journal's chain.
import type Database from 'better-sqlite3';
import { shopDb } from '../server/db/open';
import { verifyJournal } from '../server/domains/journal/chain';
import { invoiceNumber, refundNumber } from '../shared/texts/bir';
import type { Books, Fail, SaleRow } from './soakBooks';
import type { Known } from './soakTypes';

type Terminal = { id: number; prefix: string; lastInvoice: number; lastRefund: number; grandTotal: number };
type Block = { terminal: number; first: number; last: number };

/**
 * Per terminal, every invoice number from 1 to its counter is either in a block reserved for a
 * device or used by exactly one sale the server numbered (checkouts and pickups), in the order
 * of the sales' rows: gapless outside the blocks. A number inside a block is used at most once,
 * and only by a sale made offline; an offline sale's number lies in a block its device was
 * told about (a block whose answer was lost stays unused); the numbers used from blocks need
 * not be contiguous across blocks. Each number is spelled with its terminal's prefix; blocks
 * do not overlap and lie within the counter; the grand total is the sum of its sales. Refund
 * numbers are gapless 1..n on their own series. The journal's chain verifies, with one 'sale'
 * row per invoice number used and one 'refund' row per refund number.
 */
export function checkNumbers(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const terminals = db
    .prepare(
      `select id, invoice_prefix as prefix, last_invoice as lastInvoice, last_refund as lastRefund,
         grand_total as grandTotal from terminals order by id`,
    )
    .all() as Terminal[];
  const blocks = db
    .prepare('select terminal_id as terminal, first, last from invoice_blocks order by terminal_id, first')
    .all() as Block[];
  const rows = books.sales;
  for (const t of terminals) {
    const mine = blocks.filter((b) => b.terminal === t.id);
    const blockOf = (seq: number) => mine.find((b) => b.first <= seq && seq <= b.last);
    for (const [i, b] of mine.entries())
      if (
        b.first < 1 ||
        b.last < b.first ||
        b.last > t.lastInvoice ||
        (i > 0 && b.first <= mine[i - 1]!.last)
      )
        fail(
          `terminal ${t.id}: block ${b.first}-${b.last} overlaps another or lies past the counter ${t.lastInvoice}`,
        );
    const sold = rows.filter((r) => r.terminalId === t.id);
    const used = new Map<number, SaleRow>();
    let previous = 0;
    for (const r of sold) {
      const seq = r.invoiceSeq;
      if (seq === null || !Number.isInteger(seq) || seq < 1 || seq > t.lastInvoice) {
        fail(`terminal ${t.id}: ${r.saleId} has invoice number ${seq}, the counter is at ${t.lastInvoice}`);
        continue;
      }
      const twice = used.get(seq);
      if (twice) fail(`terminal ${t.id}: invoice number ${seq} is used by ${twice.saleId} and ${r.saleId}`);
      used.set(seq, r);
      if (r.invoiceNumber !== invoiceNumber(t.prefix, seq))
        fail(`terminal ${t.id}: ${r.saleId} is number ${seq} spelled ${r.invoiceNumber}`);
      const block = blockOf(seq);
      if (r.soldOffline && !block) fail(`terminal ${t.id}: offline sale ${r.saleId} has ${seq}, in no block`);
      if (!r.soldOffline && block)
        fail(`terminal ${t.id}: ${r.saleId}, numbered by the server, has ${seq} of a block`);
      if (!r.soldOffline) {
        if (seq <= previous) fail(`terminal ${t.id}: ${r.saleId} is number ${seq} after ${previous}`);
        previous = seq;
      }
    }
    const gaps: number[] = [];
    for (let n = 1; n <= t.lastInvoice; n++) if (!used.has(n) && !blockOf(n)) gaps.push(n);
    if (gaps.length > 0)
      fail(
        `terminal ${t.id}: invoice numbers ${gaps.slice(0, 5).join(', ')} (${gaps.length} in all) are neither used nor reserved`,
      );
    const total = sold.reduce((sum, r) => sum + r.total, 0);
    if (t.grandTotal !== total)
      fail(`terminal ${t.id}: grand total ${t.grandTotal}, its sales total ${total}`);

    const given = rows
      .filter((r) => r.refundTerminalId === t.id)
      .sort((a, b) => (a.refundSeq ?? 0) - (b.refundSeq ?? 0));
    for (const [i, r] of given.entries())
      if (r.refundSeq !== i + 1 || r.refundNumber !== refundNumber(t.prefix, i + 1)) {
        fail(
          `terminal ${t.id} refunds: ${r.saleId} is ${r.refundSeq} (${r.refundNumber}), expected ${i + 1}`,
        );
        break;
      }
    if (t.lastRefund !== given.length)
      fail(`terminal ${t.id} refunds: the counter is at ${t.lastRefund}, ${given.length} issued`);
  }
  const knownTerminals = new Set(terminals.map((t) => t.id));
  for (const r of rows) {
    if (r.terminalId === null || !knownTerminals.has(r.terminalId)) fail(`${r.saleId} has no terminal`);
    if ((r.status === 'refunded') !== (r.refundNumber !== null))
      fail(`${r.saleId} is ${r.status} with refund number ${r.refundNumber}`);
  }
  // Each device's sales are numbered from the blocks it was told about, and those are in the file.
  for (const device of known.devices) {
    for (const b of device.blocks)
      if (!blocks.some((f) => f.terminal === device.terminalId && f.first === b.first && f.last === b.last))
        fail(
          `device ${device.index}: its block ${b.first}-${b.last} at terminal ${device.terminalId} is not in the file`,
        );
    for (const sale of known.sales.values())
      if (sale.offline?.device === device.index) {
        const seq = sale.offline.invoiceSeq;
        if (!device.blocks.some((b) => b.first <= seq && seq <= b.last))
          fail(`device ${device.index}: ${sale.saleId} was numbered ${seq}, outside its blocks`);
      }
  }

  const verified = verifyJournal(shopDb(db));
  if (!verified.ok) fail(`the journal does not verify from sequence ${verified.firstBadSequence}`);
  const same = (kind: string, want: string[]) => {
    const got = db
      .prepare('select document_number from journal where kind = ? order by sequence')
      .pluck()
      .all(kind) as string[];
    const journaled = new Set(got);
    const missing = want.filter((n) => !journaled.has(n));
    if (got.length !== want.length || missing.length > 0 || journaled.size !== got.length)
      fail(
        `the journal has ${got.length} '${kind}' rows for ${want.length} numbered; missing ${missing.slice(0, 5).join(', ') || 'none'}`,
      );
  };
  same(
    'sale',
    rows.flatMap((r) => (r.invoiceNumber ? [r.invoiceNumber] : [])),
  );
  same(
    'refund',
    rows.flatMap((r) => (r.refundNumber ? [r.refundNumber] : [])),
  );
}
