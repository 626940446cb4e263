import { backupAreaInput } from '../../../shared/schemas/backup';
import { allow, router } from '../../trpc';
import { backupArea } from './service';

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST download
 * routes call it, in-process, for the role check and the input schema.
 */
export const backupFilesRouter = router({
  area: allow('backupRestore')
    .input(backupAreaInput)
    .query(({ ctx, input }) => backupArea(ctx.db, ctx.viewer, input.area)),
});
