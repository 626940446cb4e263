import { z } from 'zod';
import { BACKUP_TEXT } from '../texts/backup';

// Backup and Restore: one file per area (docs/rules.md, Backup and restore). Cakes and
// customers have areas of their own, so a shop's spreadsheets hold every record it keeps.
export const BACKUP_AREAS = [
  'inventory',
  'cakes',
  'supplier',
  'customers',
  'sales',
  'users',
  'purchase-orders',
  'cake-orders',
] as const;
export type BackupArea = (typeof BACKUP_AREAS)[number];

/** The largest file a restore reads. */
export const RESTORE_MAX_BYTES = 20 * 1024 * 1024;

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
