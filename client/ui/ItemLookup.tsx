import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { INVENTORY_TEXT } from '../../shared/texts/inventory';
import { type RouterOutputs, useTRPC } from '../trpc';
import { toast } from './outcome';

export type LookedUpItem = RouterOutputs['inventory']['lookup'][number];

/** The dropdown is at most 150px tall. */
const DROPDOWN_MAX = 150;
/** Options drawn at once; typing narrows the rest (the server searches all of them). */
const SHOWN = 100;

/**
 * A searchable lookup over the whole inventory that adds a line to a form (a cake's
 * ingredients, a purchase order's items): items already on the form are not offered, and
 * the search clears once one is picked.
 */
export function ItemLookup({
  chosen,
  onPick,
  label,
  placeholder,
}: {
  chosen: readonly number[];
  onPick: (item: LookedUpItem) => void;
  label: string;
  placeholder: string;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const lookup = useQuery({
    ...trpc.inventory.lookup.queryOptions({ search: debounced }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (lookup.isError) toast(INVENTORY_TEXT.optionsFailed, 'error');
  }, [lookup.isError]);

  const taken = new Set(chosen);
  const options = (lookup.data ?? [])
    .filter((item) => !taken.has(item.id))
    .map((item) => ({ value: String(item.id), label: `${item.name} (${item.itemId})` }));
  const pick = (value: string | null) => {
    const item = lookup.data?.find((i) => String(i.id) === value);
    setSearch('');
    if (item && !taken.has(item.id)) onPick(item);
  };

  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      searchable
      value={null}
      onChange={pick}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      limit={SHOWN}
      maxDropdownHeight={DROPDOWN_MAX}
      nothingFoundMessage={lookup.isFetching ? 'Loading...' : 'No items found.'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
