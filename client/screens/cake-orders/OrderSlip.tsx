import '../sales-management/receipt.css';
import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S, SLIP_NOT_VALID } from '../../../shared/texts/cakeOrders';
import { formatCalendarDate, formatDateTime, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { PrinterButton } from '../../ui/PrinterButton';
import { useLastShown } from '../../ui/useLastShown';
import { PRINT_CLASSES } from '../sales-management/printClasses';
import { type CakeOrder, formatTime } from './orders';

const L = S.labels;

/** A label and its value on one line; the value keeps to one line, the label wraps (72 mm paper). */
function Row({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={strong ? 700 : undefined} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}

const Rule = () => <hr className="receipt-rule" />;
const pickupOf = (order: CakeOrder) =>
  `${formatCalendarDate(manilaDate(new Date(order.pickupAt)))} ${formatTime(order.pickupAt)}`;
const lineLabel = (line: CakeOrder['lines'][number]) => `${line.description} x ${line.quantity}`;

/** A free text (inscription, notes) under its caption, wrapped anywhere. */
function Words({ label, children, big = false }: { label: string; children: string; big?: boolean }) {
  if (!children) return null;
  return (
    <Box mt={6}>
      <Text size="xs" fw={700}>
        {label}
      </Text>
      <Text
        size={big ? 'md' : 'sm'}
        fw={big ? 700 : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        className={big ? 'receipt-shop' : undefined}
      >
        {children}
      </Text>
    </Box>
  );
}

type ShopProfile = { businessName: string; address: string; contact: string } | undefined;

/** The customer's slip: the shop, the order and pickup, the cakes with prices, what is paid and due. */
function Slip({ order, profile }: { order: CakeOrder; profile: ShopProfile }) {
  return (
    <Box className="receipt-sheet" component="article" aria-label={S.slipTitle}>
      <Box ta="center">
        <Text fw={700} size="lg" className="receipt-shop">
          {profile?.businessName}
        </Text>
        {profile?.address ? <Text size="sm">{profile.address}</Text> : null}
        {profile?.contact ? <Text size="sm">{profile.contact}</Text> : null}
        <Text fw={700} size="sm" mt={4}>
          {S.slipHeading}
        </Text>
      </Box>
      <Rule />
      <Row label={L.orderNumber} strong>
        {order.orderNumber}
      </Row>
      <Row label={L.pickup} strong>
        {pickupOf(order)}
      </Row>
      <Row label={L.customer}>{order.customerName}</Row>
      <Row label={L.phone}>{order.phone}</Row>
      <Rule />
      <Box component="ul" aria-label={L.lines} m={0} p={0} style={{ listStyle: 'none' }}>
        {order.lines.map((line) => (
          <li key={line.id}>
            <Row label={`${lineLabel(line)} @ ${formatPeso(line.price)}`}>{formatPeso(line.lineTotal)}</Row>
          </li>
        ))}
      </Box>
      <Words label={L.inscription}>{order.inscription}</Words>
      <Rule />
      {order.taxRate ? (
        <>
          <Row label={L.subtotal}>{formatPeso(order.subtotal)}</Row>
          <Row label={L.vat(order.taxRate)}>{formatPeso(order.taxAmount)}</Row>
        </>
      ) : null}
      <Row label={L.total} strong>
        {formatPeso(order.total)}
      </Row>
      <Row label={L.paid}>{formatPeso(order.paid)}</Row>
      <Row label={L.balanceDue} strong>
        {formatPeso(order.balanceDue)}
      </Row>
      <Text size="xs" mt={4}>
        {formatDateTime(order.createdAt)}
        {order.createdBy ? ` · ${order.createdBy}` : ''}
      </Text>
      <Text ta="center" size="sm" fw={700} mt="sm" className="receipt-notice">
        {SLIP_NOT_VALID}
      </Text>
    </Box>
  );
}

/** The kitchen's ticket: what to bake for when, the inscription and notes; no prices. */
function Ticket({ order }: { order: CakeOrder }) {
  return (
    <Box className="receipt-sheet" component="article" aria-label={S.ticketTitle}>
      <Text ta="center" fw={700} size="lg" className="receipt-shop">
        {S.ticketHeading}
      </Text>
      <Rule />
      <Row label={L.orderNumber} strong>
        {order.orderNumber}
      </Row>
      <Row label={L.pickup} strong>
        {pickupOf(order)}
      </Row>
      <Row label={L.customer}>{order.customerName}</Row>
      <Rule />
      <Box component="ul" aria-label={L.lines} m={0} p={0} style={{ listStyle: 'none' }}>
        {order.lines.map((line) => (
          <li key={line.id}>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {lineLabel(line)}
            </Text>
          </li>
        ))}
      </Box>
      <Words label={L.inscription} big>
        {order.inscription}
      </Words>
      <Words label={L.notes}>{order.notes}</Words>
    </Box>
  );
}

export type PrintKind = 'slip' | 'ticket';

/**
 * The order slip or the kitchen ticket, on screen and on 80 mm paper (receipt.css: printing
 * shows the sheet alone), with Print and Close.
 */
export function OrderPrintDialog({
  order,
  kind,
  onClose,
}: {
  order: CakeOrder;
  kind: PrintKind | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const shown = useLastShown(kind);
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={shown === 'ticket' ? S.ticketTitle : S.slipTitle}
      centered
      size={420}
      classNames={PRINT_CLASSES}
    >
      <Stack gap="md">
        {shown === 'ticket' ? <Ticket order={order} /> : <Slip order={order} profile={profile.data} />}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <PrinterButton document={shown === 'ticket' ? 'kitchenTicket' : 'orderSlip'} id={order.id} />
          <Button onClick={() => window.print()}>{S.print}</Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
