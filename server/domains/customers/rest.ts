import type { FastifyPluginAsync } from 'fastify';
import { asSent, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { contactWrites, legacyRecord } from '../contacts/rest';
import { customersRouter } from './router';

const customers = restCallers(customersRouter);

// GET /api/customers?page&limit=10 (limit up to 1000 for the POS; ?search,
// ?searchField, ?field and ?order as the screen sends them) reads customers and
// totalPages; POST, PUT and DELETE /api/customers/{id}, {id} being `_id` or customerId.
export const customersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => customers(contextFrom(deps, req));

  app.get('/customers', async (req) => {
    const { rows, total, ...page } = await call(api(req).list, asSent(req.query));
    return { customers: rows.map(legacyRecord), totalCustomers: total, ...page };
  });
  contactWrites(app, { path: '/customers', key: 'customer', api });
};
