import { reorderDraftInput } from '../../../shared/schemas/reorder';
import { allow, router } from '../../trpc/procedures';
import { draftFromSuggestions, reorderSuggestions } from './service';

// Reading the suggestions and drafting from them are purchase orders' work.
const purchaseOrdersProcedure = allow('purchaseOrders');

export const reorderRouter = router({
  suggestions: purchaseOrdersProcedure.query(({ ctx }) => reorderSuggestions(ctx.db)),
  /** A Draft purchase order of one supplier's suggested items. */
  draft: purchaseOrdersProcedure
    .input(reorderDraftInput)
    .mutation(({ ctx, input }) => draftFromSuggestions(ctx.db, ctx.viewer, input.supplierId)),
});
