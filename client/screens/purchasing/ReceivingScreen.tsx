import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatQuantity } from '../../../shared/quantity';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { formatCalendarDate, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';
import { PoStatusBadge } from './PoStatusBadge';
import { type PurchaseOrder, useRefreshPurchaseOrders } from './purchasing';
import { ReceiveModal } from './ReceiveModal';
import { PO_SCREEN_TEXT } from './text';

/** What is still owed on the order, line by line: "Bread Flour 7.5 kg, Butter 5". */
const owed = (order: PurchaseOrder) =>
  order.lines
    .filter((l) => l.received < l.quantity)
    .map((l) => `${l.name} ${formatQuantity(l.quantity - l.received)}${l.unit ? ` ${l.unit}` : ''}`)
    .join(', ');

/**
 * Receiving (every role: staff take deliveries at the back door): the orders waiting for a
 * delivery, the ones expected soonest first; Receive takes one in, line by line, with the
 * expiry of each.
 */
export function ReceivingScreen() {
  const trpc = useTRPC();
  const refresh = useRefreshPurchaseOrders();
  const orders = useQuery(trpc.purchaseOrders.toReceive.queryOptions());
  const [receiving, setReceiving] = useState<PurchaseOrder | null>(null);
  const today = manilaDate();
  return (
    <Stack gap="md">
      <Title order={2}>{PO_SCREEN_TEXT.receivingTitle}</Title>
      <ListTable
        caption={PO_SCREEN_TEXT.receivingTitle}
        rows={orders.data}
        rowKey={(o) => o.id}
        loading={orders.isPending}
        emptyText={PO_SCREEN_TEXT.noOpenOrders}
        columns={[
          { header: PURCHASING_TEXT.labels.poNumber, cell: (o) => o.poNumber, nowrap: true },
          { header: PURCHASING_TEXT.labels.supplier, cell: (o) => o.supplierName },
          {
            header: PURCHASING_TEXT.labels.expectedDate,
            cell: (o) =>
              o.expectedDate ? (
                <Text
                  span
                  size="sm"
                  c={o.expectedDate < today ? 'red.9' : undefined}
                  fw={o.expectedDate < today ? 600 : undefined}
                >
                  {formatCalendarDate(o.expectedDate)}
                </Text>
              ) : (
                '—'
              ),
            nowrap: true,
          },
          {
            header: PURCHASING_TEXT.labels.status,
            cell: (o) => <PoStatusBadge status={o.status} />,
            nowrap: true,
          },
          { header: PO_SCREEN_TEXT.open, cell: owed },
          {
            header: '',
            cell: (o) => (
              <Button
                size="xs"
                onClick={() => setReceiving(o)}
                aria-label={`${PURCHASING_TEXT.receive} ${o.poNumber}`}
              >
                {PURCHASING_TEXT.receive}
              </Button>
            ),
            nowrap: true,
          },
        ]}
      />
      <ReceiveModal order={receiving} onClose={() => setReceiving(null)} onReceived={refresh} />
    </Stack>
  );
}
