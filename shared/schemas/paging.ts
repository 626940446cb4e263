import { z } from 'zod';

/** Page numbers start at 1; a page holds at most 100 rows (SPEC's lists use 6 to 12). */
export const MAX_PAGE_LIMIT = 100;

export const pageInput = (defaultLimit: number) =>
  z.object({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.')
      .max(1_000_000, 'page is too large.')
      .default(1),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.` })
      .int(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
      .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
      .max(MAX_PAGE_LIMIT, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
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
