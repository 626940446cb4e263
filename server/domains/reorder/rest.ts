import type { FastifyPluginAsync } from 'fastify';
import { fromMilli } from '../../../shared/quantity';
import { sendLarge } from '../../transport/largeAnswers';
import { call } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { answer as purchaseOrderAnswer } from '../purchaseOrders/rest';
import { reorderRouter } from './router';

const reorder = restCallers(reorderRouter);

type BySupplier = { Params: { supplierId: string } };

// GET /api/reorder-suggestions; POST /api/reorder-suggestions/{supplierId}/draft, where
// {supplierId} is the supplier's business id. Quantities in units, as REST shows them.
export const reorderRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => reorder(contextFrom(deps, req));
  const { draft } = reorderRouter._def.procedures;

  // Four megabytes over a large shop: made and written a couple at a time.
  app.get('/reorder-suggestions', (req, reply) =>
    sendLarge(req, reply, async () => {
      const { suppliers } = await api(req).suggestions();
      return {
        suppliers: suppliers.map((supplier) => ({
          supplierId: supplier.supplierId,
          name: supplier.name,
          leadTimeDays: supplier.leadTimeDays,
          items: supplier.items.map((item) => ({
            itemId: item.itemId,
            name: item.name,
            stock: fromMilli(item.stock),
            soldLast28Days: fromMilli(item.soldLast28Days),
            daysLeft: item.daysLeft,
            suggestedQuantity: fromMilli(item.suggestedQuantity),
          })),
        })),
      };
    }),
  );
  app.post<BySupplier>(
    '/reorder-suggestions/:supplierId/draft',
    { preHandler: admitTo(deps, draft, undefined, { optionalBody: true }) },
    async (req, reply) =>
      reply
        .status(201)
        .send(purchaseOrderAnswer(await call(api(req).draft, { supplierId: req.params.supplierId }))),
  );
};
