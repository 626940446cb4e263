import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import {
  itemFields,
  itemIdInput,
  listItemsInput,
  lookupItemsInput,
  updateItemInput,
} from '../../../shared/schemas/inventory';
import { allow, router } from '../../trpc/procedures';
import { itemLots } from './lotQueries';
import { listItems, lookupItems } from './queries';
import * as inventory from './service';
import { itemMovements } from './stock';

const inventoryProcedure = allow('inventory');

export const inventoryRouter = router({
  list: inventoryProcedure.input(listItemsInput).query(({ ctx, input }) => listItems(ctx.db, input)),
  /** The cake form's ingredient lookup (and later the POS): every match, up to the POS cap. */
  lookup: inventoryProcedure
    .input(lookupItemsInput)
    .query(({ ctx, input }) => lookupItems(ctx.db, input.search, COUNTER_FETCH_CAP)),
  get: inventoryProcedure.input(itemIdInput).query(({ ctx, input }) => inventory.getItem(ctx.db, input.id)),
  movements: inventoryProcedure.input(itemIdInput).query(({ ctx, input }) => itemMovements(ctx.db, input.id)),
  lots: inventoryProcedure.input(itemIdInput).query(({ ctx, input }) => itemLots(ctx.db, input.id)),
  add: inventoryProcedure
    .input(itemFields)
    .mutation(({ ctx, input }) => inventory.addItem(ctx.db, ctx.viewer, input)),
  update: inventoryProcedure
    .input(updateItemInput)
    .mutation(({ ctx, input }) => inventory.updateItem(ctx.db, ctx.viewer, input)),
  delete: inventoryProcedure
    .input(itemIdInput)
    .mutation(({ ctx, input }) => inventory.deleteItem(ctx.db, ctx.viewer, input.id)),
});
