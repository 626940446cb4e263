import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { PO_STATUSES, type PoStatus, PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { REORDER_TEXT } from '../../../shared/texts/reorder';
import { formatCalendarDate, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { lazyDialog } from '../../ui/lazyDialog';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useListState } from '../../ui/useListState';
import type { PoTarget } from './PoFormModal';
import { PoStatusBadge } from './PoStatusBadge';
import { type PoRow, useSupplierOptions } from './purchasing';
import { PO_SCREEN_TEXT } from './text';

// The form and the view load when first opened (client/ui/lazyDialog.tsx).
const PoFormModal = lazyDialog(
  () => import('./PoFormModal').then((m) => m.PoFormModal),
  (p) => p.target !== null,
);
const PoView = lazyDialog(
  () => import('./PoView').then((m) => m.PoView),
  (p) => p.orderId !== null,
);
const ReorderSuggestions = lazyDialog(
  () => import('./ReorderSuggestions').then((m) => m.ReorderSuggestions),
  (p) => p.opened,
);

const ALL = 'All';
const STATUS_OPTIONS = [{ value: ALL, label: PURCHASING_TEXT.allStatuses }, ...PO_STATUSES];

const COLUMNS: PagedColumn<PoRow, never>[] = [
  { header: PURCHASING_TEXT.labels.poNumber, cell: (o) => o.poNumber, nowrap: true },
  { header: PURCHASING_TEXT.labels.supplier, cell: (o) => o.supplierName },
  { header: PURCHASING_TEXT.labels.status, cell: (o) => <PoStatusBadge status={o.status} />, nowrap: true },
  {
    header: PURCHASING_TEXT.labels.expectedDate,
    cell: (o) => formatCalendarDate(o.expectedDate) || '—',
    nowrap: true,
  },
  { header: PURCHASING_TEXT.labels.lines, cell: (o) => o.lineCount, nowrap: true },
  { header: PURCHASING_TEXT.labels.total, cell: (o) => formatPeso(o.total), nowrap: true },
  {
    header: PURCHASING_TEXT.labels.createdAt,
    cell: (o) => formatCalendarDate(manilaDate(new Date(o.createdAt))),
    nowrap: true,
  },
];

/**
 * Purchasing (admin, owner, manager): the purchase orders, newest first, searched by PO
 * number or supplier and filtered by status and supplier; a row opens the order, New
 * Purchase Order drafts one, Reorder Suggestions drafts one of a supplier's suggested items.
 */
export function PurchasingScreen() {
  const trpc = useTRPC();
  const list = useListState<never>();
  const [status, setStatus] = useState<PoStatus | null>(null);
  const suppliers = useSupplierOptions();
  // The supplier's record id, as the select holds it; null shows every supplier's orders.
  const [supplier, setSupplier] = useState<string | null>(null);
  const [form, setForm] = useState<PoTarget | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [reordering, setReordering] = useState(false);
  const { page, limit, search } = list.input;
  const orders = useQuery({
    ...trpc.purchaseOrders.list.queryOptions({
      page,
      limit,
      search,
      ...(status ? { status } : {}),
      ...(supplier ? { supplierId: Number(supplier) } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <Title order={1}>{PURCHASING_TEXT.title}</Title>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <TextInput
            aria-label="Search"
            type="search"
            placeholder={PURCHASING_TEXT.searchPlaceholder}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            w={{ base: 260, md: 300 }}
          />
          <Select
            aria-label="Status"
            data={STATUS_OPTIONS}
            value={status ?? ALL}
            onChange={(value) => {
              setStatus(value && value !== ALL ? (value as PoStatus) : null);
              list.setPage(1);
            }}
            allowDeselect={false}
            w={170}
          />
          <Select
            aria-label={PURCHASING_TEXT.labels.supplier}
            placeholder={PURCHASING_TEXT.allSuppliers}
            data={suppliers}
            value={supplier}
            onChange={(value) => {
              setSupplier(value);
              list.setPage(1);
            }}
            searchable
            clearable
            // Mantine hides its clear button from the keyboard and screen readers; this one is a real button.
            clearButtonProps={{
              'aria-label': PO_SCREEN_TEXT.clearSupplier,
              'aria-hidden': false,
              tabIndex: 0,
            }}
            w={220}
          />
        </Group>
        <Group gap="sm">
          <Button variant="light" onClick={() => setReordering(true)}>
            {REORDER_TEXT.open}
          </Button>
          <Button onClick={() => setForm({})}>{PURCHASING_TEXT.add}</Button>
        </Group>
      </Group>
      <PagedTable<PoRow, never>
        caption={PURCHASING_TEXT.title}
        columns={COLUMNS}
        data={orders.data}
        list={list}
        rowKey={(o) => o.id}
        emptyText={PURCHASING_TEXT.empty}
        noun={PURCHASING_TEXT.noun}
        loading={orders.isFetching}
        onRowClick={(o) => setViewing(o.id)}
      />
      <PoFormModal target={form} onClose={() => setForm(null)} />
      <ReorderSuggestions
        opened={reordering}
        onClose={() => setReordering(false)}
        onDrafted={(id) => {
          setReordering(false);
          setViewing(id);
        }}
      />
      <PoView
        orderId={viewing}
        onClose={() => setViewing(null)}
        onEdit={(order) => {
          setViewing(null);
          setForm({ order });
        }}
      />
    </Stack>
  );
}
