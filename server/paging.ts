import type { Page, PageInput } from '../shared/schemas/paging';

/** LIMIT and OFFSET for a page. */
export function pageWindow({ page, limit }: PageInput): { limit: number; offset: number } {
  return { limit, offset: (page - 1) * limit };
}

/** A page of rows with its exact total; every list procedure answers this shape. */
export function pageOf<Row>(rows: Row[], total: number, { page, limit }: PageInput): Page<Row> {
  return { rows, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
