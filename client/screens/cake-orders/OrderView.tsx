import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Box, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { formatCalendarDate, formatDateTime, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import { useLastShown } from '../../ui/useLastShown';
import { CancelModal } from './CancelModal';
import { OrderPrintDialog, type PrintKind } from './OrderSlip';
import { OrderStatusBadge } from './OrderStatusBadge';
import { type CakeOrder, formatTime, isOpen, useRefreshOrders } from './orders';
import { PaymentModal, type PaymentMode } from './PaymentModal';
import { SaleReceiptDialog } from './SaleReceiptDialog';

const L = S.labels;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const WRAPS = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children === '' || children == null ? <Text c="dimmed">—</Text> : children}</Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function LinesTable({ order }: { order: CakeOrder }) {
  const money = (label: string, value: number, strong = false) => (
    <Table.Tr>
      <Table.Td colSpan={3} ta="right" fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP} fw={strong ? 700 : undefined}>
        {formatPeso(value)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={6} aria-label={L.lines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{L.cake}</Table.Th>
            <Table.Th ta="right">{L.quantity}</Table.Th>
            <Table.Th ta="right">{L.price}</Table.Th>
            <Table.Th ta="right">{L.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" style={WRAPS}>
                  {line.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.cakeId ?? 'Custom'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.price)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {order.taxRate ? money(L.subtotal, order.subtotal) : null}
          {order.taxRate ? money(L.vat(order.taxRate), order.taxAmount) : null}
          {money(L.total, order.total, true)}
          {money(L.paid, order.paid)}
          {money(L.balanceDue, order.balanceDue, true)}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function PaymentsTable({ order }: { order: CakeOrder }) {
  if (order.payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {S.none}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={4} aria-label={L.payments} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{L.when}</Table.Th>
            <Table.Th>{L.kind}</Table.Th>
            <Table.Th>{L.method}</Table.Th>
            <Table.Th>{L.reference}</Table.Th>
            <Table.Th ta="right">{L.amount}</Table.Th>
            <Table.Th>{L.by}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={NOWRAP}>{formatDateTime(p.at)}</Table.Td>
              <Table.Td>{S.kinds[p.kind]}</Table.Td>
              <Table.Td style={NOWRAP}>{p.method}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {p.reference ?? ''}
                {p.change ? (
                  <Text size="xs" c="dimmed">
                    {`${S.cashTendered} ${formatPeso(p.cashTendered ?? 0)} · ${S.change} ${formatPeso(p.change)}`}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {p.kind === 'refund' ? `-${formatPeso(p.amount)}` : formatPeso(p.amount)}
              </Table.Td>
              <Table.Td>{p.by ?? 'Unknown'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function History({ order }: { order: CakeOrder }) {
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

/**
 * One cake order: its facts, cakes and money, inscription and notes, payments and history,
 * and what its state allows: Take Payment while a balance is due, In Production and Ready,
 * Pick Up and Cancel Order while it is open; Print Slip and Kitchen Ticket always; the
 * sale's receipt once picked up. The actions come right under the facts: at the counter's
 * 768 px they are in sight without scrolling past the payments and history.
 */
export function OrderView({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshOrders();
  const shown = useLastShown(orderId);
  const query = useQuery({
    ...trpc.cakeOrders.get.queryOptions({ id: shown ?? 0 }),
    enabled: shown !== null,
  });
  const setStatus = useReportedMutation(
    trpc.cakeOrders.setStatus,
    { success: '', failure: S.statusFailed },
    refresh,
  );
  const [paying, setPaying] = useState<PaymentMode | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [printing, setPrinting] = useState<PrintKind | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  // Right after the pickup the receipt's first print is the original; later ones are reprints.
  const [fresh, setFresh] = useState(false);
  const order = query.data;
  const title = order ? `${T.title}: ${order.orderNumber}` : T.title;
  const open = order ? isOpen(order) : false;

  return (
    <Modal opened={orderId !== null} onClose={onClose} title={title} centered size="xl">
      {order ? (
        <Stack gap="md">
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
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm">
              <Button variant="light" onClick={() => setPrinting('slip')}>
                {S.printSlip}
              </Button>
              <Button variant="light" onClick={() => setPrinting('ticket')}>
                {S.printTicket}
              </Button>
              {order.saleId ? (
                <Button
                  variant="light"
                  onClick={() => {
                    setFresh(false);
                    setReceipt(order.saleId);
                  }}
                >
                  {S.viewReceipt}
                </Button>
              ) : null}
            </Group>
            {open ? (
              <Group gap="sm">
                <Button color="red" variant="subtle" onClick={() => setCancelling(true)}>
                  {S.cancel}
                </Button>
                {order.balanceDue > 0 ? (
                  <Button variant="default" onClick={() => setPaying('pay')}>
                    {S.takePayment}
                  </Button>
                ) : null}
                {order.status !== 'In production' && order.status !== 'Ready' ? (
                  <Button
                    variant="default"
                    loading={setStatus.isPending && setStatus.variables?.status === 'In production'}
                    onClick={() => setStatus.mutate({ id: order.id, status: 'In production' })}
                  >
                    {S.inProduction}
                  </Button>
                ) : null}
                {order.status !== 'Ready' ? (
                  <Button
                    variant="default"
                    loading={setStatus.isPending && setStatus.variables?.status === 'Ready'}
                    onClick={() => setStatus.mutate({ id: order.id, status: 'Ready' })}
                  >
                    {S.ready}
                  </Button>
                ) : null}
                <Button onClick={() => setPaying('pickup')}>{S.pickUp}</Button>
              </Group>
            ) : null}
          </Group>
          <LinesTable order={order} />
          {order.inscription || order.notes ? (
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
          ) : null}
          <Section title={L.payments}>
            <PaymentsTable order={order} />
          </Section>
          <Section title={L.history}>
            <History order={order} />
          </Section>
          <PaymentModal
            order={order}
            mode={paying}
            onClose={() => setPaying(null)}
            onPickedUp={(sale) => {
              setPaying(null);
              setFresh(true);
              setReceipt(sale.saleId);
            }}
          />
          <CancelModal order={order} opened={cancelling} onClose={() => setCancelling(false)} />
          <OrderPrintDialog order={order} kind={printing} onClose={() => setPrinting(null)} />
          <SaleReceiptDialog saleRef={receipt} fresh={fresh} onClose={() => setReceipt(null)} />
        </Stack>
      ) : (
        <Text c="dimmed" ta="center">
          {query.isError ? S.loadFailed : 'Loading...'}
        </Text>
      )}
    </Modal>
  );
}
