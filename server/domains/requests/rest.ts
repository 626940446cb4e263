import type { FastifyPluginAsync } from 'fastify';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { requestsRouter, resetRequestsRouter } from './router';

const requests = createCallerFactory(requestsRouter);
const resetRequests = createCallerFactory(resetRequestsRouter);

type ById = { Params: { id: string } };
const byId = (req: { params: { id: string } }) => ({ id: req.params.id as never });

// /api/request and /api/resetRequest, with the legacy field names.
export const requestsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/request/register', (req) => requests(contextFrom(deps, req)).register(req.body as never));
  app.get('/request', async (req) =>
    (await requests(contextFrom(deps, req)).list()).map((r) => ({
      _id: r.id,
      email: r.email,
      dateRequested: r.createdAt,
      status: r.status,
    })),
  );
  app.post<ById>('/request/approve/:id', (req) => requests(contextFrom(deps, req)).approve(byId(req)));
  app.delete<ById>('/request/reject/:id', (req) => requests(contextFrom(deps, req)).reject(byId(req)));

  app.post('/resetRequest', (req) => resetRequests(contextFrom(deps, req)).create(req.body as never));
  app.get('/resetRequest', async (req) =>
    (await resetRequests(contextFrom(deps, req)).list()).map((r) => ({ _id: r.id, ...r })),
  );
  app.put<ById>('/resetRequest/:id/approve', (req) =>
    resetRequests(contextFrom(deps, req)).approve(byId(req)),
  );
  app.put<ById>('/resetRequest/:id/reject', (req) => resetRequests(contextFrom(deps, req)).reject(byId(req)));
  app.delete<ById>('/resetRequest/:id', (req) => resetRequests(contextFrom(deps, req)).remove(byId(req)));
};
