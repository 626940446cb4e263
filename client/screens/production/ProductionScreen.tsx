import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { PRODUCTION_TEXT, PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { addDays, formatCalendarDate, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable, ROWS_AT_ONCE } from '../../ui/ListTable';
import { lazyDialog } from '../../ui/lazyDialog';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useInTurn } from '../../ui/useInTurn';
import { useListState } from '../../ui/useListState';
import { formatTime } from '../cake-orders/orders';
import { BakeSheet } from './BakeSheet';
import {
  type BakeDraft,
  type BatchRow,
  draftOf,
  forItsOrder,
  lineBakes,
  orderDraftOf,
  weekAround,
} from './production';

// The form loads when first opened (client/ui/lazyDialog.tsx).
const BakeDialog = lazyDialog(
  () => import('./BakeDialog').then((m) => m.BakeDialog),
  (p) => p.opened,
);

const L = S.labels;
const amount = (milli: number, unit: string | null) => `${formatQuantity(milli)}${unit ? ` ${unit}` : ''}`;

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
function Batches({ today }: { today: string }) {
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

/**
 * Production (every role: bakers are staff): the bake plan for today or tomorrow (each cake
 * for orders and for the shelf, the custom cakes, the ingredients against what is on hand,
 * shortfalls first), Bake from a plan line or by hand, the A4 bake sheet, and the batches.
 */
export function ProductionScreen() {
  const trpc = useTRPC();
  const today = manilaDate();
  const [date, setDate] = useState(today);
  const [baking, setBaking] = useState<{ draft: BakeDraft | null } | null>(null);
  const plan = useQuery({
    ...trpc.production.plan.queryOptions({ date }),
    placeholderData: keepPreviousData,
  });
  const shown = plan.data?.date === date ? plan.data : undefined;
  // The A4 sheet only prints: it follows the plan on screen instead of rendering with it.
  const sheet = useInTurn(shown);
  // The plan's three tables share one screenful of rows in the render that brings the plan: a
  // table below a long one starts below the fold and draws its rows just after (ListTable).
  const afterCakes = Math.max(0, ROWS_AT_ONCE - (shown?.cakes.length ?? 0));
  const afterCustom = Math.max(0, afterCakes - (shown?.customOrders.length ?? 0));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{PRODUCTION_TEXT.title}</Title>
        <Group gap="sm">
          <Button variant="default" disabled={!shown || sheet !== shown} onClick={() => window.print()}>
            {S.printSheet}
          </Button>
          <Button onClick={() => setBaking({ draft: null })}>{S.bakeByHand}</Button>
        </Group>
      </Group>
      <Stack gap="sm" component="section" aria-label={S.planFor(formatCalendarDate(date))}>
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            aria-label={S.planDay}
            data={[
              { value: today, label: S.today },
              { value: addDays(today, 1), label: S.tomorrow },
            ]}
            value={date}
            onChange={setDate}
          />
          <Title order={2} size="h3">
            {S.planFor(formatCalendarDate(date))}
          </Title>
        </Group>
        {plan.isError ? (
          <Text c="red.9" role="alert">
            {S.planFailed}
          </Text>
        ) : null}
        {shown ? (
          <>
            <Title order={3} size="h5">
              {S.cakes}
            </Title>
            <ListTable
              caption={S.cakes}
              rows={shown.cakes}
              rowKey={(c) => c.cakeId}
              emptyText={S.noCakes}
              columns={[
                {
                  header: L.cake,
                  cell: (c) => (
                    <>
                      <Text size="sm">{c.name}</Text>
                      <Text size="xs" c="dimmed">
                        {c.cakeId}
                      </Text>
                    </>
                  ),
                },
                { header: L.forOrders, cell: (c) => c.forOrders, nowrap: true },
                { header: L.forShelf, cell: (c) => c.forShelf, nowrap: true },
                {
                  header: L.toBake,
                  cell: (c) => (
                    <Text size="sm" fw={700} c={c.toBake > 0 ? undefined : 'dimmed'}>
                      {c.toBake}
                    </Text>
                  ),
                  nowrap: true,
                },
                {
                  header: L.orders,
                  cell: (c) =>
                    c.orders.length === 0 ? (
                      '—'
                    ) : forItsOrder(c) ? (
                      c.orders[0]
                    ) : (
                      // The line's Bake is for the shelf: each order is baked for on its own.
                      <Group gap={4}>
                        {c.orders.map((number) => (
                          <Button
                            key={number}
                            size="compact-xs"
                            variant="light"
                            onClick={() => setBaking({ draft: orderDraftOf(c, number) })}
                          >
                            {S.bakeFor(number)}
                          </Button>
                        ))}
                      </Group>
                    ),
                },
                {
                  header: '',
                  cell: (c) =>
                    lineBakes(c) ? (
                      <Button
                        size="xs"
                        aria-label={S.bakeLine(c.name)}
                        onClick={() => setBaking({ draft: draftOf(c) })}
                      >
                        {S.bake}
                      </Button>
                    ) : null,
                  nowrap: true,
                },
              ]}
            />
            {shown.customOrders.length ? (
              <>
                <Title order={3} size="h5">
                  {S.customOrders}
                </Title>
                <ListTable
                  caption={S.customOrders}
                  rows={shown.customOrders}
                  firstRows={afterCakes}
                  rowKey={(o) => `${o.orderNumber}-${o.description}`}
                  emptyText={S.noCustom}
                  columns={[
                    { header: L.orderNumber, cell: (o) => o.orderNumber, nowrap: true },
                    { header: L.description, cell: (o) => o.description },
                    { header: L.quantity, cell: (o) => o.quantity, nowrap: true },
                    { header: L.pickup, cell: (o) => formatTime(o.pickupAt), nowrap: true },
                  ]}
                />
              </>
            ) : null}
            <Title order={3} size="h5">
              {S.ingredients}
            </Title>
            <ListTable
              caption={S.ingredients}
              rows={shown.ingredients}
              firstRows={afterCustom}
              rowKey={(i) => i.itemId}
              emptyText={S.noIngredients}
              columns={[
                {
                  header: L.item,
                  cell: (i) => (
                    <>
                      <Text size="sm" fw={i.short > 0 ? 700 : undefined}>
                        {i.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {i.itemId}
                      </Text>
                    </>
                  ),
                },
                { header: L.needed, cell: (i) => amount(i.needed, i.unit), nowrap: true },
                { header: L.onHand, cell: (i) => amount(i.onHand, i.unit), nowrap: true },
                {
                  header: L.shortfall,
                  cell: (i) =>
                    i.short > 0 ? (
                      <Badge color="red" variant="filled" tt="none">
                        {S.short(amount(i.short, i.unit))}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {S.enough}
                      </Text>
                    ),
                  nowrap: true,
                },
              ]}
            />
          </>
        ) : plan.isError ? null : (
          <Text c="dimmed" py="sm" role="status">
            {S.planLoading}
          </Text>
        )}
      </Stack>
      {/* Below the plan once it first came in: its tables would push the batches down as it arrived. */}
      {plan.data || plan.isError ? <Batches today={today} /> : null}
      {sheet ? <BakeSheet plan={sheet} /> : null}
      <BakeDialog opened={baking !== null} draft={baking?.draft ?? null} onClose={() => setBaking(null)} />
    </Stack>
  );
}
