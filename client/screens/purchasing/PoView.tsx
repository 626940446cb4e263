import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { Fact } from '../../ui/Fact';
import { useReportedMutation } from '../../ui/outcome';
import { NOWRAP } from '../../ui/plain';
import { useLastShown } from '../../ui/useLastShown';
import { PoPrintout } from './PoPrintout';
import { PoStatusBadge } from './PoStatusBadge';
import { canCancel, canReceive, isDraft, type PurchaseOrder, useRefreshPurchaseOrders } from './purchasing';
import { ReceiveModal } from './ReceiveModal';
import { PO_SCREEN_TEXT } from './text';

const labels = PURCHASING_TEXT.labels;

/** The order's lines: item, quantity in its unit, unit cost, line total, and what arrived once anything has. */
function LinesTable({ order }: { order: PurchaseOrder }) {
  const anyReceived = order.lines.some((l) => l.received > 0);
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table striped verticalSpacing={6} aria-label={labels.lines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labels.item}</Table.Th>
            <Table.Th ta="right">{labels.quantity}</Table.Th>
            {anyReceived ? <Table.Th ta="right">{labels.received}</Table.Th> : null}
            <Table.Th ta="right">{labels.unitCost}</Table.Th>
            <Table.Th ta="right">{labels.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm">{line.name}</Text>
                <Text size="xs" c="dimmed">
                  {line.itemCode}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatQuantity(line.quantity)} {line.unit ?? ''}
              </Table.Td>
              {anyReceived ? (
                <Table.Td ta="right" style={NOWRAP}>
                  {formatQuantity(line.received)} {line.unit ?? ''}
                </Table.Td>
              ) : null}
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.unitCost)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={anyReceived ? 4 : 3} ta="right">
              {labels.total}
            </Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {formatPeso(order.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One purchase order: its facts and lines, and what its state allows: Edit and Mark as
 * Ordered for a Draft, Cancel Order until anything has arrived (each change asks first),
 * Receive while a delivery is owed, and Print, the A4 order for the supplier (PoPrintout).
 */
export function PoView({
  orderId,
  onClose,
  onEdit,
}: {
  orderId: number | null;
  onClose: () => void;
  onEdit: (order: PurchaseOrder) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshPurchaseOrders();
  const shown = useLastShown(orderId);
  const query = useQuery({
    ...trpc.purchaseOrders.get.queryOptions({ id: shown ?? 0 }),
    enabled: shown !== null,
  });
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const order = useReportedMutation(
    trpc.purchaseOrders.order,
    { success: PO_SCREEN_TEXT.ordered, failure: PO_SCREEN_TEXT.orderFailed },
    refresh,
  );
  const cancel = useReportedMutation(
    trpc.purchaseOrders.cancel,
    { success: PO_SCREEN_TEXT.cancelled, failure: PO_SCREEN_TEXT.cancelFailed },
    refresh,
  );
  const [receiving, setReceiving] = useState<PurchaseOrder | null>(null);
  const current = query.data;
  const opened = orderId !== null;
  const title = current ? `${PURCHASING_TEXT.view} ${current.poNumber}` : PURCHASING_TEXT.view;

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="xl">
      {current ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
            <Fact label={labels.status}>
              <PoStatusBadge status={current.status} />
            </Fact>
            <Fact label={labels.supplier}>
              {current.supplierName}{' '}
              <Text span size="xs" c="dimmed">
                {current.supplierCode}
              </Text>
            </Fact>
            <Fact label={labels.expectedDate}>{formatCalendarDate(current.expectedDate)}</Fact>
            <Fact label={labels.createdAt}>{formatDateTime(current.createdAt)}</Fact>
            <Fact label={labels.createdBy}>{current.createdBy}</Fact>
            {current.orderedAt ? (
              <Fact label={labels.orderedAt}>{formatDateTime(current.orderedAt)}</Fact>
            ) : null}
            {current.cancelledAt ? (
              <Fact label={PO_SCREEN_TEXT.cancelledAt}>{formatDateTime(current.cancelledAt)}</Fact>
            ) : null}
          </SimpleGrid>
          <LinesTable order={current} />
          {current.notes ? (
            <Fact label={labels.notes}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {current.notes}
              </Text>
            </Fact>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {canCancel(current) ? (
              <Button
                color="red"
                variant="light"
                loading={cancel.isPending}
                onClick={() =>
                  confirmThen(
                    PURCHASING_TEXT.confirmCancel(current.poNumber),
                    () => cancel.mutate({ id: current.id }),
                    PURCHASING_TEXT.cancel,
                  )
                }
              >
                {PURCHASING_TEXT.cancel}
              </Button>
            ) : null}
            {isDraft(current) ? (
              <Button variant="light" onClick={() => onEdit(current)}>
                Edit
              </Button>
            ) : null}
            {isDraft(current) ? (
              <Button
                loading={order.isPending}
                onClick={() =>
                  confirmThen(
                    PURCHASING_TEXT.confirmOrder(current.poNumber),
                    () => order.mutate({ id: current.id }),
                    PURCHASING_TEXT.order,
                  )
                }
              >
                {PURCHASING_TEXT.order}
              </Button>
            ) : null}
            {canReceive(current) ? (
              <Button onClick={() => setReceiving(current)}>{PURCHASING_TEXT.receive}</Button>
            ) : null}
            <Button variant="light" onClick={() => window.print()}>
              {PURCHASING_TEXT.print}
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
          {opened ? <PoPrintout order={current} profile={profile.data} /> : null}
          <ReceiveModal order={receiving} onClose={() => setReceiving(null)} onReceived={refresh} />
        </Stack>
      ) : (
        <Text c="dimmed" ta="center">
          {query.isError ? PO_SCREEN_TEXT.loadFailed : 'Loading...'}
        </Text>
      )}
    </Modal>
  );
}
