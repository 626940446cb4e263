import {
  customerFields,
  customerIdInput,
  customerListInput,
  updateCustomerInput,
} from '../../../shared/schemas/customers';
import { allow, router } from '../../trpc';
import { customerService as customers, purchasesOf } from './service';

const manage = allow('customerManagement');

export const customersRouter = router({
  list: manage.input(customerListInput).query(({ ctx, input }) => customers.list(ctx.db, input)),
  /** The customer's view: their purchases, newest first. */
  purchases: manage.input(customerIdInput).query(({ ctx, input }) => purchasesOf(ctx.db, input.id)),
  add: manage.input(customerFields).mutation(({ ctx, input }) => customers.add(ctx.db, ctx.viewer, input)),
  update: manage
    .input(updateCustomerInput)
    .mutation(({ ctx, input }) => customers.update(ctx.db, ctx.viewer, input)),
  remove: manage
    .input(customerIdInput)
    .mutation(({ ctx, input }) => customers.remove(ctx.db, ctx.viewer, input.id)),
});
