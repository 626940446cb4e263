import { z } from 'zod';
import { recordRef } from '../../../shared/schemas/fields';
import { bakeInput, bakePlanInput, listBatchesInput } from '../../../shared/schemas/production';
import { PRODUCTION_TEXT as T } from '../../../shared/texts/production';
import { fail } from '../../lib/errors';
import { allow, router } from '../../trpc/procedures';
import { findCake, findCakeByCakeId } from '../cakes/queries';
import { bakePlan } from './bakePlan';
import { cakeLotsOf, listBatches } from './queries';
import { bake } from './service';

const productionProcedure = allow('production');

export const productionRouter = router({
  bake: productionProcedure.input(bakeInput).mutation(({ ctx, input }) => bake(ctx.db, ctx.viewer, input)),
  list: productionProcedure.input(listBatchesInput).query(({ ctx, input }) => listBatches(ctx.db, input)),
  plan: productionProcedure.input(bakePlanInput).query(({ ctx, input }) => bakePlan(ctx.db, input.date)),
  /** A cake's lots (its id or CK- code), like an item's. */
  cakeLots: allow('inventory')
    .input(z.object({ id: recordRef(T.cakeNotFound) }))
    .query(({ ctx, input }) => {
      const id =
        typeof input.id === 'number'
          ? findCake(ctx.db, input.id)?.id
          : findCakeByCakeId(ctx.db, input.id)?.id;
      if (id === undefined) throw fail.notFound(T.cakeNotFound);
      return cakeLotsOf(ctx.db, id);
    }),
});
