import type { FastifyPluginAsync } from 'fastify';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { authRouter } from './router';

const auth = createCallerFactory(authRouter);

// SPEC.md §7: the sign-in calls. Bodies are validated by the procedures themselves.
export const authRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/auth/login', (req) => auth(contextFrom(deps, req)).login(req.body as never));
  app.post('/auth/refresh', (req) => auth(contextFrom(deps, req)).refresh(req.body as never));
  app.post('/auth/logout', (req) => auth(contextFrom(deps, req)).logout(req.body as never));
  app.get('/auth/me', (req) => auth(contextFrom(deps, req)).me());
  app.post('/resetRequest/reset-password', (req) =>
    auth(contextFrom(deps, req)).setNewPassword(req.body as never),
  );
};
