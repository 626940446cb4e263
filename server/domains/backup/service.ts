import type { BackupArea } from '../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../shared/texts/backup';
import type { Db } from '../../db/open';
import { readSnapshot } from '../../db/readSnapshot';
import { workbookStream } from '../../lib/xlsx';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { sheetsOf } from './areas';

const MODULE = 'Backup and Restore';

/**
 * One area as {area}_backup.xlsx, streamed. When the last byte is written the download
 * is logged and a success notification made; a failure midway makes an error one
 * (docs/rules.md, Records).
 */
export function backupArea(db: Db, actor: Viewer, area: BackupArea) {
  // One read transaction for the whole file: sales, lines and payments of the same instant.
  const snapshot = readSnapshot(db);
  const stream = workbookStream(sheetsOf(snapshot.db, area), {
    yieldBetweenChunks: snapshot.standsStill,
    onClose: snapshot.release,
  });
  stream.once('end', () => {
    logActivity(db, {
      userId: actor.user.id,
      action: 'Backup',
      module: MODULE,
      description: `Downloaded the ${area} backup`,
    });
    notify(db, 'success', `The ${area} backup was downloaded.`, 'backupRestore');
  });
  stream.once('error', () => notify(db, 'error', `${BACKUP_TEXT.failed} (${area})`, 'backupRestore'));
  return { filename: `${area}_backup.xlsx`, stream };
}
