import { marginsInput, setPriceInput } from '../../../shared/schemas/pricing';
import { allow, router } from '../../trpc/procedures';
import * as pricing from './service';

// Both screens read margins; Pricing Management (manager too) changes prices.
const dashboardFinanceProcedure = allow('dashboardFinance');

export const pricingRouter = router({
  margins: dashboardFinanceProcedure
    .input(marginsInput)
    .query(({ ctx, input }) => pricing.listMargins(ctx.db, input)),
  setPrice: dashboardFinanceProcedure
    .input(setPriceInput)
    .mutation(({ ctx, input }) => pricing.setPrice(ctx.db, ctx.viewer, input)),
});
