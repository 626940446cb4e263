import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { type RouterOutputs, useTRPC } from '../trpc';

export type LookedUpCake = RouterOutputs['cakes']['list']['rows'][number];

/**
 * A search over the cake catalogue (the first fifty matches by name) that picks one cake:
 * a cake order's line, the cake to write off. Each option reads "name (code) · `detail`";
 * the search clears once one is picked.
 */
export function CakeLookup({
  label,
  placeholder,
  detail,
  hidden,
  onPick,
  maxDropdownHeight,
  style,
}: {
  label: string;
  placeholder: string;
  detail: (cake: LookedUpCake) => string;
  /** Cakes not offered, such as those already on the order. */
  hidden?: (cake: LookedUpCake) => boolean;
  onPick: (cake: LookedUpCake) => void;
  maxDropdownHeight: number;
  style?: CSSProperties;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const cakes = useQuery({
    ...trpc.cakes.list.queryOptions({ page: 1, limit: 50, search: debounced, field: 'name', order: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const rows = (cakes.data?.rows ?? []).filter((c) => !hidden?.(c));
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      searchable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={rows.map((c) => ({ value: String(c.id), label: `${c.name} (${c.cakeId}) · ${detail(c)}` }))}
      onChange={(value) => {
        const cake = rows.find((c) => String(c.id) === value);
        setSearch('');
        if (cake) onPick(cake);
      }}
      maxDropdownHeight={maxDropdownHeight}
      nothingFoundMessage={cakes.isFetching ? 'Loading...' : 'No cakes found.'}
      style={style}
    />
  );
}
