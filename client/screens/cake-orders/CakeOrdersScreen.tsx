// Popover's styles first: Combobox's dropdown padding overrides them.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Checkbox, CloseButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import {
  CAKE_ORDERS_TEXT,
  ORDER_STATUSES,
  type OrderStatus,
  CAKE_ORDERS_SCREEN as S,
} from '../../../shared/texts/cakeOrders';
import { formatCalendarDate, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { lazyDialog } from '../../ui/lazyDialog';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useListState } from '../../ui/useListState';
import { OrderStatusBadge } from './OrderStatusBadge';
import { formatTime, type OrderRow } from './orders';
import { WeekCalendar, weekOf } from './WeekCalendar';

// The form and the view load when first opened (client/ui/lazyDialog.tsx).
const OrderFormModal = lazyDialog(
  () => import('./OrderFormModal').then((m) => m.OrderFormModal),
  (p) => p.opened,
);
const OrderView = lazyDialog(
  () => import('./OrderView').then((m) => m.OrderView),
  (p) => p.orderId !== null,
);

const ALL = 'All';
const STATUS_OPTIONS = [{ value: ALL, label: S.allStatuses }, ...ORDER_STATUSES];
const L = S.labels;

const COLUMNS: PagedColumn<OrderRow, never>[] = [
  { header: L.orderNumber, cell: (o) => o.orderNumber, nowrap: true },
  {
    header: L.pickup,
    cell: (o) => `${formatCalendarDate(manilaDate(new Date(o.pickupAt)))} ${formatTime(o.pickupAt)}`,
    nowrap: true,
  },
  {
    header: L.customer,
    cell: (o) => (
      <>
        <Text size="sm">{o.customerName}</Text>
        <Text size="xs" c="dimmed">
          {o.phone}
        </Text>
      </>
    ),
  },
  { header: L.status, cell: (o) => <OrderStatusBadge status={o.status} />, nowrap: true },
  { header: L.total, cell: (o) => formatPeso(o.total), nowrap: true },
  { header: L.paid, cell: (o) => formatPeso(o.paid), nowrap: true },
  {
    header: L.balanceDue,
    cell: (o) => (
      <Text size="sm" fw={o.balanceDue > 0 ? 700 : undefined} c={o.balanceDue > 0 ? undefined : 'dimmed'}>
        {formatPeso(o.balanceDue)}
      </Text>
    ),
    nowrap: true,
  },
];

/**
 * Cake Orders (every role): the week's pickups on a calendar (a day shows its orders), the
 * orders soonest pickup first (from today unless past ones are asked for, a day is chosen or
 * a search is typed), searched by number, name or phone and filtered by status; New Order
 * takes one, a row opens it.
 */
export function CakeOrdersScreen() {
  const trpc = useTRPC();
  const today = manilaDate();
  const list = useListState<never>();
  const [week, setWeek] = useState(() => weekOf(today));
  const [day, setDay] = useState<string | null>(null);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [past, setPast] = useState(false);
  const [taking, setTaking] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const { page, limit, search } = list.input;
  const dates = day ? { from: day, to: day } : past || search ? {} : { from: today };
  const orders = useQuery({
    ...trpc.cakeOrders.list.queryOptions({ page, limit, search, ...dates, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const data = orders.data && {
    rows: orders.data.orders,
    total: orders.data.total,
    page,
    limit,
    totalPages: orders.data.totalPages,
  };
  const chooseDay = (chosen: string | null) => {
    setDay(chosen);
    list.setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{CAKE_ORDERS_TEXT.title}</Title>
        <Button onClick={() => setTaking(true)}>{S.newOrder}</Button>
      </Group>
      <WeekCalendar
        start={week}
        // Another week: the day chosen in this one no longer filters the list.
        onStart={(start) => {
          setWeek(start);
          chooseDay(null);
        }}
        today={today}
        chosen={day}
        onChoose={chooseDay}
      />
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search"
          type="search"
          placeholder={S.searchPlaceholder}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          w={{ base: 260, md: 300 }}
        />
        <Select
          aria-label={L.status}
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={(value) => {
            setStatus(value && value !== ALL ? (value as OrderStatus) : null);
            list.setPage(1);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={170}
        />
        {day ? (
          <Group gap={4} wrap="nowrap" role="status">
            <Text size="sm" fw={600}>
              {S.dayShown(formatCalendarDate(day))}
            </Text>
            <CloseButton aria-label={S.allDays} onClick={() => chooseDay(null)} />
          </Group>
        ) : (
          <Checkbox
            label={S.pastToo}
            checked={past}
            onChange={(e) => {
              setPast(e.currentTarget.checked);
              list.setPage(1);
            }}
          />
        )}
      </Group>
      {orders.isError ? (
        <Text c="red.9" role="alert">
          {S.listFailed}
        </Text>
      ) : null}
      <PagedTable<OrderRow, never>
        caption={CAKE_ORDERS_TEXT.title}
        columns={COLUMNS}
        data={data}
        list={list}
        rowKey={(o) => o.id}
        emptyText={S.empty}
        noun={S.noun}
        loading={orders.isFetching}
        onRowClick={(o) => setViewing(o.id)}
      />
      <OrderFormModal
        opened={taking}
        onClose={() => setTaking(false)}
        onTaken={(id) => {
          setTaking(false);
          setViewing(id);
        }}
      />
      <OrderView orderId={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
