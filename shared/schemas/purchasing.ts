import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { SEARCH_CONTROL, SEARCH_MAX } from '../texts/paging';
import { PO_LINES_MAX, PO_NOTES_MAX, PO_STATUSES, PURCHASING_TEXT } from '../texts/purchasing';
import { centavos, optionalDate, optionalText, recordId, STOCK_MAX } from './fields';
import { pageInput, SEARCH_TEXT } from './paging';

/** The most of one item a line may order, in thousandths (the most stock an item holds). */
const PO_QUANTITY_MAX = STOCK_MAX * 1000;

/** One line: an item (its record id), how much in thousandths of its unit, and the unit cost in centavos. */
export const poLineInput = z.object(
  {
    itemId: recordId(PURCHASING_TEXT.itemRequired),
    quantity: z
      .number({ error: PURCHASING_TEXT.quantity })
      .int(PURCHASING_TEXT.quantity)
      .min(1, PURCHASING_TEXT.quantity)
      .max(PO_QUANTITY_MAX, `Quantity above ${STOCK_MAX.toLocaleString('en-PH')} is not accepted.`),
    unitCost: centavos(PURCHASING_TEXT.unitCost),
  },
  { error: PURCHASING_TEXT.itemRequired },
);
export type PoLineInput = z.infer<typeof poLineInput>;

/** A purchase order's fields; an edit sends them all again (the lines replace the old ones). */
export const poFields = z.object(
  {
    supplierId: recordId(PURCHASING_TEXT.supplierRequired),
    expectedDate: optionalDate('Expected date').default(null),
    notes: optionalText('Notes', PO_NOTES_MAX),
    lines: z
      .array(poLineInput, { error: PURCHASING_TEXT.linesRequired })
      .min(1, PURCHASING_TEXT.linesRequired)
      .max(PO_LINES_MAX, PURCHASING_TEXT.linesMax),
  },
  { error: PURCHASING_TEXT.supplierRequired },
);
export type PoFields = z.infer<typeof poFields>;

export const poIdInput = z.object(
  { id: recordId(PURCHASING_TEXT.notFound) },
  { error: PURCHASING_TEXT.notFound },
);
export const updatePoInput = poFields.extend({ id: recordId(PURCHASING_TEXT.notFound) });

/** The list: newest first, searched by PO number or supplier, filtered by status and supplier. */
export const listPoInput = pageInput(PAGE_SIZE).extend({
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters.`)
    .regex(SEARCH_TEXT, SEARCH_CONTROL)
    .default(''),
  status: z.enum(PO_STATUSES, { error: PURCHASING_TEXT.status }).optional(),
  supplierId: recordId(PURCHASING_TEXT.supplierNotFound).optional(),
});
export type ListPoInput = z.infer<typeof listPoInput>;
