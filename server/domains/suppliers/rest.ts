import type { FastifyPluginAsync } from 'fastify';
import { MAX_PAGE_LIMIT } from '../../../shared/schemas/paging';
import { asSent, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { contactWrites, legacyRecord } from '../contacts/rest';
import { suppliersRouter } from './router';

const suppliers = restCallers(suppliersRouter);

// GET /api/suppliers answers an array (the first 1000 that match; ?search,
// ?searchField, ?field and ?order as the screen sends them); POST, PUT and DELETE
// /api/suppliers/{id} with the supplier's fields, {id} being its `_id` or its supplierId.
export const suppliersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => suppliers(contextFrom(deps, req));

  app.get('/suppliers', async (req) => {
    const query = { limit: MAX_PAGE_LIMIT, ...(req.query as object) };
    return (await call(api(req).list, asSent(query))).rows.map(legacyRecord);
  });
  contactWrites(app, { path: '/suppliers', key: 'supplier', api });
};
