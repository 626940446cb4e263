import { z } from 'zod';
import { loginInput, refreshInput, setNewPasswordInput } from '../../../shared/schemas/auth';
import { passwordResetProcedure, publicProcedure, router, signedInProcedure } from '../../trpc/procedures';
import * as auth from './service';
import { toSessionUser } from './viewer';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => auth.login(ctx.db, ctx.config, input, ctx.ip)),
  refresh: publicProcedure
    .input(refreshInput)
    .mutation(({ ctx, input }) => auth.refresh(ctx.db, ctx.config, input.refreshToken)),
  logout: publicProcedure
    .input(z.object({ refreshToken: z.string().max(512).optional() }).optional())
    .mutation(({ ctx, input }) =>
      input?.refreshToken ? auth.logout(ctx.db, input.refreshToken) : { message: 'Logged out.' },
    ),
  me: signedInProcedure.query(({ ctx }) => toSessionUser(ctx.viewer.user)),
  setNewPassword: passwordResetProcedure
    .input(setNewPasswordInput)
    .mutation(({ ctx, input }) => auth.setNewPassword(ctx.db, ctx.viewer, ctx.ip, input)),
});
