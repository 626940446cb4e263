import { accountIdInput, updateAccountInput } from '../../../shared/schemas/accounts';
import { allow, router } from '../../trpc';
import * as accounts from './service';

const manage = allow('userManagement');

export const usersRouter = router({
  list: manage.query(({ ctx }) => accounts.listAccounts(ctx.db, ctx.viewer, ctx.config.adminEmail)),
  update: manage
    .input(updateAccountInput)
    .mutation(({ ctx, input }) => accounts.updateAccount(ctx.db, ctx.viewer, input, ctx.config.adminEmail)),
  deactivate: manage
    .input(accountIdInput)
    .mutation(({ ctx, input }) =>
      accounts.setAccountStatus(ctx.db, ctx.viewer, input.id, 'deactivated', ctx.config.adminEmail),
    ),
  reactivate: manage
    .input(accountIdInput)
    .mutation(({ ctx, input }) =>
      accounts.setAccountStatus(ctx.db, ctx.viewer, input.id, 'active', ctx.config.adminEmail),
    ),
});
