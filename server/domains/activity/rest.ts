import type { FastifyPluginAsync } from 'fastify';
import { asSent, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { activityRouter } from './router';

const activity = restCallers(activityRouter);

// GET /api/activitylog?range=all|today|week|month|year (&page, &limit).
// Rows carry userId.username ("Unknown" when the user is gone or there was none).
export const activityRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/activitylog', async (req) => {
    const { rows, ...page } = await call(activity(contextFrom(deps, req)).list, asSent(req.query));
    return {
      logs: rows.map(({ username, ...r }) => ({
        _id: r.id,
        ...r,
        userId: { username: username ?? 'Unknown' },
      })),
      ...page,
    };
  });
};
