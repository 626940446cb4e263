import type { FastifyPluginAsync } from 'fastify';
import { asSent, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { requestsRouter, resetRequestsRouter } from './router';

const requests = restCallers(requestsRouter);
const resetRequests = restCallers(resetRequestsRouter);

type ById = { Params: { id: string } };
const byId = (req: { params: { id: string } }) => ({ id: req.params.id });

// /api/request and /api/resetRequest, with the legacy field names.
export const requestsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/request/register', (req) => call(requests(contextFrom(deps, req)).register, asSent(req.body)));
  app.get('/request', async (req) =>
    (await requests(contextFrom(deps, req)).list()).map((r) => ({
      _id: r.id,
      email: r.email,
      dateRequested: r.createdAt,
      status: r.status,
    })),
  );
  app.post<ById>('/request/approve/:id', (req) => call(requests(contextFrom(deps, req)).approve, byId(req)));
  app.delete<ById>('/request/reject/:id', (req) => call(requests(contextFrom(deps, req)).reject, byId(req)));

  app.post('/resetRequest', (req) => call(resetRequests(contextFrom(deps, req)).create, asSent(req.body)));
  app.get('/resetRequest', async (req) =>
    (await resetRequests(contextFrom(deps, req)).list()).map((r) => ({ _id: r.id, ...r })),
  );
  app.put<ById>('/resetRequest/:id/approve', (req) =>
    call(resetRequests(contextFrom(deps, req)).approve, byId(req)),
  );
  app.put<ById>('/resetRequest/:id/reject', (req) =>
    call(resetRequests(contextFrom(deps, req)).reject, byId(req)),
  );
  app.delete<ById>('/resetRequest/:id', (req) =>
    call(resetRequests(contextFrom(deps, req)).delete, byId(req)),
  );
};
