import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';

/**
 * Beside a sale's receipt, on screen only: a sale made offline says when it was made and
 * taken, and each line charged at a price the catalogue no longer had. The invoice itself
 * (a BIR document) stays as printed.
 */
export function OfflineSaleNote({ saleId }: { saleId: number | null }) {
  const trpc = useTRPC();
  const sale = useQuery({ ...trpc.sales.get.queryOptions({ id: saleId ?? 0 }), enabled: !!saleId });
  const data = sale.data;
  if (!data?.soldOffline) return null;
  const changed = data.lines.filter((l) => l.catalogPrice !== null && l.catalogPrice !== l.price);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="orange.0"
      component="section"
      aria-label={SALES_TEXT.offline}
      className="receipt-screen-only"
    >
      <Text size="sm" fw={600}>
        {SALES_TEXT.madeOffline(formatDateTime(data.soldAt), formatDateTime(data.receivedAt ?? data.soldAt))}
      </Text>
      {changed.map((line) => (
        <Text key={line.id} size="sm">
          {line.name} x {line.quantity}:{' '}
          {SALES_TEXT.chargedOther(formatPeso(line.price), formatPeso(line.catalogPrice ?? line.price))}
        </Text>
      ))}
    </Paper>
  );
}
