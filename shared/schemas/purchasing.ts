import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { BUSINESS_ID_MAX } from '../texts/fields';
import { SEARCH_CONTROL, SEARCH_MAX } from '../texts/paging';
import { LOT_CODE_MAX, PO_LINES_MAX, PO_NOTES_MAX, PO_STATUSES, PURCHASING_TEXT } from '../texts/purchasing';
import { calendarDate, centavos, optionalDate, optionalText, recordId, STOCK_MAX } from './fields';
import { pageInput, SEARCH_TEXT } from './paging';

/** The most of one item a line may order, in thousandths (the most stock an item holds). */
const PO_QUANTITY_MAX = STOCK_MAX * 1000;

/**
 * A supplier or an item: its record id (a number, as the screen sends it) or its business id
 * (text, SUP-… or INV-…, as REST sends it); text is never read as a record id.
 */
const recordRef = (message: string) =>
  z.union(
    [
      z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
      z.string({ error: message }).trim().min(1, message).max(BUSINESS_ID_MAX, message),
    ],
    { error: message },
  );

/** How much of an item, in thousandths of its unit: more than 0. */
const poQuantity = z
  .number({ error: PURCHASING_TEXT.quantity })
  .int(PURCHASING_TEXT.quantity)
  .min(1, PURCHASING_TEXT.quantity)
  .max(PO_QUANTITY_MAX, `Quantity above ${STOCK_MAX.toLocaleString('en-PH')} is not accepted.`);

/** One line: an item, how much in thousandths of its unit, and the unit cost in centavos. */
const poLineInput = z.object(
  {
    itemId: recordRef(PURCHASING_TEXT.itemRequired),
    quantity: poQuantity,
    unitCost: centavos(PURCHASING_TEXT.unitCost),
  },
  { error: PURCHASING_TEXT.itemRequired },
);

/** A purchase order's fields; an edit sends them all again (the lines replace the old ones). */
export const poFields = z.object(
  {
    supplierId: recordRef(PURCHASING_TEXT.supplierRequired),
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
  supplierId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    recordRef(PURCHASING_TEXT.supplierNotFound).optional(),
  ),
});
export type ListPoInput = z.infer<typeof listPoInput>;

/**
 * One delivered line: the item (on the order), how much came, its expiration date (required;
 * not in the past, checked against the day it is received), the unit cost if it differs from the
 * order's, and the supplier's lot code if there is one.
 */
const receiveLineInput = z.object(
  {
    itemId: recordRef(PURCHASING_TEXT.itemRequired),
    quantity: poQuantity,
    expirationDate: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      calendarDate('Expiration date').optional(),
    ),
    unitCost: centavos(PURCHASING_TEXT.unitCost).optional(),
    lotCode: optionalText('Lot code', LOT_CODE_MAX),
  },
  { error: PURCHASING_TEXT.itemRequired },
);

/** A delivery against an Ordered purchase order: its lines, and the delivery receipt's number. */
export const receiveInput = z.object(
  {
    id: recordId(PURCHASING_TEXT.notFound),
    reference: optionalText('Reference', 80),
    lines: z
      .array(receiveLineInput, { error: PURCHASING_TEXT.receiveLinesRequired })
      .min(1, PURCHASING_TEXT.receiveLinesRequired)
      .max(PO_LINES_MAX, PURCHASING_TEXT.linesMax),
  },
  { error: PURCHASING_TEXT.receiveLinesRequired },
);
export type ReceiveInput = z.infer<typeof receiveInput>;
