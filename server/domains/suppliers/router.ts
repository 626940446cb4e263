import {
  supplierFields,
  supplierIdInput,
  supplierListInput,
  updateSupplierInput,
} from '../../../shared/schemas/suppliers';
import { allow, router } from '../../trpc/procedures';
import { supplierService as suppliers } from './service';

const supplierManagementProcedure = allow('supplierManagement');

export const suppliersRouter = router({
  list: supplierManagementProcedure
    .input(supplierListInput)
    .query(({ ctx, input }) => suppliers.list(ctx.db, input)),
  add: supplierManagementProcedure
    .input(supplierFields)
    .mutation(({ ctx, input }) => suppliers.add(ctx.db, ctx.viewer, input)),
  update: supplierManagementProcedure
    .input(updateSupplierInput)
    .mutation(({ ctx, input }) => suppliers.update(ctx.db, ctx.viewer, input)),
  delete: supplierManagementProcedure
    .input(supplierIdInput)
    .mutation(({ ctx, input }) => suppliers.deleteRecord(ctx.db, ctx.viewer, input.id)),
});
