import type { FastifyPluginAsync } from 'fastify';
import { call } from '../../legacy';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { actionRequestsRouter } from './router';

const actions = createCallerFactory(actionRequestsRouter);
type ById = { Params: { id: string } };

// /api/actionRequest, with requestedBy.username as the legacy client reads it.
export const actionRequestsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/actionRequest', async (req) =>
    (await actions(contextFrom(deps, req)).list()).map(({ requestedBy, ...r }) => ({
      _id: r.id,
      ...r,
      requestedBy: { username: requestedBy },
    })),
  );
  app.post<ById>('/actionRequest/approve/:id', (req) =>
    call(actions(contextFrom(deps, req)).approve, { id: req.params.id }),
  );
  app.delete<ById>('/actionRequest/reject/:id', (req) =>
    call(actions(contextFrom(deps, req)).reject, { id: req.params.id }),
  );
};
