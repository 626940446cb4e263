import { amountText } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import type { ItemSortField, ItemStatus } from '../../../shared/schemas/inventory';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { formatCalendarDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import type { ListState } from '../../ui/useListState';
import type { ItemRow } from './inventory';
import { nameColumn, type RowActions, StockTable } from './StockTable';

/** The item table, searched, filtered by status, sorted and paged on the server. */
export function ItemsTable({
  list,
  status,
  ...actions
}: { list: ListState<ItemSortField>; status: ItemStatus | null } & Required<RowActions<ItemRow>>) {
  const trpc = useTRPC();
  return (
    <StockTable<ItemRow, ItemSortField>
      caption="Inventory"
      noun="items"
      emptyText={INVENTORY_TEXT.noItems}
      list={list}
      query={trpc.inventory.list.queryOptions(status ? { ...list.input, status } : list.input)}
      besideStatus="Expiration Date"
      {...actions}
      columns={[
        { header: 'ID', sort: 'itemId', cell: (i) => i.itemId, nowrap: true },
        nameColumn('Item Name', 110),
        { header: 'Stock', sort: 'stock', cell: (i) => formatQuantity(i.stock), nowrap: true },
        { header: 'Category', sort: 'category', cell: (i) => i.category ?? '—' },
        {
          header: 'Purchase Price',
          sort: 'purchasePrice',
          cell: (i) => formatPeso(i.purchasePrice),
          nowrap: true,
        },
        { header: 'Unit Price', sort: 'unitPrice', cell: (i) => formatPeso(i.unitPrice), nowrap: true },
        { header: 'Unit', sort: 'unit', cell: (i) => amountText(i.amount, i.unit) || '—', nowrap: true },
        { header: 'Supplier', sort: 'supplier', cell: (i) => i.supplier ?? '—' },
        {
          header: 'Expiration Date',
          sort: 'expirationDate',
          cell: (i) => formatCalendarDate(i.expirationDate) || '—',
          nowrap: true,
        },
      ]}
    />
  );
}
