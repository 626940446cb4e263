import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Card.css';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { WASTE_TEXT } from '../../../shared/texts/waste';
import { formatCalendarDate, formatDateTime, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';
import { type ChosenPeriod, PeriodPicker, periodAsked, thisMonth } from '../../ui/PeriodPicker';
import { WASTE_SCREEN_TEXT } from './text';
import { WriteOffModal } from './WriteOffModal';

const L = WASTE_TEXT.labels;

/**
 * Waste (admin, owner, manager): what was written off in a period, newest first, with what it
 * cost in all, by reason and by week; Write Off records more.
 */
export function WasteScreen() {
  const trpc = useTRPC();
  const today = manilaDate();
  const [chosen, setChosen] = useState<ChosenPeriod>(thisMonth(today));
  const [writing, setWriting] = useState(false);
  const period = periodAsked(chosen);
  const log = useQuery({
    ...trpc.waste.log.queryOptions({ period: period ?? { range: 'month' } }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
  const totals = log.data?.totals;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{WASTE_TEXT.title}</Title>
        <Button color="red" onClick={() => setWriting(true)}>
          {WASTE_TEXT.writeOff}
        </Button>
      </Group>
      <PeriodPicker value={chosen} onChange={setChosen} today={today} />
      {log.isError ? <Text c="red.8">{WASTE_SCREEN_TEXT.loadFailed}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" fw={600}>
            {L.total}
          </Text>
          <Text fw={700} fz="xl" aria-label="Waste cost">
            {formatPeso(totals?.cost ?? 0)}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" fw={600}>
            {WASTE_SCREEN_TEXT.entries}
          </Text>
          <Text fw={700} fz="xl">
            {totals?.entries ?? 0}
          </Text>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap={4}>
          <Title order={3} size="h5">
            {WASTE_SCREEN_TEXT.byReason}
          </Title>
          <ListTable
            caption={WASTE_SCREEN_TEXT.byReason}
            rows={totals?.byReason}
            rowKey={(r) => r.reason}
            loading={log.isPending}
            emptyText={WASTE_TEXT.empty}
            columns={[
              { header: L.reason, cell: (r) => r.reason },
              { header: WASTE_SCREEN_TEXT.entries, cell: (r) => r.entries, nowrap: true },
              { header: L.cost, cell: (r) => formatPeso(r.cost), nowrap: true },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            {WASTE_SCREEN_TEXT.byWeek}
          </Title>
          <ListTable
            caption={WASTE_SCREEN_TEXT.byWeek}
            rows={totals?.byWeek}
            rowKey={(r) => r.week}
            loading={log.isPending}
            emptyText={WASTE_TEXT.empty}
            columns={[
              { header: L.week, cell: (r) => formatCalendarDate(r.week), nowrap: true },
              { header: WASTE_SCREEN_TEXT.entries, cell: (r) => r.entries, nowrap: true },
              { header: L.cost, cell: (r) => formatPeso(r.cost), nowrap: true },
            ]}
          />
        </Stack>
      </SimpleGrid>
      <ListTable
        caption={WASTE_TEXT.title}
        rows={log.data?.rows}
        rowKey={(r) => r.id}
        loading={log.isPending}
        emptyText={WASTE_TEXT.empty}
        columns={[
          { header: L.date, cell: (r) => formatDateTime(r.createdAt), nowrap: true },
          {
            header: L.item,
            cell: (r) => (
              <>
                <Text size="sm">{r.name}</Text>
                <Text size="xs" c="dimmed">
                  {r.kind === 'cake' ? `${r.record} · ${L.cake}` : r.record}
                </Text>
              </>
            ),
          },
          { header: L.quantity, cell: (r) => formatQuantity(r.quantity), nowrap: true },
          { header: L.reason, cell: (r) => r.reason, nowrap: true },
          { header: L.note, cell: (r) => r.note || '—' },
          { header: L.cost, cell: (r) => formatPeso(r.cost), nowrap: true },
          { header: L.by, cell: (r) => r.by ?? 'Unknown' },
        ]}
      />
      <WriteOffModal opened={writing} item={null} onClose={() => setWriting(false)} />
    </Stack>
  );
}
