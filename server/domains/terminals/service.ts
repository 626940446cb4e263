import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TerminalInput } from '../../../shared/schemas/terminals';
import { invoiceNumber, refundNumber, TERMINAL_TEXT as T } from '../../../shared/texts/bir';
import type { Db, Store, Tx } from '../../db/open';
import { prepared } from '../../db/prepared';
import { printers, shifts, terminals } from '../../db/schema';
import { conflictOnConstraint, fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { appendJournal } from '../journal/chain';

// Terminals (tills) and the numbers they issue (docs/decisions.md, BIR records). Invoice and
// refund numbers are each terminal's counter plus one, taken inside the sale's or refund's
// transaction: a sale rolled back gives its number back, so the series has no gaps.

const MODULE = 'Settings';
export type Terminal = typeof terminals.$inferSelect;

export const listTerminals = (db: Store) => db.select().from(terminals).orderBy(asc(terminals.id)).all();

/** The terminals, each saying whether it has a receipt printer: the Print buttons show by it. */
export const terminalsWithPrinter = (db: Store) =>
  db
    .select({
      ...getTableColumns(terminals),
      hasPrinter: sql`${printers.terminalId} is not null`.mapWith(Boolean),
    })
    .from(terminals)
    .leftJoin(printers, eq(printers.terminalId, terminals.id))
    .orderBy(asc(terminals.id))
    .all();

/** A terminal by its id: asked on every sale and invoice, so prepared once. */
export const terminalById = (tx: Store, id: number) =>
  prepared(tx, 'terminals.byId', () =>
    tx
      .select()
      .from(terminals)
      .where(eq(terminals.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

/**
 * Where a sale, refund, shift or reading happens: the terminal asked for (400 if there is none
 * such), else the terminal of the shift it goes into, else the first terminal.
 */
export function terminalFor(
  tx: Store,
  ref: number | null | undefined,
  shiftId: number | null = null,
): Terminal {
  if (ref != null) {
    const chosen = terminalById(tx, ref);
    if (!chosen) throw fail.badRequest(T.notFound);
    return chosen;
  }
  if (shiftId !== null) {
    const shift = prepared(tx, 'terminals.ofShift', () =>
      tx
        .select({ terminalId: shifts.terminalId })
        .from(shifts)
        .where(eq(shifts.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id: shiftId });
    const ofShift = shift?.terminalId == null ? undefined : terminalById(tx, shift.terminalId);
    if (ofShift) return ofShift;
  }
  const first = prepared(tx, 'terminals.first', () =>
    tx.select().from(terminals).orderBy(asc(terminals.id)).limit(1).prepare(),
  ).get();
  if (!first) throw fail.conflict(T.notFound);
  return first;
}

/** The terminal's next invoice number, its total added to the accumulated grand total. */
export function issueInvoice(tx: Tx, terminalId: number, total: number) {
  const row = prepared(tx, 'terminals.invoice', () =>
    tx
      .update(terminals)
      .set({
        lastInvoice: sql`${terminals.lastInvoice} + 1`,
        grandTotal: sql`${terminals.grandTotal} + ${sql.placeholder('total')}`,
      })
      .where(eq(terminals.id, sql.placeholder('id')))
      .returning({ seq: terminals.lastInvoice, prefix: terminals.invoicePrefix })
      .prepare(),
  ).get({ id: terminalId, total });
  if (!row) throw fail.badRequest(T.notFound);
  return { terminalId, invoiceSeq: row.seq, invoiceNumber: invoiceNumber(row.prefix, row.seq) };
}

/** The terminal's next refund number. Refunds never lower the grand total. */
export function issueRefund(tx: Tx, terminalId: number) {
  const row = tx
    .update(terminals)
    .set({ lastRefund: sql`${terminals.lastRefund} + 1` })
    .where(eq(terminals.id, terminalId))
    .returning({ seq: terminals.lastRefund, prefix: terminals.invoicePrefix })
    .get();
  if (!row) throw fail.badRequest(T.notFound);
  return {
    refundTerminalId: terminalId,
    refundSeq: row.seq,
    refundNumber: refundNumber(row.prefix, row.seq),
  };
}

/** A terminal as the journal keeps it: its registration, without its counters. */
const registration = (t: Terminal) => ({
  id: t.id,
  name: t.name,
  min: t.min,
  serialNumber: t.serialNumber,
  permitNumber: t.permitNumber,
  invoicePrefix: t.invoicePrefix,
});

/** A change to a terminal's registration, in the journal under the terminal's name. */
export function journalChange(tx: Tx, terminal: Terminal, change: object, actor: Viewer, now: Date) {
  appendJournal(
    tx,
    {
      terminalId: terminal.id,
      kind: 'terminal',
      documentNumber: terminal.name,
      amount: 0,
      document: { ...change, by: actor.user.username },
    },
    now,
  );
}

/** The write, a unique name or prefix taken meanwhile answering 409 rather than 500. */
const saveTerminal = (input: TerminalInput, write: () => Terminal) =>
  conflictOnConstraint(
    write,
    () => T.nameTaken(input.name),
    () => T.notFound,
  );

export function createTerminal(db: Db, actor: Viewer, input: TerminalInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      refuseTaken(tx, input, null);
      const terminal = saveTerminal(input, () => tx.insert(terminals).values(input).returning().get());
      journalChange(tx, terminal, { change: 'added', terminal: registration(terminal) }, actor, now);
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Add Terminal',
        module: MODULE,
        description: `Added terminal "${terminal.name}" (MIN ${terminal.min || 'none'}, prefix ${terminal.invoicePrefix})`,
      });
      return { message: T.created(terminal.name), terminal };
    },
    { behavior: 'immediate' },
  );
}

export function updateTerminal(
  db: Db,
  actor: Viewer,
  input: TerminalInput & { id: number },
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const before = terminalById(tx, input.id);
      if (!before) throw fail.notFound(T.notFound);
      refuseTaken(tx, input, before.id);
      // A printed invoice's number names its terminal's series: it stays as printed.
      if (input.invoicePrefix !== before.invoicePrefix && (before.lastInvoice > 0 || before.lastRefund > 0))
        throw fail.conflict(T.prefixLocked(before.name));
      const { id, ...fields } = input;
      const terminal = saveTerminal(input, () =>
        tx
          .update(terminals)
          .set({ ...fields, updatedAt: now })
          .where(eq(terminals.id, id))
          .returning()
          .get(),
      );
      const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
        (k) => before[k] !== terminal[k],
      );
      journalChange(
        tx,
        terminal,
        { change: 'edited', before: registration(before), terminal: registration(terminal) },
        actor,
        now,
      );
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Edit Terminal',
        module: MODULE,
        description: `Edited terminal "${terminal.name}"${changed.length ? `: ${changed.map((k) => `${k} ${before[k] || '(blank)'} → ${terminal[k] || '(blank)'}`).join(', ')}` : ' (no changes)'}`,
      });
      return { message: T.updated(terminal.name), terminal };
    },
    { behavior: 'immediate' },
  );
}

/** A name or prefix another terminal holds (case-insensitive names): 409 naming it. */
function refuseTaken(tx: Tx, input: TerminalInput, self: number | null) {
  const others = listTerminals(tx).filter((t) => t.id !== self);
  if (others.some((t) => t.name.toLowerCase() === input.name.toLowerCase()))
    throw fail.conflict(T.nameTaken(input.name));
  if (others.some((t) => t.invoicePrefix === input.invoicePrefix))
    throw fail.conflict(T.prefixTaken(input.invoicePrefix));
  // A refund number is the prefix, R and the digits: P's refunds would be PR's invoices.
  const clash = others.find(
    (t) => t.invoicePrefix === `${input.invoicePrefix}R` || `${t.invoicePrefix}R` === input.invoicePrefix,
  );
  if (clash) throw fail.conflict(T.prefixClash(input.invoicePrefix, clash.invoicePrefix));
}
