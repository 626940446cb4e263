import { lookupItemsInput } from '../../../shared/schemas/inventory';
import { checkoutInput, listSalesInput, posPageInput, saleRefInput } from '../../../shared/schemas/sales';
import { allow, router } from '../../trpc';
import { posPage, posProducts } from './products';
import { getSale, listSales } from './records';
import { refund } from './refund';
import { checkout } from './service';

const till = allow('salesManagement');

export const salesRouter = router({
  checkout: till.input(checkoutInput).mutation(({ ctx, input }) => checkout(ctx.db, ctx.viewer, input)),
  refund: till.input(saleRefInput).mutation(({ ctx, input }) => refund(ctx.db, ctx.viewer, input.id)),
  get: till.input(saleRefInput).query(({ ctx, input }) => getSale(ctx.db, input.id)),
  /** Items and cakes matching the search, in shelf order: the scanner's exact-id lookup. */
  products: till.input(lookupItemsInput).query(({ ctx, input }) => posProducts(ctx.db, input.search)),
  /** The counter's product table and the inline sale's picker, a page at a time. */
  productsPage: till.input(posPageInput).query(({ ctx, input }) => posPage(ctx.db, input.search, input)),
  list: till.input(listSalesInput).query(({ ctx, input }) => listSales(ctx.db, input)),
});
