import { lookupItemsInput } from '../../../shared/schemas/inventory';
import { offlineSaleInput } from '../../../shared/schemas/offline';
import {
  checkoutInput,
  counterPageInput,
  listSalesInput,
  refundInput,
  saleRefInput,
  sc5AllowanceInput,
  todaySalesInput,
} from '../../../shared/schemas/sales';
import { allow, router } from '../../trpc/procedures';
import { printAtCheckout } from '../printers/print';
import { receiveOfflineSale } from './offline';
import { counterPage, counterProducts } from './products';
import { receiptOf, reprint } from './receipt';
import { getSale, listSales } from './records';
import { refund } from './refund';
import { sc5Allowance } from './sc5';
import { checkout } from './service';
import { answerShownTo, saleShownTo } from './shown';
import { todaysSales } from './today';

const salesManagementProcedure = allow('salesManagement');

// Every sale answered goes through saleShownTo: staff see no costs and no other holders' ID numbers.
export const salesRouter = router({
  checkout: salesManagementProcedure.input(checkoutInput).mutation(async ({ ctx, input }) => {
    const answer = answerShownTo(ctx.viewer, await checkout(ctx.db, ctx.viewer, input));
    const receipt = receiptOf(ctx.db, answer.sale);
    // After the commit, and never for a repeat (its receipt came out the first time): a
    // printer that is off is the answer's `print`, never a failed sale (docs/decisions.md, Printing).
    const print = answer.repeated
      ? undefined
      : await printAtCheckout(ctx.db, answer.sale.terminalId, receipt);
    return { ...answer, receipt, ...(print ? { print } : {}) };
  }),
  /** A sale the device made while the server could not be reached (docs/decisions.md, Selling offline). */
  offline: salesManagementProcedure.input(offlineSaleInput).mutation(async ({ ctx, input }) => {
    const answer = await receiveOfflineSale(ctx.db, ctx.viewer, input);
    return { ...answer, sale: saleShownTo(ctx.viewer, answer.sale) };
  }),
  refund: salesManagementProcedure
    .input(refundInput)
    .mutation(({ ctx, input }) =>
      answerShownTo(ctx.viewer, refund(ctx.db, ctx.viewer, input.id, new Date(), input.terminalId)),
    ),
  get: salesManagementProcedure
    .input(saleRefInput)
    .query(({ ctx, input }) => saleShownTo(ctx.viewer, getSale(ctx.db, input.id))),
  /** What the sale's invoice prints (the 80 mm receipt). */
  receipt: salesManagementProcedure
    .input(saleRefInput)
    .query(({ ctx, input }) => receiptOf(ctx.db, saleShownTo(ctx.viewer, getSale(ctx.db, input.id)))),
  /** The receipt printed again: counted, with its activity and journal rows, and answered. */
  reprint: salesManagementProcedure.input(saleRefInput).mutation(({ ctx, input }) => {
    const { message, reprintCount, sale } = reprint(ctx.db, ctx.viewer, input.id);
    return { message, reprintCount, receipt: receiptOf(ctx.db, saleShownTo(ctx.viewer, sale)) };
  }),
  /** Items and cakes matching the search, in product order: the scanner's exact-id lookup. */
  products: salesManagementProcedure
    .input(lookupItemsInput)
    .query(({ ctx, input }) => counterProducts(ctx.db, input.search)),
  /** Every product the counter sells, for the device to keep and sell from offline (docs/decisions.md, Selling offline). */
  shelf: salesManagementProcedure.query(({ ctx }) => counterProducts(ctx.db, '')),
  /** The counter's product table and the inline sale's picker, a page at a time. */
  productsPage: salesManagementProcedure
    .input(counterPageInput)
    .query(({ ctx, input }) => counterPage(ctx.db, input.search, input)),
  /** Today's sales at the counter, by sale id, customer or amount: a reprint or a refund. */
  today: salesManagementProcedure
    .input(todaySalesInput)
    .query(({ ctx, input }) => todaysSales(ctx.db, input.search)),
  /** What is left this Manila week of a senior ID's 5% allowance, for the counter to show. */
  sc5Allowance: salesManagementProcedure
    .input(sc5AllowanceInput)
    .query(({ ctx, input }) => sc5Allowance(ctx.db, input.idNumber, new Date())),
  list: salesManagementProcedure.input(listSalesInput).query(({ ctx, input }) => {
    const page = listSales(ctx.db, input);
    return { ...page, rows: page.rows.map((sale) => saleShownTo(ctx.viewer, sale)) };
  }),
});
