import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { formatCalendarDate, formatDateTime, manilaDate } from '../../../shared/time';
import { Fact } from '../../ui/Fact';
import { OrderStatusBadge } from './OrderStatusBadge';
import { type CakeOrder, formatTime } from './orders';

const L = S.labels;
/** A free text (a cake's description, an inscription, notes, a reason): its lines kept, wrapped anywhere. */
export const WRAPS = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * The order's facts at the top of its view: status, pickup, balance due, customer, phone,
 * who took it, and once there the pickup's sale or the cancelling's reason.
 */
export function OrderFacts({ order }: { order: CakeOrder }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label={L.status}>
        <OrderStatusBadge status={order.status} />
      </Fact>
      <Fact label={L.pickup}>
        <Text size="sm" fw={700}>
          {formatCalendarDate(manilaDate(new Date(order.pickupAt)))} {formatTime(order.pickupAt)}
        </Text>
      </Fact>
      <Fact label={L.balanceDue}>
        <Text size="sm" fw={700} aria-label={L.balanceDue}>
          {formatPeso(order.balanceDue)}
        </Text>
      </Fact>
      <Fact label={L.customer}>{order.customerName}</Fact>
      <Fact label={L.phone}>{order.phone}</Fact>
      <Fact label={L.takenBy}>
        {formatDateTime(order.createdAt)} · {order.createdBy ?? 'Unknown'}
      </Fact>
      {order.saleId ? (
        <Fact label={L.sale}>
          {order.saleId}
          {order.saleRefunded ? (
            <Text size="xs" c="red" fw={700}>
              {S.saleRefunded}
            </Text>
          ) : null}
          {order.pickedUpAt ? (
            <Text size="xs" c="dimmed">
              {S.pickedUpNote(formatDateTime(order.pickedUpAt), order.pickedUpBy ?? 'Unknown')}
            </Text>
          ) : null}
        </Fact>
      ) : null}
      {order.cancelledAt ? (
        <Fact label={L.cancelReason}>
          <Text size="sm" style={WRAPS}>
            {order.cancelReason}
          </Text>
          <Text size="xs" c="dimmed">
            {S.cancelledNote(formatDateTime(order.cancelledAt), order.cancelledBy ?? 'Unknown')}
          </Text>
        </Fact>
      ) : null}
    </SimpleGrid>
  );
}

/** The inscription and the notes, side by side; nothing when the order has neither. */
export function OrderWords({ order }: { order: CakeOrder }) {
  if (!order.inscription && !order.notes) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Fact label={L.inscription}>
        <Text size="sm" fw={600} style={WRAPS}>
          {order.inscription}
        </Text>
      </Fact>
      <Fact label={L.notes}>
        <Text size="sm" style={WRAPS}>
          {order.notes}
        </Text>
      </Fact>
    </SimpleGrid>
  );
}
