import { cakeFields, cakeIdInput, listCakesInput, updateCakeInput } from '../../../shared/schemas/cakes';
import { allow, router } from '../../trpc/procedures';
import { listCakes } from './queries';
import * as cakes from './service';

const inventoryProcedure = allow('inventory');

export const cakesRouter = router({
  list: inventoryProcedure.input(listCakesInput).query(({ ctx, input }) => listCakes(ctx.db, input)),
  get: inventoryProcedure.input(cakeIdInput).query(({ ctx, input }) => cakes.getCake(ctx.db, input.id)),
  add: inventoryProcedure
    .input(cakeFields)
    .mutation(({ ctx, input }) => cakes.addCake(ctx.db, ctx.viewer, input)),
  update: inventoryProcedure
    .input(updateCakeInput)
    .mutation(({ ctx, input }) => cakes.updateCake(ctx.db, ctx.viewer, input)),
  delete: inventoryProcedure
    .input(cakeIdInput)
    .mutation(({ ctx, input }) => cakes.deleteCake(ctx.db, ctx.viewer, input.id)),
});
