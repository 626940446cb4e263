import type { FastifyPluginAsync } from 'fastify';
import { asSent, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { notificationsRouter } from './router';

const notifications = restCallers(notificationsRouter);

// GET /api/notifications?page&limit=12, read as `notifications`.
export const notificationsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/notifications', async (req) => {
    const { rows, ...page } = await call(notifications(contextFrom(deps, req)).list, asSent(req.query));
    return { notifications: rows.map((n) => ({ _id: n.id, ...n })), ...page };
  });
};
