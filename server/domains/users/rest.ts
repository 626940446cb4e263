import type { FastifyPluginAsync } from 'fastify';
import { asSent, bodyOf, call } from '../../legacy';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { usersRouter } from './router';

const accounts = createCallerFactory(usersRouter);

type ById = { Params: { id: string } };

// /api/user. Accounts answer with the legacy `_id` beside `id`.
export const usersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/user', async (req) =>
    (await accounts(contextFrom(deps, req)).list()).map((a) => ({ _id: a.id, ...a })),
  );
  app.put<ById>('/user/update/:id', (req) =>
    call(accounts(contextFrom(deps, req)).update, asSent({ ...bodyOf(req.body), id: req.params.id })),
  );
  app.put<ById>('/user/deactivate/:id', (req) =>
    call(accounts(contextFrom(deps, req)).deactivate, { id: req.params.id }),
  );
  app.post<ById>('/user/reactivate/:id', (req) =>
    call(accounts(contextFrom(deps, req)).reactivate, { id: req.params.id }),
  );
};
