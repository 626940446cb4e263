import { registerInput, resetRequestInput } from '../../../shared/schemas/auth';
import { publicProcedure, router } from '../../trpc';
import * as requests from './service';

/** Registration requests (/api/request). The admin side lands with the accounts issue. */
export const requestsRouter = router({
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => requests.requestRegistration(ctx.db, input)),
});

/** Password reset requests (/api/resetRequest). */
export const resetRequestsRouter = router({
  create: publicProcedure
    .input(resetRequestInput)
    .mutation(({ ctx, input }) => requests.requestPasswordReset(ctx.db, input.email)),
});
