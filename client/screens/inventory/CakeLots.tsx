import { Badge, Group, Stack, Title } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { formatCalendarDate } from '../../../shared/time';
import type { RouterOutputs } from '../../trpc';
import { ListTable } from '../../ui/ListTable';

export type CakeLot = RouterOutputs['production']['cakeLots'][number];

/** What the newest batch cost a cake, from the lots (earliest expiry first): null before any. */
export function lastBatchCost(lots: CakeLot[] | undefined): number | null {
  const batches = (lots ?? []).filter((lot) => lot.source === 'batch' && lot.unitCost !== null);
  if (batches.length === 0) return null;
  const newest = batches.reduce((a, b) => (b.lotId > a.lotId ? b : a));
  return newest.unitCost;
}

/**
 * The cake's lots, earliest expiry first, like an item's: the batch behind each, the order
 * it is reserved for, what remains, when it expires and what each cake cost.
 */
export function CakeLots({ lots, loading }: { lots: CakeLot[] | undefined; loading: boolean }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {S.lots}
      </Title>
      <ListTable
        caption="Cake lots"
        rows={lots}
        rowKey={(lot) => lot.lotId}
        loading={loading}
        emptyText={S.lotsEmpty}
        columns={[
          {
            header: S.labels.batchNumber,
            cell: (lot) => lot.batchNumber ?? S.lotSources[lot.source] ?? lot.source,
            nowrap: true,
          },
          { header: S.reservedFor, cell: (lot) => lot.orderNumber ?? '—', nowrap: true },
          { header: 'Remaining', cell: (lot) => `${lot.remaining} of ${lot.quantity}`, nowrap: true },
          {
            header: S.labels.expires,
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
            header: S.labels.costPerCake,
            cell: (lot) => (lot.unitCost === null ? '—' : formatPeso(lot.unitCost)),
            nowrap: true,
          },
        ]}
      />
    </Stack>
  );
}
