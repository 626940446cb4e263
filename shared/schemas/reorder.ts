import { z } from 'zod';
import { BUSINESS_ID_MAX } from '../texts/fields';
import { REORDER_TEXT } from '../texts/reorder';

/** Drafting a purchase order of a supplier's suggestions: the supplier's business id (SUP-…). */
export const reorderDraftInput = z.object(
  {
    supplierId: z
      .string({ error: REORDER_TEXT.supplierRequired })
      .trim()
      .min(1, REORDER_TEXT.supplierRequired)
      .max(BUSINESS_ID_MAX, REORDER_TEXT.supplierNotFound),
  },
  { error: REORDER_TEXT.supplierRequired },
);
