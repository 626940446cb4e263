import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Input, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { ItemLookup, type LookedUpItem } from '../../ui/ItemLookup';
import { RemoveLineButton } from '../../ui/RemoveLineButton';
import { type IngredientLine, lineCostOf } from './cakeDraft';

/**
 * The cake's ingredient table: a searchable lookup over the whole inventory, then one line
 * per ingredient with its quantity for one cake in the item's unit (1 to start, down to
 * 0.001), its cost and a remove button.
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
  const add = (item: LookedUpItem) =>
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
  const setQuantity = (itemId: number, quantity: number | string) =>
    onChange(lines.map((l) => (l.itemId === itemId ? { ...l, quantity } : l)));
  const remove = (itemId: number) => onChange(lines.filter((l) => l.itemId !== itemId));

  return (
    <Input.Wrapper label="Ingredients" labelElement="div" withAsterisk error={error}>
      <Stack gap="xs" mt={4}>
        <ItemLookup
          chosen={lines.map((l) => l.itemId)}
          onPick={add}
          label="Add ingredient"
          placeholder="Search inventory to add an ingredient"
        />
        {lines.length ? (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing={4} aria-label="Ingredients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Purchase Price</Table.Th>
                  <Table.Th>Quantity per Cake</Table.Th>
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
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatPeso(line.purchasePrice)}
                      {line.unit ? ` / ${line.unit}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.name}`}
                        size="xs"
                        w={110}
                        min={0}
                        decimalScale={3}
                        allowNegative={false}
                        value={line.quantity}
                        onChange={(v) => setQuantity(line.itemId, v)}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeso(lineCostOf(line))}</Table.Td>
                    <Table.Td>
                      <RemoveLineButton name={line.name} onRemove={() => remove(line.itemId)} />
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
