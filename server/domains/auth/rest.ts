import type { FastifyPluginAsync } from 'fastify';
import { asSent, call, isFields, numberIn } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { authRouter } from './router';

const auth = restCallers(authRouter);

// The sign-in calls. Bodies are validated by the procedures themselves.
export const authRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post('/auth/login', (req) => call(auth(contextFrom(deps, req)).login, asSent(req.body)));
  app.post('/auth/refresh', (req) => call(auth(contextFrom(deps, req)).refresh, asSent(req.body)));
  app.post('/auth/logout', (req) => call(auth(contextFrom(deps, req)).logout, asSent(req.body)));
  app.get('/auth/me', (req) => auth(contextFrom(deps, req)).me());
  // A form may send the account id as text ("12"); the procedure takes a number only.
  app.post('/resetRequest/reset-password', (req) => {
    const body = req.body;
    const input = isFields(body) ? { ...body, userId: numberIn(body.userId) } : body;
    return call(auth(contextFrom(deps, req)).setNewPassword, asSent(input));
  });
};
