import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { formatCalendarDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useListState } from '../../ui/useListState';
import { type BatchRow, weekAround } from './production';

const L = S.labels;

const BATCH_COLUMNS: PagedColumn<BatchRow, never>[] = [
  { header: L.batchNumber, cell: (b) => b.batchNumber, nowrap: true },
  {
    header: L.cake,
    cell: (b) => (
      <>
        <Text size="sm">{b.name}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {b.cakeId}
        </Text>
      </>
    ),
  },
  { header: L.quantity, cell: (b) => b.quantity, nowrap: true },
  { header: L.bakedOn, cell: (b) => formatCalendarDate(b.bakedOn), nowrap: true },
  { header: L.expires, cell: (b) => formatCalendarDate(b.expirationDate), nowrap: true },
  { header: L.cost, cell: (b) => formatPeso(b.cost), nowrap: true },
  { header: L.costPerCake, cell: (b) => formatPeso(b.unitCost), nowrap: true },
  { header: L.order, cell: (b) => b.orderNumber ?? '—', nowrap: true },
  { header: L.by, cell: (b) => b.by ?? '' },
];

function Total({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The batches baked between two days (this week first) with their count, cakes and cost. */
export function Batches({ today }: { today: string }) {
  const trpc = useTRPC();
  const list = useListState<never>();
  const [days, setDays] = useState(() => weekAround(today));
  const { page, limit } = list.input;
  const asked = days.from && days.to && days.from <= days.to ? days : null;
  const batches = useQuery({
    ...trpc.production.list.queryOptions({ page, limit, ...(asked ?? {}) }),
    placeholderData: keepPreviousData,
    enabled: asked !== null,
  });
  const data = batches.data && {
    rows: batches.data.batches,
    total: batches.data.total,
    page,
    limit,
    totalPages: batches.data.totalPages,
  };
  const choose = (next: { from: string; to: string }) => {
    setDays(next);
    list.setPage(1);
  };
  return (
    <Stack gap="sm" component="section" aria-label={S.batches}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3">
          {S.batches}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={S.from}
            value={days.from}
            max={days.to}
            onChange={(e) => choose({ ...days, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={S.to}
            value={days.to}
            min={days.from}
            onChange={(e) => choose({ ...days, to: e.currentTarget.value })}
          />
          <Button variant="default" onClick={() => choose(weekAround(today))}>
            {S.thisWeek}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        <Total label={S.totalBatches} value={batches.data?.total ?? 0} />
        <Total label={S.cakesBaked} value={batches.data?.cakesBaked ?? 0} />
        <Total label={S.totalCost} value={formatPeso(batches.data?.cost ?? 0)} />
      </SimpleGrid>
      {batches.isError ? (
        <Text c="red.9" role="alert">
          {S.batchesFailed}
        </Text>
      ) : null}
      <PagedTable<BatchRow, never>
        caption={S.batches}
        columns={BATCH_COLUMNS}
        data={data}
        list={list}
        rowKey={(b) => b.id}
        emptyText={S.batchesEmpty}
        noun={S.noun}
        loading={batches.isFetching}
      />
    </Stack>
  );
}
