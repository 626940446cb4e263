import { Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CAKE_ORDERS_SCREEN as S, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import { useLastShown } from '../../ui/useLastShown';
import { CancelModal } from './CancelModal';
import { OrderActions } from './OrderActions';
import { OrderFacts, OrderWords } from './OrderFacts';
import { OrderHistory } from './OrderHistory';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderPaymentsTable } from './OrderPaymentsTable';
import { OrderPrintDialog, type PrintKind } from './OrderSlip';
import { useRefreshOrders } from './orders';
import { PaymentModal, type PaymentMode } from './PaymentModal';
import { SaleReceiptDialog } from './SaleReceiptDialog';

const L = S.labels;

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

  return (
    <Modal opened={orderId !== null} onClose={onClose} title={title} centered size="xl">
      {order ? (
        <Stack gap="md">
          <OrderFacts order={order} />
          <OrderActions
            order={order}
            settingStatus={setStatus.isPending ? (setStatus.variables?.status ?? null) : null}
            onPrint={setPrinting}
            onViewReceipt={() => {
              setFresh(false);
              setReceipt(order.saleId);
            }}
            onCancel={() => setCancelling(true)}
            onPay={setPaying}
            onSetStatus={(status) => setStatus.mutate({ id: order.id, status })}
          />
          <OrderLinesTable order={order} />
          <OrderWords order={order} />
          <Section title={L.payments}>
            <OrderPaymentsTable order={order} />
          </Section>
          <Section title={L.history}>
            <OrderHistory order={order} />
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
