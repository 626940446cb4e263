import type { FastifyPluginAsync } from 'fastify';
import { numberIn } from '../../legacy';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { authRouter } from './router';

const auth = createCallerFactory(authRouter);

// The sign-in calls. Bodies are validated by the procedures themselves.
export const authRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/auth/login', (req) => auth(contextFrom(deps, req)).login(req.body as never));
  app.post('/auth/refresh', (req) => auth(contextFrom(deps, req)).refresh(req.body as never));
  app.post('/auth/logout', (req) => auth(contextFrom(deps, req)).logout(req.body as never));
  app.get('/auth/me', (req) => auth(contextFrom(deps, req)).me());
  // A form may send the account id as text ("12"); the procedure takes a number only.
  app.post('/resetRequest/reset-password', (req) => {
    const body = req.body;
    const input =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...body, userId: numberIn((body as { userId?: unknown }).userId) }
        : body;
    return auth(contextFrom(deps, req)).setNewPassword(input as never);
  });
};
