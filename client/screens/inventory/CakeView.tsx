import '@mantine/core/styles/Table.css';
import { Stack, Title } from '@mantine/core';
import { yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { AVAILABILITY_LABELS, CAKE_TEXT } from '../../../shared/texts/cakes';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';
import { RecordView } from '../../ui/RecordView';
import type { CakeRow } from './inventory';
import { StatusBadge } from './StatusBadge';
import { useStockView, type ViewActions } from './useStockView';

/**
 * The cake's details: category, size, availability, the seasonal period only
 * when Seasonal, status, base cost, price and its ingredients with what each costs.
 */
export function CakeView({ cake, ...actions }: { cake: CakeRow | null } & ViewActions<CakeRow>) {
  const trpc = useTRPC();
  const view = useStockView(cake, trpc.cakes, CAKE_TEXT.deleted, actions);
  if (!view) return null;
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
        { label: 'Price', value: formatPeso(current.price) },
        { label: 'SC/PWD Eligible', value: yesNo(current.scPwdEligible) },
        { label: 'Expiration Date', value: formatCalendarDate(current.expirationDate) },
        { label: 'Created By', value: current.createdBy },
        { label: 'Updated At', value: current.updatedAt ? formatDateTime(current.updatedAt) : '' },
      ]}
    >
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
            { header: 'Quantity', cell: (i) => i.quantity, nowrap: true },
            { header: 'Cost', cell: (i) => formatPeso(i.purchasePrice * i.quantity), nowrap: true },
          ]}
        />
      </Stack>
    </RecordView>
  );
}
