import { Button, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../shared/money';
import { AVAILABILITY_LABELS, CAKE_TEXT, type CakeSortField } from '../../../shared/schemas/cakes';
import { useTRPC } from '../../trpc';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import type { ListState } from '../../ui/useListState';
import { StatusBadge } from './StatusBadge';
import { type CakeRow, TIGHT_TABLE, withoutRowClick } from './stockroom';

/** SPEC.md §2's cake table; Edit lives in the view dialog. */
export function CakesTable({
  list,
  onView,
}: {
  list: ListState<CakeSortField>;
  onView: (cake: CakeRow) => void;
}) {
  const trpc = useTRPC();
  const cakes = useQuery({ ...trpc.cakes.list.queryOptions(list.input), placeholderData: keepPreviousData });

  const columns: PagedColumn<CakeRow, CakeSortField>[] = [
    { header: 'ID', sort: 'cakeId', cell: (c) => c.cakeId, nowrap: true },
    {
      header: 'Cake Name',
      sort: 'name',
      cell: (c) => (
        <Text size="sm" miw={120} style={{ overflowWrap: 'anywhere' }}>
          {c.name}
        </Text>
      ),
    },
    { header: 'Category', sort: 'category', cell: (c) => c.category ?? '—' },
    { header: 'Base Cost', sort: 'baseCost', cell: (c) => formatPeso(c.baseCost), nowrap: true },
    { header: 'Price', sort: 'price', cell: (c) => formatPeso(c.price), nowrap: true },
    {
      header: 'Availability',
      sort: 'availability',
      cell: (c) => AVAILABILITY_LABELS[c.availability],
      nowrap: true,
    },
    { header: 'Ingredients', sort: 'ingredients', cell: (c) => c.ingredientCount, nowrap: true },
    { header: 'Status', sort: 'status', cell: (c) => <StatusBadge status={c.status} />, nowrap: true },
    {
      header: 'Actions',
      nowrap: true,
      cell: (c) => (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`View ${c.name}`}
          onClick={withoutRowClick(() => onView(c))}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md" style={TIGHT_TABLE}>
      <PagedTable
        caption="Cake Inventory"
        columns={columns}
        data={cakes.data}
        list={list}
        rowKey={(c) => c.id}
        emptyText={CAKE_TEXT.noCakes}
        noun="cakes"
        loading={cakes.isPending}
        onRowClick={onView}
      />
    </Stack>
  );
}
