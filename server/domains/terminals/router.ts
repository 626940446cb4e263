import { reserveBlockInput } from '../../../shared/schemas/offline';
import { terminalInput, terminalUpdateInput } from '../../../shared/schemas/terminals';
import { allow, router, signedInProcedure } from '../../trpc/procedures';
import { reserveBlock } from './blocks';
import { createTerminal, terminalsWithPrinter, updateTerminal } from './service';

export const terminalsRouter = router({
  /** Every signed-in account: the counter chooses its terminal from these. */
  list: signedInProcedure.query(({ ctx }) => terminalsWithPrinter(ctx.db)),
  create: allow('terminals')
    .input(terminalInput)
    .mutation(({ ctx, input }) => createTerminal(ctx.db, ctx.viewer, input)),
  update: allow('terminals')
    .input(terminalUpdateInput)
    .mutation(({ ctx, input }) => updateTerminal(ctx.db, ctx.viewer, input)),
  /** Invoice numbers set aside for the device that sells at the terminal (it numbers its own sales). */
  reserveBlock: allow('salesManagement')
    .input(reserveBlockInput)
    .mutation(({ ctx, input }) => reserveBlock(ctx.db, ctx.viewer, input)),
});
