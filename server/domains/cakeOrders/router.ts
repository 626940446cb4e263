import { z } from 'zod';
import {
  calendarInput,
  cancelOrderInput,
  createOrderInput,
  listOrdersInput,
  orderRef,
  orderSettingsInput,
  orderStatusInput,
  payOrderInput,
  pickupInput,
} from '../../../shared/schemas/cakeOrders';
import { CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { fail } from '../../lib/errors';
import { allow, router } from '../../trpc/procedures';
import { answerShownTo } from '../sales/shown';
import { cancelOrder } from './cancel';
import { pickUp } from './pickup';
import { findOrder, getOrder, listOrders, orderCalendar } from './queries';
import { createOrder, payOrder, setOrderStatus } from './service';
import { orderSettings, saveOrderSettings } from './settings';

const ordersProcedure = allow('cakeOrders');

export const cakeOrdersRouter = router({
  list: ordersProcedure.input(listOrdersInput).query(({ ctx, input }) => listOrders(ctx.db, input)),
  get: ordersProcedure.input(z.object({ id: orderRef })).query(({ ctx, input }) => {
    const found = findOrder(ctx.db, input.id);
    const order = found && getOrder(ctx.db, found.id);
    if (!order) throw fail.notFound(T.notFound);
    return order;
  }),
  calendar: ordersProcedure
    .input(calendarInput)
    .query(({ ctx, input }) => orderCalendar(ctx.db, input.from, input.to)),
  create: ordersProcedure
    .input(createOrderInput)
    .mutation(({ ctx, input }) => createOrder(ctx.db, ctx.viewer, input)),
  pay: ordersProcedure.input(payOrderInput).mutation(({ ctx, input }) => payOrder(ctx.db, ctx.viewer, input)),
  setStatus: ordersProcedure
    .input(orderStatusInput)
    .mutation(({ ctx, input }) => setOrderStatus(ctx.db, ctx.viewer, input)),
  /** The balance collected and one sale made; staff see no line costs on it, as at checkout. */
  pickup: ordersProcedure
    .input(pickupInput)
    .mutation(({ ctx, input }) => answerShownTo(ctx.viewer, pickUp(ctx.db, ctx.viewer, input))),
  /** A staff cancellation is held for approval. */
  cancel: ordersProcedure
    .input(cancelOrderInput)
    .mutation(({ ctx, input }) => cancelOrder(ctx.db, ctx.viewer, input)),
  /** Every role reads the rules (the order form shows the minimum deposit); admin and owner set them. */
  settings: ordersProcedure.query(({ ctx }) => orderSettings(ctx.db)),
  saveSettings: allow('settings')
    .input(orderSettingsInput)
    .mutation(({ ctx, input }) => saveOrderSettings(ctx.db, ctx.viewer, input)),
});
