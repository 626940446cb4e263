import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import type { totalsOf } from './orderDraft';

const L = S.labels;

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined} aria-label={label}>
        {formatPeso(value)}
      </Text>
    </Group>
  );
}

/**
 * What the order comes to as it is typed: VAT on or off, subtotal, VAT, total, the minimum
 * deposit, and once a deposit is typed the balance due and a warning when it is below the minimum.
 */
export function OrderTotals({
  vat,
  onVat,
  totals,
  minimum,
  percent,
  deposited,
}: {
  vat: boolean;
  onVat: (vat: boolean) => void;
  totals: ReturnType<typeof totalsOf>;
  /** The minimum deposit, centavos, at `percent` of the total. */
  minimum: number;
  percent: number;
  /** The deposit typed, centavos. */
  deposited: number;
}) {
  return (
    <Stack gap={4}>
      <Checkbox label={S.vat} checked={vat} onChange={(e) => onVat(e.currentTarget.checked)} />
      <Amount label={L.subtotal} value={totals.subtotal} />
      {vat ? <Amount label={L.vat(12)} value={totals.taxAmount} /> : null}
      <Amount label={L.total} value={totals.totalAmount} strong />
      <Text size="sm" c="dimmed" data-testid="minimum-deposit">
        {S.minimumDeposit(formatPeso(minimum), percent)}
      </Text>
      {deposited > 0 ? <Amount label={L.balanceDue} value={totals.totalAmount - deposited} /> : null}
      {deposited > 0 && deposited < minimum ? (
        <Text size="sm" c="orange.9">
          {S.belowMinimum}
        </Text>
      ) : null}
    </Stack>
  );
}
