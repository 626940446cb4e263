import { Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { formatPeso, toPesos } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { sendNumbered } from '../../offline/numbers';
import { useNumberingTerminalId } from '../../terminal';
import type { RouterOutputs } from '../../trpc';
import { useTRPC, useTRPCClient } from '../../trpc';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import { useLastShown } from '../../ui/useLastShown';
import { useRefreshProducts } from '../sales-management/products';
import {
  type CakeOrder,
  freshPayment,
  newPickupKey,
  type PaymentDraft,
  type TenderDraft,
  tenderOf,
  tenderProblem,
  useRefreshOrders,
} from './orders';
import { TenderFields } from './TenderFields';

export type PaymentMode = 'pay' | 'pickup';
export type PickedUpSale = RouterOutputs['cakeOrders']['pickup']['sale'];

/**
 * Take Payment (one payment toward the balance, never above it) or Pick Up (payments adding
 * up to the balance exactly, cash tendered with change; nothing when fully paid). A pickup
 * dialog makes its key once, so a double click or a retry after a lost answer is one sale.
 */
export function PaymentModal({
  order,
  mode,
  onClose,
  onPickedUp,
}: {
  order: CakeOrder;
  mode: PaymentMode | null;
  onClose: () => void;
  onPickedUp: (sale: PickedUpSale) => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const terminalId = useNumberingTerminalId();
  const refreshOrders = useRefreshOrders();
  const refreshProducts = useRefreshProducts();
  const shown = useLastShown(mode);
  const balance = order.balanceDue;
  const [tender, setTender] = useState<TenderDraft>({ payments: [], cashTendered: '' });
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!mode) return;
    const first: PaymentDraft =
      mode === 'pickup' ? { method: 'Cash', amount: toPesos(balance), reference: '' } : freshPayment();
    setTender({ payments: mode === 'pickup' && balance === 0 ? [] : [first], cashTendered: '' });
    setKey(newPickupKey());
    setError(null);
    // A dialog opened afresh (or a balance someone else changed) starts again, with a new key.
  }, [mode, balance]);
  const after = () => refreshOrders();
  const pay = useReportedMutation(trpc.cakeOrders.pay, { success: '', failure: S.payFailed }, after);
  const pickup = useReportedMutation(trpc.cakeOrders.pickup, { success: '', failure: S.pickupFailed }, () => {
    after();
    refreshProducts();
  });
  const pending = pay.isPending || pickup.isPending;
  const figures = tenderOf(tender);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem =
      shown === 'pickup' ? (balance > 0 ? tenderProblem(tender, balance) : null) : tenderProblem(tender);
    setError(problem);
    if (problem) return;
    const onError = (failure: { message: string }) => setError(failure.message);
    if (shown === 'pickup')
      // The pickup's sale takes the device's next invoice number, as a counter sale does.
      sendNumbered(client, terminalId, (invoiceSeq) =>
        pickup.mutateAsync({
          id: order.id,
          payments: figures.payments,
          cashTendered: figures.cashTendered,
          key,
          terminalId,
          invoiceSeq,
        }),
      ).then((answer) => onPickedUp(answer.sale), onError);
    else {
      const [payment] = figures.payments;
      if (payment)
        pay.mutate(
          { id: order.id, payment, cashTendered: figures.cashTendered },
          { onSuccess: onClose, onError },
        );
    }
  };

  const title = shown === 'pickup' ? S.pickUpTitle(order.orderNumber) : S.takePaymentTitle(order.orderNumber);
  return (
    <Modal opened={mode !== null} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text>{S.labels.balanceDue}</Text>
            <Text fw={700} fz="xl" aria-label={S.labels.balanceDue}>
              {formatPeso(balance)}
            </Text>
          </Group>
          {shown === 'pickup' && balance === 0 ? (
            <Text size="sm" c="dimmed">
              {S.nothingToCollect}
            </Text>
          ) : (
            <TenderFields
              tender={tender}
              onChange={(next) => {
                setTender(next);
                setError(null);
              }}
              fresh={freshPayment}
              minimum={1}
              single={shown === 'pay'}
              error={error}
            />
          )}
          {shown === 'pickup' && balance === 0 && error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <ModalActions
            onCancel={onClose}
            submitLabel={shown === 'pickup' ? S.confirmPickup : S.record}
            loading={pending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
