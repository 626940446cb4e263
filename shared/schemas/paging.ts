import { z } from 'zod';
import { SEARCH_CONTROL, SEARCH_MAX } from '../texts/paging';
import { numberFromText } from './ids';

/** Page numbers start at 1; a page holds at most 1000 rows (the POS fetch cap). */
export const MAX_PAGE_LIMIT = 1000;

export const pageInput = (defaultLimit: number) =>
  z.object({
    page: z
      .preprocess(
        numberFromText,
        z
          .number({ error: 'page must be a whole number from 1.' })
          .int('page must be a whole number from 1.')
          .min(1, 'page must be a whole number from 1.')
          .max(1_000_000, 'page is too large.'),
      )
      .default(1),
    limit: z
      .preprocess(
        numberFromText,
        z
          .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.` })
          .int(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
          .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
          .max(MAX_PAGE_LIMIT, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`),
      )
      .default(defaultLimit),
  });

export type PageInput = { page: number; limit: number };

/** What every paged list answers: its rows, the exact total, and where it stands. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Control characters mean nothing in a search box, and a NUL cannot go into the item index's query. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
export const SEARCH_TEXT = /^[^\u0000-\u001f\u007f]*$/;

/**
 * A searchable, sortable page (the screens' tables): page and limit, a search text, and
 * a sort field checked against the list's own sortable fields; unknown fields are refused.
 * Without `field` the list keeps its natural order (a header's third click: "none").
 */
export const listInput = <const Field extends string>(
  defaultLimit: number,
  sortFields: readonly [Field, ...Field[]],
) =>
  pageInput(defaultLimit).extend({
    search: z
      .string({ error: 'search must be text.' })
      .trim()
      .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters.`)
      .regex(SEARCH_TEXT, SEARCH_CONTROL)
      .default(''),
    field: z
      .enum(sortFields, { error: `Cannot sort by that field. Sortable fields: ${sortFields.join(', ')}.` })
      .optional(),
    order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc.' }).default('asc'),
  });

export type ListInput<Field extends string = string> = PageInput & {
  search: string;
  field?: Field;
  order: SortOrder;
};
