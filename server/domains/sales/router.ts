import { lookupItemsInput } from '../../../shared/schemas/inventory';
import {
  checkoutInput,
  listSalesInput,
  posPageInput,
  saleRefInput,
  todaySalesInput,
} from '../../../shared/schemas/sales';
import { allow, router } from '../../trpc';
import { posPage, posProducts } from './products';
import { getSale, listSales } from './records';
import { refund } from './refund';
import { checkout } from './service';
import { answerShownTo, saleShownTo } from './shown';
import { todaysSales } from './today';

const till = allow('salesManagement');

// Every sale answered goes through saleShownTo: staff see no costs and no other holders' ID numbers.
export const salesRouter = router({
  checkout: till
    .input(checkoutInput)
    .mutation(async ({ ctx, input }) => answerShownTo(ctx.viewer, await checkout(ctx.db, ctx.viewer, input))),
  refund: till
    .input(saleRefInput)
    .mutation(({ ctx, input }) => answerShownTo(ctx.viewer, refund(ctx.db, ctx.viewer, input.id))),
  get: till.input(saleRefInput).query(({ ctx, input }) => saleShownTo(ctx.viewer, getSale(ctx.db, input.id))),
  /** Items and cakes matching the search, in shelf order: the scanner's exact-id lookup. */
  products: till.input(lookupItemsInput).query(({ ctx, input }) => posProducts(ctx.db, input.search)),
  /** The counter's product table and the inline sale's picker, a page at a time. */
  productsPage: till.input(posPageInput).query(({ ctx, input }) => posPage(ctx.db, input.search, input)),
  /** Today's sales at the counter, by sale id, customer or amount: a reprint or a refund. */
  today: till.input(todaySalesInput).query(({ ctx, input }) => todaysSales(ctx.db, input.search)),
  list: till.input(listSalesInput).query(({ ctx, input }) => {
    const page = listSales(ctx.db, input);
    return { ...page, rows: page.rows.map((sale) => saleShownTo(ctx.viewer, sale)) };
  }),
});
