import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Input, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { ItemLookup, type LookedUpItem } from '../../ui/ItemLookup';
import { PESO_INPUT } from '../../ui/inputs';
import { NOWRAP } from '../../ui/plain';
import { RemoveLineButton } from '../../ui/RemoveLineButton';
import { lineTotalOf, orderTotalOf, type PoErrors, type PoLineDraft } from './poDraft';
import { PO_SCREEN_TEXT } from './text';

/** Up to three decimals, in the item's own unit (2.5 kg); nothing below 0. */
const QUANTITY_INPUT = {
  decimalScale: 3,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
  size: 'xs',
  w: 120,
} as const;

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
  const add = (item: LookedUpItem) =>
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
  const set = (itemId: number, change: Partial<PoLineDraft>) =>
    onChange(lines.map((l) => (l.itemId === itemId ? { ...l, ...change } : l)));
  const remove = (itemId: number) => onChange(lines.filter((l) => l.itemId !== itemId));

  return (
    <Input.Wrapper label={labels.lines} labelElement="div" withAsterisk error={errors.lines}>
      <Stack gap="xs" mt={4}>
        <ItemLookup
          chosen={lines.map((l) => l.itemId)}
          onPick={add}
          label={PO_SCREEN_TEXT.addItem}
          placeholder={PO_SCREEN_TEXT.addItemPlaceholder}
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
                      <RemoveLineButton name={line.name} onRemove={() => remove(line.itemId)} />
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
