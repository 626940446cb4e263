import type { FastifyPluginAsync } from 'fastify';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { notificationsRouter } from './router';

const notifications = createCallerFactory(notificationsRouter);

// GET /api/notifications?page&limit=12, read as `notifications`.
export const notificationsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/notifications', async (req) => {
    const { rows, ...page } = await notifications(contextFrom(deps, req)).list(req.query as never);
    return { notifications: rows.map((n) => ({ _id: n.id, ...n })), ...page };
  });
};
