import {
  categoryInput,
  categoryListInput,
  categoryUpdateInput,
  namedInput,
  namedUpdateInput,
  settingIdInput,
  shopProfileInput,
} from '../../../shared/schemas/settings';
import { NAMED_LISTS, type NamedList, SETTINGS_LABELS } from '../../../shared/texts/settings';
import { allow, publicProcedure, router } from '../../trpc/procedures';
import { saveShopProfile, shopProfile } from './profile';
import * as settings from './service';

/** The lists feed every form's selects, so every role may read them; changes are admin and owner. */
const settingsListsProcedure = allow('settingsLists');
const settingsProcedure = allow('settings');

/** A name-only list's router: settings.sizes.{list,add,update,delete}, and so on. */
const namedListRouter = (list: NamedList) =>
  router({
    list: settingsListsProcedure.query(({ ctx }) => settings.listNamed(ctx.db, list)),
    add: settingsProcedure
      .input(namedInput)
      .mutation(({ ctx, input }) => settings.addNamed(ctx.db, ctx.viewer, list, input)),
    update: settingsProcedure
      .input(namedUpdateInput)
      .mutation(({ ctx, input }) => settings.updateNamed(ctx.db, ctx.viewer, list, input)),
    delete: settingsProcedure
      .input(settingIdInput)
      .mutation(({ ctx, input }) => settings.deleteNamed(ctx.db, ctx.viewer, list, input.id)),
  });

/** One router per name-only list, under the name its labels give it. */
const namedListRouters = Object.fromEntries(
  NAMED_LISTS.map((list) => [SETTINGS_LABELS[list].router, namedListRouter(list)]),
) as Record<(typeof SETTINGS_LABELS)[NamedList]['router'], ReturnType<typeof namedListRouter>>;

export const settingsRouter = router({
  /** Public: the login screen's footer shows the business name before anyone signs in. */
  shopProfile: publicProcedure.query(({ ctx }) => shopProfile(ctx.db)),
  saveShopProfile: settingsProcedure
    .input(shopProfileInput)
    .mutation(({ ctx, input }) => saveShopProfile(ctx.db, ctx.viewer, input)),

  categories: router({
    list: settingsListsProcedure
      .input(categoryListInput)
      .query(({ ctx, input }) => settings.listCategories(ctx.db, input)),
    add: settingsProcedure
      .input(categoryInput)
      .mutation(({ ctx, input }) => settings.addCategory(ctx.db, ctx.viewer, input)),
    update: settingsProcedure
      .input(categoryUpdateInput)
      .mutation(({ ctx, input }) => settings.updateCategory(ctx.db, ctx.viewer, input)),
    delete: settingsProcedure
      .input(settingIdInput)
      .mutation(({ ctx, input }) => settings.deleteCategory(ctx.db, ctx.viewer, input.id)),
  }),

  ...namedListRouters,
});
