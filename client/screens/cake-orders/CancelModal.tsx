import '@mantine/core/styles/Radio.css';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { useChangesHeld } from '../../shell/useSessionUser';
import { useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import { type CakeOrder, useRefreshOrders } from './orders';

/**
 * Cancelling with a reason. Admin, owner and manager say whether a paid deposit is refunded
 * (a cash refund leaves their drawer) or kept; a staff cancellation goes for approval and
 * the shop's setting decides the deposit, which the dialog says.
 */
export function CancelModal({
  order,
  opened,
  onClose,
}: {
  order: CakeOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshOrders();
  const held = useChangesHeld();
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<'refund' | 'keep' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setReason('');
    setRefund(null);
    setError(null);
  }, [opened]);
  const cancel = useReportedMutation(
    trpc.cakeOrders.cancel,
    { success: '', failure: S.cancelFailed },
    refresh,
  );
  const paid = order.paid > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(T.reason);
    if (!held && paid && !refund) return setError(S.chooseDeposit);
    setError(null);
    cancel.mutate(
      { id: order.id, reason: reason.trim(), ...(held ? {} : { refundDeposit: refund === 'refund' }) },
      { onSuccess: onClose, onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={S.cancelTitle(order.orderNumber)} centered>
      <form onSubmit={submit} aria-label={S.cancelTitle(order.orderNumber)} noValidate>
        <Stack gap="sm">
          <Textarea
            label={S.reason}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          {held ? (
            <Text size="sm" c="dimmed">
              {S.staffCancel}
            </Text>
          ) : paid ? (
            <Radio.Group
              label={S.depositChoice(formatPeso(order.paid))}
              withAsterisk
              value={refund}
              onChange={(value) => {
                setRefund(value as 'refund' | 'keep');
                setError(null);
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value="refund" label={S.refundDeposit} />
                <Radio value="keep" label={S.keepDeposit} />
              </Group>
            </Radio.Group>
          ) : null}
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {S.keepOrder}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {S.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
