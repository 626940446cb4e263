import {
  supplierFields,
  supplierIdInput,
  supplierListInput,
  updateSupplierInput,
} from '../../../shared/schemas/suppliers';
import { allow, router } from '../../trpc';
import { supplierService as suppliers } from './service';

const manage = allow('supplierManagement');

export const suppliersRouter = router({
  list: manage.input(supplierListInput).query(({ ctx, input }) => suppliers.list(ctx.db, input)),
  add: manage.input(supplierFields).mutation(({ ctx, input }) => suppliers.add(ctx.db, ctx.viewer, input)),
  update: manage
    .input(updateSupplierInput)
    .mutation(({ ctx, input }) => suppliers.update(ctx.db, ctx.viewer, input)),
  remove: manage
    .input(supplierIdInput)
    .mutation(({ ctx, input }) => suppliers.remove(ctx.db, ctx.viewer, input.id)),
});
