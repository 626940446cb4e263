import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { allow, router } from '../../trpc/procedures';
import { scrubOffThread } from './restore/offThread';
import { backupsFolder, recordedSnapshot, snapshotName } from './snapshot';

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST download route
 * calls it, in-process, for its role check. The caller streams the file and then deletes it.
 */
export const snapshotRouter = router({
  take: allow('backupRestore').mutation(async ({ ctx }) => {
    const folder = backupsFolder(ctx.config);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // Not a snapshot name, so the daily pruning neither counts nor deletes it.
    const file = path.join(folder, `download-${randomUUID()}.sqlite`);
    await recordedSnapshot(ctx.db, file, { userId: ctx.viewer.user.id, action: 'Download Full Backup' });
    await scrubOffThread(ctx.db, file);
    return { file, filename: snapshotName() };
  }),
});
