import type { FastifyPluginAsync } from 'fastify';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { requestsRouter, resetRequestsRouter } from './router';

const requests = createCallerFactory(requestsRouter);
const resetRequests = createCallerFactory(resetRequestsRouter);

export const requestsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/request/register', (req) => requests(contextFrom(deps, req)).register(req.body as never));
  app.post('/resetRequest', (req) => resetRequests(contextFrom(deps, req)).create(req.body as never));
  app.put<{ Params: { id: string } }>('/resetRequest/:id/approve', (req) =>
    resetRequests(contextFrom(deps, req)).approve({ id: req.params.id as never }),
  );
};
