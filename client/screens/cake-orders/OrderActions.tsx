import { Button, Group } from '@mantine/core';
import { type KitchenStatus, CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import type { PrintKind } from './OrderSlip';
import { type CakeOrder, isOpen } from './orders';
import type { PaymentMode } from './PaymentModal';

/**
 * What the order's state allows: Print Slip and Kitchen Ticket always, the sale's receipt
 * once picked up; while it is open Cancel Order, Take Payment while a balance is due, In
 * Production and Ready until it gets there, and Pick Up. `settingStatus` is the kitchen
 * state being sent, whose button spins.
 */
export function OrderActions({
  order,
  settingStatus,
  onPrint,
  onViewReceipt,
  onCancel,
  onPay,
  onSetStatus,
}: {
  order: CakeOrder;
  settingStatus: KitchenStatus | null;
  onPrint: (kind: PrintKind) => void;
  onViewReceipt: () => void;
  onCancel: () => void;
  onPay: (mode: PaymentMode) => void;
  onSetStatus: (status: KitchenStatus) => void;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        <Button variant="light" onClick={() => onPrint('slip')}>
          {S.printSlip}
        </Button>
        <Button variant="light" onClick={() => onPrint('ticket')}>
          {S.printTicket}
        </Button>
        {order.saleId ? (
          <Button variant="light" onClick={onViewReceipt}>
            {S.viewReceipt}
          </Button>
        ) : null}
      </Group>
      {isOpen(order) ? (
        <Group gap="sm">
          <Button color="red" variant="subtle" onClick={onCancel}>
            {S.cancel}
          </Button>
          {order.balanceDue > 0 ? (
            <Button variant="default" onClick={() => onPay('pay')}>
              {S.takePayment}
            </Button>
          ) : null}
          {order.status !== 'In production' && order.status !== 'Ready' ? (
            <Button
              variant="default"
              loading={settingStatus === 'In production'}
              onClick={() => onSetStatus('In production')}
            >
              {S.inProduction}
            </Button>
          ) : null}
          {order.status !== 'Ready' ? (
            <Button
              variant="default"
              loading={settingStatus === 'Ready'}
              onClick={() => onSetStatus('Ready')}
            >
              {S.ready}
            </Button>
          ) : null}
          <Button onClick={() => onPay('pickup')}>{S.pickUp}</Button>
        </Group>
      ) : null}
    </Group>
  );
}
