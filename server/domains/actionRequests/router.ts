import { z } from 'zod';
import { requestIdInput } from '../../../shared/schemas/accounts';
import { allow, router } from '../../trpc/procedures';
import * as actionRequests from './service';

const reviewActionRequestsProcedure = allow('reviewActionRequests');

export const actionRequestsRouter = router({
  list: reviewActionRequestsProcedure
    .input(
      z
        .object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') })
        .default({ status: 'pending' }),
    )
    .query(({ ctx, input }) => actionRequests.listActionRequests(ctx.db, input.status)),
  approve: reviewActionRequestsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => actionRequests.approveActionRequest(ctx.db, ctx.viewer, input.id)),
  reject: reviewActionRequestsProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => actionRequests.rejectActionRequest(ctx.db, ctx.viewer, input.id)),
});
