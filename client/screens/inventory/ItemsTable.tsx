import { Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../shared/money';
import { INVENTORY_TEXT, type ItemSortField } from '../../../shared/schemas/inventory';
import { useTRPC } from '../../trpc';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import type { ListState } from '../../ui/useListState';
import { amountText } from './ItemView';
import { StatusBadge } from './StatusBadge';
import { type ItemRow, TIGHT_TABLE, withoutRowClick } from './stockroom';

/** SPEC.md §2's item table, searched, sorted and paged on the server. */
export function ItemsTable({
  list,
  onEdit,
  onView,
}: {
  list: ListState<ItemSortField>;
  onEdit: (item: ItemRow) => void;
  onView: (item: ItemRow) => void;
}) {
  const trpc = useTRPC();
  const items = useQuery({
    ...trpc.inventory.list.queryOptions(list.input),
    placeholderData: keepPreviousData,
  });

  const columns: PagedColumn<ItemRow, ItemSortField>[] = [
    { header: 'ID', sort: 'itemId', cell: (i) => i.itemId, nowrap: true },
    {
      header: 'Item Name',
      sort: 'name',
      cell: (i) => (
        <Text size="sm" miw={110} style={{ overflowWrap: 'anywhere' }}>
          {i.name}
        </Text>
      ),
    },
    { header: 'Stock', sort: 'stock', cell: (i) => i.stock, nowrap: true },
    { header: 'Category', sort: 'category', cell: (i) => i.category ?? '—' },
    {
      header: 'Purchase Price',
      sort: 'purchasePrice',
      cell: (i) => formatPeso(i.purchasePrice),
      nowrap: true,
    },
    { header: 'Unit Price', sort: 'unitPrice', cell: (i) => formatPeso(i.unitPrice), nowrap: true },
    { header: 'Unit', sort: 'unit', cell: (i) => amountText(i) || '—', nowrap: true },
    { header: 'Supplier', sort: 'supplier', cell: (i) => i.supplier ?? '—' },
    { header: 'Expiration Date', sort: 'expirationDate', cell: (i) => i.expirationDate ?? '—', nowrap: true },
    { header: 'Status', sort: 'status', cell: (i) => <StatusBadge status={i.status} />, nowrap: true },
    {
      header: 'Actions',
      nowrap: true,
      cell: (i) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Edit ${i.name}`}
            onClick={withoutRowClick(() => onEdit(i))}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`View ${i.name}`}
            onClick={withoutRowClick(() => onView(i))}
          >
            View
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" style={TIGHT_TABLE}>
      <PagedTable
        caption="Inventory"
        columns={columns}
        data={items.data}
        list={list}
        rowKey={(i) => i.id}
        emptyText={INVENTORY_TEXT.noItems}
        noun="items"
        loading={items.isPending}
        onRowClick={onView}
      />
    </Stack>
  );
}
