import { asc, eq, sql } from 'drizzle-orm';
import type { PrinterInput } from '../../../shared/schemas/printers';
import { TERMINAL_TEXT } from '../../../shared/texts/bir';
import { PRINTERS_TEXT as T } from '../../../shared/texts/printers';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { printers, terminals } from '../../db/schema';
import { fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { openShiftOf } from '../shifts/current';
import { type Terminal, terminalFor } from '../terminals/service';

// Settings → Printers: each terminal's network receipt printer (docs/decisions.md, Printing).
// Setting or removing one is in the Activity Log; printing lives in print.ts.

const MODULE = 'Settings';
export type Printer = typeof printers.$inferSelect;

/** Every terminal with its printer (null where it has none), in the terminals' order. */
export function listPrinters(db: Store) {
  return db
    .select({ terminal: terminals, printer: printers })
    .from(terminals)
    .leftJoin(printers, eq(printers.terminalId, terminals.id))
    .orderBy(asc(terminals.id))
    .all()
    .map(({ terminal, printer }) => ({ terminalId: terminal.id, terminal: terminal.name, printer }));
}

/** A terminal's printer: asked at every checkout, so prepared once. */
export const printerOf = (db: Store, terminalId: number): Printer | undefined =>
  prepared(db, 'printers.of', () =>
    db
      .select()
      .from(printers)
      .where(eq(printers.terminalId, sql.placeholder('terminalId')))
      .prepare(),
  ).get({ terminalId });

/**
 * Where a print or the drawer goes: the terminal asked for, else the actor's shift's, else the
 * first; with its printer, or 409 saying it has none.
 */
export function printerAt(db: Store, actor: Viewer, terminalId: number | null) {
  const terminal = terminalFor(db, terminalId, openShiftOf(db, actor.user.id)?.id ?? null);
  const printer = printerOf(db, terminal.id);
  if (!printer) throw fail.conflict(T.none(terminal.name));
  return { terminal, printer };
}

const onOff = (on: boolean) => (on ? 'on' : 'off');
const described = (p: Printer) =>
  `${p.host}:${p.port}, ${p.paperWidth} mm, ${p.charsPerLine} characters per line, automatic print ${onOff(p.autoPrint)}, cash drawer ${onOff(p.openDrawer)}`;

/** The terminal, or 404: a printer belongs to a terminal that exists. */
function terminalOf(db: Store, id: number): Terminal {
  const terminal = db.select().from(terminals).where(eq(terminals.id, id)).get();
  if (!terminal) throw fail.notFound(TERMINAL_TEXT.notFound);
  return terminal;
}

/** Sets (adds or replaces) a terminal's printer. */
export function setPrinter(db: Db, actor: Viewer, input: PrinterInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const terminal = terminalOf(tx, input.terminalId);
      const before = printerOf(tx, terminal.id);
      const { terminalId: _terminal, ...fields } = input;
      const printer = tx
        .insert(printers)
        .values({ ...input, updatedAt: now })
        .onConflictDoUpdate({ target: printers.terminalId, set: { ...fields, updatedAt: now } })
        .returning()
        .get();
      logActivity(tx, {
        userId: actor.user.id,
        action: before ? 'Edit Printer' : 'Add Printer',
        module: MODULE,
        description: `${before ? 'Changed' : 'Set up'} the receipt printer of "${terminal.name}": ${described(printer)}${before ? ` (was ${described(before)})` : ''}`,
      });
      return { message: T.saved(terminal.name), printer, terminal: terminal.name };
    },
    { behavior: 'immediate' },
  );
}

/** Takes a terminal's printer away: its receipts print from the browser only. */
export function removePrinter(db: Db, actor: Viewer, terminalId: number) {
  return db.transaction(
    (tx) => {
      const terminal = terminalOf(tx, terminalId);
      const gone = tx.delete(printers).where(eq(printers.terminalId, terminal.id)).returning().get();
      if (!gone) throw fail.notFound(T.none(terminal.name));
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Remove Printer',
        module: MODULE,
        description: `Removed the receipt printer of "${terminal.name}" (${described(gone)})`,
      });
      return { message: T.removed(terminal.name) };
    },
    { behavior: 'immediate' },
  );
}
