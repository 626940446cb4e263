import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Button, Input, NumberInput, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { useTRPC } from '../../trpc';
import { toast } from '../../ui/outcome';
import { type IngredientLine, quantityOf } from './cakeDraft';

/** The ingredient dropdown is at most 150px tall. */
const DROPDOWN_MAX = 150;
/** Options drawn at once; typing narrows the rest (the server searches all of them). */
const SHOWN = 100;

/**
 * The cake's ingredient table: a searchable lookup over the whole inventory, then one line
 * per ingredient with its quantity (at least 1), its cost and a remove button.
 */
export function IngredientsEditor({
  lines,
  onChange,
  error,
}: {
  lines: IngredientLine[];
  onChange: (lines: IngredientLine[]) => void;
  error?: string;
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

  const chosen = new Set(lines.map((l) => l.itemId));
  const options = (lookup.data ?? [])
    .filter((item) => !chosen.has(item.id))
    .map((item) => ({ value: String(item.id), label: `${item.name} (${item.itemId})` }));

  const add = (value: string | null) => {
    const item = lookup.data?.find((i) => String(i.id) === value);
    setSearch('');
    if (!item || chosen.has(item.id)) return;
    onChange([
      ...lines,
      {
        itemId: item.id,
        code: item.itemId,
        name: item.name,
        unit: item.unit,
        purchasePrice: item.purchasePrice,
        quantity: 1,
      },
    ]);
  };
  const setQuantity = (itemId: number, quantity: number | string) =>
    onChange(lines.map((l) => (l.itemId === itemId ? { ...l, quantity } : l)));
  const remove = (itemId: number) => onChange(lines.filter((l) => l.itemId !== itemId));

  return (
    <Input.Wrapper label="Ingredients" labelElement="div" withAsterisk error={error}>
      <Stack gap="xs" mt={4}>
        <Select
          aria-label="Add ingredient"
          placeholder="Search inventory to add an ingredient"
          searchable
          value={null}
          onChange={add}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          limit={SHOWN}
          maxDropdownHeight={DROPDOWN_MAX}
          nothingFoundMessage={lookup.isFetching ? 'Loading...' : 'No items found.'}
          comboboxProps={{ withinPortal: true }}
        />
        {lines.length ? (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing={4} aria-label="Ingredients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Purchase Price</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.itemId}>
                    <Table.Td>
                      <Text size="sm">{line.name}</Text>
                      <Text size="xs" c="dimmed">
                        {line.code}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeso(line.purchasePrice)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.name}`}
                        size="xs"
                        w={90}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        value={line.quantity}
                        onChange={(v) => setQuantity(line.itemId, v)}
                        onBlur={() => setQuantity(line.itemId, quantityOf(line.quantity))}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatPeso(line.purchasePrice * quantityOf(line.quantity))}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => remove(line.itemId)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No ingredients yet.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
