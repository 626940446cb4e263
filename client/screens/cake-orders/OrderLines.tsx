import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import {
  Button,
  Group,
  Input,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatPeso, toCentavos } from '../../../shared/money';
import { DESCRIPTION_MAX, ORDER_LINES_MAX, CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { CakeLookup } from '../../ui/CakeLookup';
import { numberOf, PESO_INPUT } from '../../ui/inputs';
import { RemoveLineButton } from '../../ui/RemoveLineButton';

const L = S.labels;

/** A line as typed: a catalogue cake (its code, name and price fixed) or a custom cake. */
export interface LineDraft {
  key: number;
  cake: { code: string; name: string; price: number } | null;
  description: string;
  /** Pesos as typed, for a custom cake. */
  price: number | string;
  quantity: number | string;
}

let lineKeys = 0;
export const quantityOf = (line: LineDraft) => Math.max(0, Math.trunc(numberOf(line.quantity, 0)));
export const priceOf = (line: LineDraft) => {
  if (line.cake) return line.cake.price;
  const pesos = numberOf(line.price, 0);
  return Number.isFinite(pesos) && pesos > 0 ? toCentavos(pesos) : 0;
};

/** The order's cakes: catalogue cakes picked by search, custom cakes typed, each line's total. */
export function LinesEditor({
  lines,
  onChange,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
}) {
  const set = (key: number, change: Partial<LineDraft>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const full = lines.length >= ORDER_LINES_MAX;
  return (
    <Input.Wrapper label={L.lines} labelElement="div" withAsterisk>
      <Stack gap="xs" mt={4}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CakeLookup
            label={S.catalogueCake}
            placeholder={S.cakePlaceholder}
            detail={(cake) => formatPeso(cake.price)}
            hidden={(cake) => lines.some((l) => l.cake?.code === cake.cakeId)}
            maxDropdownHeight={200}
            style={{ flex: 1 }}
            onPick={({ cakeId, name, price }) =>
              full ||
              onChange([
                ...lines,
                {
                  key: ++lineKeys,
                  cake: { code: cakeId, name, price },
                  description: '',
                  price: '',
                  quantity: 1,
                },
              ])
            }
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() =>
              onChange([...lines, { key: ++lineKeys, cake: null, description: '', price: '', quantity: 1 }])
            }
          >
            {S.addCustom}
          </Button>
        </Group>
        {lines.length ? (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing={4} aria-label={L.lines}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{L.cake}</Table.Th>
                  <Table.Th>{L.quantity}</Table.Th>
                  <Table.Th>{L.price}</Table.Th>
                  <Table.Th ta="right">{L.lineTotal}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, n) => {
                  const name = line.cake?.name ?? (line.description.trim() || `custom cake ${n + 1}`);
                  return (
                    <Table.Tr key={line.key}>
                      <Table.Td miw={200}>
                        {line.cake ? (
                          <>
                            <Text size="sm">{line.cake.name}</Text>
                            <Text size="xs" c="dimmed">
                              {line.cake.code}
                            </Text>
                          </>
                        ) : (
                          <TextInput
                            size="xs"
                            aria-label={`${S.customDescription} ${n + 1}`}
                            placeholder={S.customPlaceholder}
                            maxLength={DESCRIPTION_MAX}
                            value={line.description}
                            onChange={(e) => set(line.key, { description: e.currentTarget.value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          w={64}
                          aria-label={`Quantity: ${name}`}
                          min={1}
                          max={100}
                          allowDecimal={false}
                          allowNegative={false}
                          value={line.quantity}
                          onChange={(value) => set(line.key, { quantity: value })}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {line.cake ? (
                          formatPeso(line.cake.price)
                        ) : (
                          <NumberInput
                            size="xs"
                            w={120}
                            aria-label={`Price: ${name}`}
                            {...PESO_INPUT}
                            min={0}
                            value={line.price}
                            onChange={(value) => set(line.key, { price: value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatPeso(priceOf(line) * quantityOf(line))}
                      </Table.Td>
                      <Table.Td>
                        <RemoveLineButton
                          name={name}
                          onRemove={() => onChange(lines.filter((l) => l.key !== line.key))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {S.noLines}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
