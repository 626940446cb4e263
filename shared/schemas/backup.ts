import { z } from 'zod';

// Backup and Restore: one file per area (docs/rules.md, Backup and restore). Cakes and
// customers have areas of their own, so a shop's spreadsheets hold every record it keeps.
export const BACKUP_AREAS = ['inventory', 'cakes', 'supplier', 'customers', 'sales', 'users'] as const;
export type BackupArea = (typeof BACKUP_AREAS)[number];

/** The largest file a restore reads. */
export const RESTORE_MAX_BYTES = 20 * 1024 * 1024;

export const BACKUP_TEXT = {
  failed: 'Backup failed. Please try again.',
  unknownArea: 'Choose one of the areas: inventory, cakes, supplier, customers, sales or users.',
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

export const backupAreaInput = z.object({ area: z.enum(BACKUP_AREAS, { error: BACKUP_TEXT.unknownArea }) });

/** A row the restore refused: its sheet, its row number as the spreadsheet shows it, and why. */
export interface RejectedRow {
  sheet: string;
  row: number;
  reason: string;
}

/** What a restore did, or in a dry run would do ({added, updated, rejected}). */
export interface RestoreOutcome {
  added: number;
  updated: number;
  /** Rows equal to what is on file: nothing to do. */
  unchanged: number;
  rejected: RejectedRow[];
  /** Whether the changes were written: never in a dry run, never with a rejected row. */
  applied: boolean;
}
