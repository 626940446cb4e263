import { authRouter } from './domains/auth/router';
import { requestsRouter, resetRequestsRouter } from './domains/requests/router';
import { settingsRouter } from './domains/settings/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  requests: requestsRouter,
  resetRequests: resetRequestsRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
