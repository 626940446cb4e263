import type { FastifyPluginAsync } from 'fastify';
import { asSent, bodyOf, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { usersRouter } from './router';

const users = restCallers(usersRouter);

type ById = { Params: { id: string } };

// /api/user. Accounts answer with the legacy `_id` beside `id`.
export const usersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/user', async (req) =>
    (await users(contextFrom(deps, req)).list()).map((a) => ({ _id: a.id, ...a })),
  );
  app.put<ById>('/user/update/:id', (req) =>
    call(users(contextFrom(deps, req)).update, asSent({ ...bodyOf(req.body), id: req.params.id })),
  );
  app.put<ById>('/user/deactivate/:id', (req) =>
    call(users(contextFrom(deps, req)).deactivate, { id: req.params.id }),
  );
  app.post<ById>('/user/reactivate/:id', (req) =>
    call(users(contextFrom(deps, req)).reactivate, { id: req.params.id }),
  );
};
