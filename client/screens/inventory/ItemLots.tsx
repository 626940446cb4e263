import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { formatCalendarDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';

const SOURCES: Record<string, string> = {
  opening: 'Opening stock',
  purchase: 'Delivery',
  adjustment: 'Stock edit',
  return: 'Refund',
};

/**
 * The item's lots, earliest expiry first: what each delivery holds, costs and when it
 * expires. Expired stock is never sold; it shows apart, waiting to be written off.
 */
export function ItemLots({ itemId, writeOff }: { itemId: number; writeOff?: ReactNode }) {
  const trpc = useTRPC();
  const lots = useQuery(trpc.inventory.lots.queryOptions({ id: itemId }));
  const expired = lots.data?.expiredStock ?? 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          Lots
        </Title>
        {expired > 0 ? (
          <Group gap="xs">
            <Text size="sm" c="red.9" fw={600}>
              Expired stock to write off: {formatQuantity(expired)}
            </Text>
            {writeOff}
          </Group>
        ) : null}
      </Group>
      <ListTable
        caption="Lots"
        rows={lots.data?.lots}
        rowKey={(lot) => lot.lotId}
        loading={lots.isPending}
        emptyText="No lots yet: the item has had no stock."
        columns={[
          { header: 'Lot', cell: (lot) => lot.lotCode, nowrap: true },
          { header: 'From', cell: (lot) => SOURCES[lot.source] ?? lot.source },
          {
            header: 'Expires',
            cell: (lot) =>
              lot.expirationDate ? (
                <Group gap={4} wrap="nowrap">
                  {formatCalendarDate(lot.expirationDate)}
                  {lot.expired && lot.remaining > 0 ? (
                    <Badge color="red" size="sm" tt="none">
                      Expired
                    </Badge>
                  ) : null}
                </Group>
              ) : (
                '—'
              ),
            nowrap: true,
          },
          {
            header: 'Remaining',
            cell: (lot) => `${formatQuantity(lot.remaining)} of ${formatQuantity(lot.quantity)}`,
            nowrap: true,
          },
          { header: 'Unit Cost', cell: (lot) => formatPeso(lot.unitCost), nowrap: true },
          { header: 'Supplier', cell: (lot) => lot.supplier ?? '—' },
        ]}
      />
    </Stack>
  );
}
