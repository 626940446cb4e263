import type { BackupArea } from '../schemas/backup';

// The exact texts of Backup and Restore.
export const BACKUP_TEXT = {
  failed: 'Backup failed. Please try again.',
  unknownArea:
    'Choose one of the areas: inventory, cakes, supplier, customers, sales, users, purchase-orders or cake-orders.',
  notWorkbook:
    'This file is not an Excel workbook (.xlsx). Choose a backup file downloaded from this screen.',
  wrongArea: (area: BackupArea, missing: string) =>
    `This is not a ${area} backup: ${missing}. Choose the ${area}_backup.xlsx file.`,
  tooLarge: 'The file is larger than 20 MB; a backup of this shop is never that large.',
  inflatesTooLarge:
    'The file unpacks to more than a backup of this shop ever holds (over 512 MB). Choose a backup file downloaded from this screen.',
  tooManyRows:
    'The file holds more than 200,000 rows, more than one restore takes. Split it into smaller files: rows left out of a file stay as they are.',
  empty: 'The file holds no rows to restore.',
  rowsRefused: (n: number) =>
    `Nothing was restored: ${n} ${n === 1 ? 'row needs' : 'rows need'} fixing first (see below).`,
  restored: (area: BackupArea, added: number, updated: number) =>
    `The ${area} backup was restored: ${added} added, ${updated} updated.`,
  restoreFailed: 'Restore failed. Nothing was changed. Please try again.',
} as const;
