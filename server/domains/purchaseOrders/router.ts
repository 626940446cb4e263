import { listPoInput, poFields, poIdInput, updatePoInput } from '../../../shared/schemas/purchasing';
import { allow, router } from '../../trpc/procedures';
import { getPurchaseOrder, listPurchaseOrders } from './queries';
import { cancelPurchaseOrder, createPurchaseOrder, orderPurchaseOrder, updatePurchaseOrder } from './service';

const purchaseOrdersProcedure = allow('purchaseOrders');

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
});
