import { z } from 'zod';
import { QUANTITY_SCALE } from '../quantity';
import { WASTE_NOTE_MAX, WASTE_REASONS, WASTE_TEXT } from '../texts/waste';
import { optionalText, recordId, recordRef } from './fields';
import { poQuantity } from './purchasing';
import { periodInput } from './reports';

/**
 * A write-off: an item or a cake (record id, or business id over REST), how much in
 * thousandths (of one cake for a cake, so whole cakes x 1000), why, a note, and for an item a
 * lot to take it from if one is chosen.
 */
export const writeOffFields = z.object(
  {
    itemId: recordRef(WASTE_TEXT.itemRequired).optional(),
    cakeId: recordRef(WASTE_TEXT.itemRequired).optional(),
    quantity: poQuantity,
    reason: z.enum(WASTE_REASONS, { error: WASTE_TEXT.reason }),
    note: optionalText('Note', WASTE_NOTE_MAX),
    lotId: z.union([z.null(), recordId(WASTE_TEXT.lotNotFound)]).optional(),
  },
  { error: WASTE_TEXT.itemRequired },
);

/** What is wrong with a write-off's choice of thing, and in which field, if anything. */
function choiceProblem(w: z.infer<typeof writeOffFields>): [string, string] | undefined {
  if (w.itemId === undefined && w.cakeId === undefined) return [WASTE_TEXT.itemRequired, 'itemId'];
  if (w.itemId !== undefined && w.cakeId !== undefined) return [WASTE_TEXT.itemOrCake, 'cakeId'];
  if (w.cakeId === undefined) return undefined;
  if (w.quantity % QUANTITY_SCALE !== 0) return [WASTE_TEXT.wholeCakes, 'quantity'];
  if (w.lotId != null) return [WASTE_TEXT.lotOfItem, 'lotId'];
  return undefined;
}

/** One thing written off: an item, or whole cakes from no chosen lot. */
export function oneThingWrittenOff(w: z.infer<typeof writeOffFields>, ctx: z.RefinementCtx): void {
  const problem = choiceProblem(w);
  if (problem) ctx.addIssue({ code: 'custom', message: problem[0], path: [problem[1]] });
}

export const writeOffInput = writeOffFields.superRefine(oneThingWrittenOff);
export type WriteOffInput = z.infer<typeof writeOffInput>;

/** The waste log over a period, as the sales report's ranges. */
export const wasteLogInput = z.object({ period: periodInput });
