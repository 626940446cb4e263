import { cakeFields, cakeIdInput, listCakesInput, updateCakeInput } from '../../../shared/schemas/cakes';
import { allow, router } from '../../trpc';
import { listCakes } from './queries';
import * as bakery from './service';

const stockroom = allow('inventory');

export const cakesRouter = router({
  list: stockroom.input(listCakesInput).query(({ ctx, input }) => listCakes(ctx.db, input)),
  get: stockroom.input(cakeIdInput).query(({ ctx, input }) => bakery.getCake(ctx.db, input.id)),
  add: stockroom.input(cakeFields).mutation(({ ctx, input }) => bakery.addCake(ctx.db, ctx.viewer, input)),
  update: stockroom
    .input(updateCakeInput)
    .mutation(({ ctx, input }) => bakery.updateCake(ctx.db, ctx.viewer, input)),
  delete: stockroom
    .input(cakeIdInput)
    .mutation(({ ctx, input }) => bakery.deleteCake(ctx.db, ctx.viewer, input.id)),
});
