import { z } from 'zod';
import { backupAreaInput } from '../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../shared/texts/backup';
import { allow, router } from '../../trpc/procedures';
import { restoreArea } from './restore/offThread';
import { backupArea } from './service';

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST routes call
 * it, in-process, for the role check and the input schema.
 */
export const backupFilesRouter = router({
  area: allow('backupRestore')
    .input(backupAreaInput)
    .query(({ ctx, input }) => backupArea(ctx.db, ctx.viewer, input.area)),
  restore: allow('backupRestore')
    .input(
      backupAreaInput.extend({
        dryRun: z.boolean(),
        // Refused here, after the role check, so an anonymous caller gets 401 whatever the body.
        file: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: BACKUP_TEXT.notWorkbook }),
      }),
    )
    .mutation(({ ctx, input }) =>
      restoreArea(ctx.db, ctx.viewer, input.area, input.file, {
        dryRun: input.dryRun,
        systemEmail: ctx.config.adminEmail,
      }),
    ),
});
