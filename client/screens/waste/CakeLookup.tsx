import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { WASTE_SCREEN_TEXT } from './text';

/** A search over the cakes that picks the one to write off, with how many are on the shelf. */
export function CakeLookup({
  label,
  onPick,
}: {
  label: string;
  onPick: (cake: { id: number; name: string }) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const cakes = useQuery({
    ...trpc.cakes.list.queryOptions({ page: 1, limit: 50, search: debounced, field: 'name', order: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const rows = cakes.data?.rows ?? [];
  return (
    <Select
      aria-label={label}
      placeholder={WASTE_SCREEN_TEXT.cakePlaceholder}
      searchable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={rows.map((c) => ({ value: String(c.id), label: `${c.name} (${c.cakeId}) · ${c.stock} on hand` }))}
      onChange={(value) => {
        const cake = rows.find((c) => String(c.id) === value);
        setSearch('');
        if (cake) onPick({ id: cake.id, name: cake.name });
      }}
      maxDropdownHeight={150}
      nothingFoundMessage={cakes.isFetching ? 'Loading...' : 'No cakes found.'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
