import { z } from 'zod';
import { registerInput, resetRequestInput } from '../../../shared/schemas/auth';
import { allow, publicProcedure, router } from '../../trpc';
import * as requests from './service';

const byId = z.object({
  id: z.coerce.number({ error: 'Unknown request id.' }).int().positive('Unknown request id.'),
});

/** Registration requests (/api/request). The admin side lands with the accounts issue. */
export const requestsRouter = router({
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => requests.requestRegistration(ctx.db, input, ctx.ip)),
});

/** Password reset requests (/api/resetRequest). */
export const resetRequestsRouter = router({
  create: publicProcedure
    .input(resetRequestInput)
    .mutation(({ ctx, input }) => requests.requestPasswordReset(ctx.db, input.email, ctx.ip)),
  approve: allow('reviewPasswordResets')
    .input(byId)
    .mutation(({ ctx, input }) =>
      requests.approvePasswordReset(ctx.db, ctx.viewer, input.id, ctx.config.adminEmail),
    ),
});
