import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatPeso } from '../../../shared/money';
import { INVENTORY_TEXT } from '../../../shared/schemas/inventory';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import { RecordView } from '../../ui/RecordView';
import { StatusBadge } from './StatusBadge';
import { StockMovements } from './StockMovements';
import { type ItemRow, useRefreshStockroom } from './stockroom';

/** "1 kg", "500 g": an item's amount with its unit. */
export const amountText = (item: Pick<ItemRow, 'amount' | 'unit'>) =>
  item.unit ? `${item.amount} ${item.unit}` : item.amount ? String(item.amount) : '';

/** The item's details (SPEC.md §2), its stock history, and Edit and Delete. */
export function ItemView({
  item,
  onClose,
  onEdit,
}: {
  item: ItemRow | null;
  onClose: () => void;
  onEdit: (item: ItemRow) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStockroom();
  const shown = useRef<ItemRow | null>(null);
  if (item) shown.current = item;
  const id = shown.current?.id ?? 0;
  const fresh = useQuery({ ...trpc.inventory.get.queryOptions({ id }), enabled: item !== null });
  const remove = useReportedMutation(
    trpc.inventory.delete,
    { success: INVENTORY_TEXT.deleted, failure: INVENTORY_TEXT.deleteFailed },
    () => {
      refresh();
      onClose();
    },
  );
  const current = (item && fresh.data?.id === item.id ? fresh.data : null) ?? shown.current;
  if (!current) return null;

  return (
    <RecordView
      title="Item Details"
      opened={item !== null}
      onClose={onClose}
      name={current.name}
      onEdit={() => onEdit(current)}
      onDelete={() => remove.mutate({ id: current.id })}
      deleting={remove.isPending}
      fields={[
        { label: 'Item ID', value: current.itemId },
        { label: 'Item Name', value: current.name },
        { label: 'Stock', value: current.stock },
        { label: 'Status', value: <StatusBadge status={current.status} /> },
        { label: 'Category', value: current.category },
        { label: 'Purchase Price', value: formatPeso(current.purchasePrice) },
        { label: 'Unit Price', value: formatPeso(current.unitPrice) },
        { label: 'Unit', value: amountText(current) },
        { label: 'Supplier', value: current.supplier },
        { label: 'Restock Threshold', value: current.restockThreshold },
        { label: 'Expiration Date', value: current.expirationDate },
        { label: 'Created By', value: current.createdBy },
        { label: 'Created At', value: formatDateTime(current.createdAt) },
        { label: 'Updated At', value: current.updatedAt ? formatDateTime(current.updatedAt) : '' },
      ]}
    >
      <StockMovements itemId={current.id} />
    </RecordView>
  );
}
