import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { QUANTITY_TEXT } from '../../../shared/texts/fields';
import {
  asSent,
  bodyOf,
  call,
  type Loose,
  listQuery,
  numberIn,
  pesos,
  pesosIn,
  present,
  quantityIn,
  refIn,
  units,
} from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { booleanIn } from '../inventory/rest';
import type { CakeDetail } from './queries';
import { cakesRouter } from './router';

const cakes = restCallers(cakesRouter);

type ById = { Params: { id: string } };
type Query = Record<string, string | undefined>;
type Inputs = inferRouterInputs<typeof cakesRouter>;

/**
 * A cake in the legacy shape: `_id`, ids for category and size, pesos, ingredients as
 * {inventoryItem, quantity} with the quantity in the item's units (0.25).
 */
function legacyCake(cake: CakeDetail) {
  return {
    _id: cake.id,
    cakeId: cake.cakeId,
    name: cake.name,
    category: cake.categoryId,
    categoryName: cake.category,
    size: cake.sizeId,
    sizeName: cake.size,
    stock: cake.stock,
    unitPrice: pesos(cake.price),
    price: pesos(cake.price),
    baseCost: pesos(cake.baseCost),
    amount: cake.amount,
    availability: cake.availability,
    ...(cake.availability === 'Seasonal'
      ? { seasonalPeriod: { startDate: cake.seasonStart, endDate: cake.seasonEnd } }
      : {}),
    scPwdEligible: cake.scPwdEligible,
    expirationDate: cake.expirationDate,
    shelfLifeDays: cake.shelfLifeDays,
    shelfTarget: cake.shelfTarget,
    status: cake.status,
    ingredients: cake.ingredients.map((i) => ({
      inventoryItem: i.itemId,
      itemId: i.code,
      name: i.name,
      quantity: units(i.quantity),
      unit: i.unit,
      purchasePrice: pesos(i.purchasePrice),
      cost: pesos(i.cost),
    })),
    createdBy: { username: cake.createdBy ?? 'Unknown' },
    createdAt: cake.createdAt,
    updatedAt: cake.updatedAt,
  };
}

/** The form's Regular is sent as Always; price comes in `unitPrice` from the legacy form. */
function cakeBody(raw: unknown): Loose<Inputs['add']> {
  const body = bodyOf(raw);
  const ingredients = Array.isArray(body.ingredients)
    ? body.ingredients.map((line) => {
        const l = bodyOf(line);
        return {
          itemId: refIn(l.inventoryItem ?? l.itemId),
          quantity: quantityIn(l.quantity, QUANTITY_TEXT.decimals('Ingredient quantity')),
        };
      })
    : asSent(body.ingredients);
  const fields: Loose<Inputs['add']> = {
    cakeId: body.cakeId,
    name: body.name,
    categoryId: refIn(body.category),
    sizeId: refIn(body.size),
    availability: body.availability === 'Regular' ? 'Always' : body.availability,
    seasonalPeriod: asSent(body.seasonalPeriod ?? undefined),
    price: pesosIn(body.price ?? body.unitPrice, 'Cake price'),
    stock: numberIn(body.stock),
    amount: numberIn(body.amount),
    scPwdEligible: booleanIn(body.scPwdEligible),
    expirationDate: body.expirationDate === '' ? null : body.expirationDate,
    shelfLifeDays: numberIn(body.shelfLifeDays),
    shelfTarget: numberIn(body.shelfTarget),
    ingredients,
  };
  return present(fields);
}

function answer(result: { message: string; cake?: CakeDetail }) {
  return 'cake' in result && result.cake
    ? { message: result.message, cake: legacyCake(result.cake) }
    : result;
}

// /api/cake.
export const cakesRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<{ Querystring: Query }>('/cake', async (req) => {
    const q = req.query;
    const page = await call(cakes(contextFrom(deps, req)).list, listQuery(q));
    return {
      cakes: page.rows.map(legacyCake),
      totalCakes: page.total,
      totalPages: page.totalPages,
      page: page.page,
      limit: page.limit,
    };
  });
  app.get<ById>('/cake/:id', async (req) =>
    legacyCake(await call(cakes(contextFrom(deps, req)).get, { id: req.params.id })),
  );
  const { add, update } = cakesRouter._def.procedures;
  app.post('/cake/add', { preHandler: admitTo(deps, add, cakeBody) }, async (req, reply) =>
    reply.status(201).send(answer(await call(cakes(contextFrom(deps, req)).add, cakeBody(req.body)))),
  );
  app.put<ById>('/cake/:id', { preHandler: admitTo(deps, update, cakeBody) }, async (req) =>
    answer(
      await call(cakes(contextFrom(deps, req)).update, {
        id: req.params.id,
        cake: cakeBody(req.body),
      }),
    ),
  );
  app.delete<ById>('/cake/:id', (req) => call(cakes(contextFrom(deps, req)).delete, { id: req.params.id }));
};
