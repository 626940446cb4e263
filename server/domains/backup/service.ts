import type { BackupArea } from '../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../shared/schemas/backup';
import type { Db } from '../../db/open';
import { workbookStream } from '../../xlsx';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications/service';
import { sheetsOf } from './areas';

export const MODULE = 'Backup and Restore';

/**
 * One area as {area}_backup.xlsx, streamed. When the last byte is written the download
 * is logged and a success notification made; a failure midway makes an error one
 * (PRODUCT.md "Records").
 */
export function backupArea(db: Db, actor: Viewer, area: BackupArea) {
  const stream = workbookStream(sheetsOf(db, area));
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
