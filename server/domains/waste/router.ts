import { cakeIdInput } from '../../../shared/schemas/cakes';
import { itemIdInput } from '../../../shared/schemas/inventory';
import { wasteLogInput, writeOffInput } from '../../../shared/schemas/waste';
import { allow, router } from '../../trpc/procedures';
import { wasteLog } from './queries';
import { writeOff, writeOffExpired, writeOffExpiredCake } from './service';

export const wasteRouter = router({
  /** Anyone may write off waste; a staff member's write-off waits for a manager's approval. */
  writeOff: allow('waste')
    .input(writeOffInput)
    .mutation(({ ctx, input }) => writeOff(ctx.db, ctx.viewer, input)),
  writeOffExpired: allow('waste')
    .input(itemIdInput)
    .mutation(({ ctx, input }) => writeOffExpired(ctx.db, ctx.viewer, input.id)),
  /** Every expired lot of a cake that no cake order holds. */
  writeOffExpiredCake: allow('waste')
    .input(cakeIdInput)
    .mutation(({ ctx, input }) => writeOffExpiredCake(ctx.db, ctx.viewer, input.id)),
  log: allow('wasteLog')
    .input(wasteLogInput)
    .query(({ ctx, input }) => wasteLog(ctx.db, input.period)),
});
