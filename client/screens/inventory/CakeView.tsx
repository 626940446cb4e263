import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { AVAILABILITY_LABELS, CAKE_TEXT } from '../../../shared/texts/cakes';
import { PRODUCTION_SCREEN } from '../../../shared/texts/production';
import { WASTE_TEXT } from '../../../shared/texts/waste';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ListTable } from '../../ui/ListTable';
import { useReportedMutation } from '../../ui/outcome';
import { RecordView } from '../../ui/RecordView';
import { WASTE_SCREEN_TEXT } from '../waste/text';
import { WriteOffModal } from '../waste/WriteOffModal';
import { CakeLots, lastBatchCost } from './CakeLots';
import type { CakeRow } from './inventory';
import { StatusBadge } from './StatusBadge';
import { useStockView, type ViewActions } from './useStockView';

/**
 * The cake's details: category, size, availability, the seasonal period only
 * when Seasonal, status, base cost, price, shelf life and target, and its recipe for one
 * cake with what each ingredient costs, and its lots with the last batch's cost per cake.
 */
export function CakeView({ cake, ...actions }: { cake: CakeRow | null } & ViewActions<CakeRow>) {
  const trpc = useTRPC();
  const view = useStockView(cake, trpc.cakes, CAKE_TEXT.deleted, actions);
  const queryClient = useQueryClient();
  const [writingOff, setWritingOff] = useState(false);
  const lots = useQuery({ ...trpc.production.cakeLots.queryOptions({ id: cake?.id ?? 0 }), enabled: !!cake });
  // Expired cakes no order holds: what Write off expired takes.
  const expiredCakes = (lots.data ?? [])
    .filter((l) => l.expired && l.orderNumber === null)
    .reduce((sum, l) => sum + l.remaining, 0);
  const expired = useReportedMutation(
    trpc.waste.writeOffExpiredCake,
    { success: WASTE_SCREEN_TEXT.expiredDone, failure: WASTE_SCREEN_TEXT.expiredFailed },
    () => {
      void queryClient.invalidateQueries(trpc.cakes.pathFilter());
      void queryClient.invalidateQueries(trpc.production.pathFilter());
    },
  );
  if (!view) return null;
  const lastCost = lastBatchCost(lots.data);
  const { current } = view;
  const seasonal = current.availability === 'Seasonal';

  return (
    <RecordView
      title="Cake Details"
      {...view.dialog}
      fields={[
        { label: 'Cake ID', value: current.cakeId },
        { label: 'Cake Name', value: current.name },
        { label: 'Category', value: current.category },
        { label: 'Size', value: current.size },
        { label: 'Availability', value: AVAILABILITY_LABELS[current.availability] },
        ...(seasonal
          ? [
              {
                label: 'Seasonal Period',
                value: `${formatCalendarDate(current.seasonStart)} to ${formatCalendarDate(current.seasonEnd)}`,
              },
            ]
          : []),
        { label: 'Status', value: <StatusBadge status={current.status} /> },
        { label: 'Stock', value: current.stock },
        { label: 'Base Cost', value: formatPeso(current.baseCost) },
        {
          label: PRODUCTION_SCREEN.lastBatchCost,
          value: lastCost === null ? PRODUCTION_SCREEN.noBatchYet : formatPeso(lastCost),
        },
        { label: 'Price', value: formatPeso(current.price) },
        { label: 'SC/PWD Eligible', value: yesNo(current.scPwdEligible) },
        { label: 'Expiration Date', value: formatCalendarDate(current.expirationDate) },
        {
          label: 'Shelf Life',
          value: `${current.shelfLifeDays} ${current.shelfLifeDays === 1 ? 'day' : 'days'}`,
        },
        { label: 'Shelf Target', value: current.shelfTarget },
        { label: 'Created By', value: current.createdBy },
        { label: 'Updated At', value: current.updatedAt ? formatDateTime(current.updatedAt) : '' },
      ]}
    >
      <Group gap="xs">
        <Button size="xs" variant="light" color="red" onClick={() => setWritingOff(true)}>
          {WASTE_TEXT.writeOff}
        </Button>
        {expiredCakes > 0 ? (
          <Button
            size="xs"
            color="red"
            loading={expired.isPending}
            onClick={() =>
              confirmThen(
                WASTE_TEXT.confirmExpired(String(expiredCakes), current.name),
                () => expired.mutate({ id: current.id }),
                WASTE_TEXT.writeOffExpired,
              )
            }
          >
            {WASTE_TEXT.writeOffExpired}
          </Button>
        ) : null}
      </Group>
      <WriteOffModal
        opened={writingOff}
        item={{ kind: 'cake', id: current.id, name: current.name }}
        onClose={() => setWritingOff(false)}
      />
      <Stack gap={4}>
        <Title order={3} size="h5">
          Ingredients
        </Title>
        <ListTable
          caption="Cake ingredients"
          rows={current.ingredients}
          rowKey={(i) => i.itemId}
          emptyText="No ingredients."
          columns={[
            { header: 'Name', cell: (i) => `${i.name} (${i.code})` },
            {
              header: 'Quantity per Cake',
              cell: (i) => `${formatQuantity(i.quantity)}${i.unit ? ` ${i.unit}` : ''}`,
              nowrap: true,
            },
            { header: 'Cost', cell: (i) => formatPeso(i.cost), nowrap: true },
          ]}
        />
      </Stack>
      <CakeLots lots={lots.data} loading={lots.isPending} />
    </RecordView>
  );
}
