import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PAGE_SIZE } from '../../shared/constants';
import type { SortOrder } from '../../shared/schemas/paging';

export interface Sort<Field extends string> {
  field: Field;
  order: SortOrder;
}

/**
 * What a server-side paged table asks for: search (debounced so typing sends one
 * request), page, and a sort that cycles ascending, descending, none on each click.
 */
export function useListState<Field extends string>(limit = PAGE_SIZE) {
  const [search, setSearchNow] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort<Field> | null>(null);

  return {
    search,
    setSearch: (value: string) => {
      setSearchNow(value);
      setPage(1);
    },
    page,
    setPage,
    sort,
    cycleSort: (field: Field) => {
      setSort((current) =>
        current?.field !== field
          ? { field, order: 'asc' }
          : current.order === 'asc'
            ? { field, order: 'desc' }
            : null,
      );
      setPage(1);
    },
    /** The list procedure's input. */
    input: { page, limit, search: debounced, ...(sort ? { field: sort.field, order: sort.order } : {}) },
  };
}

export type ListState<Field extends string> = ReturnType<typeof useListState<Field>>;
