import { z } from 'zod';
import {
  listPoInput,
  poFields,
  poIdInput,
  receiveInput,
  updatePoInput,
} from '../../../shared/schemas/purchasing';
import { allow, router } from '../../trpc/procedures';
import { getPurchaseOrder, listPurchaseOrders, openPurchaseOrders } from './queries';
import { receivePurchaseOrder } from './receive';
import { cancelPurchaseOrder, createPurchaseOrder, orderPurchaseOrder, updatePurchaseOrder } from './service';

const purchaseOrdersProcedure = allow('purchaseOrders');
/** Staff take deliveries too: the orders waiting for one, and receiving against them. */
const receivingProcedure = allow('receiving');

export const purchaseOrdersRouter = router({
  list: purchaseOrdersProcedure
    .input(listPoInput)
    .query(({ ctx, input }) => listPurchaseOrders(ctx.db, input)),
  get: purchaseOrdersProcedure.input(poIdInput).query(({ ctx, input }) => getPurchaseOrder(ctx.db, input.id)),
  create: purchaseOrdersProcedure
    .input(poFields)
    .mutation(({ ctx, input }) => createPurchaseOrder(ctx.db, ctx.viewer, input)),
  /** A Draft only: its supplier, date, notes and lines are replaced. */
  update: purchaseOrdersProcedure
    .input(updatePoInput)
    .mutation(({ ctx, input }) => updatePurchaseOrder(ctx.db, ctx.viewer, input)),
  order: purchaseOrdersProcedure
    .input(poIdInput)
    .mutation(({ ctx, input }) => orderPurchaseOrder(ctx.db, ctx.viewer, input.id)),
  cancel: purchaseOrdersProcedure
    .input(poIdInput)
    .mutation(({ ctx, input }) => cancelPurchaseOrder(ctx.db, ctx.viewer, input.id)),
  toReceive: receivingProcedure.input(z.object({}).optional()).query(({ ctx }) => openPurchaseOrders(ctx.db)),
  receive: receivingProcedure
    .input(receiveInput)
    .mutation(({ ctx, input }) => receivePurchaseOrder(ctx.db, ctx.viewer, input)),
});
