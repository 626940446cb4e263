import type { FastifyPluginAsync } from 'fastify';
import { call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { actionRequestsRouter } from './router';

const actionRequests = restCallers(actionRequestsRouter);
type ById = { Params: { id: string } };

// /api/actionRequest, with requestedBy.username as the legacy client reads it.
export const actionRequestsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/actionRequest', async (req) =>
    (await actionRequests(contextFrom(deps, req)).list()).map(({ requestedBy, ...r }) => ({
      _id: r.id,
      ...r,
      requestedBy: { username: requestedBy },
    })),
  );
  app.post<ById>('/actionRequest/approve/:id', (req) =>
    call(actionRequests(contextFrom(deps, req)).approve, { id: req.params.id }),
  );
  app.delete<ById>('/actionRequest/reject/:id', (req) =>
    call(actionRequests(contextFrom(deps, req)).reject, { id: req.params.id }),
  );
};
