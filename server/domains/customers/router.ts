import {
  customerFields,
  customerIdInput,
  customerListInput,
  updateCustomerInput,
} from '../../../shared/schemas/customers';
import { allow, router } from '../../trpc/procedures';
import { counterCustomers, customerService as customers, purchasesOf } from './service';

const customerManagementProcedure = allow('customerManagement');

export const customersRouter = router({
  list: customerManagementProcedure
    .input(customerListInput)
    .query(({ ctx, input }) => customers.list(ctx.db, input)),
  /** The counter's customers: id, customer ID and name, by name (service.ts). */
  atCounter: customerManagementProcedure.query(({ ctx }) => counterCustomers(ctx.db)),
  /** The customer's view: their purchases, newest first. */
  purchases: customerManagementProcedure
    .input(customerIdInput)
    .query(({ ctx, input }) => purchasesOf(ctx.db, input.id)),
  add: customerManagementProcedure
    .input(customerFields)
    .mutation(({ ctx, input }) => customers.add(ctx.db, ctx.viewer, input)),
  update: customerManagementProcedure
    .input(updateCustomerInput)
    .mutation(({ ctx, input }) => customers.update(ctx.db, ctx.viewer, input)),
  delete: customerManagementProcedure
    .input(customerIdInput)
    .mutation(({ ctx, input }) => customers.deleteRecord(ctx.db, ctx.viewer, input.id)),
});
