import { accountIdInput, updateAccountInput } from '../../../shared/schemas/accounts';
import { allow, router } from '../../trpc/procedures';
import * as users from './service';

const userManagementProcedure = allow('userManagement');

export const usersRouter = router({
  list: userManagementProcedure.query(({ ctx }) =>
    users.listAccounts(ctx.db, ctx.viewer, ctx.config.adminEmail),
  ),
  update: userManagementProcedure
    .input(updateAccountInput)
    .mutation(({ ctx, input }) => users.updateAccount(ctx.db, ctx.viewer, input, ctx.config.adminEmail)),
  deactivate: userManagementProcedure
    .input(accountIdInput)
    .mutation(({ ctx, input }) =>
      users.setAccountStatus(ctx.db, ctx.viewer, input.id, 'deactivated', ctx.config.adminEmail),
    ),
  reactivate: userManagementProcedure
    .input(accountIdInput)
    .mutation(({ ctx, input }) =>
      users.setAccountStatus(ctx.db, ctx.viewer, input.id, 'active', ctx.config.adminEmail),
    ),
});
