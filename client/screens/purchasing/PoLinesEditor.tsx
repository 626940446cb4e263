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
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { useTRPC } from '../../trpc';
import { PESO_INPUT } from '../../ui/inputs';
import { toast } from '../../ui/outcome';
import { lineTotalOf, orderTotalOf, type PoErrors, type PoLineDraft } from './poDraft';
import { PO_SCREEN_TEXT } from './text';

/** The item dropdown is at most 150px tall, as in the cake form. */
const DROPDOWN_MAX = 150;
/** Options drawn at once; typing narrows the rest (the server searches all of them). */
const SHOWN = 100;

/** Up to three decimals, in the item's own unit (2.5 kg); nothing below 0. */
const QUANTITY_INPUT = {
  decimalScale: 3,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
  size: 'xs',
  w: 120,
} as const;

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const labels = PURCHASING_TEXT.labels;

/**
 * The order's lines: the inventory lookup the cake form uses for ingredients, then one
 * line per item with its quantity, unit cost, line total and a remove button.
 */
export function PoLinesEditor({
  lines,
  onChange,
  errors,
}: {
  lines: PoLineDraft[];
  onChange: (lines: PoLineDraft[]) => void;
  errors: PoErrors;
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
        quantity: 1,
        // What the shop last paid, to change when the supplier quotes another.
        unitCost: item.purchasePrice / 100,
      },
    ]);
  };
  const set = (itemId: number, change: Partial<PoLineDraft>) =>
    onChange(lines.map((l) => (l.itemId === itemId ? { ...l, ...change } : l)));
  const remove = (itemId: number) => onChange(lines.filter((l) => l.itemId !== itemId));

  return (
    <Input.Wrapper label={labels.lines} labelElement="div" withAsterisk error={errors.lines}>
      <Stack gap="xs" mt={4}>
        <Select
          aria-label={PO_SCREEN_TEXT.addItem}
          placeholder={PO_SCREEN_TEXT.addItemPlaceholder}
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
            <Table verticalSpacing={4} aria-label={labels.lines}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{labels.item}</Table.Th>
                  <Table.Th>{labels.quantity}</Table.Th>
                  <Table.Th>{labels.unitCost}</Table.Th>
                  <Table.Th ta="right">{labels.lineTotal}</Table.Th>
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
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.name}`}
                        {...QUANTITY_INPUT}
                        rightSection={
                          line.unit ? (
                            <Text size="xs" c="dimmed" pr={4}>
                              {line.unit}
                            </Text>
                          ) : null
                        }
                        rightSectionPointerEvents="none"
                        value={line.quantity}
                        error={errors.quantity?.has(line.itemId)}
                        onChange={(quantity) => set(line.itemId, { quantity })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Unit cost of ${line.name}`}
                        {...PESO_INPUT}
                        size="xs"
                        w={120}
                        allowNegative={false}
                        value={line.unitCost}
                        error={errors.unitCost?.has(line.itemId)}
                        onChange={(unitCost) => set(line.itemId, { unitCost })}
                      />
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {formatPeso(lineTotalOf(line))}
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
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    {labels.total}
                  </Table.Th>
                  <Table.Th ta="right" style={NOWRAP} aria-label="Order total">
                    {formatPeso(orderTotalOf(lines))}
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {PO_SCREEN_TEXT.noLines}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
