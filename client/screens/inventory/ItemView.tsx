import { amountText, yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { RecordView } from '../../ui/RecordView';
import { ItemLots } from './ItemLots';
import type { ItemRow } from './inventory';
import { StatusBadge } from './StatusBadge';
import { StockMovements } from './StockMovements';
import { useStockView, type ViewActions } from './useStockView';

/** The item's details, its stock history, and Edit and Delete. */
export function ItemView({ item, ...actions }: { item: ItemRow | null } & ViewActions<ItemRow>) {
  const trpc = useTRPC();
  const view = useStockView(item, trpc.inventory, INVENTORY_TEXT.deleted, actions);
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
        { label: 'Unit', value: amountText(current.amount, current.unit) },
        { label: 'Supplier', value: current.supplier },
        { label: 'Restock Threshold', value: formatQuantity(current.restockThreshold) },
        { label: 'Expiration Date', value: formatCalendarDate(current.expirationDate) },
        { label: 'Created By', value: current.createdBy },
        { label: 'Created At', value: formatDateTime(current.createdAt) },
        { label: 'Updated At', value: current.updatedAt ? formatDateTime(current.updatedAt) : '' },
      ]}
    >
      <ItemLots itemId={current.id} />
      <StockMovements itemId={current.id} />
    </RecordView>
  );
}
