import { publicProcedure, router } from '../../trpc';
import * as settings from './service';

export const settingsRouter = router({
  /** Public: the login screen's footer shows the business name before anyone signs in. */
  shopProfile: publicProcedure.query(({ ctx }) => settings.shopProfile(ctx.db)),
});
