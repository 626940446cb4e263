import { openDrawerInput, printerInput, printInput, terminalIdInput } from '../../../shared/schemas/printers';
import { allow, router } from '../../trpc/procedures';
import { openDrawer, printDocument, testPrint } from './print';
import { listPrinters, removePrinter, setPrinter } from './service';

const printersProcedure = allow('printers');

// Settings → Printers (admin, owner); printing at the counter (every role); the drawer (managers up).
export const printersRouter = router({
  /** Every terminal with its printer, or null. */
  list: printersProcedure.query(({ ctx }) => listPrinters(ctx.db)),
  set: printersProcedure
    .input(printerInput)
    .mutation(({ ctx, input }) => setPrinter(ctx.db, ctx.viewer, input)),
  remove: printersProcedure
    .input(terminalIdInput)
    .mutation(({ ctx, input }) => removePrinter(ctx.db, ctx.viewer, input.terminalId)),
  test: printersProcedure
    .input(terminalIdInput)
    .mutation(({ ctx, input }) => testPrint(ctx.db, ctx.viewer, input.terminalId)),
  /** The Print button of a receipt, refund, reading or cake order slip: anyone who sells. */
  print: allow('salesManagement')
    .input(printInput)
    .mutation(({ ctx, input }) => printDocument(ctx.db, ctx.viewer, input)),
  /** The cash drawer opened without a sale, with the reason (Activity Log). */
  openDrawer: allow('openDrawer')
    .input(openDrawerInput)
    .mutation(({ ctx, input }) => openDrawer(ctx.db, ctx.viewer, input)),
});
