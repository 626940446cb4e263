import { z } from 'zod';
import { requestIdInput } from '../../../shared/schemas/accounts';
import { allow, router } from '../../trpc';
import * as actions from './service';

const review = allow('reviewActionRequests');

export const actionRequestsRouter = router({
  list: review
    .input(
      z
        .object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') })
        .default({ status: 'pending' }),
    )
    .query(({ ctx, input }) => actions.listActionRequests(ctx.db, input.status)),
  approve: review
    .input(requestIdInput)
    .mutation(({ ctx, input }) => actions.approveActionRequest(ctx.db, ctx.viewer, input.id)),
  reject: review
    .input(requestIdInput)
    .mutation(({ ctx, input }) => actions.rejectActionRequest(ctx.db, ctx.viewer, input.id)),
});
