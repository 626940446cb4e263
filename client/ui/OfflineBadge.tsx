import { Badge } from '@mantine/core';
import { SALES_TEXT } from '../../shared/texts/sales';
import { formatDateTime } from '../../shared/time';

/** Marks a sale made while the server could not be reached; its title says when it was made and taken. */
export function OfflineBadge({
  sale,
}: {
  sale: { soldOffline: boolean; soldAt: Date | string; receivedAt: Date | string | null };
}) {
  if (!sale.soldOffline) return null;
  const made = SALES_TEXT.madeOffline(
    formatDateTime(sale.soldAt),
    formatDateTime(sale.receivedAt ?? sale.soldAt),
  );
  return (
    <Badge color="orange" variant="light" size="sm" title={made}>
      {SALES_TEXT.offline}
    </Badge>
  );
}
