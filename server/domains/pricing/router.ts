import { marginsInput, setPriceInput } from '../../../shared/schemas/pricing';
import { allow, router } from '../../trpc';
import * as pricing from './service';

// Both screens read margins; Pricing Management (manager too) changes prices.
const finance = allow('dashboardFinance');

export const pricingRouter = router({
  margins: finance.input(marginsInput).query(({ ctx, input }) => pricing.listMargins(ctx.db, input)),
  setPrice: finance
    .input(setPriceInput)
    .mutation(({ ctx, input }) => pricing.setPrice(ctx.db, ctx.viewer, input)),
});
