import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatPeso } from '../../../shared/money';
import './counter.css';
import type { CartLine as Line } from './useCart';

/**
 * One cart line: name and unit price, minus (only above 1), the quantity, plus (only
 * while below the stock), the line total and a remove button.
 */
export function CartLine({
  line,
  onIncrease,
  onDecrease,
  onRemove,
}: {
  line: Line;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}) {
  return (
    <Group component="li" aria-label={line.name} wrap="nowrap" gap={6} py={4}>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end" title={line.name}>
          {line.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatPeso(line.price)} each
        </Text>
      </Box>
      <ActionIcon
        variant="default"
        size="md"
        className="counter-tap"
        aria-label={`Decrease ${line.name}`}
        disabled={line.quantity <= 1}
        onClick={onDecrease}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <Text size="sm" w={30} ta="center" aria-label={`Quantity of ${line.name}`}>
        {line.quantity}
      </Text>
      <ActionIcon
        variant="default"
        size="md"
        className="counter-tap"
        aria-label={`Increase ${line.name}`}
        disabled={line.quantity >= line.stock}
        onClick={onIncrease}
      >
        <IconPlus size={14} />
      </ActionIcon>
      <Text size="sm" w={92} ta="right" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatPeso(line.price * line.quantity)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="red"
        size="md"
        className="counter-tap"
        aria-label={`Remove ${line.name}`}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
