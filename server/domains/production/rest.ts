import type { FastifyPluginAsync } from 'fastify';
import { bodyOf, call, numberIn, pesos, units } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { Batch } from './queries';
import { productionRouter } from './router';

const production = restCallers(productionRouter);
type Query = Record<string, string | undefined>;
type ById = { Params: { id: string } };

/** A batch as REST shows it: pesos, ingredient quantities in their units. */
const restBatch = (batch: Batch) => ({
  _id: batch.id,
  batchNumber: batch.batchNumber,
  cakeId: batch.cakeId,
  name: batch.name,
  quantity: batch.quantity,
  bakedOn: batch.bakedOn,
  expirationDate: batch.expirationDate,
  cost: pesos(batch.cost),
  unitCost: pesos(batch.unitCost),
  orderNumber: batch.orderNumber,
  createdAt: batch.createdAt,
  by: batch.by,
  ingredients: batch.ingredients.map((i) => ({ ...i, quantity: units(i.quantity), cost: pesos(i.cost) })),
});

function bakeBody(raw: unknown) {
  const body = bodyOf(raw);
  return {
    cakeId: body.cakeId,
    quantity: numberIn(body.quantity),
    orderId: body.orderNumber === '' ? null : (body.orderNumber ?? null),
    bakedOn: body.bakedOn === '' ? null : (body.bakedOn ?? null),
  };
}

// /api/production, /api/bake-plan and /api/cake/{id}/lots ({id} the cake's `_id` or CK- id).
export const productionRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => production(contextFrom(deps, req));
  const { bake } = productionRouter._def.procedures;
  app.post('/production', { preHandler: admitTo(deps, bake, bakeBody) }, async (req, reply) => {
    const { message, batch } = await call(api(req).bake, bakeBody(req.body));
    return reply.status(201).send({ message, batch: restBatch(batch) });
  });
  app.get<{ Querystring: Query }>('/production', async (req) => {
    const q = req.query;
    const page = await call(api(req).list, {
      page: q.page ?? 1,
      limit: q.limit ?? 10,
      from: q.from || undefined,
      to: q.to || undefined,
    });
    return {
      batches: page.batches.map(restBatch),
      total: page.total,
      totalPages: page.totalPages,
      cakesBaked: page.cakesBaked,
      cost: pesos(page.cost),
    };
  });
  app.get<{ Querystring: Query }>('/bake-plan', async (req) => {
    const plan = await call(api(req).plan, { date: req.query.date });
    return {
      ...plan,
      ingredients: plan.ingredients.map((i) => ({
        ...i,
        needed: units(i.needed),
        onHand: units(i.onHand),
        short: units(i.short),
      })),
    };
  });
  app.get<ById>('/cake/:id/lots', async (req) => {
    const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : req.params.id;
    const lots = await call(api(req).cakeLots, { id });
    return {
      lots: lots.map((lot) => ({ ...lot, unitCost: lot.unitCost === null ? null : pesos(lot.unitCost) })),
    };
  });
};
