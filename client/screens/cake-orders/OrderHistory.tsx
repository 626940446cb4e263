import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/time';
import type { CakeOrder } from './orders';

/** What happened to the order, as it happened: when, who, and what. */
export function OrderHistory({ order }: { order: CakeOrder }) {
  return (
    <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {order.events.map((event, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
        <Text key={n} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c="dimmed">
            {formatDateTime(event.at)} · {event.by ?? 'Unknown'}
          </Text>{' '}
          {event.text}
        </Text>
      ))}
    </Stack>
  );
}
