import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../shared/texts/cakeOrders';

/** Each state its colour: waiting on a deposit orange, booked blue, in the oven violet, ready green. */
const LOOKS: Record<OrderStatus, { color: string; variant: 'light' | 'filled' }> = {
  Pending: { color: 'orange', variant: 'light' },
  Confirmed: { color: 'blue', variant: 'light' },
  'In production': { color: 'violet', variant: 'light' },
  Ready: { color: 'green', variant: 'filled' },
  'Picked up': { color: 'gray', variant: 'light' },
  Cancelled: { color: 'red', variant: 'light' },
};

/** A badge keeps its whole words in a narrow table; the table scrolls sideways instead. */
const WHOLE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const look = LOOKS[status] ?? { color: 'gray', variant: 'light' };
  return (
    <Badge color={look.color} variant={look.variant} tt="none" styles={WHOLE} autoContrast>
      {status}
    </Badge>
  );
}
