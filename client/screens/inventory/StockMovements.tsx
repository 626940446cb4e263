import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatQuantity } from '../../../shared/quantity';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';

const REASONS = {
  created: 'Added',
  edit: 'Edited',
  sale: 'Sale',
  refund: 'Refund',
  restore: 'Restore',
  deleted: 'Deleted',
  received: 'Received',
  waste: 'Written off',
  expired: 'Expired',
  production: 'Baking',
  shortfall: 'Sold offline beyond stock',
} satisfies Record<string, string>;

/** Thousandths as a signed quantity: +2.5, -1. */
const signed = (milli: number) => (milli > 0 ? `+${formatQuantity(milli)}` : formatQuantity(milli));

/** The stock ledger for one item, newest first: when, why, how much, and by whom. */
export function StockMovements({ itemId }: { itemId: number }) {
  const trpc = useTRPC();
  const movements = useQuery(trpc.inventory.movements.queryOptions({ id: itemId }));
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Stock movements
      </Title>
      <ListTable
        caption="Stock movements"
        rows={movements.data}
        rowKey={(m) => m.id}
        loading={movements.isPending}
        emptyText="No stock movements yet."
        columns={[
          { header: 'Date', cell: (m) => formatDateTime(m.createdAt), nowrap: true },
          {
            header: 'Reason',
            cell: (m) => (
              <>
                {REASONS[m.reason]}
                {m.reference ? <Text span size="xs" c="dimmed">{` (${m.reference})`}</Text> : null}
              </>
            ),
          },
          {
            header: 'Change',
            cell: (m) => (
              <Text span size="sm" fw={600} c={m.change < 0 ? 'red.9' : m.change > 0 ? 'green' : undefined}>
                {signed(m.change)}
              </Text>
            ),
            nowrap: true,
          },
          {
            header: 'Stock',
            cell: (m) => `${formatQuantity(m.stockBefore)} → ${formatQuantity(m.stockAfter)}`,
            nowrap: true,
          },
          { header: 'By', cell: (m) => m.username ?? 'Unknown' },
        ]}
      />
    </Stack>
  );
}
