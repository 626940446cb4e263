import { lookupItemsInput } from '../../../shared/schemas/inventory';
import { checkoutInput, listSalesInput, saleRefInput } from '../../../shared/schemas/sales';
import { allow, router } from '../../trpc';
import { posProducts } from './products';
import { getSale, listSales } from './records';
import { refund } from './refund';
import { checkout } from './service';

const till = allow('salesManagement');

export const salesRouter = router({
  checkout: till.input(checkoutInput).mutation(({ ctx, input }) => checkout(ctx.db, ctx.viewer, input)),
  refund: till.input(saleRefInput).mutation(({ ctx, input }) => refund(ctx.db, ctx.viewer, input.id)),
  get: till.input(saleRefInput).query(({ ctx, input }) => getSale(ctx.db, input.id)),
  /** The counter's product table: items and cakes matching the search, in shelf order. */
  products: till.input(lookupItemsInput).query(({ ctx, input }) => posProducts(ctx.db, input.search)),
  list: till.input(listSalesInput).query(({ ctx, input }) => listSales(ctx.db, input)),
});
