import { requestIdInput } from '../../../shared/schemas/accounts';
import { registerInput, resetRequestInput } from '../../../shared/schemas/auth';
import { allow, publicProcedure, router } from '../../trpc/procedures';
import * as review from './review';
import * as requests from './service';

const reviewRegistrationsProcedure = allow('reviewRegistrations');
const reviewPasswordResetsProcedure = allow('reviewPasswordResets');

/** Registration requests (/api/request). */
export const requestsRouter = router({
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => requests.requestRegistration(ctx.db, input, ctx.ip)),
  list: reviewRegistrationsProcedure.query(({ ctx }) => review.listRegistrations(ctx.db)),
  approve: reviewRegistrationsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => review.approveRegistration(ctx.db, ctx.viewer, input.id)),
  reject: reviewRegistrationsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => review.rejectRegistration(ctx.db, ctx.viewer, input.id)),
});

/** Password reset requests (/api/resetRequest). */
export const resetRequestsRouter = router({
  create: publicProcedure
    .input(resetRequestInput)
    .mutation(({ ctx, input }) => requests.requestPasswordReset(ctx.db, input.email, ctx.ip)),
  list: reviewPasswordResetsProcedure.query(({ ctx }) => review.listResets(ctx.db)),
  approve: reviewPasswordResetsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) =>
      requests.approvePasswordReset(ctx.db, ctx.viewer, input.id, ctx.config.adminEmail),
    ),
  reject: reviewPasswordResetsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => review.rejectReset(ctx.db, ctx.viewer, input.id)),
  delete: reviewPasswordResetsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => review.deleteReset(ctx.db, ctx.viewer, input.id)),
});
