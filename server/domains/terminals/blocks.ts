import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { invoiceNumber, TERMINAL_TEXT } from '../../../shared/texts/bir';
import { OFFLINE_TEXT as T } from '../../../shared/texts/offline';
import type { Db, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { invoiceBlocks, sales, terminals } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { journalChange, terminalFor } from './service';

// Blocks of a terminal's invoice numbers set aside for one device (docs/decisions.md, Selling
// offline). The terminal's counter moves past the block as it is reserved, so no sale the
// server numbers can take them; the device numbers its own sales from the block in order,
// online or not, and the numbers arrive with the sales.

/** Sets aside the terminal's next `size` invoice numbers; the journal records the block. */
export function reserveBlock(
  db: Db,
  actor: Viewer,
  input: { terminalId: number; size: number },
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      // The terminal is the route's `:id`: one that does not exist is not found (404).
      const terminal = tx.select().from(terminals).where(eq(terminals.id, input.terminalId)).get();
      if (!terminal) throw fail.notFound(TERMINAL_TEXT.notFound);
      const moved = tx
        .update(terminals)
        .set({ lastInvoice: sql`${terminals.lastInvoice} + ${input.size}` })
        .where(eq(terminals.id, terminal.id))
        .returning({ last: terminals.lastInvoice })
        .get();
      if (!moved) throw fail.notFound(TERMINAL_TEXT.notFound);
      const block = tx
        .insert(invoiceBlocks)
        .values({
          terminalId: terminal.id,
          first: moved.last - input.size + 1,
          last: moved.last,
          reservedBy: actor.user.id,
          reservedAt: now,
        })
        .returning()
        .get();
      const first = invoiceNumber(terminal.invoicePrefix, block.first);
      const last = invoiceNumber(terminal.invoicePrefix, block.last);
      journalChange(tx, terminal, { change: 'reserved invoice numbers', first, last }, actor, now);
      return {
        message: T.reserved(first, last),
        block: {
          id: block.id,
          terminalId: terminal.id,
          prefix: terminal.invoicePrefix,
          first: block.first,
          last: block.last,
        },
      };
    },
    { behavior: 'immediate' },
  );
}

/**
 * The block of the terminal that holds invoice number `seq` (409 when none does), with the
 * terminal (400 when there is no such terminal).
 */
export function blockHolding(tx: Tx, terminalId: number, seq: number) {
  const terminal = terminalFor(tx, terminalId);
  const block = prepared(tx, 'blocks.holding', () =>
    tx
      .select({ id: invoiceBlocks.id, reservedAt: invoiceBlocks.reservedAt })
      .from(invoiceBlocks)
      .where(
        and(
          eq(invoiceBlocks.terminalId, sql.placeholder('terminalId')),
          lte(invoiceBlocks.first, sql.placeholder('seq')),
          gte(invoiceBlocks.last, sql.placeholder('seq')),
        ),
      )
      .prepare(),
  ).get({ terminalId: terminal.id, seq });
  if (!block) throw fail.conflict(T.notReserved);
  return { terminal, block };
}

/**
 * A sale numbered by its device: the number must lie in a block of the terminal and be
 * unused (409 otherwise); the sale's total goes into the terminal's grand total as any sale's.
 */
export function blockInvoice(tx: Tx, terminalId: number, seq: number, total: number) {
  const { terminal } = blockHolding(tx, terminalId, seq);
  const number = invoiceNumber(terminal.invoicePrefix, seq);
  const used = prepared(tx, 'blocks.used', () =>
    tx
      .select({ id: sales.id })
      .from(sales)
      .where(
        and(
          eq(sales.terminalId, sql.placeholder('terminalId')),
          eq(sales.invoiceSeq, sql.placeholder('seq')),
        ),
      )
      .prepare(),
  ).get({ terminalId: terminal.id, seq });
  if (used) throw fail.conflict(T.numberUsed(number));
  tx.update(terminals)
    .set({ grandTotal: sql`${terminals.grandTotal} + ${total}` })
    .where(eq(terminals.id, terminal.id))
    .run();
  return { terminalId: terminal.id, invoiceSeq: seq, invoiceNumber: number };
}
