import { checkoutInput, listSalesInput, saleRefInput } from '../../../shared/schemas/sales';
import { allow, router } from '../../trpc';
import * as counter from './service';

const till = allow('salesManagement');

export const salesRouter = router({
  checkout: till
    .input(checkoutInput)
    .mutation(({ ctx, input }) => counter.checkout(ctx.db, ctx.viewer, input)),
  refund: till.input(saleRefInput).mutation(({ ctx, input }) => counter.refund(ctx.db, ctx.viewer, input.id)),
  get: till.input(saleRefInput).query(({ ctx, input }) => counter.getSale(ctx.db, input.id)),
  list: till.input(listSalesInput).query(({ ctx, input }) => counter.listSales(ctx.db, input)),
});
