import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { amountText, yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { WASTE_TEXT } from '../../../shared/texts/waste';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { useReportedMutation } from '../../ui/outcome';
import { RecordView } from '../../ui/RecordView';
import { WASTE_SCREEN_TEXT } from '../waste/text';
import { WriteOffModal } from '../waste/WriteOffModal';
import { ItemLots } from './ItemLots';
import type { ItemRow } from './inventory';
import { StatusBadge } from './StatusBadge';
import { StockMovements } from './StockMovements';
import { useStockView, type ViewActions } from './useStockView';

/** The item's details, its stock history, and Edit and Delete. */
export function ItemView({ item, ...actions }: { item: ItemRow | null } & ViewActions<ItemRow>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useStockView(item, trpc.inventory, INVENTORY_TEXT.deleted, actions);
  const [writingOff, setWritingOff] = useState(false);
  const expired = useReportedMutation(
    trpc.waste.writeOffExpired,
    { success: WASTE_SCREEN_TEXT.expiredDone, failure: WASTE_SCREEN_TEXT.expiredFailed },
    () => void queryClient.invalidateQueries(trpc.inventory.pathFilter()),
  );
  if (!view) return null;
  const { current } = view;

  return (
    <RecordView
      title="Item Details"
      {...view.dialog}
      fields={[
        { label: 'Item ID', value: current.itemId },
        { label: 'Item Name', value: current.name },
        { label: 'Stock', value: formatQuantity(current.stock) },
        { label: 'Status', value: <StatusBadge status={current.status} /> },
        { label: 'Category', value: current.category },
        { label: 'Purchase Price', value: formatPeso(current.purchasePrice) },
        { label: 'Unit Price', value: formatPeso(current.unitPrice) },
        { label: 'SC/PWD Eligible', value: yesNo(current.scPwdEligible) },
        { label: 'Basic Necessity', value: yesNo(current.basicNecessity) },
        { label: 'Unit', value: amountText(current.amount, current.unit) },
        { label: 'Supplier', value: current.supplier },
        { label: 'Restock Threshold', value: formatQuantity(current.restockThreshold) },
        { label: 'Expiration Date', value: formatCalendarDate(current.expirationDate) },
        { label: 'Created By', value: current.createdBy },
        { label: 'Created At', value: formatDateTime(current.createdAt) },
        { label: 'Updated At', value: current.updatedAt ? formatDateTime(current.updatedAt) : '' },
      ]}
    >
      <ItemLots
        itemId={current.id}
        actions={
          <Button size="xs" variant="light" color="red" onClick={() => setWritingOff(true)}>
            {WASTE_TEXT.writeOff}
          </Button>
        }
        writeOffExpired={(quantity) => (
          <Button
            size="xs"
            color="red"
            loading={expired.isPending}
            onClick={() =>
              confirmThen(
                WASTE_TEXT.confirmExpired(formatQuantity(quantity), current.name),
                () => expired.mutate({ id: current.id }),
                WASTE_TEXT.writeOffExpired,
              )
            }
          >
            {WASTE_TEXT.writeOffExpired}
          </Button>
        )}
      />
      <WriteOffModal
        opened={writingOff}
        item={{ id: current.id, name: current.name }}
        onClose={() => setWritingOff(false)}
      />
      <StockMovements itemId={current.id} />
    </RecordView>
  );
}
