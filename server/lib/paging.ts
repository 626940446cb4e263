import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Page, PageInput, SortOrder } from '../../shared/schemas/paging';

/** LIMIT and OFFSET for a page. */
export function pageWindow({ page, limit }: PageInput): { limit: number; offset: number } {
  return { limit, offset: (page - 1) * limit };
}

/** A page of rows with its exact total; every list procedure answers this shape. */
export function pageOf<Row>(rows: Row[], total: number, { page, limit }: PageInput): Page<Row> {
  return { rows, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * ORDER BY for a list's sort field, with the row id as the tie-break so pages never
 * overlap or skip; `natural` is the order with no sort chosen.
 */
export function sortOrder<Field extends string>(
  input: { field?: Field; order: SortOrder },
  columns: Record<Field, SQLWrapper>,
  id: SQLWrapper,
  natural: SQL[],
): SQL[] {
  if (!input.field) return natural;
  const by = input.order === 'desc' ? desc : asc;
  return [by(columns[input.field]), by(id)];
}

/** Text for LIKE '%…%' with its wildcards taken literally (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
