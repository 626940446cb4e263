import type { FastifyPluginAsync } from 'fastify';
import { bodyOf, call, pesos, pesosIn } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { pricingRouter } from './router';
import type { MarginRow } from './service';

const pricing = restCallers(pricingRouter);

type Query = Record<string, string | undefined>;
type ByKindAndId = { Params: { kind: string; id: string } };

/** A margin row at the REST boundary: `_id` and pesos. */
function legacyRow({ id, cost, price, margin, ...row }: MarginRow) {
  return { _id: id, ...row, cost: pesos(cost), price: pesos(price), margin: pesos(margin) };
}

/** PATCH's body: the new price, pesos read at this edge. */
const priceBody = (raw: unknown) => ({ price: pesosIn(bodyOf(raw).price, 'Price') });

/** An id no product has: the procedure still checks the caller first (401/403), then answers 404. */
const NO_PRODUCT = Number.MAX_SAFE_INTEGER;

/** `:id` is the `_id`; anything else names no product, so it is 404 like every unknown id. */
function ref(id: string): number {
  const number = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : NO_PRODUCT;
}

// GET /api/pricing?kind=item|cake&page&limit&search&order; PATCH /api/pricing/:kind/:id {price} in pesos.
export const pricingRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<{ Querystring: Query }>('/pricing', async (req) => {
    const q = req.query;
    const page = await call(pricing(contextFrom(deps, req)).margins, {
      kind: q.kind ?? 'item',
      page: q.page ?? 1,
      limit: q.limit ?? 10,
      search: q.search ?? '',
      order: q.order ?? 'asc',
    });
    return { ...page, rows: page.rows.map(legacyRow) };
  });
  const { setPrice } = pricingRouter._def.procedures;
  app.patch<ByKindAndId>(
    '/pricing/:kind/:id',
    { preHandler: admitTo(deps, setPrice, priceBody) },
    async (req) => {
      const result = await call(pricing(contextFrom(deps, req)).setPrice, {
        kind: req.params.kind,
        id: ref(req.params.id),
        price: priceBody(req.body).price,
      });
      return { ...result, row: legacyRow(result.row) };
    },
  );
};
