import { z } from 'zod';
import { WASTE_NOTE_MAX, WASTE_REASONS, WASTE_TEXT } from '../texts/waste';
import { optionalText, recordId, recordRef } from './fields';
import { poQuantity } from './purchasing';
import { periodInput } from './reports';

/**
 * A write-off: an item (record id, or business id over REST), how much in thousandths, why, a
 * note, and a lot to take it from if one is chosen.
 */
export const writeOffInput = z.object(
  {
    itemId: recordRef(WASTE_TEXT.itemRequired),
    quantity: poQuantity,
    reason: z.enum(WASTE_REASONS, { error: WASTE_TEXT.reason }),
    note: optionalText('Note', WASTE_NOTE_MAX),
    lotId: z.union([z.null(), recordId(WASTE_TEXT.lotNotFound)]).optional(),
  },
  { error: WASTE_TEXT.itemRequired },
);
export type WriteOffInput = z.infer<typeof writeOffInput>;

/** The waste log over a period, as the sales report's ranges. */
export const wasteLogInput = z.object({ period: periodInput });
