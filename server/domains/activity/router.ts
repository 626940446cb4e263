import { activityInput } from '../../../shared/schemas/accounts';
import { allow, router } from '../../trpc/procedures';
import * as activity from './service';

export const activityRouter = router({
  list: allow('activityLog')
    .input(activityInput)
    .query(({ ctx, input }) => activity.listActivity(ctx.db, input)),
});
