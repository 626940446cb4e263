import type { PrintInput } from '../../../shared/schemas/printers';
import { PRINTERS_TEXT as T } from '../../../shared/texts/printers';
import type { Db, Store } from '../../db/open';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import type { Receipt } from '../sales/receipt';
import { shopProfile } from '../settings/profile';
import { CASH_MODULE } from '../shifts/voids';
import { printJob, tookCash } from './documents';
import { receiptSlip } from './render/receipt';
import { type PrintOutcome, sendToPrinter } from './send';
import { printerAt, printerOf } from './service';
import { drawerPulse, Slip } from './slip';

// Printing at a terminal's receipt printer (docs/decisions.md, Printing). Each call reads what
// it prints, sends it, and answers what happened; nothing here throws for a printer that is off.

/** Anything unexpected while laying out or sending is the cashier's "could not print", never a 500 after a sale. */
async function safely(send: () => Promise<PrintOutcome>): Promise<PrintOutcome> {
  try {
    return await send();
  } catch {
    return { printed: false, message: T.printFailed };
  }
}

/**
 * The receipt of a sale just made, when its terminal's printer prints at checkout; the drawer
 * opens with it on a cash sale when the printer is set to. Undefined when nothing was to print.
 */
export async function printAtCheckout(
  db: Store,
  terminalId: number | null,
  receipt: Receipt,
): Promise<PrintOutcome | undefined> {
  const printer = terminalId === null ? undefined : printerOf(db, terminalId);
  if (!printer?.autoPrint) return undefined;
  return safely(() =>
    sendToPrinter(
      printer,
      receiptSlip(receipt, printer.charsPerLine).bytes({ drawer: printer.openDrawer && tookCash(receipt) }),
    ),
  );
}

/** The Print button: a document printed at a terminal; a reprint is counted once it printed. */
export async function printDocument(db: Db, actor: Viewer, input: PrintInput): Promise<PrintOutcome> {
  const { printer } = printerAt(db, actor, input.terminalId);
  const job = printJob(db, actor, input, printer.charsPerLine);
  const outcome = await safely(() =>
    sendToPrinter(printer, job.slip.bytes({ drawer: job.drawer && printer.openDrawer })),
  );
  if (outcome.printed) job.printed?.();
  return outcome;
}

/** A page that shows the printer's settings fit: the shop, the terminal, a ruler of the line's width. */
export async function testPrint(db: Db, actor: Viewer, terminalId: number) {
  const { terminal, printer } = printerAt(db, actor, terminalId);
  const columns = printer.charsPerLine;
  const slip = new Slip(columns)
    .heading(T.testHeading)
    .center([shopProfile(db).businessName])
    .rule();
  for (const line of T.testLines(terminal.name, printer.paperWidth, columns)) slip.text(line);
  slip.text('1234567890'.repeat(Math.ceil(columns / 10)).slice(0, columns));
  const outcome = await safely(() => sendToPrinter(printer, slip.rule().bytes(), { button: 'Test print' }));
  return outcome.printed ? { ...outcome, message: T.testPrinted(terminal.name) } : outcome;
}

/** A manager's "Open drawer": the pulse, and its reason in the Activity Log once the printer took it. */
export async function openDrawer(
  db: Db,
  actor: Viewer,
  input: { terminalId: number | null; reason: string },
) {
  const { terminal, printer } = printerAt(db, actor, input.terminalId);
  const outcome = await safely(() => sendToPrinter(printer, drawerPulse(), { button: T.drawerButton }));
  if (!outcome.printed) return outcome;
  logActivity(db, {
    userId: actor.user.id,
    action: 'Open Drawer',
    module: CASH_MODULE,
    description: `Opened the cash drawer of "${terminal.name}" without a sale: ${input.reason}`,
  });
  return { ...outcome, message: T.drawerOpened(terminal.name) };
}
