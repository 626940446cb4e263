import { z } from 'zod';

// SPEC.md §2 Backup and Restore: one file per area, with PRODUCT.md's rules.
export const BACKUP_AREAS = ['inventory', 'supplier', 'sales', 'users'] as const;
export type BackupArea = (typeof BACKUP_AREAS)[number];

export const BACKUP_TEXT = {
  failed: 'Backup failed. Please try again.',
  unknownArea: 'Choose one of the areas: inventory, supplier, sales or users.',
} as const;

export const backupAreaInput = z.object({ area: z.enum(BACKUP_AREAS, { error: BACKUP_TEXT.unknownArea }) });
