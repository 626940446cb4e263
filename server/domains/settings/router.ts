import {
  categoryInput,
  categoryListInput,
  categoryUpdateInput,
  namedInput,
  namedUpdateInput,
  settingIdInput,
  shopProfileInput,
} from '../../../shared/schemas/settings';
import { allow, publicProcedure, router } from '../../trpc';
import { saveShopProfile, shopProfile } from './profile';
import * as settings from './service';

/** The lists feed every form's selects, so every role may read them; changes are admin and owner. */
const read = allow('settingsLists');
const change = allow('settings');

export const settingsRouter = router({
  /** Public: the login screen's footer shows the business name before anyone signs in. */
  shopProfile: publicProcedure.query(({ ctx }) => shopProfile(ctx.db)),
  saveShopProfile: change
    .input(shopProfileInput)
    .mutation(({ ctx, input }) => saveShopProfile(ctx.db, ctx.viewer, input)),

  sizes: read.query(({ ctx }) => settings.listSizes(ctx.db)),
  addSize: change
    .input(namedInput)
    .mutation(({ ctx, input }) => settings.addNamed(ctx.db, ctx.viewer, 'size', input)),
  updateSize: change
    .input(namedUpdateInput)
    .mutation(({ ctx, input }) => settings.updateNamed(ctx.db, ctx.viewer, 'size', input)),
  deleteSize: change
    .input(settingIdInput)
    .mutation(({ ctx, input }) => settings.deleteNamed(ctx.db, ctx.viewer, 'size', input.id)),

  categories: read.input(categoryListInput).query(({ ctx, input }) => settings.listCategories(ctx.db, input)),
  addCategory: change
    .input(categoryInput)
    .mutation(({ ctx, input }) => settings.addCategory(ctx.db, ctx.viewer, input)),
  updateCategory: change
    .input(categoryUpdateInput)
    .mutation(({ ctx, input }) => settings.updateCategory(ctx.db, ctx.viewer, input)),
  deleteCategory: change
    .input(settingIdInput)
    .mutation(({ ctx, input }) => settings.deleteCategory(ctx.db, ctx.viewer, input.id)),

  units: read.query(({ ctx }) => settings.listUnits(ctx.db)),
  addUnit: change
    .input(namedInput)
    .mutation(({ ctx, input }) => settings.addNamed(ctx.db, ctx.viewer, 'uom', input)),
  updateUnit: change
    .input(namedUpdateInput)
    .mutation(({ ctx, input }) => settings.updateNamed(ctx.db, ctx.viewer, 'uom', input)),
  deleteUnit: change
    .input(settingIdInput)
    .mutation(({ ctx, input }) => settings.deleteNamed(ctx.db, ctx.viewer, 'uom', input.id)),
});
