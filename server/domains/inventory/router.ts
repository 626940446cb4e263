import { POS_FETCH_CAP } from '../../../shared/constants';
import {
  itemFields,
  itemIdInput,
  listItemsInput,
  lookupItemsInput,
  updateItemInput,
} from '../../../shared/schemas/inventory';
import { allow, router } from '../../trpc';
import { listItems, lookupItems } from './queries';
import * as inventory from './service';

const stockroom = allow('inventory');

export const inventoryRouter = router({
  list: stockroom.input(listItemsInput).query(({ ctx, input }) => listItems(ctx.db, input)),
  /** The cake form's ingredient lookup (and later the POS): every match, up to the POS cap. */
  lookup: stockroom
    .input(lookupItemsInput)
    .query(({ ctx, input }) => lookupItems(ctx.db, input.search, POS_FETCH_CAP)),
  get: stockroom.input(itemIdInput).query(({ ctx, input }) => inventory.getItem(ctx.db, input.id)),
  movements: stockroom
    .input(itemIdInput)
    .query(({ ctx, input }) => inventory.itemMovements(ctx.db, input.id)),
  add: stockroom.input(itemFields).mutation(({ ctx, input }) => inventory.addItem(ctx.db, ctx.viewer, input)),
  update: stockroom
    .input(updateItemInput)
    .mutation(({ ctx, input }) => inventory.updateItem(ctx.db, ctx.viewer, input)),
  delete: stockroom
    .input(itemIdInput)
    .mutation(({ ctx, input }) => inventory.deleteItem(ctx.db, ctx.viewer, input.id)),
});
